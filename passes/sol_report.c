/* solar-report: prints the solar.sol attributes of every function as a
 * readable table (format=text) or JSON (format=json, schema in
 * docs/user-guide.md), to stdout or to the file named by `output`. It reads
 * solar.sol only: run solar-sol before it. */
#include "solar/support/diagnostics.h"
#include "solar/dialect/dialect_attr.h"
#include "solar/passes/passes.h"
#include "solar/passes/stage.h"

#include "mlir-c/BuiltinAttributes.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SOLAR_REPORT_SCHEMA_VERSION 1

static const char *const fidelities[] = {"unfused", "fused", "cache", "ideal"};
static const char *const fidelityTitles[] = {"unfused", "fused", "cache-aware",
                                             "ideal (fully fused)"};

static double number(MlirAttribute dict, const char *name) {
  double value = 0;
  solarDictGetF64(dict, name, &value);
  return value;
}

static const char *text(MlirAttribute dict, const char *name, char *buf,
                        size_t size) {
  MlirStringRef ref;
  if (!solarDictGetString(dict, name, &ref))
    ref = mlirStringRefCreateFromCString("?");
  snprintf(buf, size, "%.*s", (int)ref.length, ref.data);
  return buf;
}

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
static void printPrecision(FILE *out, MlirAttribute sol) {
  char policy[128], when[32], why[256], unit[32];
  fprintf(out, "  fp32 math: %s", text(sol, "fp32_math", policy, sizeof(policy)));
  MlirAttribute tf32 = solarDictGet(sol, "tf32");
  if (!mlirAttributeIsNull(tf32)) {
    formatSeconds(number(tf32, "time_cache_s"), when, sizeof(when));
    fprintf(out, " (with fp32 contractions on TF32 tensor cores: cache-aware %s)",
            when);
  }
  fputc('\n', out);
  MlirAttribute nodes = solarDictGet(sol, "node_detail");
  if (mlirAttributeIsNull(nodes) || !mlirAttributeIsAArray(nodes))
    return;
  for (intptr_t i = 0; i < mlirArrayAttrGetNumElements(nodes); ++i) {
    MlirAttribute node = mlirArrayAttrGetElement(nodes, i);
    fprintf(out, "  node %.0f: %s", number(node, "node"),
            text(node, "precision", why, sizeof(why)));
    if (strcmp(text(node, "contraction", unit, sizeof(unit)), "none") != 0)
      fprintf(out, " (%.4g MAC/s)", number(node, "mac_rate_per_s"));
    fputc('\n', out);
  }
}

static void printText(FILE *out, const char *function, MlirAttribute sol) {
  char arch[128], dtype[32], bound[32], key[64], when[32];
  fprintf(out, "SOL of @%s on %s (%s)\n", function,
          text(sol, "arch", arch, sizeof(arch)),
          text(sol, "dtype", dtype, sizeof(dtype)));
  formatSeconds(number(sol, "compute_s"), when, sizeof(when));
  fprintf(out, "  flops %.0f   compute %s   fusion groups %.0f   ridge %.3g flop/B\n",
          number(sol, "flops"), when, number(sol, "groups"),
          number(sol, "ridge_flop_per_byte"));
  fprintf(out, "  %-20s %14s %14s %-8s %10s\n", "fidelity", "DRAM bytes",
          "time", "bound", "flop/B");
  for (size_t i = 0; i < 4; ++i) {
    snprintf(key, sizeof(key), "time_%s_s", fidelities[i]);
    formatSeconds(number(sol, key), when, sizeof(when));
    snprintf(key, sizeof(key), "bound_%s", fidelities[i]);
    if (!strcmp(fidelities[i], "cache"))
      snprintf(key, sizeof(key), "bound");
    text(sol, key, bound, sizeof(bound));
    snprintf(key, sizeof(key), "bytes_%s", fidelities[i]);
    double bytes = number(sol, key);
    fprintf(out, "  %-20s %14.0f %14s %-8s %10.3g\n", fidelityTitles[i], bytes,
            when, bound, bytes > 0 ? number(sol, "flops") / bytes : 0);
  }
  printPrecision(out, sol);
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
  size_t count = 0;
  MlirOperation *funcs = solarCollectFuncs(op, &count);
  json_t *functions = json_array();
  bool ok = true;
  for (size_t i = 0; i < count; ++i) {
    MlirAttribute symbol = mlirOperationGetAttributeByName(
        funcs[i], mlirStringRefCreateFromCString("sym_name"));
    MlirStringRef nameRef = mlirStringAttrGetValue(symbol);
    char *name = strndup(nameRef.data, nameRef.length);
    MlirAttribute sol = solarDialectAttrOpen(
        mlirOperationGetAttributeByName(
            funcs[i], mlirStringRefCreateFromCString(SOLAR_SOL_ATTR)),
        "sol");
    if (mlirAttributeIsNull(sol)) {
      solarEmitError(mlirOperationGetLocation(funcs[i]),
                     "@%s has no solar.sol attribute: run --solar-sol "
                     "before --solar-report",
                     name);
      ok = false;
    } else if (json) {
      json_t *entry = dictToJson(sol);
      json_object_set_new(entry, "function", json_string(name));
      json_array_append_new(functions, entry);
    } else {
      printText(out, name, sol);
    }
    free(name);
  }
  if (json && ok) {
    json_t *root = json_object();
    json_object_set_new(root, "schema_version",
                        json_integer(SOLAR_REPORT_SCHEMA_VERSION));
    json_object_set_new(root, "functions", functions);
    json_dumpf(root, out, JSON_INDENT(2) | JSON_SORT_KEYS | JSON_REAL_PRECISION(15));
    fputc('\n', out);
    json_decref(root);
  } else {
    json_decref(functions);
  }
  fflush(out);
  if (out != stdout)
    fclose(out);
  free(funcs);
  if (!ok)
    mlirExternalPassSignalFailure(pass);
}

static const char *const reportOptions[] = {"format", "output", NULL};

const SolarPassInfo solarReportPass = {
    .argument = "solar-report",
    .description = "Print every function's solar.sol as a table (text) or "
                   "JSON",
    .valueOption = "format",
    .optionNames = reportOptions,
    .run = runReport,
};
