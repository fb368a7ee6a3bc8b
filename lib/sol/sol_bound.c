/* SOL times at the three fidelities (docs/sol-model.md). */
#include "solar/dialect/dialect_attr.h"
#include "sol_internal.h"
#include "solar/einsum/einsum_graph_index.h"

#include "mlir-c/BuiltinAttributes.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A domain whose size is only an upper bound (non-affine bounds, counted
 * by their bounding box) would overstate compute: such a node contributes no
 * compute, which keeps the bound a lower bound. Only the necessary ops count
 * (docs/sol-model.md, "Necessary work"). */
static SolarWork nodeWork(const SolarEinsumNode *node, SolarDtype dtype,
                          bool castsWiden) {
  if (!node->pointsExact)
    return (SolarWork){.dtype = dtype};
  SolarOpCounts necessary;
  solarEinsumNodeNecessaryOps(node, &necessary);
  SolarWork w = solarWorkFromOps(
      &necessary, dtype,
      node->reductionDimCount > 0 && necessary.counts[SOLAR_OP_MAC] > 0);
  /* The importer's widening casts (bf16 -> f32 around a matmul, f32 -> f64
   * around a norm's statistics) are not in the program: tensor cores take
   * the narrow operands directly. */
  if (castsWiden)
    w.vectorOps -= (double)necessary.counts[SOLAR_OP_CAST];
  return w;
}

void solarNodePrecision(const SolarEinsumGraph *graph, size_t index,
                        SolarDtype dtypeOverride, SolarDtype reportDtype,
                        const SolarFp32Policy *policy, SolarNodeSol *n) {
  const SolarEinsumNode *node = &graph->nodes[index];
  n->operandDtype = node->operandDtype;
  n->accumulateDtype = node->accumulateDtype;
  n->castsWiden = dtypeOverride == SOLAR_DTYPE_INVALID && node->castsWiden;
  n->contractionClass = solarNodeContractionClass(graph, index);
  if (dtypeOverride != SOLAR_DTYPE_INVALID)
    n->dtype = dtypeOverride;
  else if (graph->precisionInferred)
    n->dtype = node->computeDtype;
  else
    n->dtype = solarDtypeFromTypeSpelling(node->dtype);
  if (n->dtype == SOLAR_DTYPE_INVALID)
    n->dtype = reportDtype;
  n->rateDtype = n->dtype;
  if (n->dtype == SOLAR_DTYPE_FP32 &&
      n->contractionClass != SOLAR_CONTRACTION_NONE) {
    if (policy->mode[n->contractionClass] == SOLAR_FP32_TF32)
      n->rateDtype = SOLAR_DTYPE_TF32;
    else if (policy->mode[n->contractionClass] == SOLAR_FP32_BF16)
      n->rateDtype = SOLAR_DTYPE_BF16;
    else
      n->fp32Ieee = true;
  }
}

/* "bf16 operands, fp32 accumulate -> bf16 tensor cores". */
static void explain(const SolarNodeSol *n, SolarDtype dtypeOverride,
                    char *buf, size_t size) {
  size_t used = 0;
#define PUT(...)                                                               \
  do {                                                                         \
    int w = snprintf(buf + used, size - used, __VA_ARGS__);                    \
    if (w > 0)                                                                 \
      used = used + (size_t)w < size ? used + (size_t)w : size - 1;            \
  } while (0)
  buf[0] = '\0';
  if (dtypeOverride != SOLAR_DTYPE_INVALID)
    PUT("dtype option %s", solarDtypeName(dtypeOverride));
  else if (n->operandDtype != SOLAR_DTYPE_INVALID)
    PUT("%s operands", solarDtypeName(n->operandDtype));
  else if (n->compute.limiter == SOLAR_UNIT_NONE)
    PUT("%s constant store", solarDtypeName(n->dtype));
  else
    PUT("no float operands, %s", solarDtypeName(n->dtype));
  bool contraction = n->contractionClass != SOLAR_CONTRACTION_NONE;
  if (contraction && n->accumulateDtype != SOLAR_DTYPE_INVALID)
    PUT(", %s accumulate", solarDtypeName(n->accumulateDtype));
  else if (n->castsWiden && n->accumulateDtype != SOLAR_DTYPE_INVALID)
    PUT(", %s in the IR (importer widening)",
        solarDtypeName(n->accumulateDtype));
  if (n->dtype == SOLAR_DTYPE_FP32 &&
      n->contractionClass != SOLAR_CONTRACTION_NONE)
    PUT(", fp32 math %s (%s)",
        n->rateDtype == SOLAR_DTYPE_TF32   ? "tf32"
        : n->rateDtype == SOLAR_DTYPE_BF16 ? "bf16"
                                           : "ieee",
        solarContractionClassName(n->contractionClass));
  if (n->compute.limiter == SOLAR_UNIT_NONE)
    PUT(" -> no arithmetic");
  else if (n->compute.tensorCores)
    PUT(" -> %s tensor cores", solarDtypeName(n->rateDtype));
  else
    PUT(" -> %s %s units", solarDtypeName(n->rateDtype),
        solarUnitName(n->compute.limiter));
#undef PUT
}

