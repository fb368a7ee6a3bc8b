/* solar provision: the inverse roofline. For a latency target T, the least
 * of each resource (DRAM bandwidth per fidelity, MAC/s and op/s per unit
 * class, on-chip capacity) that any chip needs, then which known chips can
 * meet T at speed of light (docs/provisioning.md). */
#include "cli_flag.h"
#include "cli_flag_value.h"
#include "cli_quantity.h"
#include "cli_requirements.h"
#include "cli_fp32_math.h"
#include "cli_sol_run.h"

#include "solar/passes/stage.h"
#include "solar/support/json_number.h"

#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  const char *model;
  const char *latency;
  const char *rate;
  const char *arch;
  const char *dtype;
  const char *fp32Math; /* ieee | tf32 | framework (NULL) */
  bool json;
  double targetSeconds;
} ProvisionArgs;

typedef struct {
  const SolarCliArch *arch;
  SolarCliSol sol;
  bool ok;
} ChipRun;

static void printHelp(void) {
  printf(
      "USAGE: solar provision MODEL.mlir (--target-latency T | --rate R) "
      "[options]\n\n"
      "The least DRAM bandwidth, compute rate per unit class and on-chip\n"
      "capacity that any chip needs to run each function of MODEL in time T\n"
      "at speed of light, and which hardware files can meet T.\n\n"
      "OPTIONS:\n"
      "  --target-latency T  time per run: 2ms, 500us, 0.01s, 40ns\n"
      "  --rate R            runs per second: 500Hz, 2kHz (T = 1/R)\n"
      "  --arch LIST         chips to check: comma-separated names or paths,\n"
      "                      or 'all' (the default)\n"
      "  --dtype D           compute dtype (fp32, bf16, ...; default: from "
      "the IR)\n"
      "  --fp32-math M       fp32 contractions on each chip: ieee (CUDA\n"
      "                      cores; the default for an .mlir, which has no\n"
      "                      framework settings) or tf32 (TF32 tensor cores)\n"
      "  --json              print JSON instead of text\n"
      "  --help              show this help\n\n"
      "margin = cache-aware SOL time / T: a chip with margin > 1 cannot meet\n"
      "T; margin <= 1 means the speed-of-light bound does not rule it out.\n"
      "Exit status: 0 ok, 1 if an analysis or hardware file failed, 2 bad "
      "usage.\n");
}

static int usageError(const char *message, const char *value) {
  fprintf(stderr, "solar provision: error: ");
  fprintf(stderr, message, value);
  fputc('\n', stderr);
  return 3;
}

static int parseTarget(ProvisionArgs *args) {
  if (!args->latency && !args->rate)
    return usageError("give the target as --target-latency TIME (e.g. 2ms) "
                      "or --rate HZ (e.g. 500Hz)%s", "");
  if (args->latency && args->rate)
    return usageError("--target-latency and --rate both set the target; give "
                      "one%s", "");
  double value;
  if (args->latency) {
    /* A unit is required here (is "2" seconds or milliseconds?). */
    if (!solarQuantityParseSeconds(args->latency, &value))
      return usageError("--target-latency '%s' is not a time (expected a "
                        "number and s, ms, us or ns, e.g. 2ms)",
                        args->latency);
    if (!(value > 0))
      return usageError("--target-latency '%s' must be positive",
                        args->latency);
    /* 1 ps to 30 years: beyond, the requirements overflow or vanish. */
    if (!solarCliFlagSeconds("provision", "--target-latency", args->latency,
                             1e-12, 1e9, false, &value))
      return 3;
    args->targetSeconds = value;
  } else {
    if (!solarQuantityParseHertz(args->rate, &value))
      return usageError("--rate '%s' is not a rate (expected a number and "
                        "Hz, kHz or MHz, e.g. 500Hz)",
                        args->rate);
    if (!(value >= 1e-9 && value <= 1e12))
      return usageError("--rate must be in [1e-09 Hz, 1e+12 Hz], got '%s'",
                        args->rate);
    args->targetSeconds = 1.0 / value;
  }
  return 0;
}

