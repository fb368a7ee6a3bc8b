/* The summary of a `solar bench` run: CSV, JSON and the lines on stdout
 * (cli_bench_summary.h). */
#include "cli_bench_summary.h"
#include "cli_bench_kernels.h"
#include "cli_output.h"
#include "solar/support/json_number.h"

#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static int byValue(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y ? 1 : 0;
}

/* Over the positive values only: headroom 0 means "no SOL time". */
static SolarBenchStats stats(double *values, size_t n) {
  SolarBenchStats s = {0};
  size_t k = 0;
  for (size_t i = 0; i < n; ++i)
    if (values[i] > 0 && isfinite(values[i]))
      values[k++] = values[i];
  if (!k)
    return s;
  qsort(values, k, sizeof(double), byValue);
  double logSum = 0;
  for (size_t i = 0; i < k; ++i)
    logSum += log(values[i]);
  s.count = k;
  s.min = values[0];
  s.max = values[k - 1];
  s.median = k % 2 ? values[k / 2] : (values[k / 2 - 1] + values[k / 2]) / 2;
  s.geomean = exp(logSum / (double)k);
  return s;
}

/* The fidelities violated against any of the program's measurements. */
static unsigned anyViolations(const SolarBenchResult *r) {
  unsigned violations = r->violations;
  for (size_t k = 0; k < r->measurementCount; ++k)
    violations |= r->measurements[k].violations;
  return violations;
}

static bool programPasses(const SolarBenchProgram *p,
                          const SolarBenchResult *r) {
  return r->status == SOLAR_BENCH_OK && (!p->framework || r->verified) &&
         !anyViolations(r);
}

/* The measurement `name` of an ok program (NULL: the primary one, as
 * r->headroom; NULL back when the program has none). */
static const SolarBenchMeasurement *okMeasurement(const SolarBenchResult *r,
                                                  const char *name) {
  return r->status == SOLAR_BENCH_OK && r->measured
             ? solarBenchMeasurementNamed(r, name)
             : NULL;
}

/* Per --measured name: measured programs, headroom, violations. */
static void summarizeByName(const SolarBenchSettings *settings,
                            const SolarBenchResult *results, size_t count,
                            double *values, SolarBenchSummary *out) {
  out->nameCount = settings->measuredCount < SOLAR_CLI_MAX_VALUES
                       ? settings->measuredCount
                       : SOLAR_CLI_MAX_VALUES;
  for (size_t k = 0; k < out->nameCount; ++k) {
    const char *name = settings->measuredNames[k];
    for (size_t i = 0; i < count; ++i) {
      const SolarBenchMeasurement *m = okMeasurement(&results[i], name);
      out->byName[k].measured += m != NULL;
      if (m && m->violations) {
        out->byName[k].violationPrograms++;
        out->byName[k].violationFidelities +=
            solarBenchViolationCount(m->violations);
      }
    }
    for (int f = 0; f < SOLAR_FIDELITY_COUNT; ++f) {
      size_t n = 0;
      for (size_t i = 0; i < count; ++i) {
        const SolarBenchMeasurement *m = okMeasurement(&results[i], name);
        if (m)
          values[n++] = m->headroom[f];
      }
      out->byName[k].headroom[f] = stats(values, n);
    }
  }
}

void solarBenchSummarize(const SolarBenchSettings *settings,
                         const SolarBenchProgram *programs,
                         const SolarBenchResult *results, size_t count,
                         SolarBenchSummary *out) {
  memset(out, 0, sizeof(*out));
  out->programs = count;
  double *values = calloc(count ? count : 1, sizeof(double));
  bool allPass = count > 0;
  for (size_t i = 0; i < count; ++i) {
    const SolarBenchResult *r = &results[i];
    out->framework += programs[i].framework;
    out->status[r->status]++;
    /* A program killed at --timeout may have stopped before any frontend
     * ran: its IR is unknown, never counted as found. */
    out->withIr +=
        r->status != SOLAR_BENCH_NO_IR && r->status != SOLAR_BENCH_TIMEOUT;
    bool measured = r->status == SOLAR_BENCH_OK && r->measured;
    out->verified +=
        r->status == SOLAR_BENCH_OK && r->verified && programs[i].framework;
    out->elsewhere += measured && r->elsewhere;
    out->unreliable += measured && r->timingUnreliable;
    out->measured += measured;
    if (r->status == SOLAR_BENCH_OK && anyViolations(r)) {
      out->violationPrograms++;
      out->violationFidelities += solarBenchViolationCount(anyViolations(r));
    }
    allPass &= programPasses(&programs[i], r);
  }
  for (int f = 0; f < SOLAR_FIDELITY_COUNT; ++f) {
    size_t n = 0;
    for (size_t i = 0; i < count; ++i)
      if (results[i].status == SOLAR_BENCH_OK && results[i].measured)
        values[n++] = results[i].headroom[f];
    out->headroom[f] = stats(values, n);
  }
  summarizeByName(settings, results, count, values, out);
  free(values);
  out->exitStatus = allPass ? 0 : 1;
}

