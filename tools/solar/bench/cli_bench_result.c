/* Reading one program's analyze report back for `solar bench`
 * (cli_bench_result.h). */
#include "cli_bench_result.h"
#include "cli_exit.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const statusNames[] = {"ok", "verify-failed", "error",
                                          "timeout", "no-ir"};

const char *solarBenchStatusName(SolarBenchStatus status) {
  return status < SOLAR_BENCH_STATUS_COUNT ? statusNames[status] : "?";
}

unsigned solarBenchViolationBits(json_t *list) {
  unsigned bits = 0;
  size_t k;
  json_t *v;
  json_array_foreach(list, k, v) {
    SolarFidelity f = solarFidelityFromName(json_string_value(v));
    if (f < SOLAR_FIDELITY_COUNT)
      bits |= 1u << f;
  }
  return bits;
}

const SolarBenchMeasurement *
solarBenchMeasurementNamed(const SolarBenchResult *result, const char *name) {
  for (size_t k = 0; k < result->measurementCount; ++k)
    if (!strcmp(result->measurements[k].name, name))
      return &result->measurements[k];
  return NULL;
}

size_t solarBenchViolationCount(unsigned violations) {
  size_t n = 0;
  for (int f = 0; f < SOLAR_FIDELITY_COUNT; ++f)
    n += (violations >> f) & 1u;
  return n;
}

static void copyString(char *dst, size_t size, json_t *value) {
  const char *s = json_string_value(value);
  snprintf(dst, size, "%s", s ? s : "");
}

bool solarBenchResultRead(const char *jsonPath, SolarBenchResult *out,
                          char *err, size_t errSize) {
  json_error_t jerr;
  json_t *report = json_load_file(jsonPath, 0, &jerr);
  if (!report) {
    snprintf(err, errSize, "cannot read the report '%s': %s", jsonPath,
             jerr.text);
    return false;
  }
  const char *schema = json_string_value(json_object_get(report, "schema"));
  json_t *functions = json_object_get(report, "functions");
  if (!schema || strcmp(schema, "solar-analyze") || !json_is_array(functions)) {
    snprintf(err, errSize, "'%s' is not a solar-analyze report", jsonPath);
    json_decref(report);
    return false;
  }
  out->status = SOLAR_BENCH_OK;
  copyString(out->frontend, sizeof(out->frontend),
             json_object_get(report, "frontend"));
  copyString(out->ir, sizeof(out->ir), json_object_get(report, "ir"));
  copyString(out->archArgument, sizeof(out->archArgument),
             json_object_get(json_object_get(report, "arch"), "argument"));
  out->functions = json_array_size(functions);
  out->kernelsUnfused = -1;
  json_t *reference = json_object_get(report, "reference");
  out->elsewhere = json_is_true(json_object_get(reference, "timed")) &&
                   json_is_false(json_object_get(reference, "same_machine"));
  out->timingUnreliable =
      json_is_false(json_object_get(reference, "timing_reliable"));
  json_t *primary = json_array_get(functions, 0);
  size_t i;
  json_t *fn;
  json_array_foreach(functions, i, fn) {
    out->verified |= json_is_true(json_object_get(fn, "verified"));
  }
  json_array_foreach(functions, i, fn) {
    if (json_is_object(json_object_get(fn, "measured"))) {
      primary = fn;
      break;
    }
  }
  /* Violations can only be on the measured function; collect them from
   * every function all the same. */
  json_array_foreach(functions, i, fn) {
    out->violations |=
        solarBenchViolationBits(json_object_get(fn, "violations"));
  }
  json_t *m;
  json_array_foreach(json_object_get(primary, "measurements"), i, m) {
    if (out->measurementCount == SOLAR_CLI_MAX_VALUES)
      break;
    SolarBenchMeasurement *into = &out->measurements[out->measurementCount++];
    copyString(into->name, sizeof(into->name), json_object_get(m, "name"));
    into->medianSeconds = json_number_value(json_object_get(m, "median_s"));
    into->minSeconds = json_number_value(json_object_get(m, "min_s"));
    json_t *headroom = json_object_get(m, "headroom");
    for (int f = 0; f < SOLAR_FIDELITY_COUNT; ++f)
      into->headroom[f] =
          json_number_value(json_object_get(headroom, solarFidelityName(f)));
    into->violations =
        solarBenchViolationBits(json_object_get(m, "violations"));
  }
  if (primary) {
    out->flops = json_number_value(json_object_get(primary, "flops"));
    json_t *sol = json_object_get(primary, "sol_s");
    json_t *headroom = json_object_get(primary, "headroom");
    json_t *measured = json_object_get(primary, "measured");
    out->measured = json_is_object(measured) && json_is_object(headroom);
    out->verified |= out->measured;
    for (int f = 0; f < SOLAR_FIDELITY_COUNT; ++f) {
      const char *fidelity = solarFidelityName(f);
      out->sol[f] = json_number_value(json_object_get(sol, fidelity));
      out->headroom[f] =
          json_number_value(json_object_get(headroom, fidelity));
    }
    copyString(out->bound, sizeof(out->bound),
               json_object_get(json_object_get(primary, "bound"),
                               solarFidelityName(SOLAR_FIDELITY_CACHE)));
    copyString(out->boundUnfused, sizeof(out->boundUnfused),
               json_object_get(json_object_get(primary, "bound"),
                               solarFidelityName(SOLAR_FIDELITY_UNFUSED)));
    json_t *kernels = json_object_get(primary, "kernels_unfused");
    out->kernelsUnfused =
        json_is_integer(kernels) ? json_integer_value(kernels) : -1;
    out->medianSeconds =
        json_number_value(json_object_get(measured, "median_s"));
    out->minSeconds = json_number_value(json_object_get(measured, "min_s"));
  }
  json_t *kernels = json_object_get(report, "kernels");
  if (json_is_array(kernels)) {
    out->kernels = json_incref(kernels);
    out->traceStepSeconds =
        json_number_value(json_object_get(report, "trace_step_s"));
  }
  json_decref(report);
  return true;
}

