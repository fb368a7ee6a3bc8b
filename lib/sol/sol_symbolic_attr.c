/* The symbolic #solar.sol (include/solar/sol/sol_symbolic.h): writing it,
 * and the typed reader every consumer uses (solar-report, the fuzzer). Its
 * per-fidelity keys come from the fidelity table (sol_contract.c). */
#include "solar/dialect/dialect_attr.h"
#include "solar/sol/sol_symbolic.h"

#include "mlir-c/BuiltinAttributes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FLOPS_KEY "flops"
#define COMPUTE_KEY "compute_s"
#define CACHE_EXPR_KEY "cache_expr"
#define FUSED_GROUPING_KEY "fused_grouping"

void solarSymSolFigureKey(const char *key, char *buf, size_t size) {
  snprintf(buf, size, "%s_expr", key);
}

#define CACHE_NEEDS_SIZES                                                      \
  "needs bound sizes: its I/O lower bounds (sqrt of the capacity, "            \
  "fractional-cover exponents, a tiling search) are no polynomials in "        \
  "the sizes; bind them with --solar-bind-shapes"
#define FUSED_GROUPING                                                         \
  "capacity never binds: every producer-consumer merge that keeps the "        \
  "groups convex is made (docs/sol-model.md, Symbolic sizes)"

MlirAttribute solarSymSolToAttribute(MlirContext ctx, const SolarSymSol *sol) {
  SolarDictBuilder b;
  solarDictBuilderInit(&b, ctx);
  solarDictAddString(&b, "arch", sol->arch);
  solarDictAddString(&b, "dtype", solarDtypeName(sol->dtype));
  solarDictAddBool(&b, "symbolic", true);
  MlirAttribute *params =
      malloc((sol->paramCount ? sol->paramCount : 1) * sizeof(MlirAttribute));
  for (size_t p = 0; p < sol->paramCount; ++p) {
    SolarDictBuilder e;
    solarDictBuilderInit(&e, ctx);
    solarDictAddString(&e, "name", sol->params[p]);
    if (sol->paramSources[p])
      solarDictAddString(&e, "source", sol->paramSources[p]);
    params[p] = solarDictBuilderFinish(&e);
  }
  solarDictAdd(&b, "parameters",
               mlirArrayAttrGet(ctx, (intptr_t)sol->paramCount, params));
  free(params);
  solarDictAddString(&b, FLOPS_KEY "_expr", sol->flops);
  solarDictAddString(&b, COMPUTE_KEY "_expr", sol->compute);
  char key[64];
  for (int f = 0; f < SOLAR_FIDELITY_COUNT; ++f) {
    if (!sol->bytes[f])
      continue;
    solarSymSolFigureKey(solarFidelityBytesKey(f), key, sizeof(key));
    solarDictAddString(&b, key, sol->bytes[f]);
    solarSymSolFigureKey(solarFidelityTimeKey(f), key, sizeof(key));
    solarDictAddString(&b, key, sol->time[f]);
  }
  solarDictAddString(&b, CACHE_EXPR_KEY, CACHE_NEEDS_SIZES);
  solarDictAddString(&b, FUSED_GROUPING_KEY, FUSED_GROUPING);
  solarDictAddI64(&b, "groups", sol->groups);
  solarDictAddI64(&b, "kernels_unfused", sol->kernelsUnfused);
  char policy[96];
  solarFp32PolicyFormat(&sol->policy, policy, sizeof(policy));
  solarDictAddString(&b, "fp32_math", policy);
  return solarDialectAttrWrap(ctx, "sol", solarDictBuilderFinish(&b));
}

bool solarSolIsSymbolic(MlirAttribute attr) {
  MlirAttribute dict = solarDialectAttrOpen(attr, "sol");
  if (mlirAttributeIsNull(dict) || !mlirAttributeIsADictionary(dict))
    return false;
  MlirAttribute flag = mlirDictionaryAttrGetElementByName(
      dict, mlirStringRefCreateFromCString("symbolic"));
  return !mlirAttributeIsNull(flag) && mlirAttributeIsABool(flag) &&
         mlirBoolAttrGetValue(flag);
}

/* ---- reading ------------------------------------------------------------ */