/* ---- summary.csv --------------------------------------------------------- */

/* RFC 4180: quoted when it holds a comma, quote or line break. */
/* A text cell (program paths come from the tree, other cells from the
 * child's report). Spreadsheets run a cell starting with = + - @ (or a
 * tab or CR before one) as a formula: such a cell gets a leading ' (the
 * OWASP "CSV injection" defence), which they show as text. */
void solarBenchCsvText(FILE *out, const char *text) {
  bool formula = *text && strchr("=+-@\t\r", *text);
  if (!formula && !strpbrk(text, ",\"\r\n")) {
    fputs(text, out);
    return;
  }
  fputc('"', out);
  if (formula)
    fputc('\'', out);
  for (const char *c = text; *c; ++c) {
    if (*c == '"')
      fputc('"', out);
    fputc(*c, out);
  }
  fputc('"', out);
}

void solarBenchCsvNumber(FILE *out, double value, bool present) {
  fputc(',', out);
  if (present)
    fprintf(out, "%.9g", value);
}

/* The `which` statistic (min, median, geomean, max) of each fidelity. */
static void csvStatsCells(FILE *out, const SolarBenchStats *headroom,
                          int which) {
  for (int f = 0; f < SOLAR_FIDELITY_COUNT; ++f) {
    const SolarBenchStats *s = &headroom[f];
    double v[] = {s->min, s->median, s->geomean, s->max};
    solarBenchCsvNumber(out, v[which], s->count > 0);
  }
}

static void csvStatsRow(FILE *out, const char *name,
                        const SolarBenchSummary *summary, int which) {
  fputs(name, out);
  /* status .. measured_min_s: 12 empty columns. */
  fputs(",,,,,,,,,,,,", out);
  csvStatsCells(out, summary->headroom, which);
  fputc(',', out);
  /* Per name: median and min empty, headroom, violations empty. */
  for (size_t k = 0; k < summary->nameCount; ++k) {
    fputs(",,", out);
    csvStatsCells(out, summary->byName[k].headroom, which);
    fputc(',', out);
  }
  fputc('\n', out);
}

/* NAME_median_s, NAME_min_s, NAME_headroom_F..., NAME_violations. */
static void csvNameHeader(FILE *out, const char *name) {
  char cell[160];
  static const char *const times[] = {"median_s", "min_s"};
  for (int k = 0; k < 2; ++k) {
    snprintf(cell, sizeof(cell), "%s_%s", name, times[k]);
    fputc(',', out);
    solarBenchCsvText(out, cell);
  }
  for (int f = 0; f < SOLAR_FIDELITY_COUNT; ++f) {
    snprintf(cell, sizeof(cell), "%s_headroom_%s", name,
             solarFidelityName(f));
    fputc(',', out);
    solarBenchCsvText(out, cell);
  }
  snprintf(cell, sizeof(cell), "%s_violations", name);
  fputc(',', out);
  solarBenchCsvText(out, cell);
}

/* A program's cells of one measurement (empty when it has none). */
static void csvNameCells(FILE *out, const SolarBenchMeasurement *m) {
  solarBenchCsvNumber(out, m ? m->medianSeconds : 0, m);
  solarBenchCsvNumber(out, m ? m->minSeconds : 0, m);
  for (int f = 0; f < SOLAR_FIDELITY_COUNT; ++f)
    solarBenchCsvNumber(out, m ? m->headroom[f] : 0, m);
  fputc(',', out);
  if (m)
    fprintf(out, "%zu", solarBenchViolationCount(m->violations));
}