static double dramBandwidth(const SolarArch *arch) {
  return arch->dram_bytes_per_s.value;
}

static double l2Bandwidth(const SolarArch *arch) {
  const SolarMemLevel *l2 = solarArchFindLevel(arch, SOLAR_MEM_L2);
  return l2 ? l2->bytes_per_s.value : INFINITY;
}

static double transferTime(double bytes, double bandwidth) {
  return bytes > 0 && bandwidth > 0 && isfinite(bandwidth) ? bytes / bandwidth
                                                           : 0;
}

static double nodeBytes(const SolarEinsumGraph *graph,
                        const SolarEinsumNode *node, SolarDtype storage) {
  double bytes = 0;
  for (size_t a = 0; a < node->accessCount; ++a) {
    const SolarEinsumAccess *access = &node->accesses[a];
    bool exact;
    int64_t elements = solarUnionFootprint(
        graph, access->tensor, &node->id, 1,
        access->isWrite ? SOLAR_ACCESS_WRITES : SOLAR_ACCESS_READS, false,
        &exact);
    /* Several accesses of one tensor and kind: count the union once. */
    bool seen = false;
    for (size_t b = 0; b < a && !seen; ++b)
      seen = node->accesses[b].tensor == access->tensor &&
             node->accesses[b].isWrite == access->isWrite;
    if (!seen && elements > 0)
      bytes += (double)elements *
               solarTensorElementBytes(&graph->tensors[access->tensor], storage);
  }
  return bytes;
}

/* sol->nodes follows graph->nodes (solarSolCompute fills one per node, in
 * order), so the graph's id lookup finds it. */
static const SolarNodeSol *findNodeSol(const SolarEinsumGraph *graph,
                                const SolarSol *sol, int64_t id) {
  size_t i = solarGraphNodeIndex(graph, id);
  return i < sol->nodeCount && sol->nodes[i].node == id ? &sol->nodes[i]
                                                        : NULL;
}

