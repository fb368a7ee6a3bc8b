/* The SOL stage's contract with its readers: the fidelity and bound names,
 * per-fidelity access to a SolarSol, and reading #solar.sol back. Reports,
 * compare, provision and bench read the struct, never the keys. */
#include "solar/dialect/dialect_attr.h"
#include "solar/sol/sol.h"
#include "solar/sol/sol_symbolic.h"

#include "mlir-c/BuiltinAttributes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct {
  const char *name, *bytesKey, *timeKey;
} fidelities[SOLAR_FIDELITY_COUNT] = {
    [SOLAR_FIDELITY_UNFUSED] = {"unfused", "bytes_unfused", "time_unfused_s"},
    [SOLAR_FIDELITY_FUSED] = {"fused", "bytes_fused", "time_fused_s"},
    [SOLAR_FIDELITY_CACHE] = {"cache", "bytes_cache", "time_cache_s"},
    [SOLAR_FIDELITY_IDEAL] = {"ideal", "bytes_ideal", "time_ideal_s"},
};

static const char *const boundNames[SOLAR_BOUND_COUNT] = {
    [SOLAR_BOUND_COMPUTE] = "compute",
    [SOLAR_BOUND_DRAM] = "dram",
    [SOLAR_BOUND_CACHE] = "cache",
};

static bool validFidelity(SolarFidelity fidelity) {
  return (int)fidelity >= 0 && fidelity < SOLAR_FIDELITY_COUNT;
}

const char *solarFidelityName(SolarFidelity fidelity) {
  return validFidelity(fidelity) ? fidelities[fidelity].name : "?";
}

SolarFidelity solarFidelityFromName(const char *name) {
  for (int f = 0; name && f < SOLAR_FIDELITY_COUNT; ++f)
    if (!strcmp(name, fidelities[f].name))
      return (SolarFidelity)f;
  return SOLAR_FIDELITY_COUNT;
}

const char *solarFidelityBytesKey(SolarFidelity fidelity) {
  return validFidelity(fidelity) ? fidelities[fidelity].bytesKey : "?";
}

const char *solarFidelityTimeKey(SolarFidelity fidelity) {
  return validFidelity(fidelity) ? fidelities[fidelity].timeKey : "?";
}

const char *solarBoundName(SolarBound bound) {
  return (int)bound >= 0 && bound < SOLAR_BOUND_COUNT ? boundNames[bound]
                                                      : "?";
}

bool solarBoundFromName(MlirStringRef name, SolarBound *out) {
  for (int b = 0; b < SOLAR_BOUND_COUNT; ++b)
    if (strlen(boundNames[b]) == name.length &&
        !strncmp(name.data, boundNames[b], name.length)) {
      *out = (SolarBound)b;
      return true;
    }
  return false;
}

double solarSolBytes(const SolarSol *sol, SolarFidelity fidelity) {
  switch (fidelity) {
  case SOLAR_FIDELITY_UNFUSED:
    return sol->bytesUnfused;
  case SOLAR_FIDELITY_FUSED:
    return sol->bytesFused;
  case SOLAR_FIDELITY_CACHE:
    return sol->bytesCache;
  case SOLAR_FIDELITY_IDEAL:
    return sol->bytesIdeal;
  default:
    return 0;
  }
}

double solarSolSeconds(const SolarSol *sol, SolarFidelity fidelity) {
  switch (fidelity) {
  case SOLAR_FIDELITY_UNFUSED:
    return sol->timeUnfused;
  case SOLAR_FIDELITY_FUSED:
    return sol->timeFused;
  case SOLAR_FIDELITY_CACHE:
    return sol->timeCache;
  case SOLAR_FIDELITY_IDEAL:
    return sol->timeIdeal;
  default:
    return 0;
  }
}

