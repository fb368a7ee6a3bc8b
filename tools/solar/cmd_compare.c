/* solar compare: SOL times of one model on several hardware files, one
 * table (docs/user-guide.md, "solar compare"). The model is parsed and
 * lifted once; solar-sol runs on a fresh clone per hardware file. */
#include "cli_flag.h"
#include "cli_output.h"
#include "cli_plot.h"
#include "cli_quantity.h"
#include "cli_analyze_report.h"
#include "cli_fp32_math.h"
#include "cli_sol_run.h"

#include "solar/passes/stage.h"
#include "solar/sol/sol_time.h"
#include "solar/support/json_number.h"

#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  const char *model;
  const char *arch;
  const char *dtype;
  const char *capacity;
  const char *fp32Math; /* ieee | tf32 | framework (NULL) */
  const char *plot;
  bool json;
} CompareArgs;

/* One hardware file's results; sol is empty when it failed. */
typedef struct {
  const SolarCliArch *arch;
  SolarCliSol sol;
  bool ok;
} ArchRun;

static void printHelp(void) {
  printf(
      "USAGE: solar compare MODEL.mlir --arch A,B,...|all [options]\n\n"
      "Speed-of-light times of every function of MODEL on each hardware "
      "file,\nin one table (one row per function and hardware file).\n\n"
      "OPTIONS:\n"
      "  --arch LIST       comma-separated names (files under arch/ or\n"
      "                    SOLAR_ARCH_PATH) or paths; 'all' = every file\n"
      "  --dtype D         compute dtype (fp32, bf16, fp8, ...; default: "
      "from the IR)\n"
      "  --capacity C      on-chip capacity for fusion and tiling, e.g. "
      "50MiB\n"
      "                    (default: each chip's L2)\n"
      "  --fp32-math M     fp32 contractions: ieee (CUDA cores), tf32 (TF32\n"
      "                    tensor cores) or framework (default; an .mlir has\n"
      "                    no framework settings: ieee, TF32 figure beside)\n"
      "  --json            print JSON instead of the table\n"
      "  --plot FILE.svg   also write one roofline SVG, a panel per hardware\n"
      "                    file\n"
      "  --help            show this help\n\n"
      "speed-up = cache-aware SOL time on the first hardware file / on this "
      "one.\nExit status: 0 ok, 1 if any hardware file or analysis failed, 2 "
      "bad usage.\n");
}

/* 0 to go on, else exit code + 1. */
static int parseArgs(int argc, char **argv, CompareArgs *args) {
  memset(args, 0, sizeof(*args));
  const SolarCliFlag flags[] = {
      {"arch", &args->arch, NULL, NULL},         {"dtype", &args->dtype, NULL, NULL},
      {"capacity", &args->capacity, NULL, NULL}, {"plot", &args->plot, NULL, NULL},
      {"fp32-math", &args->fp32Math, NULL, NULL},
      {"json", NULL, &args->json, NULL},
  };
  int status = solarCliParseFlags("compare", argc, argv, flags,
                                  sizeof(flags) / sizeof(flags[0]),
                                  "model", &args->model, printHelp);
  if (status)
    return status;
  if (!args->model) {
    fprintf(stderr, "solar compare: error: no model given (USAGE: solar "
                    "compare MODEL.mlir --arch A,B,...|all)\n");
    return 3;
  }
  if (!solarCliCheckDtype("compare", args->dtype))
    return 3;
  if (!solarCliCheckFp32Math("compare", args->fp32Math))
    return 3;
  /* An .mlir carries no framework settings: solar-sol's default. */
  if (args->fp32Math && !strcmp(args->fp32Math, "framework"))
    args->fp32Math = NULL;
  if (args->capacity) {
    /* The pass would say the same once per hardware file. */
    SolarOptions options;
    solarOptionsInit(&options);
    solarOptionsSet(&options, "capacity", args->capacity);
    double capacity;
    char err[256];
    bool ok = solarPassCapacity(&options, NULL, &capacity, err, sizeof(err));
    solarOptionsDestroy(&options);
    if (!ok) {
      fprintf(stderr, "solar compare: error: --capacity: %s\n", err);
      return 3;
    }
  }
  const SolarCliPath outputs[] = {{"--plot", args->plot}};
  const SolarCliPath inputs[] = {{"the model", args->model}};
  if (!solarCliCheckOutputs("compare", outputs, 1, inputs, 1))
    return 3;
  if (!args->arch) {
    fprintf(stderr, "solar compare: error: --arch is required (a list such "
                    "as H100_SXM,B200, or 'all')\n");
    return 3;
  }
  return 0;
}