/* 0 to go on, else exit code + 1. */
static int parseArgs(int argc, char **argv, ProvisionArgs *args) {
  memset(args, 0, sizeof(*args));
  args->arch = "all";
  const SolarCliFlag flags[] = {
      {"target-latency", &args->latency, NULL, NULL},
      {"rate", &args->rate, NULL, NULL},
      {"arch", &args->arch, NULL, NULL},
      {"dtype", &args->dtype, NULL, NULL},
      {"fp32-math", &args->fp32Math, NULL, NULL},
      {"json", NULL, &args->json, NULL},
  };
  int status = solarCliParseFlags("provision", argc, argv, flags,
                                  sizeof(flags) / sizeof(flags[0]),
                                  "model", &args->model, printHelp);
  if (status)
    return status;
  if (!args->model)
    return usageError("no model given (USAGE: solar provision MODEL.mlir "
                      "--target-latency T | --rate R)%s", "");
  if (!solarCliCheckDtype("provision", args->dtype))
    return 3;
  if (!solarCliCheckFp32Math("provision", args->fp32Math))
    return 3;
  if (args->fp32Math && !strcmp(args->fp32Math, "framework"))
    args->fp32Math = NULL;
  return parseTarget(args);
}

static void printRate(const char *what, double count, double perSecond,
                      const char *unit) {
  char rate[64];
  if (count > 0)
    solarQuantityFormat(perSecond, unit, rate, sizeof(rate));
  else
    snprintf(rate, sizeof(rate), "-");
  printf("  %-22s %16.10g  >= %s\n", what, count, rate);
}

static void capacityText(double capacity, char *buf, size_t size) {
  char human[64];
  if (capacity == 0)
    snprintf(buf, size, "none needed");
  else if (isinf(capacity))
    snprintf(buf, size, "over 2^60 B");
  else if (capacity < 1024)
    snprintf(buf, size, "%.0f B", capacity);
  else
    snprintf(buf, size, "%.0f B (%s)", capacity,
             solarQuantityFormatBytes(capacity, human, sizeof(human)));
}

static void printRequirements(const ProvisionArgs *args,
                              const SolarRequirements *req,
                              const ChipRun *chips, size_t chipCount) {
  char value[64], target[64];
  double T = args->targetSeconds;
  printf("@%s (%s): target %s", req->function, req->dtype,
         solarQuantityFormat(T, "s", target, sizeof(target)));
  printf(" = %s, fp32 math %s\n",
         solarQuantityFormat(1 / T, "Hz", value, sizeof(value)),
         args->fp32Math ? args->fp32Math : "ieee");
  SolarRequiredRates need = solarRequiredRates(req, T);
  printf("compute, each unit class alone (count / target):\n");
  printRate("flops (one unit)", req->flops, need.flopPerS, "flop/s");
  printRate("MAC (tensor or FMA)", req->work[SOLAR_UNIT_CLASS_MAC],
            need.workPerS[SOLAR_UNIT_CLASS_MAC], "MAC/s");
  printRate("vector ops", req->work[SOLAR_UNIT_CLASS_VECTOR],
            need.workPerS[SOLAR_UNIT_CLASS_VECTOR], "op/s");
  printRate("divisions", req->work[SOLAR_UNIT_CLASS_DIV],
            need.workPerS[SOLAR_UNIT_CLASS_DIV], "op/s");
  printRate("transcendentals (SFU)", req->work[SOLAR_UNIT_CLASS_SFU],
            need.workPerS[SOLAR_UNIT_CLASS_SFU], "op/s");
  printf("DRAM, per fidelity (bytes / target):\n");
  printf("  %-9s %16s  %16s  %s\n", "fidelity", "bytes", "min bandwidth",
         "min on-chip capacity");
  for (int k = 0; k < SOLAR_FIDELITY_COUNT; ++k) {
    char capacity[96] = "-";
    if (k == SOLAR_FIDELITY_FUSED)
      capacityText(req->capacityFused, capacity, sizeof(capacity));
    else if (k == SOLAR_FIDELITY_CACHE)
      capacityText(req->capacityCache, capacity, sizeof(capacity));
    printf("  %-9s %16.10g  %16s  %s\n", solarFidelityName(k),
           req->bytes[k],
           solarQuantityFormat(need.dramBytesPerS[k], "B/s", value,
                               sizeof(value)),
           capacity);
  }
  printf("capacity sweep (DRAM bytes and bandwidth needed with C on chip):\n");
  printf("  %16s  %16s  %16s  %16s\n", "capacity", "fused bytes",
         "cache bytes", "min bandwidth");
  for (size_t i = 0; i < req->sweepCount; ++i) {
    const SolarCapacityStep *s = &req->sweep[i];
    /* Rows where nothing changed add nothing. */
    if (i > 0 && s->fusedBytes == req->sweep[i - 1].fusedBytes &&
        s->cacheBytes == req->sweep[i - 1].cacheBytes)
      continue;
    char cap[64];
    printf("  %16s  %16.10g  %16.10g  %16s\n",
           solarQuantityFormatBytes(s->capacityBytes, cap, sizeof(cap)),
           s->fusedBytes, s->cacheBytes,
           solarQuantityFormat(s->cacheBytes / T, "B/s", value,
                               sizeof(value)));
  }
  printf("chips (margin = cache-aware SOL time / target):\n");
  printf("  %-20s %14s %10s  %-6s %s\n", "arch", "SOL time", "margin",
         "meets", "bound");
  for (size_t c = 0; c < chipCount; ++c) {
    const SolarCliFuncSol *f =
        chips[c].ok ? solarCliFindFunc(&chips[c].sol, req->function) : NULL;
    if (!f)
      continue;
    double margin = f->sol.seconds[SOLAR_FIDELITY_CACHE] / T;
    printf("  %-20s %14s %10.4g  %-6s %s\n", chips[c].arch->arch.name,
           solarQuantityFormat(f->sol.seconds[SOLAR_FIDELITY_CACHE], "s", value, sizeof(value)),
           margin, margin <= 1 ? "yes" : "no",
           solarBoundName(f->sol.bound[SOLAR_FIDELITY_CACHE]));
  }
}

