/* solar-report: prints the solar.sol attributes of every function as a
 * readable table (format=text) or JSON (format=json, schema in
 * docs/user-guide.md), to stdout or to the file named by `output`. It reads
 * solar.sol only: run solar-sol before it. */
#include "solar/support/diagnostics.h"
#include "solar/dialect/dialect_attr.h"
#include "solar/passes/passes.h"
#include "solar/passes/stage.h"
#include "solar/passes/sol_finite.h"
#include "solar/sol/sol_symbolic.h"
#include "solar/support/json_number.h"

#include "mlir-c/BuiltinAttributes.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SOLAR_REPORT_SCHEMA_VERSION 1

/* Seconds with an SI prefix, e.g. "2.295 us". */
static void formatSeconds(double seconds, char *buf, size_t size) {
  static const struct {
    double scale;
    const char *unit;
  } units[] = {{1, "s"}, {1e-3, "ms"}, {1e-6, "us"}, {1e-9, "ns"}};
  for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); ++i) {
    if (seconds >= units[i].scale || i + 1 == sizeof(units) / sizeof(units[0])) {
      snprintf(buf, size, "%.4g %s", seconds / units[i].scale, units[i].unit);
      return;
    }
  }
}

/* The fp32 policy, the TF32 figure beside an IEEE bound, and with
 * --solar-detail each node's precision and MAC rate and why. */
static void printPrecision(FILE *out, const SolarSol *sol) {
  char policy[128], when[32];
  solarFp32PolicyFormat(&sol->policy, policy, sizeof(policy));
  fprintf(out, "  fp32 math: %s", policy);
  if (sol->haveTf32) {
    formatSeconds(sol->tf32Seconds[SOLAR_FIDELITY_CACHE], when, sizeof(when));
    fprintf(out, " (with fp32 contractions on TF32 tensor cores: cache-aware %s)",
            when);
  }
  fputc('\n', out);
  for (size_t i = 0; i < sol->nodeCount; ++i) {
    const SolarNodeSol *node = &sol->nodes[i];
    fprintf(out, "  node %lld: %s", (long long)node->node, node->why);
    if (node->contractionClass != SOLAR_CONTRACTION_NONE)
      fprintf(out, " (%.4g MAC/s)", node->compute.macRate);
    fputc('\n', out);
  }
}

static void printText(FILE *out, const char *function, const SolarSol *sol) {
  char when[32];
  fprintf(out, "SOL of @%s on %s (%s)\n", function, sol->arch,
          solarDtypeName(sol->dtype));
  formatSeconds(sol->computeSeconds, when, sizeof(when));
  /* The lowered count (what FLOP counters report) only when the bound
   * counts less: work proven unnecessary (docs/sol-model.md). */
  char lowered[64] = "";
  if (sol->flopsLowered != sol->flops)
    snprintf(lowered, sizeof(lowered), " (lowered %.0f)", sol->flopsLowered);
  fprintf(out, "  flops %.0f%s   compute %s   fusion groups %zu   ridge %.3g flop/B\n",
          sol->flops, lowered, when, sol->groupCount, sol->ridgeFlopPerByte);
  fprintf(out, "  %-20s %14s %14s %-8s %10s\n", "fidelity", "DRAM bytes",
          "time", "bound", "flop/B");
  for (int f = 0; f < SOLAR_FIDELITY_COUNT; ++f) {
    formatSeconds(solarSolSeconds(sol, f), when, sizeof(when));
    fprintf(out, "  %-20s %14.0f %14s %-8s %10.3g\n", solarFidelityTitle(f),
            solarSolBytes(sol, f), when, solarBoundName(solarSolBound(sol, f)),
            solarSolIntensity(sol, f));
  }
  printPrecision(out, sol);
}

static json_t *dictToJson(MlirAttribute dict);

/* ---- symbolic figures (solar/sol/sol_symbolic.h) ---------------------- */

/* The figures of a symbolic solar.sol in report order: flops, compute,
 * then bytes and time of each symbolic fidelity. */
enum { MAX_FIGURES = 2 + 2 * SOLAR_FIDELITY_COUNT };

typedef struct {
  const char *key;   /* the numeric figure's key (flops, a bytes key) */
  char title[32];
  const char *expr;  /* kept by the SolarSymSol */
  bool seconds;      /* a time, else a count */
} Figure;

static size_t symbolicFigures(const SolarSymSol *sol, Figure *out) {
  size_t n = 0;
  out[n++] = (Figure){"flops", "flops", sol->flops, false};
  out[n++] = (Figure){"compute_s", "compute", sol->compute, true};
  for (int f = 0; f < SOLAR_FIDELITY_COUNT; ++f) {
    if (!solarFidelityIsSymbolic(f))
      continue;
    out[n] = (Figure){solarFidelityBytesKey(f), "", sol->bytes[f], false};
    snprintf(out[n++].title, sizeof(out->title), "%s bytes",
             solarFidelityName(f));
    out[n] = (Figure){solarFidelityTimeKey(f), "", sol->time[f], true};
    snprintf(out[n++].title, sizeof(out->title), "%s time",
             solarFidelityName(f));
  }
  return n;
}