bool solarBenchCsvOpen(const char *path, SolarOutputFile *file, char *err,
                       size_t errSize) {
  bool ok = solarOutputOpen(path, file);
  if (!ok)
    snprintf(err, errSize, "cannot write '%s': %s", path, strerror(errno));
  return ok;
}

bool solarBenchCsvCommit(SolarOutputFile *file, char *err, size_t errSize) {
  bool ok = solarOutputCommit(file);
  if (!ok)
    snprintf(err, errSize, "cannot write '%s'", file->path);
  return ok;
}

/* A program's kernel rows (ranked by saving, as its report has them):
 * its path, status "kernel", `empty` empty program cells, the kernel
 * cells. */
static void csvKernelRows(FILE *out, const char *path, json_t *kernels,
                          size_t empty) {
  size_t k;
  json_t *row;
  json_array_foreach(kernels, k, row) {
    solarBenchCsvText(out, path);
    fputs(",kernel", out);
    for (size_t c = 0; c < empty; ++c)
      fputc(',', out);
    solarBenchKernelCsvCells(out, row);
    fputc('\n', out);
  }
}

bool solarBenchWriteCsv(const char *path, const SolarBenchSettings *settings,
                        const SolarBenchProgram *programs,
                        const SolarBenchResult *results, size_t count,
                        const SolarBenchSummary *summary, char *err,
                        size_t errSize) {
  SolarOutputFile file;
  if (!solarBenchCsvOpen(path, &file, err, errSize))
    return false;
  FILE *out = file.file;
  fputs("path,status,frontend,verified,functions,flops", out);
  for (int f = 0; f < SOLAR_FIDELITY_COUNT; ++f)
    fprintf(out, ",sol_%s_s", solarFidelityName(f));
  fputs(",bound,measured_median_s,measured_min_s", out);
  for (int f = 0; f < SOLAR_FIDELITY_COUNT; ++f)
    fprintf(out, ",headroom_%s", solarFidelityName(f));
  fputs(",violations", out);
  for (size_t k = 0; k < summary->nameCount; ++k)
    csvNameHeader(out, settings->measuredNames[k]);
  fputs(",cpu_s,peak_rss_mb", out);
  /* --profile: each program's kernel rows follow its row (status
   * "kernel"), their cells in kernel_* columns. */
  bool profiled = false;
  for (size_t i = 0; i < count; ++i)
    profiled |= results[i].kernels != NULL;
  if (profiled)
    solarBenchKernelCsvHeader(out, "kernel_");
  fputc('\n', out);
  double totalFlops = 0;
  size_t totalFunctions = 0, totalViolations = 0;
  for (size_t i = 0; i < count; ++i) {
    const SolarBenchResult *r = &results[i];
    bool ok = r->status == SOLAR_BENCH_OK;
    solarBenchCsvText(out, programs[i].relPath);
    fprintf(out, ",%s,", solarBenchStatusName(r->status));
    if (ok) {
      solarBenchCsvText(out, r->frontend);
      fprintf(out, ",%s,%zu,%.15g", r->measured ? "yes" : "no", r->functions,
              r->flops);
      totalFlops += r->flops;
      totalFunctions += r->functions;
      totalViolations += solarBenchViolationCount(r->violations);
    } else {
      fputs(",,,", out);
    }
    for (int f = 0; f < SOLAR_FIDELITY_COUNT; ++f)
      solarBenchCsvNumber(out, r->sol[f], ok);
    fputc(',', out);
    if (ok)
      solarBenchCsvText(out, r->bound);
    bool measured = ok && r->measured;
    solarBenchCsvNumber(out, r->medianSeconds, measured);
    solarBenchCsvNumber(out, r->minSeconds, measured);
    for (int f = 0; f < SOLAR_FIDELITY_COUNT; ++f)
      solarBenchCsvNumber(out, r->headroom[f], measured);
    fputc(',', out);
    if (ok)
      fprintf(out, "%zu", solarBenchViolationCount(r->violations));
    for (size_t k = 0; k < summary->nameCount; ++k)
      csvNameCells(out, okMeasurement(r, settings->measuredNames[k]));
    solarBenchCsvNumber(out, r->cpuSeconds, r->usageKnown);
    solarBenchCsvNumber(out, r->peakRssBytes / 1e6, r->usageKnown);
    if (profiled)
      fputs(",,,,,,,,,,", out); /* the kernel cells: a program row */
    fputc('\n', out);
    csvKernelRows(out, programs[i].relPath, r->kernels,
                  18 + 7 * summary->nameCount);
  }
  /* Aggregate rows: their path starts with '#', so readers that skip
   * comment lines (pandas comment="#") see only the programs. */
  fprintf(out, "#total,%zu/%zu ok,,%zu,%zu,%.15g,,,,,,,,,,,,%zu",
          summary->status[SOLAR_BENCH_OK], summary->programs,
          summary->verified, totalFunctions, totalFlops, totalViolations);
  for (size_t k = 0; k < summary->nameCount; ++k)
    fprintf(out, ",,,,,,,%zu", summary->byName[k].violationFidelities);
  fputc('\n', out);
  static const char *const names[] = {"#min", "#median", "#geomean", "#max"};
  for (int k = 0; k < 4; ++k)
    csvStatsRow(out, names[k], summary, k);
  return solarBenchCsvCommit(&file, err, errSize);
}

