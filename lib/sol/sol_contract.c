/* The SOL stage's contract with its readers: the fidelity table and the
 * bound names, per-fidelity access to a SolarSol, and writing and reading
 * #solar.sol. Reports, compare, provision and bench read the struct, never
 * the keys. */
#include "solar/dialect/dialect_attr.h"
#include "solar/sol/sol.h"
#include "solar/sol/sol_symbolic.h"

#include "mlir-c/BuiltinAttributes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The one fidelity table: every key, title and reader/writer loop comes
 * from here (test/Unit/sol_fidelity.c walks it). */
static const struct {
  const char *name, *title, *bytesKey, *timeKey, *boundKey, *solBoundKey,
      *intensityKey;
  bool symbolic;
} fidelities[SOLAR_FIDELITY_COUNT] = {
    [SOLAR_FIDELITY_UNFUSED] = {"unfused", "unfused", "bytes_unfused",
                                "time_unfused_s", "bound_unfused",
                                "bound_unfused", "intensity_unfused", true},
    [SOLAR_FIDELITY_FUSED] = {"fused", "fused", "bytes_fused", "time_fused_s",
                              "bound_fused", "bound_fused", "intensity_fused",
                              true},
    /* The cache-aware bound is the function's headline: plain "bound". */
    [SOLAR_FIDELITY_CACHE] = {"cache", "cache-aware", "bytes_cache",
                              "time_cache_s", "bound_cache", "bound",
                              "intensity_cache", false},
    [SOLAR_FIDELITY_IDEAL] = {"ideal", "ideal (fully fused)", "bytes_ideal",
                              "time_ideal_s", "bound_ideal", "bound_ideal",
                              NULL, true},
};