/* Every symbolic figure evaluated at `at` into values[]; false with a
 * message naming the figure. */
static bool evaluateSymbolic(const SolarSymSol *sol, const SolarSymBinding *at,
                             double *values, char *err, size_t errSize) {
  Figure figures[MAX_FIGURES];
  size_t count = symbolicFigures(sol, figures);
  for (size_t k = 0; k < count; ++k) {
    char key[64], why[384];
    solarSymSolFigureKey(figures[k].key, key, sizeof(key));
    if (!solarSymEvaluate(figures[k].expr, (const char *const *)sol->params,
                          sol->paramCount, at, &values[k], why,
                          sizeof(why))) {
      snprintf(err, errSize, "%s: %.180s", key, why);
      return false;
    }
  }
  return true;
}

static void printSymbolicText(FILE *out, const char *function,
                              const SolarSymSol *sol,
                              const SolarSymBinding *at,
                              const double *values) {
  fprintf(out, "SOL of @%s on %s (%s), symbolic in", function, sol->arch,
          solarDtypeName(sol->dtype));
  for (size_t i = 0; i < sol->paramCount; ++i)
    fprintf(out, "%s %s", i ? "," : "", sol->params[i]);
  fputc('\n', out);
  Figure figures[MAX_FIGURES];
  size_t count = symbolicFigures(sol, figures);
  for (size_t k = 0; k < count; ++k)
    fprintf(out, "  %-14s %s\n", figures[k].title, figures[k].expr);
  fprintf(out, "  %-14s %s\n", "cache-aware", sol->cacheExpr);
  fprintf(out, "  %-14s %s\n", "fused groups", sol->fusedGrouping);
  if (!at)
    return;
  fprintf(out, "  at");
  for (size_t i = 0; i < at->count; ++i)
    fprintf(out, " %s=%ld", at->names[i], at->values[i]);
  fputc(':', out);
  /* Counts as integers, times with every digit a double holds, so they
   * compare exactly with the bound program's solar.sol. */
  for (size_t k = 0; k < count; ++k)
    fprintf(out, figures[k].seconds ? " %s=%.17g" : " %s=%.0f",
            figures[k].key, values[k]);
  fputc('\n', out);
}

static json_t *symbolicJson(MlirAttribute dict, const SolarSymSol *sol,
                            const SolarSymBinding *at, const double *values) {
  json_t *entry = dictToJson(dict);
  if (!at)
    return entry;
  json_t *evaluated = json_object(), *sizes = json_object();
  for (size_t i = 0; i < at->count; ++i)
    json_object_set_new(sizes, at->names[i], json_integer(at->values[i]));
  json_object_set_new(evaluated, "sizes", sizes);
  Figure figures[MAX_FIGURES];
  size_t count = symbolicFigures(sol, figures);
  for (size_t k = 0; k < count; ++k)
    json_object_set_new(evaluated, figures[k].key,
                        figures[k].seconds ? json_real(values[k])
                                           : solarJsonNumber(values[k]));
  json_object_set_new(entry, "at", evaluated);
  return entry;
}

/* Every field of the dictionary, numbers and strings, as JSON. */
static json_t *dictToJson(MlirAttribute dict);

static json_t *attrToJson(MlirAttribute attr) {
  if (mlirAttributeIsADictionary(attr))
    return dictToJson(attr);
  if (mlirAttributeIsAArray(attr)) {
    json_t *array = json_array();
    for (intptr_t i = 0; i < mlirArrayAttrGetNumElements(attr); ++i)
      json_array_append_new(array, attrToJson(mlirArrayAttrGetElement(attr, i)));
    return array;
  }
  if (mlirAttributeIsABool(attr))
    return json_boolean(mlirBoolAttrGetValue(attr));
  if (mlirAttributeIsAInteger(attr))
    return json_integer(mlirIntegerAttrGetValueInt(attr));
  if (mlirAttributeIsAFloat(attr))
    return json_real(mlirFloatAttrGetValueDouble(attr));
  if (mlirAttributeIsAString(attr)) {
    MlirStringRef s = mlirStringAttrGetValue(attr);
    return json_stringn(s.data, s.length);
  }
  return json_null();
}

static json_t *dictToJson(MlirAttribute dict) {
  json_t *object = json_object();
  for (intptr_t i = 0; i < mlirDictionaryAttrGetNumElements(dict); ++i) {
    MlirNamedAttribute entry = mlirDictionaryAttrGetElement(dict, i);
    MlirStringRef name = mlirIdentifierStr(entry.name);
    char *key = strndup(name.data, name.length);
    json_object_set_new(object, key, attrToJson(entry.attribute));
    free(key);
  }
  return object;
}