/* A string field as an owned copy; false when absent or not a string. */
static bool getString(MlirAttribute dict, const char *key, char **out) {
  MlirStringRef ref;
  if (!solarDictGetString(dict, key, &ref))
    return false;
  *out = strndup(ref.data, ref.length);
  return true;
}

static bool readParams(MlirAttribute dict, SolarSymSol *out) {
  MlirAttribute params = solarDictGet(dict, "parameters");
  if (mlirAttributeIsNull(params) || !mlirAttributeIsAArray(params))
    return false;
  size_t count = (size_t)mlirArrayAttrGetNumElements(params);
  out->params = calloc(count + 1, sizeof(char *));
  out->paramSources = calloc(count + 1, sizeof(char *));
  for (size_t p = 0; p < count; ++p) {
    MlirAttribute entry = mlirArrayAttrGetElement(params, (intptr_t)p);
    if (!mlirAttributeIsADictionary(entry) ||
        !getString(entry, "name", &out->params[p]))
      return false;
    out->paramCount = p + 1;
    getString(entry, "source", &out->paramSources[p]);
  }
  return true;
}

bool solarSymSolFromAttribute(MlirAttribute attr, SolarSymSol *out, char *err,
                              size_t errSize) {
  memset(out, 0, sizeof(*out));
  out->policy = solarFp32PolicyDefault();
  if (mlirAttributeIsNull(attr) || !solarSolIsSymbolic(attr)) {
    snprintf(err, errSize, "solar.sol holds no symbolic figures");
    return false;
  }
  MlirAttribute dict = solarDialectAttrOpen(attr, "sol");
  char *arch = NULL, *dtype = NULL, key[64];
  /* The first missing field is named, in this order. */
  const char *missing = NULL;
  if (!getString(dict, "arch", &arch))
    missing = "arch";
  else if (!getString(dict, "dtype", &dtype))
    missing = "dtype";
  else if (!getString(dict, CACHE_EXPR_KEY, &out->cacheExpr))
    missing = CACHE_EXPR_KEY;
  else if (!getString(dict, FUSED_GROUPING_KEY, &out->fusedGrouping))
    missing = FUSED_GROUPING_KEY;
  else if (!getString(dict, FLOPS_KEY "_expr", &out->flops))
    missing = FLOPS_KEY "_expr";
  else if (!getString(dict, COMPUTE_KEY "_expr", &out->compute))
    missing = COMPUTE_KEY "_expr";
  for (int f = 0; f < SOLAR_FIDELITY_COUNT && !missing; ++f) {
    if (!solarFidelityIsSymbolic(f))
      continue;
    solarSymSolFigureKey(solarFidelityBytesKey(f), key, sizeof(key));
    if (!getString(dict, key, &out->bytes[f])) {
      missing = key;
      break;
    }
    solarSymSolFigureKey(solarFidelityTimeKey(f), key, sizeof(key));
    if (!getString(dict, key, &out->time[f]))
      missing = key;
  }
  out->arch = arch;
  out->dtype = dtype ? solarDtypeFromName(dtype) : SOLAR_DTYPE_INVALID;
  free(dtype);
  if (missing) {
    snprintf(err, errSize, "symbolic solar.sol has no string field '%s'",
             missing);
    solarSymSolDestroy(out);
    return false;
  }
  MlirStringRef policy;
  char text[128], why[256];
  bool ok = readParams(dict, out);
  if (ok && solarDictGetString(dict, "fp32_math", &policy)) {
    snprintf(text, sizeof(text), "%.*s", (int)policy.length, policy.data);
    ok = policy.length < sizeof(text) &&
         solarFp32PolicyParse(text, &out->policy, why, sizeof(why));
  }
  /* Counts of the fusion: optional (hand-written attributes omit them). */
  if (!solarDictGetI64(dict, "groups", &out->groups))
    out->groups = -1;
  if (!solarDictGetI64(dict, "kernels_unfused", &out->kernelsUnfused))
    out->kernelsUnfused = -1;
  if (!ok) {
    snprintf(err, errSize, "symbolic solar.sol has malformed parameters or "
                           "fp32_math (see docs/user-guide.md)");
    solarSymSolDestroy(out);
  }
  return ok;
}