static const char *const boundNames[SOLAR_BOUND_COUNT] = {
    [SOLAR_BOUND_COMPUTE] = "compute",
    [SOLAR_BOUND_DRAM] = "dram",
    [SOLAR_BOUND_CACHE] = "cache",
    [SOLAR_BOUND_LAUNCH] = "launch",
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

const char *solarFidelityDramKey(SolarFidelity fidelity) {
  return fidelity == SOLAR_FIDELITY_UNFUSED ? "bytes_unfused_dram"
         : fidelity == SOLAR_FIDELITY_FUSED ? "bytes_fused_dram"
                                            : NULL;
}

const char *solarFidelityBytesKey(SolarFidelity fidelity) {
  return validFidelity(fidelity) ? fidelities[fidelity].bytesKey : "?";
}

const char *solarFidelityTimeKey(SolarFidelity fidelity) {
  return validFidelity(fidelity) ? fidelities[fidelity].timeKey : "?";
}

const char *solarFidelityBoundKey(SolarFidelity fidelity) {
  return validFidelity(fidelity) ? fidelities[fidelity].boundKey : "?";
}

const char *solarFidelitySolBoundKey(SolarFidelity fidelity) {
  return validFidelity(fidelity) ? fidelities[fidelity].solBoundKey : "?";
}

const char *solarFidelityIntensityKey(SolarFidelity fidelity) {
  return validFidelity(fidelity) ? fidelities[fidelity].intensityKey : NULL;
}

bool solarFidelityIsSymbolic(SolarFidelity fidelity) {
  return validFidelity(fidelity) && fidelities[fidelity].symbolic;
}

const char *solarFidelityTitle(SolarFidelity fidelity) {
  return validFidelity(fidelity) ? fidelities[fidelity].title : "?";
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
  return validFidelity(fidelity) ? sol->bytes[fidelity] : 0;
}

double solarSolSeconds(const SolarSol *sol, SolarFidelity fidelity) {
  return validFidelity(fidelity) ? sol->seconds[fidelity] : 0;
}

SolarBound solarSolBound(const SolarSol *sol, SolarFidelity fidelity) {
  return validFidelity(fidelity) ? sol->bound[fidelity] : SOLAR_BOUND_COMPUTE;
}

double solarSolIntensity(const SolarSol *sol, SolarFidelity fidelity) {
  double bytes = solarSolBytes(sol, fidelity);
  return bytes > 0 ? sol->flops / bytes : 0;
}

/* ---- #solar.sol: reading, then writing ------------------------------------ */

/* Short names for the detail's fixed fidelities (a node's is unfused, a
 * group's fused and cache-aware). */
#define UNFUSED SOLAR_FIDELITY_UNFUSED
#define FUSED SOLAR_FIDELITY_FUSED
#define CACHE SOLAR_FIDELITY_CACHE
/* The L2 -> SM lower bound of a group, beside its DRAM bytes_cache. */
#define GROUP_INNER_BYTES_KEY "bytes_cache_inner"
/* The dependent-launch gaps (docs/sol-model.md, "Launch gaps"): the
 * hardware file's gap, the unfused figure's gaps (a group's: those between
 * two of its kernels) and those between groups. Written only when the file
 * states a gap, so attributes without one read as 0. */
#define LAUNCH_GAP_KEY "launch_gap_s"
#define LAUNCH_GAPS_KEY "launch_gaps"
#define LAUNCH_TIME_KEY "time_unfused_launch_s"
#define LAUNCH_BETWEEN_KEY "time_unfused_launch_between_groups_s"
/* SolarGroupSol.unfusedComponent, when not the group's own id. */
#define UNFUSED_COMPONENT_KEY "unfused_component"

static bool getBound(MlirAttribute dict, const char *key, SolarBound *out) {
  MlirStringRef name;
  return solarDictGetString(dict, key, &name) && solarBoundFromName(name, out);
}

static bool getDtypeKey(MlirAttribute dict, const char *key, SolarDtype *out) {
  MlirStringRef ref;
  char name[32];
  if (!solarDictGetString(dict, key, &ref) || ref.length >= sizeof(name))
    return false;
  if (ref.length) /* an empty StringRef may carry no data pointer */
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
      solarDictGetF64(tf32, "compute_s", &out->tf32ComputeSeconds);
  for (int f = 0; f < SOLAR_FIDELITY_COUNT && out->haveTf32; ++f)
    out->haveTf32 =
        solarDictGetF64(tf32, solarFidelityTimeKey(f), &out->tf32Seconds[f]);
  return out->haveTf32;
}

static bool getUnit(MlirAttribute dict, SolarUnit *out) {
  MlirStringRef ref;
  if (!solarDictGetString(dict, "compute_unit", &ref))
    return false;
  *out = solarUnitFromName(ref.data, ref.length);
  return *out != SOLAR_UNIT_COUNT;
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
            solarDictGetF64(d, solarFidelityBytesKey(UNFUSED), &n->bytes) &&
            solarDictGetF64(d, solarFidelityTimeKey(UNFUSED), &n->seconds) &&
            getBound(d, solarFidelityBoundKey(UNFUSED), &bound);
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
  /* Attributes written before groups carried their unfused kernels: the
   * fused time, which claims no fusion saving. */
  if (!solarDictGetF64(d, solarFidelityTimeKey(UNFUSED), &g->unfusedSeconds) &&
      !solarDictGetF64(d, solarFidelityTimeKey(FUSED), &g->unfusedSeconds))
    g->unfusedSeconds = 0;
  if (!solarDictGetF64(d, LAUNCH_TIME_KEY, &g->launchSeconds))
    g->launchSeconds = 0;
  /* Written only for a group sharing a kernel with another. */
  if (!solarDictGetI64(d, UNFUSED_COMPONENT_KEY, &g->unfusedComponent) &&
      !solarDictGetI64(d, "group", &g->unfusedComponent))
    g->unfusedComponent = -1;
  /* Older attributes name no roof: the CUDA-core FMA roof of fp32. */
  MlirStringRef ref;
  g->roofUnit = solarDictGetString(d, "roof_unit", &ref)
                    ? solarUnitFromName(ref.data, ref.length)
                    : SOLAR_UNIT_VECTOR_FMA;
  if (g->roofUnit == SOLAR_UNIT_COUNT)
    g->roofUnit = SOLAR_UNIT_VECTOR_FMA;
  g->roofDtype = SOLAR_DTYPE_FP32;
  if (!getDtypeKey(d, "roof_dtype", &g->roofDtype))
    g->roofDtype = SOLAR_DTYPE_FP32;
  return solarDictGetI64(d, "group", &g->group) &&
         solarDictGetF64(d, "flops", &g->flops) &&
         solarDictGetF64(d, "compute_s", &g->computeSeconds) &&
         solarDictGetF64(d, solarFidelityBytesKey(FUSED), &g->fusedBytes) &&
         solarDictGetF64(d, solarFidelityTimeKey(FUSED), &g->fusedSeconds) &&
         getBound(d, solarFidelityBoundKey(FUSED), &g->fusedBound) &&
         solarDictGetF64(d, solarFidelityBytesKey(CACHE), &g->cacheBytes) &&
         solarDictGetF64(d, GROUP_INNER_BYTES_KEY, &g->innerBytes) &&
         solarDictGetF64(d, solarFidelityTimeKey(CACHE), &g->cacheSeconds) &&
         getBound(d, solarFidelityBoundKey(CACHE), &g->cacheBound);
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

static bool readKernel(MlirAttribute d, SolarKernelSol *k) {
  MlirStringRef op;
  if (solarDictGetString(d, "framework_op", &op))
    k->frameworkOp = strndup(op.data, op.length);
  return solarDictGetI64(d, "first_node", &k->firstNode) &&
         solarDictGetI64(d, "nodes", &k->nodeCount) &&
         solarDictGetF64(d, "flops", &k->flops) &&
         solarDictGetF64(d, solarFidelityBytesKey(UNFUSED), &k->bytes) &&
         solarDictGetF64(d, "compute_s", &k->computeSeconds) &&
         solarDictGetF64(d, solarFidelityTimeKey(UNFUSED), &k->seconds) &&
         getBound(d, solarFidelityBoundKey(UNFUSED), &k->bound) &&
         solarDictGetF64(d, "time_warm_s", &k->warmSeconds) &&
         getBound(d, "bound_warm", &k->warmBound) &&
         solarDictGetI64(d, "largest_input_elements",
                         &k->largestInputElements) &&
         solarDictGetI64(d, "largest_input_footprint",
                         &k->largestInputFootprint);
}

static bool readKernelItem(MlirAttribute d, void *item) {
  return readKernel(d, item);
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

/* `partial = true` with the `skipped` strings; both absent when complete. */
static bool readPartial(MlirAttribute dict, SolarSol *out) {
  MlirAttribute partial = solarDictGet(dict, "partial");
  if (mlirAttributeIsNull(partial))
    return true;
  MlirAttribute skipped = solarDictGet(dict, "skipped");
  if (!mlirAttributeIsABool(partial) || !mlirBoolAttrGetValue(partial) ||
      mlirAttributeIsNull(skipped) || !mlirAttributeIsAArray(skipped))
    return false;
  out->partial = true;
  out->skippedCount = (size_t)mlirArrayAttrGetNumElements(skipped);
  out->skipped = calloc(out->skippedCount ? out->skippedCount : 1,
                        sizeof(char *));
  for (size_t i = 0; i < out->skippedCount; ++i) {
    MlirAttribute e = mlirArrayAttrGetElement(skipped, (intptr_t)i);
    if (!mlirAttributeIsAString(e))
      return false;
    MlirStringRef s = mlirStringAttrGetValue(e);
    out->skipped[i] = strndup(s.data, s.length);
  }
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
            solarDictGetF64(dict, "ridge_flop_per_byte",
                            &out->ridgeFlopPerByte) &&
            solarDictGetI64(dict, "groups", &groups) && groups >= 0 &&
            readPolicy(dict, out);
  for (int f = 0; f < SOLAR_FIDELITY_COUNT && ok; ++f)
    ok = solarDictGetF64(dict, solarFidelityBytesKey(f), &out->bytes[f]) &&
         solarDictGetF64(dict, solarFidelityTimeKey(f), &out->seconds[f]) &&
         getBound(dict, solarFidelitySolBoundKey(f), &out->bound[f]);
  /* Written since last-level-cache residency; older attributes: 0. */
  for (int f = 0; f < SOLAR_FIDELITY_COUNT && ok; ++f)
    if (solarFidelityDramKey(f) &&
        !solarDictGetF64(dict, solarFidelityDramKey(f), &out->bytesDram[f]))
      out->bytesDram[f] = 0;
  if (ok)
    out->groupCount = (size_t)groups;
  /* Written since framework-op kernels; older attributes: one per node. */
  if (ok && !solarDictGetI64(dict, "kernels_unfused", &out->kernelsUnfused))
    out->kernelsUnfused = -1;
  double *launch[] = {&out->launchGapSeconds, &out->launchSeconds,
                      &out->launchBetweenGroupsSeconds};
  const char *launchKeys[] = {LAUNCH_GAP_KEY, LAUNCH_TIME_KEY,
                              LAUNCH_BETWEEN_KEY};
  for (size_t i = 0; i < 3; ++i)
    if (!solarDictGetF64(dict, launchKeys[i], launch[i]))
      *launch[i] = 0;
  if (!solarDictGetI64(dict, LAUNCH_GAPS_KEY, &out->launchGaps))
    out->launchGaps = 0;
  return ok && readPartial(dict, out);
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
       readArray(dict, "kernel_detail", sizeof(SolarKernelSol),
                 readKernelItem, (void **)&out->kernels, &out->kernelCount) &&
       (!out->groups || groupCount == out->groupCount);
  if (!ok) {
    snprintf(err, errSize, "solar.sol is not a well-formed #solar.sol "
                           "attribute (see docs/user-guide.md)");
    solarSolDestroy(out);
  }
  return ok;
}

/* ---- writing ---------------------------------------------------------- */

static MlirAttribute opsAttribute(MlirContext ctx, const SolarOpCounts *ops) {
  SolarDictBuilder b;
  solarDictBuilderInit(&b, ctx);
  for (int c = 0; c < SOLAR_OP_CLASS_COUNT; ++c)
    solarDictAddI64(&b, solarOpClassName((SolarOpClass)c), ops->counts[c]);
  return solarDictBuilderFinish(&b);
}

static MlirAttribute nodeAttribute(MlirContext ctx, const SolarNodeSol *n) {
  SolarDictBuilder b;
  solarDictBuilderInit(&b, ctx);
  solarDictAddI64(&b, "node", n->node);
  solarDictAddString(&b, "dtype", solarDtypeName(n->dtype));
  solarDictAddString(&b, "rate_dtype", solarDtypeName(n->rateDtype));
  if (n->accumulateDtype != SOLAR_DTYPE_INVALID)
    solarDictAddString(&b, "ir_dtype",
                       solarDtypeName(n->accumulateDtype));
  solarDictAddString(&b, "contraction",
                     solarContractionClassName(n->contractionClass));
  solarDictAddF64(&b, "mac_rate_per_s", n->compute.macRate);
  solarDictAddString(&b, "precision", n->why);
  solarDictAddNumber(&b, "flops", n->flops);
  solarDictAddNumber(&b, "flops_lowered", n->flopsLowered);
  solarDictAddF64(&b, "compute_s", n->compute.seconds);
  solarDictAddString(&b, "compute_unit", solarUnitName(n->compute.limiter));
  solarDictAddBool(&b, "tensor_cores", n->compute.tensorCores);
  solarDictAddNumber(&b, solarFidelityBytesKey(UNFUSED), n->bytes);
  solarDictAddF64(&b, solarFidelityTimeKey(UNFUSED), n->seconds);
  solarDictAddString(&b, solarFidelityBoundKey(UNFUSED),
                     solarBoundName(n->dramBound ? SOLAR_BOUND_DRAM
                                                 : SOLAR_BOUND_COMPUTE));
  solarDictAddF64(&b, solarFidelityIntensityKey(UNFUSED),
                  n->bytes > 0 ? n->flops / n->bytes : 0);
  return solarDictBuilderFinish(&b);
}

static MlirAttribute groupAttribute(MlirContext ctx, const SolarGroupSol *g) {
  SolarDictBuilder b;
  solarDictBuilderInit(&b, ctx);
  solarDictAddI64(&b, "group", g->group);
  solarDictAddNumber(&b, "flops", g->flops);
  solarDictAddNumber(&b, "flops_lowered", g->flopsLowered);
  solarDictAddF64(&b, "compute_s", g->computeSeconds);
  solarDictAddF64(&b, solarFidelityTimeKey(UNFUSED), g->unfusedSeconds);
  if (g->launchSeconds > 0)
    solarDictAddF64(&b, LAUNCH_TIME_KEY, g->launchSeconds);
  if (g->unfusedComponent != g->group)
    solarDictAddI64(&b, UNFUSED_COMPONENT_KEY, g->unfusedComponent);
  solarDictAddString(&b, "roof_unit", solarUnitName(g->roofUnit));
  solarDictAddString(&b, "roof_dtype", solarDtypeName(g->roofDtype));
  solarDictAddNumber(&b, solarFidelityBytesKey(FUSED), g->fusedBytes);
  solarDictAddF64(&b, solarFidelityTimeKey(FUSED), g->fusedSeconds);
  solarDictAddString(&b, solarFidelityBoundKey(FUSED),
                     solarBoundName(g->fusedBound));
  solarDictAddNumber(&b, solarFidelityBytesKey(CACHE), g->cacheBytes);
  solarDictAddNumber(&b, GROUP_INNER_BYTES_KEY, g->innerBytes);
  solarDictAddF64(&b, solarFidelityTimeKey(CACHE), g->cacheSeconds);
  solarDictAddString(&b, solarFidelityBoundKey(CACHE),
                     solarBoundName(g->cacheBound));
  return solarDictBuilderFinish(&b);
}

static MlirAttribute kernelAttribute(MlirContext ctx,
                                     const SolarKernelSol *k) {
  SolarDictBuilder b;
  solarDictBuilderInit(&b, ctx);
  if (k->frameworkOp)
    solarDictAddString(&b, "framework_op", k->frameworkOp);
  solarDictAddI64(&b, "first_node", k->firstNode);
  solarDictAddI64(&b, "nodes", k->nodeCount);
  solarDictAddNumber(&b, "flops", k->flops);
  solarDictAddNumber(&b, solarFidelityBytesKey(UNFUSED), k->bytes);
  solarDictAddF64(&b, "compute_s", k->computeSeconds);
  solarDictAddF64(&b, solarFidelityTimeKey(UNFUSED), k->seconds);
  solarDictAddString(&b, solarFidelityBoundKey(UNFUSED),
                     solarBoundName(k->bound));
  solarDictAddF64(&b, "time_warm_s", k->warmSeconds);
  solarDictAddString(&b, "bound_warm", solarBoundName(k->warmBound));
  solarDictAddI64(&b, "largest_input_elements", k->largestInputElements);
  solarDictAddI64(&b, "largest_input_footprint", k->largestInputFootprint);
  return solarDictBuilderFinish(&b);
}

MlirAttribute solarSolToAttribute(MlirContext ctx, const SolarSol *sol,
                                  bool detail) {
  SolarDictBuilder b;
  solarDictBuilderInit(&b, ctx);
  solarDictAddString(&b, "arch", sol->arch);
  solarDictAddString(&b, "dtype", solarDtypeName(sol->dtype));
  solarDictAddNumber(&b, "flops", sol->flops);
  solarDictAddNumber(&b, "flops_lowered", sol->flopsLowered);
  solarDictAdd(&b, "ops", opsAttribute(ctx, &sol->ops));
  solarDictAddF64(&b, "compute_s", sol->computeSeconds);
  for (int f = 0; f < SOLAR_FIDELITY_COUNT; ++f)
    solarDictAddNumber(&b, solarFidelityBytesKey(f), solarSolBytes(sol, f));
  for (int f = 0; f < SOLAR_FIDELITY_COUNT; ++f)
    if (solarFidelityDramKey(f))
      solarDictAddNumber(&b, solarFidelityDramKey(f), sol->bytesDram[f]);
  for (int f = 0; f < SOLAR_FIDELITY_COUNT; ++f)
    solarDictAddF64(&b, solarFidelityTimeKey(f), solarSolSeconds(sol, f));
  for (int f = 0; f < SOLAR_FIDELITY_COUNT; ++f)
    if (solarFidelityIntensityKey(f))
      solarDictAddF64(&b, solarFidelityIntensityKey(f),
                      solarSolIntensity(sol, f));
  solarDictAddF64(&b, "ridge_flop_per_byte", sol->ridgeFlopPerByte);
  for (int f = 0; f < SOLAR_FIDELITY_COUNT; ++f)
    solarDictAddString(&b, solarFidelitySolBoundKey(f),
                       solarBoundName(solarSolBound(sol, f)));
  solarDictAddI64(&b, "groups", (int64_t)sol->groupCount);
  if (sol->kernelsUnfused >= 0)
    solarDictAddI64(&b, "kernels_unfused", sol->kernelsUnfused);
  if (sol->launchGapSeconds > 0) {
    solarDictAddF64(&b, LAUNCH_GAP_KEY, sol->launchGapSeconds);
    solarDictAddI64(&b, LAUNCH_GAPS_KEY, sol->launchGaps);
    solarDictAddF64(&b, LAUNCH_TIME_KEY, sol->launchSeconds);
    solarDictAddF64(&b, LAUNCH_BETWEEN_KEY, sol->launchBetweenGroupsSeconds);
  }
  char policy[96];
  solarFp32PolicyFormat(&sol->policy, policy, sizeof(policy));
  solarDictAddString(&b, "fp32_math", policy);
  if (sol->partial) {
    MlirAttribute *items =
        malloc((sol->skippedCount + 1) * sizeof(MlirAttribute));
    for (size_t i = 0; i < sol->skippedCount; ++i)
      items[i] = mlirStringAttrGet(
          ctx, mlirStringRefCreateFromCString(sol->skipped[i]));
    solarDictAddBool(&b, "partial", true);
    solarDictAdd(&b, "skipped",
                 mlirArrayAttrGet(ctx, (intptr_t)sol->skippedCount, items));
    free(items);
  }
  if (sol->haveTf32) {
    SolarDictBuilder t;
    solarDictBuilderInit(&t, ctx);
    solarDictAddF64(&t, "compute_s", sol->tf32ComputeSeconds);
    for (int f = 0; f < SOLAR_FIDELITY_COUNT; ++f)
      solarDictAddF64(&t, solarFidelityTimeKey(f), sol->tf32Seconds[f]);
    solarDictAdd(&b, "tf32", solarDictBuilderFinish(&t));
  }
  if (detail) {
    MlirAttribute *items =
        malloc((sol->nodeCount + sol->groupCount + sol->kernelCount + 1) *
               sizeof(MlirAttribute));
    for (size_t i = 0; i < sol->nodeCount; ++i)
      items[i] = nodeAttribute(ctx, &sol->nodes[i]);
    solarDictAdd(&b, "node_detail",
                 mlirArrayAttrGet(ctx, (intptr_t)sol->nodeCount, items));
    for (size_t i = 0; i < sol->groupCount; ++i)
      items[i] = groupAttribute(ctx, &sol->groups[i]);
    solarDictAdd(&b, "group_detail",
                 mlirArrayAttrGet(ctx, (intptr_t)sol->groupCount, items));
    if (sol->kernelCount) {
      for (size_t i = 0; i < sol->kernelCount; ++i)
        items[i] = kernelAttribute(ctx, &sol->kernels[i]);
      solarDictAdd(&b, "kernel_detail",
                   mlirArrayAttrGet(ctx, (intptr_t)sol->kernelCount, items));
    }
    free(items);
  }
  return solarDialectAttrWrap(ctx, "sol", solarDictBuilderFinish(&b));
}