SolarBound solarSolBound(const SolarSol *sol, SolarFidelity fidelity) {
  switch (fidelity) {
  case SOLAR_FIDELITY_UNFUSED:
    return sol->boundUnfused;
  case SOLAR_FIDELITY_FUSED:
    return sol->boundFused;
  case SOLAR_FIDELITY_CACHE:
    return sol->boundCache;
  case SOLAR_FIDELITY_IDEAL:
    return sol->boundIdeal;
  default:
    return SOLAR_BOUND_COMPUTE;
  }
}

double solarSolIntensity(const SolarSol *sol, SolarFidelity fidelity) {
  double bytes = solarSolBytes(sol, fidelity);
  return bytes > 0 ? sol->flops / bytes : 0;
}

/* ---- reading #solar.sol --------------------------------------------------- */

static bool getBound(MlirAttribute dict, const char *key, SolarBound *out) {
  MlirStringRef name;
  return solarDictGetString(dict, key, &name) && solarBoundFromName(name, out);
}

static bool getDtypeKey(MlirAttribute dict, const char *key, SolarDtype *out) {
  MlirStringRef ref;
  char name[32];
  if (!solarDictGetString(dict, key, &ref) || ref.length >= sizeof(name))
    return false;
  memcpy(name, ref.data, ref.length);
  name[ref.length] = '\0';
  *out = solarDtypeFromName(name);
  return *out != SOLAR_DTYPE_INVALID;
}

static bool getDtype(MlirAttribute dict, SolarDtype *out) {
  return getDtypeKey(dict, "dtype", out);
}

/* The precision fields (docs/sol-model.md, "Precision"); optional, so that
 * attributes written before them still read. */
static void readNodePrecision(MlirAttribute d, SolarNodeSol *n) {
  if (!getDtypeKey(d, "rate_dtype", &n->rateDtype))
    n->rateDtype = n->dtype;
  if (!getDtypeKey(d, "ir_dtype", &n->accumulateDtype))
    n->accumulateDtype = SOLAR_DTYPE_INVALID;
  n->operandDtype = SOLAR_DTYPE_INVALID;
  n->contractionClass = SOLAR_CONTRACTION_NONE;
  MlirStringRef ref;
  if (solarDictGetString(d, "contraction", &ref))
    for (int c = 0; c < SOLAR_CONTRACTION_CLASS_COUNT; ++c) {
      const char *name = solarContractionClassName((SolarContractionClass)c);
      if (strlen(name) == ref.length && !strncmp(name, ref.data, ref.length))
        n->contractionClass = (SolarContractionClass)c;
    }
  solarDictGetF64(d, "mac_rate_per_s", &n->compute.macRate);
  if (solarDictGetString(d, "precision", &ref))
    snprintf(n->why, sizeof(n->why), "%.*s", (int)ref.length, ref.data);
}

/* fp32_math and the TF32 figures beside an IEEE bound; optional. */
static bool readPolicy(MlirAttribute dict, SolarSol *out) {
  MlirStringRef ref;
  char text[128], err[256];
  out->policy = solarFp32PolicyDefault();
  if (solarDictGetString(dict, "fp32_math", &ref)) {
    if (ref.length >= sizeof(text))
      return false;
    snprintf(text, sizeof(text), "%.*s", (int)ref.length, ref.data);
    if (!solarFp32PolicyParse(text, &out->policy, err, sizeof(err)))
      return false;
  }
  MlirAttribute tf32 = solarDictGet(dict, "tf32");
  if (mlirAttributeIsNull(tf32))
    return true;
  out->haveTf32 =
      mlirAttributeIsADictionary(tf32) &&
      solarDictGetF64(tf32, "compute_s", &out->tf32ComputeSeconds) &&
      solarDictGetF64(tf32, "time_unfused_s", &out->tf32TimeUnfused) &&
      solarDictGetF64(tf32, "time_fused_s", &out->tf32TimeFused) &&
      solarDictGetF64(tf32, "time_cache_s", &out->tf32TimeCache) &&
      solarDictGetF64(tf32, "time_ideal_s", &out->tf32TimeIdeal);
  return out->haveTf32;
}