static const ArchRun *baseline(const ArchRun *runs, size_t count) {
  for (size_t i = 0; i < count; ++i)
    if (runs[i].ok)
      return &runs[i];
  return NULL;
}

/* How many times faster than the baseline; NAN when undefined. */
static double speedup(const SolarCliFuncSol *base, const SolarCliFuncSol *f) {
  double seconds = f ? f->sol.seconds[SOLAR_FIDELITY_CACHE] : 0;
  if (!base || !(seconds > 0))
    return NAN;
  return base->sol.seconds[SOLAR_FIDELITY_CACHE] / seconds;
}

static void printTable(const CompareArgs *args, const ArchRun *runs,
                       size_t count) {
  const ArchRun *base = baseline(runs, count);
  if (!base)
    return;
  int nameWidth = 8, archWidth = 4;
  for (size_t r = 0; r < count; ++r) {
    if (!runs[r].ok)
      continue;
    int w = (int)strlen(runs[r].arch->arch.name);
    archWidth = w > archWidth ? w : archWidth;
    for (size_t i = 0; i < runs[r].sol.count; ++i) {
      w = (int)strlen(runs[r].sol.funcs[i].function) + 1;
      nameWidth = w > nameWidth ? w : nameWidth;
    }
  }
  printf("SOL times of %s; speed-up = cache-aware SOL time on %s / on each "
         "arch\n",
         args->model, base->arch->arch.name);
  char policy[128] = "ieee";
  if (base->sol.count)
    solarFp32PolicyFormat(&base->sol.funcs[0].sol.policy, policy,
                          sizeof(policy));
  printf("fp32 math: %s\n", policy);
  printf("%-*s  %-*s  %-5s  %12s  %12s  %12s  %12s  %-7s  %10s  %10s  %8s\n",
         nameWidth, "function", archWidth, "arch", "dtype", "unfused",
         "fused", "cache-aware", "ideal", "bound", "ridge", "AI",
         "speed-up");
  printf("%-*s  %-*s  %-5s  %12s  %12s  %12s  %12s  %-7s  %10s  %10s  %8s\n",
         nameWidth, "", archWidth, "", "", "", "", "", "", "", "flop/B",
         "flop/B", "");
  for (size_t f = 0; f < base->sol.count; ++f) {
    const char *name = base->sol.funcs[f].function;
    for (size_t r = 0; r < count; ++r) {
      if (!runs[r].ok)
        continue;
      const SolarCliFuncSol *fs = solarCliFindFunc(&runs[r].sol, name);
      if (!fs)
        continue;
      char fn[256], t[SOLAR_FIDELITY_COUNT][32], up[32];
      snprintf(fn, sizeof(fn), "@%s", name);
      for (int k = 0; k < SOLAR_FIDELITY_COUNT; ++k)
        solarQuantityFormat(solarSolSeconds(&fs->sol, k), "s", t[k],
                            sizeof(t[k]));
      double s = speedup(solarCliFindFunc(&base->sol, name), fs);
      if (isnan(s))
        snprintf(up, sizeof(up), "-");
      else
        snprintf(up, sizeof(up), "%.4gx", s);
      printf("%-*s  %-*s  %-5s  %12s  %12s  %12s  %12s  %-7s  %10.6g  "
             "%10.6g  %8s\n",
             nameWidth, fn, archWidth, runs[r].arch->arch.name,
             solarDtypeName(fs->sol.dtype), t[0], t[1], t[2], t[3],
             solarBoundName(fs->sol.bound[SOLAR_FIDELITY_CACHE]), fs->sol.ridgeFlopPerByte,
             solarSolIntensity(&fs->sol, SOLAR_FIDELITY_CACHE), up);
    }
  }
}