static json_t *capacityJson(double capacity) {
  return isinf(capacity) ? json_null() : solarJsonNumber(capacity);
}

static json_t *requirementsJson(const ProvisionArgs *args,
                                const SolarRequirements *req,
                                const ChipRun *chips, size_t chipCount) {
  double T = args->targetSeconds;
  json_t *o = json_object();
  json_object_set_new(o, "function", json_string(req->function));
  json_object_set_new(o, "dtype", json_string(req->dtype));
  json_object_set_new(o, "fp32_math",
                      json_string(args->fp32Math ? args->fp32Math : "ieee"));
  json_object_set_new(o, "flops", solarJsonNumber(req->flops));
  SolarRequiredRates need = solarRequiredRates(req, T);
  static const struct {
    SolarUnitClass cls;
    const char *count, *rate;
  } classes[] = {
      {SOLAR_UNIT_CLASS_MAC, "mac", "min_mac_per_s"},
      {SOLAR_UNIT_CLASS_VECTOR, "vector_ops", "min_vector_op_per_s"},
      {SOLAR_UNIT_CLASS_DIV, "div_ops", "min_div_per_s"},
      {SOLAR_UNIT_CLASS_SFU, "sfu_ops", "min_sfu_per_s"},
  };
  size_t classCount = sizeof(classes) / sizeof(classes[0]);
  for (size_t c = 0; c < classCount; ++c)
    json_object_set_new(o, classes[c].count,
                        solarJsonNumber(req->work[classes[c].cls]));
  json_object_set_new(o, "min_flop_per_s", json_real(need.flopPerS));
  for (size_t c = 0; c < classCount; ++c)
    json_object_set_new(o, classes[c].rate,
                        json_real(need.workPerS[classes[c].cls]));
  json_t *fidelities = json_object();
  for (int k = 0; k < SOLAR_FIDELITY_COUNT; ++k) {
    json_t *f = json_object();
    json_object_set_new(f, "bytes", solarJsonNumber(req->bytes[k]));
    json_object_set_new(f, "min_dram_bytes_per_s",
                        json_real(need.dramBytesPerS[k]));
    json_object_set_new(
        f, "min_capacity_bytes",
        k == SOLAR_FIDELITY_FUSED   ? capacityJson(req->capacityFused)
        : k == SOLAR_FIDELITY_CACHE ? capacityJson(req->capacityCache)
                                    : json_null());
    json_object_set_new(fidelities, solarFidelityName(k), f);
  }
  json_object_set_new(o, "fidelities", fidelities);
  json_t *sweep = json_array();
  for (size_t i = 0; i < req->sweepCount; ++i) {
    json_t *s = json_object();
    json_object_set_new(s, "capacity_bytes",
                        solarJsonNumber(req->sweep[i].capacityBytes));
    json_object_set_new(s, solarFidelityBytesKey(SOLAR_FIDELITY_FUSED),
                        solarJsonNumber(req->sweep[i].fusedBytes));
    json_object_set_new(s, solarFidelityBytesKey(SOLAR_FIDELITY_CACHE),
                        isinf(req->sweep[i].cacheBytes)
                            ? json_null()
                            : solarJsonNumber(req->sweep[i].cacheBytes));
    json_array_append_new(sweep, s);
  }
  json_object_set_new(o, "capacity_sweep", sweep);
  json_t *list = json_array();
  for (size_t c = 0; c < chipCount; ++c) {
    const SolarCliFuncSol *f =
        chips[c].ok ? solarCliFindFunc(&chips[c].sol, req->function) : NULL;
    if (!f)
      continue;
    json_t *chip = json_object();
    json_object_set_new(chip, "arch", json_string(chips[c].arch->arch.name));
    json_object_set_new(chip, "file",
                        json_string(chips[c].arch->arch.source_path));
    for (int k = 0; k < SOLAR_FIDELITY_COUNT; ++k)
      json_object_set_new(chip, solarFidelityTimeKey(k),
                          json_real(solarSolSeconds(&f->sol, k)));
    double margin = f->sol.seconds[SOLAR_FIDELITY_CACHE] / T;
    json_object_set_new(chip, "margin", json_real(margin));
    json_object_set_new(chip, "meets", json_boolean(margin <= 1));
    json_object_set_new(chip, "bound",
                        json_string(solarBoundName(f->sol.bound[SOLAR_FIDELITY_CACHE])));
    json_array_append_new(list, chip);
  }
  json_object_set_new(o, "chips", list);
  return o;
}