static bool getUnit(MlirAttribute dict, SolarUnit *out) {
  MlirStringRef ref;
  if (!solarDictGetString(dict, "compute_unit", &ref))
    return false;
  for (int u = SOLAR_UNIT_NONE; u <= SOLAR_UNIT_SFU; ++u) {
    const char *name = solarUnitName((SolarUnit)u);
    if (strlen(name) == ref.length && !strncmp(name, ref.data, ref.length)) {
      *out = (SolarUnit)u;
      return true;
    }
  }
  return false;
}

/* flops_lowered: the as-lowered count; an attribute written before it
 * existed counted only that, so flops stands in for it. */
static void readFlopsLowered(MlirAttribute d, double flops, double *out) {
  if (!solarDictGetF64(d, "flops_lowered", out))
    *out = flops;
}

static bool readNode(MlirAttribute d, SolarNodeSol *n) {
  MlirAttribute tensorCores = solarDictGet(d, "tensor_cores");
  SolarBound bound;
  bool ok = solarDictGetI64(d, "node", &n->node) && getDtype(d, &n->dtype) &&
            solarDictGetF64(d, "flops", &n->flops) &&
            solarDictGetF64(d, "compute_s", &n->compute.seconds) &&
            getUnit(d, &n->compute.limiter) &&
            !mlirAttributeIsNull(tensorCores) &&
            mlirAttributeIsABool(tensorCores) &&
            solarDictGetF64(d, "bytes_unfused", &n->bytes) &&
            solarDictGetF64(d, "time_unfused_s", &n->seconds) &&
            getBound(d, "bound_unfused", &bound);
  if (ok) {
    readFlopsLowered(d, n->flops, &n->flopsLowered);
    n->compute.tensorCores = mlirBoolAttrGetValue(tensorCores);
    n->dramBound = bound == SOLAR_BOUND_DRAM;
    readNodePrecision(d, n);
  }
  return ok;
}

static bool readGroup(MlirAttribute d, SolarGroupSol *g) {
  if (solarDictGetF64(d, "flops", &g->flops))
    readFlopsLowered(d, g->flops, &g->flopsLowered);
  return solarDictGetI64(d, "group", &g->group) &&
         solarDictGetF64(d, "flops", &g->flops) &&
         solarDictGetF64(d, "compute_s", &g->computeSeconds) &&
         solarDictGetF64(d, "bytes_fused", &g->fusedBytes) &&
         solarDictGetF64(d, "time_fused_s", &g->fusedSeconds) &&
         getBound(d, "bound_fused", &g->fusedBound) &&
         solarDictGetF64(d, "bytes_cache", &g->cacheBytes) &&
         solarDictGetF64(d, "bytes_cache_inner", &g->innerBytes) &&
         solarDictGetF64(d, "time_cache_s", &g->cacheSeconds) &&
         getBound(d, "bound_cache", &g->cacheBound);
}

/* An array of dictionaries into a fresh array of `size`-byte items. */
static bool readArray(MlirAttribute dict, const char *key, size_t size,
                      bool (*read)(MlirAttribute, void *), void **items,
                      size_t *count) {
  MlirAttribute array = solarDictGet(dict, key);
  if (mlirAttributeIsNull(array))
    return true;
  if (!mlirAttributeIsAArray(array))
    return false;
  *count = (size_t)mlirArrayAttrGetNumElements(array);
  char *out = calloc(*count ? *count : 1, size);
  if (!out)
    abort();
  *items = out;
  for (size_t i = 0; i < *count; ++i)
    if (!read(mlirArrayAttrGetElement(array, (intptr_t)i), out + i * size))
      return false;
  return true;
}

static bool readNodeItem(MlirAttribute d, void *item) {
  return readNode(d, item);
}

static bool readGroupItem(MlirAttribute d, void *item) {
  return readGroup(d, item);
}