static json_t *funcJson(const ArchRun *run, const SolarCliFuncSol *f,
                        double up) {
  json_t *o = json_object();
  json_object_set_new(o, "function", json_string(f->function));
  json_object_set_new(o, "arch", json_string(run->arch->arch.name));
  json_object_set_new(o, "file", json_string(run->arch->arch.source_path));
  const SolarSol *sol = &f->sol;
  json_object_set_new(o, "dtype", json_string(solarDtypeName(sol->dtype)));
  char policy[128];
  solarFp32PolicyFormat(&sol->policy, policy, sizeof(policy));
  json_object_set_new(o, "fp32_math", json_string(policy));
  json_object_set_new(o, "flops", solarJsonNumber(sol->flops));
  for (int k = 0; k < SOLAR_FIDELITY_COUNT; ++k) {
    json_object_set_new(o, solarFidelityBytesKey(k),
                        solarJsonNumber(solarSolBytes(sol, k)));
    json_object_set_new(o, solarFidelityTimeKey(k),
                        json_real(solarSolSeconds(sol, k)));
  }
  json_object_set_new(
      o, solarFidelitySolBoundKey(SOLAR_FIDELITY_CACHE),
      json_string(solarBoundName(sol->bound[SOLAR_FIDELITY_CACHE])));
  json_object_set_new(o, "ridge_flop_per_byte",
                      json_real(sol->ridgeFlopPerByte));
  /* Only the fidelities whose fusion the comparison is about. */
  for (int k = SOLAR_FIDELITY_FUSED; k <= SOLAR_FIDELITY_CACHE; ++k)
    json_object_set_new(o, solarFidelityIntensityKey(k),
                        json_real(solarSolIntensity(sol, k)));
  json_object_set_new(o, "speedup", isnan(up) ? json_null() : json_real(up));
  json_object_set_new(o, "groups", json_integer((json_int_t)sol->groupCount));
  /* As analyze's report: the as-lowered count and the necessary ops per
   * class. */
  json_object_set_new(o, "flops_lowered", solarJsonNumber(sol->flopsLowered));
  json_object_set_new(o, "ops", solarOpCountsJson(&sol->ops));
  /* The unfused model's kernels, its dependent-launch gaps on this chip
   * (0 without a gap) and what bounds it ("launch" when the gaps do). */
  json_object_set_new(o, "kernels_unfused",
                      sol->kernelsUnfused >= 0
                          ? json_integer((json_int_t)sol->kernelsUnfused)
                          : json_null());
  json_object_set_new(
      o, solarFidelitySolBoundKey(SOLAR_FIDELITY_UNFUSED),
      json_string(solarBoundName(sol->bound[SOLAR_FIDELITY_UNFUSED])));
  json_object_set_new(o, "launch_gap_s", json_real(sol->launchGapSeconds));
  json_object_set_new(o, "time_unfused_launch_s",
                      json_real(sol->launchSeconds));
  return o;
}

static void printJson(const CompareArgs *args, const ArchRun *runs,
                      size_t count) {
  const ArchRun *base = baseline(runs, count);
  json_t *root = json_object();
  solarJsonSetSchema(root, "solar-compare", 1);
  json_object_set_new(root, "model", json_string(args->model));
  json_object_set_new(root, "baseline",
                      base ? json_string(base->arch->arch.name) : json_null());
  json_t *results = json_array(), *failed = json_array();
  for (size_t f = 0; base && f < base->sol.count; ++f) {
    const char *name = base->sol.funcs[f].function;
    for (size_t r = 0; r < count; ++r) {
      const SolarCliFuncSol *fs = runs[r].ok ? solarCliFindFunc(&runs[r].sol, name)
                                             : NULL;
      if (fs)
        json_array_append_new(
            results,
            funcJson(&runs[r], fs, speedup(solarCliFindFunc(&base->sol, name), fs)));
    }
  }
  for (size_t r = 0; r < count; ++r)
    if (!runs[r].ok)
      json_array_append_new(failed, json_string(runs[r].arch->request));
  json_object_set_new(root, "results", results);
  json_object_set_new(root, "failed", failed);
  json_dumpf(root, stdout,
             JSON_INDENT(2) | JSON_PRESERVE_ORDER | SOLAR_JSON_REAL_FLAGS);
  fputc('\n', stdout);
  json_decref(root);
}

/* One chart per hardware file, all on the same axes; series = functions,
 * points = fusion groups at (flops / fused bytes, flops / cache-aware SOL
 * time) under the roof of their fastest unit. */