/* The log's text, at most its first `limit` bytes (the diagnostics that
 * classify a failure come first; a runaway log is not read whole). */
static char *readLog(const char *path, size_t limit) {
  FILE *file = fopen(path, "rb");
  if (!file)
    return NULL;
  char *text = malloc(limit + 1);
  size_t n = fread(text, 1, limit, file);
  text[n] = '\0';
  fclose(file);
  return text;
}

/* The first line of log holding `needle`, into out->message. */
static bool firstLineWith(char *log, const char *needle,
                          SolarBenchResult *out) {
  for (char *line = log; *line;) {
    char *end = strchr(line, '\n');
    if (end)
      *end = '\0';
    bool found = strstr(line, needle) != NULL;
    /* analyze's own prefix says nothing the status does not. */
    static const char prefix[] = "solar analyze: error: ";
    const char *text =
        strncmp(line, prefix, sizeof(prefix) - 1) ? line
                                                   : line + sizeof(prefix) - 1;
    if (found)
      snprintf(out->message, sizeof(out->message), "%s", text);
    if (end)
      *end = '\n';
    if (found)
      return true;
    if (!end)
      break;
    line = end + 1;
  }
  return false;
}

/* The last line that starts with `prefix`, without it, as the message. */
static bool lastLineStarting(const char *log, const char *prefix,
                             SolarBenchResult *out) {
  size_t length = strlen(prefix);
  const char *found = NULL;
  for (const char *line = log; *line;) {
    if (!strncmp(line, prefix, length))
      found = line + length;
    const char *end = strchr(line, '\n');
    if (!end)
      break;
    line = end + 1;
  }
  if (!found)
    return false;
  snprintf(out->message, sizeof(out->message), "%.*s",
           (int)strcspn(found, "\n"), found);
  return true;
}

void solarBenchResultClassify(const char *logPath, int exitCode,
                              SolarBenchResult *out) {
  /* The status comes from analyze's exit code (docs/analyze.md); the log
   * only supplies the message. */
  out->status = exitCode == SOLAR_EXIT_NOT_VERIFIED ? SOLAR_BENCH_VERIFY_FAILED
                : exitCode == SOLAR_EXIT_NO_IR      ? SOLAR_BENCH_NO_IR
                                                    : SOLAR_BENCH_ERROR;
  char *log = readLog(logPath, 1 << 20);
  if (!log)
    return;
  /* A mismatch says most about a failed verification; else analyze's own
   * error (its last word: earlier lines are what led to it), unless that
   * only points above ("analysis of X failed", "(see above)"): then the
   * first error of the tool or diagnostic that failed is the cause. */
  if ((out->status != SOLAR_BENCH_VERIFY_FAILED ||
       !firstLineWith(log, "does not match the", out)) &&
      !lastLineStarting(log, "solar analyze: error: ", out))
    firstLineWith(log, "error:", out);
  if (strstr(out->message, "(see above)") ||
      (!strncmp(out->message, "analysis of ", 12) &&
       strstr(out->message, " failed"))) {
    SolarBenchResult cause;
    memset(&cause, 0, sizeof(cause));
    if (firstLineWith(log, ": error: ", &cause) &&
        strcmp(cause.message, out->message))
      snprintf(out->message, sizeof(out->message), "%s", cause.message);
  }
  free(log);
}