/* ---- summary.json -------------------------------------------------------- */

static json_t *fidelityObject(const double values[SOLAR_FIDELITY_COUNT]) {
  json_t *o = json_object();
  for (int f = 0; f < SOLAR_FIDELITY_COUNT; ++f)
    json_object_set_new(o, solarFidelityName(f), json_real(values[f]));
  return o;
}

static json_t *violationList(unsigned violations) {
  json_t *list = json_array();
  for (int f = 0; f < SOLAR_FIDELITY_COUNT; ++f)
    if (violations & (1u << f))
      json_array_append_new(list, json_string(solarFidelityName(f)));
  return list;
}

static json_t *statsJson(const SolarBenchStats *s) {
  if (!s->count)
    return json_pack("{s:i, s:n, s:n, s:n, s:n}", "count", 0, "min",
                     "median", "geomean", "max");
  return json_pack("{s:I, s:f, s:f, s:f, s:f}", "count", (json_int_t)s->count,
                   "min", s->min, "median", s->median, "geomean", s->geomean,
                   "max", s->max);
}

static json_t *rate(size_t part, size_t whole) {
  return whole ? json_real((double)part / (double)whole) : json_null();
}

static json_t *resultJson(const SolarBenchProgram *p,
                          const SolarBenchResult *r) {
  json_t *o = json_object();
  bool ok = r->status == SOLAR_BENCH_OK;
  json_object_set_new(o, "path", json_string(p->relPath));
  json_object_set_new(o, "status", json_string(solarBenchStatusName(r->status)));
  json_object_set_new(o, "framework_program", json_boolean(p->framework));
  json_object_set_new(o, "resumed", json_boolean(r->resumed));
  json_object_set_new(o, "wall_s", json_real(r->wallSeconds));
  json_object_set_new(o, "cpu_s",
                      r->usageKnown ? json_real(r->cpuSeconds) : json_null());
  json_object_set_new(o, "peak_rss_bytes",
                      r->usageKnown ? json_real(r->peakRssBytes)
                                    : json_null());
  if (r->kernels)
    json_object_set_new(o, "trace_step_s", json_real(r->traceStepSeconds));
  size_t length = strlen(p->relPath) + 8;
  char *name = malloc(length);
  snprintf(name, length, "%s.json", p->relPath);
  json_object_set_new(o, "report", ok ? json_string(name) : json_null());
  snprintf(name, length, "%s.log", p->relPath);
  json_object_set_new(o, "log", json_string(name));
  free(name);
  json_object_set_new(o, "message",
                      r->message[0] ? json_string(r->message) : json_null());
  if (ok) {
    json_object_set_new(o, "frontend", json_string(r->frontend));
    json_object_set_new(o, "ir", json_string(r->ir));
    json_object_set_new(o, "verified", json_boolean(r->verified));
    json_object_set_new(o, "measured_elsewhere",
                        json_boolean(r->measured && r->elsewhere));
    json_object_set_new(o, "timing_unreliable",
                        json_boolean(r->measured && r->timingUnreliable));
    json_object_set_new(o, "functions", json_integer((json_int_t)r->functions));
    json_object_set_new(o, "flops", solarJsonNumber(r->flops));
    json_object_set_new(o, "sol_s", fidelityObject(r->sol));
    json_object_set_new(o, "bound", json_string(r->bound));
    json_object_set_new(
        o, "measured",
        r->measured ? json_pack("{s:f, s:f}", "median_s", r->medianSeconds,
                                "min_s", r->minSeconds)
                    : json_null());
    json_object_set_new(o, "headroom",
                        r->measured ? fidelityObject(r->headroom)
                                    : json_null());
    json_object_set_new(o, "violations", violationList(r->violations));
    json_t *measurements = json_array();
    for (size_t k = 0; r->measured && k < r->measurementCount; ++k) {
      const SolarBenchMeasurement *m = &r->measurements[k];
      json_array_append_new(
          measurements,
          json_pack("{s:s, s:f, s:f, s:o, s:o}", "name", m->name, "median_s",
                    m->medianSeconds, "min_s", m->minSeconds, "headroom",
                    fidelityObject(m->headroom), "violations",
                    violationList(m->violations)));
    }
    json_object_set_new(o, "measurements", measurements);
    /* The unfused model's kernels and the measured time per kernel: a
     * launch-bound run shows as microseconds per kernel. */
    json_object_set_new(o, "kernels_unfused",
                        r->kernelsUnfused >= 0
                            ? json_integer((json_int_t)r->kernelsUnfused)
                            : json_null());
    json_object_set_new(o,
                        solarFidelitySolBoundKey(SOLAR_FIDELITY_UNFUSED),
                        json_string(r->boundUnfused));
    json_object_set_new(
        o, "measured_per_kernel_s",
        r->measured && r->kernelsUnfused > 0
            ? json_real(r->medianSeconds / (double)r->kernelsUnfused)
            : json_null());
  }
  return o;
}

