/* Re-validating an earlier report for `solar bench --resume`
 * (cli_bench_resume.h): a report cut short, edited, written by another
 * solar or for another program is recomputed. The seal catches edits of
 * any field; the figure checks keep even a report with a matching digest
 * from putting a negative, infinite or out-of-order bound in the summary. */
#include "cli_bench_resume.h"
#include "cli_analyze_report.h"
#include "cli_report_seal.h"

#include "solar/sol/sol.h"

#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

static bool sameFile(const char *a, const char *b) {
  struct stat sa, sb;
  return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev &&
         sa.st_ino == sb.st_ino;
}

static bool positiveTime(json_t *object, const char *key) {
  json_t *value = json_object_get(object, key);
  return json_is_null(value) ||
         (json_is_number(value) && isfinite(json_number_value(value)) &&
          json_number_value(value) > 0);
}

/* Function `fn`'s figures: false with the reason in `why`. */
static bool figuresValid(json_t *fn, size_t index, char *why,
                         size_t whySize) {
  json_t *sol = json_object_get(fn, "sol_s");
  double t[SOLAR_FIDELITY_COUNT];
  for (int f = 0; f < SOLAR_FIDELITY_COUNT; ++f) {
    json_t *value = json_object_get(sol, solarFidelityName(f));
    t[f] = json_is_number(value) ? json_number_value(value) : NAN;
    if (!isfinite(t[f]) || t[f] < 0) {
      snprintf(why, whySize, "function %zu: sol_s.%s is not a finite "
               "time >= 0", index, solarFidelityName(f));
      return false;
    }
  }
  const double slack = 1 - 1e-12;
  if (!(t[SOLAR_FIDELITY_UNFUSED] >= t[SOLAR_FIDELITY_FUSED] * slack &&
        t[SOLAR_FIDELITY_FUSED] >= t[SOLAR_FIDELITY_IDEAL] * slack &&
        t[SOLAR_FIDELITY_CACHE] >= t[SOLAR_FIDELITY_FUSED] * slack)) {
    snprintf(why, whySize, "function %zu: SOL times out of the model's order",
             index);
    return false;
  }
  json_t *flops = json_object_get(fn, "flops");
  if (!json_is_number(flops) || !isfinite(json_number_value(flops)) ||
      json_number_value(flops) < 0) {
    snprintf(why, whySize, "function %zu: flops is not a finite count >= 0",
             index);
    return false;
  }
  json_t *measured = json_object_get(fn, "measured");
  if (json_is_object(measured) && (!positiveTime(measured, "median_s") ||
                                   !positiveTime(measured, "min_s"))) {
    snprintf(why, whySize, "function %zu: a measured time is not finite and "
             "positive", index);
    return false;
  }
  size_t i;
  json_t *m;
  json_array_foreach(json_object_get(fn, "measurements"), i, m) {
    if (!positiveTime(m, "median_s") || !positiveTime(m, "min_s")) {
      snprintf(why, whySize, "function %zu: measurement %zu is not finite "
               "and positive", index, i);
      return false;
    }
  }
  return true;
}

/* Whether the report's "train" (null, or the loss and optimizer of a
 * training step) is what this run asks for. */
static bool sameStep(json_t *report, const char *loss, const char *optimizer) {
  json_t *train = json_object_get(report, "train");
  if (!loss)
    return !train || json_is_null(train);
  const char *had = json_string_value(json_object_get(train, "loss"));
  const char *hadOptimizer =
      json_string_value(json_object_get(train, "optimizer"));
  return had && hadOptimizer && !strcmp(had, loss) &&
         !strcmp(hadOptimizer, optimizer);
}

bool solarBenchReportReusable(const char *jsonPath, const char *programPath,
                              const char *trainLoss,
                              const char *trainOptimizer, char *why,
                              size_t whySize) {
  json_error_t jerr;
  json_t *report = json_load_file(jsonPath, 0, &jerr);
  if (!report) {
    snprintf(why, whySize, "it does not read as JSON (cut short?): %s",
             jerr.text);
    return false;
  }
  bool ok = false;
  const char *schema = json_string_value(json_object_get(report, "schema"));
  json_t *version = json_object_get(report, "version");
  const char *model = json_string_value(json_object_get(report, "model"));
  json_t *functions = json_object_get(report, "functions");
  if (!schema || strcmp(schema, "solar-analyze") || !json_is_integer(version) ||
      json_integer_value(version) != SOLAR_ANALYZE_SCHEMA_VERSION) {
    snprintf(why, whySize, "it is not a solar-analyze report of version %d",
             SOLAR_ANALYZE_SCHEMA_VERSION);
  } else if (!solarReportSealValid(report, why, whySize)) {
    /* why is set */
  } else if (!model || !sameFile(model, programPath)) {
    snprintf(why, whySize, "it was made for another program ('%.200s')",
             model ? model : "(none)");
  } else if (!json_is_array(functions) || json_array_size(functions) == 0) {
    snprintf(why, whySize, "it has no functions");
  } else if (!sameStep(report, trainLoss, trainOptimizer)) {
    snprintf(why, whySize, "it was made for %s",
             trainLoss ? "a forward pass or another training step"
                       : "a training step (--train)");
  } else {
    ok = true;
    size_t i;
    json_t *fn;
    json_array_foreach(functions, i, fn) {
      if (ok && !figuresValid(fn, i, why, whySize))
        ok = false;
    }
  }
  json_decref(report);
  return ok;
}