void solarSolCompute(const SolarEinsumGraph *graph, const SolarFusion *fusion,
                     const SolarTraffic *traffic, const SolarArch *arch,
                     SolarDtype dtypeOverride, SolarDtype reportDtype,
                     const SolarFp32Policy *policy, SolarSol *out) {
  memset(out, 0, sizeof(*out));
  out->arch = arch->name ? strdup(arch->name) : NULL;
  out->dtype = reportDtype;
  out->policy = policy ? *policy : solarFp32PolicyDefault();
  double bw = dramBandwidth(arch), l2bw = l2Bandwidth(arch);

  out->nodeCount = graph->nodeCount;
  out->nodes = calloc(graph->nodeCount ? graph->nodeCount : 1,
                      sizeof(SolarNodeSol));
  double worstUnfused = -1;
  bool anyContraction = false;
  for (size_t i = 0; i < graph->nodeCount; ++i) {
    const SolarEinsumNode *node = &graph->nodes[i];
    SolarNodeSol *n = &out->nodes[i];
    n->node = node->id;
    solarNodePrecision(graph, i, dtypeOverride, reportDtype, &out->policy,
                       n);
    SolarWork work = nodeWork(node, n->rateDtype, n->castsWiden);
    anyContraction |= work.contraction;
    n->flops = node->pointsExact
                   ? (double)solarEinsumNodeNecessaryFlops(node) : 0;
    if (n->flops < 0)
      n->flops = 0;
    n->flopsLowered = node->pointsExact && node->flops > 0
                          ? (double)node->flops : 0;
    n->compute = solarComputeTime(arch, &work);
    n->fp32Ieee &= work.mac > 0;
    out->anyFp32Ieee |= n->fp32Ieee;
    explain(n, dtypeOverride, n->why, sizeof(n->why));
    n->bytes = nodeBytes(graph, node, dtypeOverride);
    double dram = transferTime(n->bytes, bw);
    n->dramBound = dram > n->compute.seconds;
    n->seconds = n->dramBound ? dram : n->compute.seconds;
    out->flops += n->flops;
    out->flopsLowered += n->flopsLowered;
    out->computeSeconds += n->compute.seconds;
    out->bytesUnfused += n->bytes;
    out->timeUnfused += n->seconds;
    SolarOpCounts ops;
    solarEinsumNodeNecessaryOps(node, &ops);
    /* Totals saturate like the graph's counts (never wrap negative). */
    for (int c = 0; c < SOLAR_OP_CLASS_COUNT; ++c)
      if (ops.counts[c] > 0 &&
          __builtin_add_overflow(out->ops.counts[c], ops.counts[c],
                                 &out->ops.counts[c]))
        out->ops.counts[c] = INT64_MAX;
    if (n->seconds > worstUnfused) {
      worstUnfused = n->seconds;
      out->boundUnfused = n->dramBound ? SOLAR_BOUND_DRAM : SOLAR_BOUND_COMPUTE;
    }
  }

  out->kernelsUnfused = (int64_t)graph->nodeCount;
  solarSolUnfusedKernels(graph, dtypeOverride, bw, out);

  out->groupCount = fusion->groupCount;
  out->groups = calloc(fusion->groupCount ? fusion->groupCount : 1,
                       sizeof(SolarGroupSol));
  double worstFused = -1, worstCache = -1;
  for (size_t i = 0; i < fusion->groupCount; ++i) {
    const SolarFusionGroup *fg = &fusion->groups[i];
    const SolarGroupTraffic *tg =
        i < traffic->groupCount ? &traffic->groups[i] : NULL;
    SolarGroupSol *g = &out->groups[i];
    g->group = fg->id;
    for (size_t k = 0; k < fg->nodeCount; ++k) {
      const SolarNodeSol *n = findNodeSol(graph, out, fg->nodes[k]);
      if (n) {
        g->computeSeconds += n->compute.seconds;
        g->flops += n->flops;
        g->flopsLowered += n->flopsLowered;
      }
    }
    g->fusedBytes = fg->dramBytes;
    double fusedDram = transferTime(g->fusedBytes, bw);
    g->fusedSeconds = fusedDram > g->computeSeconds ? fusedDram : g->computeSeconds;
    g->fusedBound =
        fusedDram > g->computeSeconds ? SOLAR_BOUND_DRAM : SOLAR_BOUND_COMPUTE;
    g->cacheBytes = tg ? tg->lowerBoundBytes : fg->dramBytes;
    g->innerBytes = tg ? tg->innerLowerBoundBytes : fg->dramBytes;
    double cacheDram = transferTime(g->cacheBytes, bw);
    double cacheInner = transferTime(g->innerBytes, l2bw);
    g->cacheSeconds = g->computeSeconds;
    g->cacheBound = SOLAR_BOUND_COMPUTE;
    if (cacheDram > g->cacheSeconds) {
      g->cacheSeconds = cacheDram;
      g->cacheBound = SOLAR_BOUND_DRAM;
    }
    if (cacheInner > g->cacheSeconds) {
      g->cacheSeconds = cacheInner;
      g->cacheBound = SOLAR_BOUND_CACHE;
    }
    out->bytesFused += g->fusedBytes;
    out->timeFused += g->fusedSeconds;
    out->bytesCache += g->cacheBytes;
    out->timeCache += g->cacheSeconds;
    if (g->fusedSeconds > worstFused) {
      worstFused = g->fusedSeconds;
      out->boundFused = g->fusedBound;
    }
    if (g->cacheSeconds > worstCache) {
      worstCache = g->cacheSeconds;
      out->boundCache = g->cacheBound;
    }
  }
  out->bytesIdeal = fusion->idealBytes;
  double idealDram = transferTime(out->bytesIdeal, bw);
  out->timeIdeal = idealDram > out->computeSeconds ? idealDram : out->computeSeconds;
  out->boundIdeal =
      idealDram > out->computeSeconds ? SOLAR_BOUND_DRAM : SOLAR_BOUND_COMPUTE;
  SolarDtype ridgeDtype = reportDtype;
  for (size_t i = 0; i < out->nodeCount; ++i)
    if (reportDtype == SOLAR_DTYPE_FP32 &&
        out->nodes[i].rateDtype == SOLAR_DTYPE_TF32)
      ridgeDtype = SOLAR_DTYPE_TF32;
  out->ridgeFlopPerByte =
      bw > 0 ? solarPeakFlops(arch, ridgeDtype, anyContraction) / bw : 0;
}