static bool writePlot(const CompareArgs *args, const ArchRun *runs,
                      size_t count) {
  SolarPlotChart *charts = calloc(count ? count : 1, sizeof(SolarPlotChart));
  char (*titles)[128] = calloc(count ? count : 1, sizeof(*titles));
  size_t chartCount = 0, labelCount = 0;
  for (size_t r = 0; r < count; ++r)
    for (size_t f = 0; runs[r].ok && f < runs[r].sol.count; ++f)
      labelCount += runs[r].sol.funcs[f].sol.groupCount;
  char (*labels)[32] = calloc(labelCount ? labelCount : 1, sizeof(*labels));
  SolarPlotPoint *points =
      calloc(labelCount ? labelCount : 1, sizeof(SolarPlotPoint));
  size_t seriesTotal = 0;
  for (size_t r = 0; r < count; ++r)
    seriesTotal += runs[r].ok ? runs[r].sol.count : 0;
  SolarPlotSeries *series =
      calloc(seriesTotal ? seriesTotal : 1, sizeof(SolarPlotSeries));
  char (*names)[256] = calloc(seriesTotal ? seriesTotal : 1, sizeof(*names));
  size_t p = 0, s = 0;
  for (size_t r = 0; r < count; ++r) {
    if (!runs[r].ok || runs[r].sol.count == 0)
      continue;
    const SolarArch *arch = &runs[r].arch->arch;
    SolarPlotChart *chart = &charts[chartCount];
    const SolarSol *firstSol = &runs[r].sol.funcs[0].sol;
    SolarDtype dtype = firstSol->dtype;
    snprintf(titles[chartCount], sizeof(titles[0]), "%s (%s)", arch->name,
             solarDtypeName(dtype));
    chart->title = titles[chartCount];
    chart->ridgeFlopPerByte = firstSol->ridgeFlopPerByte;
    solarPlotAddRoof(chart, arch, SOLAR_UNIT_VECTOR_FMA, dtype);
    solarPlotAddSlopes(chart, arch);
    chart->series = &series[s];
    for (size_t f = 0; f < runs[r].sol.count; ++f) {
      const SolarCliFuncSol *fs = &runs[r].sol.funcs[f];
      SolarPlotSeries *one = &series[s++];
      snprintf(names[s - 1], sizeof(names[0]), "@%s", fs->function);
      one->name = names[s - 1];
      one->points = &points[p];
      for (size_t g = 0; fs->sol.groups && g < fs->sol.groupCount; ++g) {
        const SolarGroupSol *group = &fs->sol.groups[g];
        snprintf(labels[p], sizeof(labels[0]), "g%lld",
                 (long long)group->group);
        points[p].label = labels[p];
        points[p].intensity =
            group->fusedBytes > 0 ? group->flops / group->fusedBytes : 0;
        points[p].flopPerS =
            group->cacheSeconds > 0 ? group->flops / group->cacheSeconds : 0;
        points[p].roofFlopPerS = solarPlotGroupRoof(
            solarPlotAddRoof(chart, arch, group->roofUnit, group->roofDtype),
            group->flops, group->computeSeconds);
        p++;
        one->count++;
      }
      chart->seriesCount++;
    }
    chartCount++;
  }
  bool ok = solarPlotRooflineToFile("compare", args->plot, charts, chartCount);
  free(charts);
  free(titles);
  free(labels);
  free(points);
  free(series);
  free(names);
  return ok;
}

int solarCmdCompare(int argc, char **argv) {
  CompareArgs args;
  int status = parseArgs(argc, argv, &args);
  if (status)
    return status - 1;
  SolarCliArchSet archs;
  solarCliArchSetLoad("compare", args.arch, &archs);
  if (archs.count == 0) {
    fprintf(stderr, "solar compare: error: --arch '%s' names no hardware "
                    "file\n", args.arch);
    solarCliArchSetDestroy(&archs);
    return 1;
  }
  if (archs.failed == archs.count) {
    solarCliArchSetDestroy(&archs);
    return 1;
  }
  SolarCliModel model;
  if (!solarCliModelOpen("compare", args.model, false, &model)) {
    solarCliArchSetDestroy(&archs);
    return 1;
  }
  ArchRun *runs = calloc(archs.count, sizeof(ArchRun));
  bool anyFailed = archs.failed > 0, anyOk = false;
  for (size_t i = 0; i < archs.count; ++i) {
    runs[i].arch = &archs.items[i];
    if (!archs.items[i].ok)
      continue;
    runs[i].ok = solarCliRunSol(&model, archs.items[i].arch.source_path,
                                args.dtype, args.capacity, args.fp32Math,
                                &runs[i].sol);
    if (!runs[i].ok) {
      fprintf(stderr, "solar compare: error: arch '%s' (%s): the SOL "
                      "analysis failed\n",
              archs.items[i].request, archs.items[i].arch.source_path);
      anyFailed = true;
    }
    anyOk |= runs[i].ok;
  }
  fflush(stderr);
  if (anyOk) {
    if (args.json)
      printJson(&args, runs, archs.count);
    else
      printTable(&args, runs, archs.count);
    if (args.plot && !writePlot(&args, runs, archs.count))
      anyFailed = true;
  }
  for (size_t i = 0; i < archs.count; ++i)
    solarCliSolDestroy(&runs[i].sol);
  free(runs);
  solarCliModelClose(&model);
  solarCliArchSetDestroy(&archs);
  return anyFailed || !anyOk ? 1 : 0;
}