/* Per --measured name: measured programs, headroom statistics and the
 * programs whose fastest run beat the SOL against that file. */
static json_t *measurementsSummaryJson(const SolarBenchSettings *settings,
                                       const SolarBenchProgram *programs,
                                       const SolarBenchResult *results,
                                       size_t count,
                                       const SolarBenchSummary *summary) {
  json_t *list = json_array();
  for (size_t k = 0; k < summary->nameCount; ++k) {
    const char *name = settings->measuredNames[k];
    json_t *headroom = json_object(), *violating = json_array();
    for (int f = 0; f < SOLAR_FIDELITY_COUNT; ++f)
      json_object_set_new(headroom, solarFidelityName(f),
                          statsJson(&summary->byName[k].headroom[f]));
    for (size_t i = 0; i < count; ++i) {
      const SolarBenchMeasurement *m = okMeasurement(&results[i], name);
      if (m && m->violations)
        json_array_append_new(
            violating,
            json_pack("{s:s, s:o}", "path", programs[i].relPath,
                      "fidelities", violationList(m->violations)));
    }
    json_array_append_new(
        list,
        json_pack("{s:s, s:I, s:o, s:{s:I, s:I, s:o}}", "name", name,
                  "measured", (json_int_t)summary->byName[k].measured,
                  "headroom", headroom, "violations", "programs",
                  (json_int_t)summary->byName[k].violationPrograms,
                  "fidelities",
                  (json_int_t)summary->byName[k].violationFidelities, "list",
                  violating));
  }
  return list;
}