static void runReport(MlirOperation op, MlirExternalPass pass,
                      const SolarOptions *options) {
  const char *format = solarOptionsGet(options, "format");
  if (!format || !*format)
    format = "text";
  bool json = !strcmp(format, "json");
  if (!json && strcmp(format, "text") != 0) {
    solarEmitError(mlirOperationGetLocation(op),
                   "unknown report format '%s' (expected text or json)",
                   format);
    mlirExternalPassSignalFailure(pass);
    return;
  }
  const char *outputPath = solarOptionsGet(options, "output");
  FILE *out = stdout;
  if (outputPath && *outputPath && strcmp(outputPath, "-") != 0 &&
      !(out = fopen(outputPath, "w"))) {
    solarEmitError(mlirOperationGetLocation(op), "cannot write report to '%s'",
                   outputPath);
    mlirExternalPassSignalFailure(pass);
    return;
  }
  const char *atText = solarOptionsGet(options, "at");
  SolarSymBinding at = {0};
  bool haveAt = atText && *atText;
  char atErr[256];
  if (haveAt && !solarSymBindingParse(atText, &at, atErr, sizeof(atErr))) {
    solarEmitError(mlirOperationGetLocation(op), "%s", atErr);
    if (out != stdout)
      fclose(out);
    mlirExternalPassSignalFailure(pass);
    return;
  }
  size_t count = 0;
  MlirOperation *funcs = solarCollectFuncs(op, &count);
  json_t *functions = json_array();
  bool ok = true;
  for (size_t i = 0; i < count; ++i) {
    MlirAttribute symbol = mlirOperationGetAttributeByName(
        funcs[i], mlirStringRefCreateFromCString("sym_name"));
    MlirStringRef nameRef = mlirStringAttrGetValue(symbol);
    char *name = strndup(nameRef.data, nameRef.length);
    MlirAttribute attr = mlirOperationGetAttributeByName(
        funcs[i], mlirStringRefCreateFromCString(SOLAR_SOL_ATTR));
    SolarSol sol;
    char err[256], where[128];
    if (mlirAttributeIsNull(attr)) {
      solarEmitError(mlirOperationGetLocation(funcs[i]),
                     "@%s has no solar.sol attribute: run --solar-sol "
                     "before --solar-report",
                     name);
      ok = false;
    } else if (solarSolIsSymbolic(attr)) {
      double values[MAX_FIGURES] = {0};
      SolarSymSol sym;
      if (!solarSymSolFromAttribute(attr, &sym, err, sizeof(err))) {
        solarEmitError(mlirOperationGetLocation(funcs[i]), "@%s: %s", name,
                       err);
        ok = false;
      } else {
        if (haveAt &&
            !evaluateSymbolic(&sym, &at, values, err, sizeof(err))) {
          solarEmitError(mlirOperationGetLocation(funcs[i]), "@%s: %s", name,
                         err);
          ok = false;
        } else if (json) {
          json_t *entry = symbolicJson(solarDialectAttrOpen(attr, "sol"),
                                       &sym, haveAt ? &at : NULL, values);
          json_object_set_new(entry, "function", json_string(name));
          json_array_append_new(functions, entry);
        } else {
          printSymbolicText(out, name, &sym, haveAt ? &at : NULL, values);
        }
        solarSymSolDestroy(&sym);
      }
    } else if (solarAttrFindNonFinite(solarDialectAttrOpen(attr, "sol"),
                                      where, sizeof(where))) {
      /* JSON has no inf or NaN: jansson would drop the key silently. */
      solarEmitError(mlirOperationGetLocation(funcs[i]),
                     "@%s: solar.sol value '%s' is infinite or NaN; no report "
                     "is written",
                     name, where);
      ok = false;
    } else if (!solarSolFromAttribute(attr, &sol, err, sizeof(err))) {
      solarEmitError(mlirOperationGetLocation(funcs[i]), "@%s: %s", name, err);
      ok = false;
    } else {
      if (json) {
        json_t *entry = dictToJson(solarDialectAttrOpen(attr, "sol"));
        json_object_set_new(entry, "function", json_string(name));
        json_array_append_new(functions, entry);
      } else {
        printText(out, name, &sol);
      }
      solarSolDestroy(&sol);
    }
    free(name);
  }
  if (json && ok) {
    json_t *root = json_object();
    solarJsonSetSchema(root, "solar-report", SOLAR_REPORT_SCHEMA_VERSION);
    /* Kept for readers of the first version. */
    json_object_set_new(root, "schema_version",
                        json_integer(SOLAR_REPORT_SCHEMA_VERSION));
    json_object_set_new(root, "functions", functions);
    json_dumpf(root, out, JSON_INDENT(2) | JSON_SORT_KEYS | SOLAR_JSON_REAL_FLAGS);
    fputc('\n', out);
    json_decref(root);
  } else {
    json_decref(functions);
  }
  fflush(out);
  if (out != stdout)
    fclose(out);
  free(funcs);
  solarSymBindingDestroy(&at);
  if (!ok)
    mlirExternalPassSignalFailure(pass);
}

static const char *const reportOptions[] = {"format", "output", "at", NULL};

const SolarPassInfo solarReportPass = {
    .argument = "solar-report",
    .description = "Print every function's solar.sol as a table (text) or "
                   "JSON",
    .valueOption = "format",
    .optionNames = reportOptions,
    .run = runReport,
};