void solarSolSetTf32Figures(SolarSol *sol, const SolarSol *tf32) {
  sol->haveTf32 = true;
  sol->tf32ComputeSeconds = tf32->computeSeconds;
  sol->tf32TimeUnfused = tf32->timeUnfused;
  sol->tf32TimeFused = tf32->timeFused;
  sol->tf32TimeCache = tf32->timeCache;
  sol->tf32TimeIdeal = tf32->timeIdeal;
}

void solarSolDestroy(SolarSol *sol) {
  free(sol->arch);
  free(sol->nodes);
  free(sol->groups);
  memset(sol, 0, sizeof(*sol));
}

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
  solarDictAddNumber(&b, "bytes_unfused", n->bytes);
  solarDictAddF64(&b, "time_unfused_s", n->seconds);
  solarDictAddString(&b, "bound_unfused",
                     solarBoundName(n->dramBound ? SOLAR_BOUND_DRAM
                                                 : SOLAR_BOUND_COMPUTE));
  solarDictAddF64(&b, "intensity_unfused",
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
  solarDictAddNumber(&b, "bytes_fused", g->fusedBytes);
  solarDictAddF64(&b, "time_fused_s", g->fusedSeconds);
  solarDictAddString(&b, "bound_fused", solarBoundName(g->fusedBound));
  solarDictAddNumber(&b, "bytes_cache", g->cacheBytes);
  solarDictAddNumber(&b, "bytes_cache_inner", g->innerBytes);
  solarDictAddF64(&b, "time_cache_s", g->cacheSeconds);
  solarDictAddString(&b, "bound_cache", solarBoundName(g->cacheBound));
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
    solarDictAddF64(&b, solarFidelityTimeKey(f), solarSolSeconds(sol, f));
  solarDictAddF64(&b, "intensity_unfused",
                  solarSolIntensity(sol, SOLAR_FIDELITY_UNFUSED));
  solarDictAddF64(&b, "intensity_fused",
                  solarSolIntensity(sol, SOLAR_FIDELITY_FUSED));
  solarDictAddF64(&b, "intensity_cache",
                  solarSolIntensity(sol, SOLAR_FIDELITY_CACHE));
  solarDictAddF64(&b, "ridge_flop_per_byte", sol->ridgeFlopPerByte);
  /* The cache-aware bound is the headline: plain "bound". */
  solarDictAddString(&b, "bound", solarBoundName(sol->boundCache));
  solarDictAddString(&b, "bound_unfused", solarBoundName(sol->boundUnfused));
  solarDictAddString(&b, "bound_fused", solarBoundName(sol->boundFused));
  solarDictAddString(&b, "bound_ideal", solarBoundName(sol->boundIdeal));
  solarDictAddI64(&b, "groups", (int64_t)sol->groupCount);
  if (sol->kernelsUnfused >= 0)
    solarDictAddI64(&b, "kernels_unfused", sol->kernelsUnfused);
  char policy[96];
  solarFp32PolicyFormat(&sol->policy, policy, sizeof(policy));
  solarDictAddString(&b, "fp32_math", policy);
  if (sol->haveTf32) {
    SolarDictBuilder t;
    solarDictBuilderInit(&t, ctx);
    solarDictAddF64(&t, "compute_s", sol->tf32ComputeSeconds);
    solarDictAddF64(&t, "time_unfused_s", sol->tf32TimeUnfused);
    solarDictAddF64(&t, "time_fused_s", sol->tf32TimeFused);
    solarDictAddF64(&t, "time_cache_s", sol->tf32TimeCache);
    solarDictAddF64(&t, "time_ideal_s", sol->tf32TimeIdeal);
    solarDictAdd(&b, "tf32", solarDictBuilderFinish(&t));
  }
  if (detail) {
    MlirAttribute *items = malloc(
        (sol->nodeCount + sol->groupCount + 1) * sizeof(MlirAttribute));
    for (size_t i = 0; i < sol->nodeCount; ++i)
      items[i] = nodeAttribute(ctx, &sol->nodes[i]);
    solarDictAdd(&b, "node_detail",
                 mlirArrayAttrGet(ctx, (intptr_t)sol->nodeCount, items));
    for (size_t i = 0; i < sol->groupCount; ++i)
      items[i] = groupAttribute(ctx, &sol->groups[i]);
    solarDictAdd(&b, "group_detail",
                 mlirArrayAttrGet(ctx, (intptr_t)sol->groupCount, items));
    free(items);
  }
  return solarDialectAttrWrap(ctx, "sol", solarDictBuilderFinish(&b));
}