bool solarBenchWriteJson(const char *path, const SolarBenchSettings *settings,
                         const SolarBenchProgram *programs,
                         const SolarBenchResult *results, size_t count,
                         const SolarBenchSummary *summary, char *err,
                         size_t errSize) {
  json_t *root = json_object();
  json_object_set_new(root, "schema", json_string("solar-bench"));
  json_object_set_new(root, "version",
                      json_integer(SOLAR_BENCH_SCHEMA_VERSION));
  json_object_set_new(root, "dir", json_string(settings->dir));
  json_object_set_new(root, "arch",
                      json_pack("{s:s, s:s}", "argument",
                                settings->archArgument, "file",
                                settings->archFile));
  json_object_set_new(
      root, "options",
      json_pack("{s:i, s:o, s:s, s:o, s:i}", "runs", (int)settings->runs,
                "dtype",
                settings->dtype ? json_string(settings->dtype) : json_null(),
                "framework", settings->framework, "timeout_s",
                settings->timeoutSeconds > 0
                    ? json_real(settings->timeoutSeconds)
                    : json_null(),
                "jobs", (int)settings->jobs));
  json_object_set_new(
      json_object_get(root, "options"), "train",
      settings->trainLoss
          ? json_pack("{s:s, s:s}", "loss", settings->trainLoss, "optimizer",
                      settings->trainOptimizer)
          : json_null());
  json_object_set_new(json_object_get(root, "options"), "fp32_math",
                      json_string(settings->fp32Math ? settings->fp32Math
                                                     : "framework"));
  json_object_set_new(root, "programs",
                      json_integer((json_int_t)summary->programs));
  json_t *counts = json_object();
  for (int s = 0; s < SOLAR_BENCH_STATUS_COUNT; ++s)
    json_object_set_new(counts, solarBenchStatusName((SolarBenchStatus)s),
                        json_integer((json_int_t)summary->status[s]));
  json_object_set_new(root, "status", counts);
  json_object_set_new(
      root, "coverage",
      json_pack("{s:I, s:I, s:o}", "with_ir", (json_int_t)summary->withIr,
                "programs", (json_int_t)summary->programs, "rate",
                rate(summary->withIr, summary->programs)));
  json_object_set_new(
      root, "verification",
      json_pack("{s:I, s:I, s:o}", "verified", (json_int_t)summary->verified,
                "framework_programs", (json_int_t)summary->framework, "rate",
                rate(summary->verified, summary->framework)));
  json_object_set_new(root, "measured_elsewhere",
                      json_integer((json_int_t)summary->elsewhere));
  json_object_set_new(root, "timing_unreliable",
                      json_integer((json_int_t)summary->unreliable));
  json_t *headroom = json_object();
  for (int f = 0; f < SOLAR_FIDELITY_COUNT; ++f)
    json_object_set_new(headroom, solarFidelityName(f),
                        statsJson(&summary->headroom[f]));
  json_object_set_new(root, "headroom", headroom);
  json_t *list = json_array();
  for (size_t i = 0; i < count; ++i)
    if (results[i].status == SOLAR_BENCH_OK && anyViolations(&results[i]))
      json_array_append_new(
          list, json_pack("{s:s, s:o}", "path", programs[i].relPath,
                          "fidelities",
                          violationList(anyViolations(&results[i]))));
  json_object_set_new(
      root, "violations",
      json_pack("{s:I, s:I, s:o}", "programs",
                (json_int_t)summary->violationPrograms, "fidelities",
                (json_int_t)summary->violationFidelities, "list", list));
  json_object_set_new(root, "measurements",
                      measurementsSummaryJson(settings, programs, results,
                                              count, summary));
  json_object_set_new(root, "exit_status", json_integer(summary->exitStatus));
  json_t *rows = json_array();
  for (size_t i = 0; i < count; ++i)
    json_array_append_new(rows, resultJson(&programs[i], &results[i]));
  json_object_set_new(root, "results", rows);
  /* --profile: every program's kernels, ranked by saving. */
  json_t *kernels = solarBenchKernelRows(programs, results, count);
  bool profiled = false;
  for (size_t i = 0; i < count; ++i)
    profiled |= results[i].kernels != NULL;
  if (profiled)
    json_object_set_new(root, "kernels", kernels);
  else
    json_decref(kernels);
  bool written = solarOutputWriteJson(
      path, root, JSON_INDENT(2) | JSON_PRESERVE_ORDER | SOLAR_JSON_REAL_FLAGS);
  json_decref(root);
  if (!written) {
    snprintf(err, errSize, "cannot write '%s'", path);
    return false;
  }
  return true;
}

/* ---- stdout -------------------------------------------------------------- */

static double percent(size_t part, size_t whole) {
  return whole ? 100.0 * (double)part / (double)whole : 0;
}

static void printViolation(FILE *out, const char *path, const char *name,
                           double minSeconds, unsigned violations,
                           const double *sol) {
  fprintf(out, "    VIOLATION %s%s%s: min %.6g s <", path, name ? " vs " : "",
          name ? name : "", minSeconds);
  for (int f = 0; f < SOLAR_FIDELITY_COUNT; ++f)
    if (violations & (1u << f))
      fprintf(out, " %s %.6g s", solarFidelityName(f), sol[f]);
  fputc('\n', out);
}

/* One line per violated measurement; named when there are several. */
static void printViolations(FILE *out, const char *path,
                            const SolarBenchResult *r) {
  if (r->measurementCount <= 1) {
    printViolation(out, path, NULL, r->minSeconds, r->violations, r->sol);
    return;
  }
  for (size_t k = 0; k < r->measurementCount; ++k) {
    const SolarBenchMeasurement *m = &r->measurements[k];
    if (m->violations)
      printViolation(out, path, m->name, m->minSeconds, m->violations,
                     r->sol);
  }
}