static bool readOps(MlirAttribute dict, SolarOpCounts *ops) {
  MlirAttribute d = solarDictGet(dict, "ops");
  if (mlirAttributeIsNull(d) || !mlirAttributeIsADictionary(d))
    return false;
  for (int c = 0; c < SOLAR_OP_CLASS_COUNT; ++c)
    if (!solarDictGetI64(d, solarOpClassName((SolarOpClass)c),
                         &ops->counts[c]))
      return false;
  return true;
}

static bool readTop(MlirAttribute dict, SolarSol *out) {
  MlirStringRef arch;
  int64_t groups;
  if (!solarDictGetString(dict, "arch", &arch) || !getDtype(dict, &out->dtype))
    return false;
  out->arch = strndup(arch.data, arch.length);
  if (solarDictGetF64(dict, "flops", &out->flops))
    readFlopsLowered(dict, out->flops, &out->flopsLowered);
  bool ok = solarDictGetF64(dict, "flops", &out->flops) &&
            readOps(dict, &out->ops) &&
            solarDictGetF64(dict, "compute_s", &out->computeSeconds) &&
            solarDictGetF64(dict, "bytes_unfused", &out->bytesUnfused) &&
            solarDictGetF64(dict, "bytes_fused", &out->bytesFused) &&
            solarDictGetF64(dict, "bytes_cache", &out->bytesCache) &&
            solarDictGetF64(dict, "bytes_ideal", &out->bytesIdeal) &&
            solarDictGetF64(dict, "time_unfused_s", &out->timeUnfused) &&
            solarDictGetF64(dict, "time_fused_s", &out->timeFused) &&
            solarDictGetF64(dict, "time_cache_s", &out->timeCache) &&
            solarDictGetF64(dict, "time_ideal_s", &out->timeIdeal) &&
            solarDictGetF64(dict, "ridge_flop_per_byte",
                            &out->ridgeFlopPerByte) &&
            getBound(dict, "bound", &out->boundCache) &&
            getBound(dict, "bound_unfused", &out->boundUnfused) &&
            getBound(dict, "bound_fused", &out->boundFused) &&
            getBound(dict, "bound_ideal", &out->boundIdeal) &&
            solarDictGetI64(dict, "groups", &groups) && groups >= 0 &&
            readPolicy(dict, out);
  if (ok)
    out->groupCount = (size_t)groups;
  /* Written since framework-op kernels; older attributes: one per node. */
  if (ok && !solarDictGetI64(dict, "kernels_unfused", &out->kernelsUnfused))
    out->kernelsUnfused = -1;
  return ok;
}

bool solarSolFromAttribute(MlirAttribute attr, SolarSol *out, char *err,
                           size_t errSize) {
  memset(out, 0, sizeof(*out));
  if (!mlirAttributeIsNull(attr) && solarSolIsSymbolic(attr)) {
    snprintf(err, errSize,
             "solar.sol holds symbolic figures (the sizes are not known); "
             "this needs numbers: give the sizes with --solar-bind-shapes, "
             "then --canonicalize, or evaluate with solar-report at=SIZES");
    return false;
  }
  MlirAttribute dict =
      mlirAttributeIsNull(attr) ? attr : solarDialectAttrOpen(attr, "sol");
  bool ok = !mlirAttributeIsNull(dict) && readTop(dict, out);
  size_t groupCount = 0;
  ok = ok &&
       readArray(dict, "node_detail", sizeof(SolarNodeSol), readNodeItem,
                 (void **)&out->nodes, &out->nodeCount) &&
       readArray(dict, "group_detail", sizeof(SolarGroupSol), readGroupItem,
                 (void **)&out->groups, &groupCount) &&
       (!out->groups || groupCount == out->groupCount);
  if (!ok) {
    snprintf(err, errSize, "solar.sol is not a well-formed #solar.sol "
                           "attribute (see docs/user-guide.md)");
    solarSolDestroy(out);
  }
  return ok;
}