int solarCmdProvision(int argc, char **argv) {
  ProvisionArgs args;
  int status = parseArgs(argc, argv, &args);
  if (status)
    return status - 1;
  SolarCliModel model;
  if (!solarCliModelOpen("provision", args.model, false, &model))
    return 1;
  bool failed = false;
  size_t funcCount = 0;
  MlirOperation *funcs =
      solarCollectFuncs(mlirModuleGetOperation(model.module), &funcCount);
  SolarRequirements *reqs = calloc(funcCount, sizeof(SolarRequirements));
  for (size_t i = 0; i < funcCount && !failed; ++i)
    failed = !solarCliRequirements(funcs[i], args.dtype, &reqs[i]);
  free(funcs);
  bool haveReqs = !failed;

  SolarCliArchSet archs;
  solarCliArchSetLoad("provision", args.arch, &archs);
  failed |= archs.failed > 0;
  ChipRun *chips = calloc(archs.count ? archs.count : 1, sizeof(ChipRun));
  for (size_t c = 0; c < archs.count; ++c) {
    chips[c].arch = &archs.items[c];
    if (!archs.items[c].ok || !haveReqs)
      continue;
    chips[c].ok = solarCliRunSol(&model, archs.items[c].arch.source_path,
                                 args.dtype, NULL, args.fp32Math,
                                 &chips[c].sol);
    if (!chips[c].ok) {
      fprintf(stderr, "solar provision: error: arch '%s' (%s): the SOL "
                      "analysis failed\n",
              archs.items[c].request, archs.items[c].arch.source_path);
      failed = true;
    }
  }
  fflush(stderr);
  if (haveReqs && args.json) {
    json_t *root = json_object();
    solarJsonSetSchema(root, "solar-provision", 1);
    json_object_set_new(root, "model", json_string(args.model));
    json_object_set_new(root, "target_s", json_real(args.targetSeconds));
    json_t *list = json_array();
    for (size_t i = 0; i < funcCount; ++i)
      json_array_append_new(
          list, requirementsJson(&args, &reqs[i], chips, archs.count));
    json_object_set_new(root, "functions", list);
    json_dumpf(root, stdout,
               JSON_INDENT(2) | JSON_PRESERVE_ORDER | SOLAR_JSON_REAL_FLAGS);
    fputc('\n', stdout);
    json_decref(root);
  } else if (haveReqs) {
    for (size_t i = 0; i < funcCount; ++i) {
      if (i > 0)
        printf("\n");
      printRequirements(&args, &reqs[i], chips, archs.count);
    }
  }
  for (size_t c = 0; c < archs.count; ++c)
    solarCliSolDestroy(&chips[c].sol);
  free(chips);
  solarCliArchSetDestroy(&archs);
  for (size_t i = 0; i < funcCount; ++i)
    solarRequirementsDestroy(&reqs[i]);
  free(reqs);
  solarCliModelClose(&model);
  return failed ? 1 : 0;
}