void solarBenchPrintSummary(FILE *out, const SolarBenchSettings *settings,
                            const SolarBenchProgram *programs,
                            const SolarBenchResult *results, size_t count,
                            const SolarBenchSummary *summary) {
  fprintf(out, "solar bench: %zu program(s) under %s, arch %s (%s)\n",
          summary->programs, settings->dir, settings->archArgument,
          settings->archFile);
  if (settings->trainLoss)
    fprintf(out,
            "  training run: one training step per program (--train: loss "
            "%s, optimizer %s; SOL and headroom are the step's)\n",
            settings->trainLoss, settings->trainOptimizer);
  fprintf(out, "  status:     ");
  for (int s = 0; s < SOLAR_BENCH_STATUS_COUNT; ++s)
    fprintf(out, "%s%zu %s", s ? ", " : "", summary->status[s],
            solarBenchStatusName((SolarBenchStatus)s));
  fputc('\n', out);
  fprintf(out, "  coverage:   %zu/%zu program(s) with IR (%.0f%%)\n",
          summary->withIr, summary->programs,
          percent(summary->withIr, summary->programs));
  fprintf(out, "  verified:   %zu/%zu framework program(s) (%.0f%%)\n",
          summary->verified, summary->framework,
          percent(summary->verified, summary->framework));
  if (summary->measured) {
    fprintf(out,
            "  headroom (measured median / SOL) over %zu measured "
            "program(s):\n",
            summary->measured);
    fprintf(out, "    %-9s %10s %10s %10s %10s\n", "fidelity", "min",
            "median", "geomean", "max");
    for (int f = 0; f < SOLAR_FIDELITY_COUNT; ++f) {
      const SolarBenchStats *s = &summary->headroom[f];
      char v[4][32];
      double x[] = {s->min, s->median, s->geomean, s->max};
      for (int k = 0; k < 4; ++k)
        snprintf(v[k], sizeof(v[k]), s->count ? "%.3gx" : "-", x[k]);
      fprintf(out, "    %-9s %10s %10s %10s %10s\n",
              solarFidelityName(f), v[0], v[1], v[2], v[3]);
    }
    if (summary->elsewhere)
      fprintf(out,
              "    note: %zu of them measured on a different machine than "
              "the arch describes (--measured, or another device)\n",
              summary->elsewhere);

  } else {
    fprintf(out, "  headroom:   no measured program (a GPU arch is timed "
                 "where that GPU is; --measured FILE or --measure-here)\n");
  }
  /* On the same line: whether the machine was busy must not change the
   * shape of the summary that scripts and tests read. */
  fprintf(out,
          "  violations: %zu program(s) with a measured run faster than "
          "SOL",
          summary->violationPrograms);
  if (summary->unreliable)
    fprintf(out,
            " (%zu program(s) timed on a busy machine or with a wide spread: "
            "their headroom and violations are unreliable, each report's "
            "timing conditions say why)",
            summary->unreliable);
  fputc('\n', out);
  /* With several files, each one's count: a suite checked against eager
   * and compiled timings says which of them a bound failed against. */
  for (size_t k = 0; summary->nameCount > 1 && k < summary->nameCount; ++k)
    fprintf(out,
            "    against %s: %zu program(s), %zu fidelity violation(s) "
            "over %zu measured program(s)\n",
            settings->measuredNames[k], summary->byName[k].violationPrograms,
            summary->byName[k].violationFidelities,
            summary->byName[k].measured);
  for (size_t i = 0; i < count; ++i) {
    const SolarBenchResult *r = &results[i];
    if (r->status == SOLAR_BENCH_OK && anyViolations(r)) {
      printViolations(out, programs[i].relPath, r);
    } else if (r->status != SOLAR_BENCH_OK) {
      fprintf(out, "  %s %s%s%s\n", solarBenchStatusName(r->status),
              programs[i].relPath, r->message[0] ? ": " : "", r->message);
    } else if (programs[i].framework && !r->verified) {
      fprintf(out, "  not verified %s\n", programs[i].relPath);
    }
  }
  fprintf(out, "  wrote %s/summary.csv and %s/summary.json\n",
          settings->outDir, settings->outDir);
}
