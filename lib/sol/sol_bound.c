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
  return solarWorkFromOps(
      &necessary, dtype,
      node->reductionDimCount > 0 && necessary.counts[SOLAR_OP_MAC] > 0,
      castsWiden);
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

/* A node alone as a kernel: every access's union per tensor and kind, by
 * how the last-level cache may serve it (sol_llc.c). */
static SolarLlcBytes nodeBytes(const SolarEinsumGraph *graph, size_t index,
                               const SolarLlcTouch *facts, SolarDtype storage) {
  const SolarEinsumNode *node = &graph->nodes[index];
  SolarLlcBytes acc = {0};
  /* A result view is returned uncopied: its writer moves nothing, and a
   * computed source is written by its own producer's node. */
  if (solarNodeWritesResultView(graph, index))
    return acc;
  for (size_t a = 0; a < node->accessCount; ++a) {
    const SolarEinsumAccess *access = &node->accesses[a];
    /* Several accesses of one tensor and kind: count the union once. */
    bool seen = false;
    for (size_t b = 0; b < a && !seen; ++b)
      seen = node->accesses[b].tensor == access->tensor &&
             node->accesses[b].isWrite == access->isWrite;
    if (seen)
      continue;
    bool exact;
    int64_t elements = solarUnionFootprint(
        graph, access->tensor, &node->id, 1,
        access->isWrite ? SOLAR_ACCESS_WRITES : SOLAR_ACCESS_READS, false,
        &exact);
    if (elements > 0)
      solarLlcAdd(&acc, graph, facts, access->tensor, index, access->isWrite,
                  (double)elements *
                      solarTensorElementBytes(&graph->tensors[access->tensor],
                                              storage));
  }
  return acc;
}

/* sol->nodes follows graph->nodes (solarSolCompute fills one per node, in
 * order), so the graph's id lookup finds it. */
const SolarNodeSol *solarSolFindNode(const SolarEinsumGraph *graph,
                                     const SolarSol *sol, int64_t id) {
  size_t i = solarGraphNodeIndex(graph, id);
  return i < sol->nodeCount && sol->nodes[i].node == id ? &sol->nodes[i]
                                                        : NULL;
}

/* The compute seconds of the nodes `ids` run as one kernel, each node's
 * unit times those sol computed, or (ops not NULL) those of ops[k] at the
 * precision sol bounded the node in. */
static double computeOfNodes(const SolarEinsumGraph *graph,
                             const SolarArch *arch, const SolarSol *sol,
                             const int64_t *ids, const SolarOpCounts *ops,
                             size_t count) {
  size_t slots = count ? count : 1;
  SolarTimeTerm *terms = calloc(slots * SOLAR_UNIT_COUNT, sizeof(*terms));
  SolarComputeNode *nodes = calloc(slots, sizeof(*nodes));
  size_t found = 0;
  for (size_t k = 0; k < count; ++k) {
    const SolarNodeSol *n = solarSolFindNode(graph, sol, ids[k]);
    if (!n)
      continue;
    SolarComputeTime time = n->compute;
    if (ops) {
      const SolarEinsumNode *node =
          &graph->nodes[solarGraphNodeIndex(graph, ids[k])];
      /* As nodeWork: a domain counted only by its bounding box does no
       * work. */
      SolarWork work =
          node->pointsExact
              ? solarWorkFromOps(&ops[k], n->rateDtype,
                                 node->reductionDimCount > 0 &&
                                     ops[k].counts[SOLAR_OP_MAC] > 0,
                                 n->castsWiden || node->castsWiden)
              : (SolarWork){.dtype = n->rateDtype};
      time = solarComputeTime(arch, &work);
    }
    SolarTimeTerm *units = &terms[found * SOLAR_UNIT_COUNT];
    for (int u = 0; u < SOLAR_UNIT_COUNT; ++u)
      units[u] = solarSecondsTerm(time.unitSeconds[u]);
    nodes[found++] = (SolarComputeNode){units, n->rateDtype};
  }
  double seconds =
      solarComputeOf(&solarSecondsAlgebra, arch, nodes, found).seconds;
  free(nodes);
  free(terms);
  return seconds;
}

double solarSolComputeOfNodes(const SolarEinsumGraph *graph,
                              const SolarArch *arch, const SolarSol *sol,
                              const int64_t *ids, size_t count) {
  return computeOfNodes(graph, arch, sol, ids, NULL, count);
}

double solarSolComputeOfNodeOps(const SolarEinsumGraph *graph,
                                const SolarArch *arch, const SolarSol *sol,
                                const int64_t *ids, const SolarOpCounts *ops,
                                size_t count) {
  return computeOfNodes(graph, arch, sol, ids, ops, count);
}

/* The roofline time of a kernel and whether DRAM limits it. */
static double rooflineSeconds(double compute, double dram, bool *dramBound) {
  *dramBound = dram > compute;
  return solarRoofline(&solarSecondsAlgebra, solarSecondsTerm(compute),
                       solarSecondsTerm(dram))
      .seconds;
}

/* capacity: the last-level cache's (solarLlcCapacity). */
static void computeNodes(const SolarEinsumGraph *graph, const SolarArch *arch,
                         double capacity, SolarDtype dtypeOverride,
                         SolarDtype reportDtype, SolarSol *out,
                         bool *anyContraction) {
  double bw = dramBandwidth(arch);
  SolarLlcTouch facts;
  solarLlcTouchOfNodes(graph, &facts);
  out->nodeCount = graph->nodeCount;
  out->nodes = calloc(graph->nodeCount ? graph->nodeCount : 1,
                      sizeof(SolarNodeSol));
  double worstUnfused = -1;
  for (size_t i = 0; i < graph->nodeCount; ++i) {
    const SolarEinsumNode *node = &graph->nodes[i];
    SolarNodeSol *n = &out->nodes[i];
    n->node = node->id;
    solarNodePrecision(graph, i, dtypeOverride, reportDtype, &out->policy,
                       n);
    SolarWork work = nodeWork(node, n->rateDtype, n->castsWiden);
    *anyContraction |= work.contraction;
    n->flops = node->pointsExact
                   ? (double)solarEinsumNodeNecessaryFlops(node) : 0;
    if (n->flops < 0)
      n->flops = 0;
    n->flopsLowered = node->pointsExact && node->flops > 0
                          ? (double)node->flops : 0;
    n->compute = solarComputeTime(arch, &work);
    n->fp32Ieee &= work.ops[SOLAR_UNIT_CLASS_MAC] > 0;
    out->anyFp32Ieee |= n->fp32Ieee;
    explain(n, dtypeOverride, n->why, sizeof(n->why));
    SolarLlcBytes bytes = nodeBytes(graph, i, &facts, dtypeOverride);
    n->bytes = solarLlcTotal(&bytes, capacity);
    out->bytesDram[SOLAR_FIDELITY_UNFUSED] += bytes.dram;
    n->seconds = rooflineSeconds(n->compute.seconds,
                                 transferTime(n->bytes, bw), &n->dramBound);
    out->flops += n->flops;
    out->flopsLowered += n->flopsLowered;
    out->bytes[SOLAR_FIDELITY_UNFUSED] += n->bytes;
    out->seconds[SOLAR_FIDELITY_UNFUSED] += n->seconds;
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
      out->bound[SOLAR_FIDELITY_UNFUSED] =
          n->dramBound ? SOLAR_BOUND_DRAM : SOLAR_BOUND_COMPUTE;
    }
  }
  solarLlcTouchDestroy(&facts);
  /* The whole function as one kernel: the compute of the ideal bound. */
  int64_t *ids = calloc(graph->nodeCount ? graph->nodeCount : 1,
                        sizeof(int64_t));
  for (size_t i = 0; i < graph->nodeCount; ++i)
    ids[i] = graph->nodes[i].id;
  out->computeSeconds =
      solarSolComputeOfNodes(graph, arch, out, ids, graph->nodeCount);
  free(ids);
}

/* fusedBytes: the group's DRAM bytes under last-level-cache residency
 * (sol_llc.c). */
static void computeGroup(const SolarEinsumGraph *graph,
                         const SolarFusionGroup *fg, double fusedBytes,
                         const SolarGroupTraffic *tg, const SolarArch *arch,
                         const SolarSol *sol, SolarGroupSol *g) {
  double bw = dramBandwidth(arch), l2bw = l2Bandwidth(arch);
  g->group = fg->id;
  g->unfusedComponent = fg->id; /* joined by solarSolUnfusedKernels */
  g->roofUnit = SOLAR_UNIT_VECTOR_FMA;
  g->roofDtype = sol->dtype;
  double bestRoof = -1;
  for (size_t k = 0; k < fg->nodeCount; ++k) {
    const SolarNodeSol *n = solarSolFindNode(graph, sol, fg->nodes[k]);
    if (n) {
      double rate;
      SolarUnit unit = solarUnitOfClass(arch, SOLAR_UNIT_CLASS_MAC,
                                        n->rateDtype, n->compute.tensorCores,
                                        &rate);
      if (rate > bestRoof) {
        bestRoof = rate;
        g->roofUnit = unit;
        g->roofDtype = n->rateDtype;
      }
      g->flops += n->flops;
      g->flopsLowered += n->flopsLowered;
    }
  }
  g->computeSeconds =
      solarSolComputeOfNodes(graph, arch, sol, fg->nodes, fg->nodeCount);
  g->fusedBytes = fusedBytes;
  bool dramBound;
  g->fusedSeconds = rooflineSeconds(
      g->computeSeconds, transferTime(g->fusedBytes, bw), &dramBound);
  g->fusedBound = dramBound ? SOLAR_BOUND_DRAM : SOLAR_BOUND_COMPUTE;
  /* The proven I/O bound already allows for what is resident at the
   * start of each segment; the compulsory part is the resident-aware one. */
  g->cacheBytes = tg && tg->hblBytes > fusedBytes ? tg->hblBytes : fusedBytes;
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
}

/* Each fidelity bounds a family of implementations holding the next one's
 * (eager one kernel per framework op, then any kernels within the fusion
 * groups, then every implementation), so the larger of a figure and those
 * of the larger families is a lower bound too. Residency lets a figure fall
 * below a larger family's only through what the per-kernel argument cannot
 * see (a program input that two kernels read must still come from DRAM
 * once); taking the maximum puts that back. */
static void raiseTo(SolarSol *out, SolarFidelity f, SolarFidelity floor) {
  if (out->bytes[f] < out->bytes[floor])
    out->bytes[f] = out->bytes[floor];
  /* The figure without residency is at least the one with it, raised or
   * not (an unfused view op's kernel moves nothing, and its readers'
   * count of the source elements they read through it, sol_eager_views.c,
   * may be below the fused and ideal fidelities' footprints). */
  if (out->bytesDram[f] < out->bytes[f])
    out->bytesDram[f] = out->bytes[f];
  if (out->seconds[f] < out->seconds[floor]) {
    out->seconds[f] = out->seconds[floor];
    out->bound[f] = out->bound[floor];
  }
}

static void nestFidelities(SolarSol *out) {
  raiseTo(out, SOLAR_FIDELITY_CACHE, SOLAR_FIDELITY_IDEAL);
  raiseTo(out, SOLAR_FIDELITY_FUSED, SOLAR_FIDELITY_IDEAL);
  raiseTo(out, SOLAR_FIDELITY_UNFUSED, SOLAR_FIDELITY_FUSED);
}

void solarSolCompute(const SolarEinsumGraph *graph, const SolarFusion *fusion,
                     const SolarTraffic *traffic, const SolarArch *arch,
                     SolarDtype dtypeOverride, SolarDtype reportDtype,
                     const SolarFp32Policy *policy, SolarSol *out) {
  memset(out, 0, sizeof(*out));
  out->arch = arch->name ? strdup(arch->name) : NULL;
  out->dtype = reportDtype;
  out->policy = policy ? *policy : solarFp32PolicyDefault();
  double bw = dramBandwidth(arch);
  bool anyContraction = false;
  double capacity = solarLlcCapacity(arch, fusion->capacityBytes);
  computeNodes(graph, arch, capacity, dtypeOverride, reportDtype, out,
               &anyContraction);

  out->kernelsUnfused = (int64_t)graph->nodeCount;

  out->groupCount = fusion->groupCount;
  out->groups = calloc(fusion->groupCount ? fusion->groupCount : 1,
                       sizeof(SolarGroupSol));
  double worstFused = -1, worstCache = -1;
  /* A fusion group may run as one kernel per node, in any order that
   * respects the data flow: each of them may find the cache full. */
  SolarLlcTouch facts;
  solarLlcTouchOfPartition(graph, fusion, false, &facts);
  for (size_t i = 0; i < fusion->groupCount; ++i) {
    SolarGroupSol *g = &out->groups[i];
    const SolarFusionGroup *fg = &fusion->groups[i];
    SolarLlcBytes bytes = solarLlcGroupBytes(graph, &facts, fg, i,
                                             dtypeOverride);
    out->bytesDram[SOLAR_FIDELITY_FUSED] += bytes.dram;
    computeGroup(graph, fg,
                 solarLlcTotal(&bytes, capacity * (double)fg->nodeCount),
                 i < traffic->groupCount ? &traffic->groups[i] : NULL, arch,
                 out, g);
    out->bytes[SOLAR_FIDELITY_FUSED] += g->fusedBytes;
    out->seconds[SOLAR_FIDELITY_FUSED] += g->fusedSeconds;
    out->bytes[SOLAR_FIDELITY_CACHE] += g->cacheBytes;
    out->seconds[SOLAR_FIDELITY_CACHE] += g->cacheSeconds;
    if (g->fusedSeconds > worstFused) {
      worstFused = g->fusedSeconds;
      out->bound[SOLAR_FIDELITY_FUSED] = g->fusedBound;
    }
    if (g->cacheSeconds > worstCache) {
      worstCache = g->cacheSeconds;
      out->bound[SOLAR_FIDELITY_CACHE] = g->cacheBound;
    }
  }
  solarLlcTouchDestroy(&facts);
  solarSolUnfusedKernels(graph, fusion, arch, dtypeOverride, out);
  out->bytes[SOLAR_FIDELITY_IDEAL] = fusion->idealBytes;
  bool dramBound;
  out->seconds[SOLAR_FIDELITY_IDEAL] =
      rooflineSeconds(out->computeSeconds,
                      transferTime(out->bytes[SOLAR_FIDELITY_IDEAL], bw),
                      &dramBound);
  out->bound[SOLAR_FIDELITY_IDEAL] =
      dramBound ? SOLAR_BOUND_DRAM : SOLAR_BOUND_COMPUTE;
  nestFidelities(out);
  SolarDtype ridgeDtype = reportDtype;
  for (size_t i = 0; i < out->nodeCount; ++i)
    if (reportDtype == SOLAR_DTYPE_FP32 &&
        out->nodes[i].rateDtype == SOLAR_DTYPE_TF32)
      ridgeDtype = SOLAR_DTYPE_TF32;
  out->ridgeFlopPerByte =
      bw > 0 ? solarPeakFlops(arch, ridgeDtype, anyContraction) / bw : 0;
  /* What the graph left out stays with the figure it makes too small. */
  out->partial = graph->skippedCount > 0;
  out->skippedCount = graph->skippedCount;
  out->skipped = calloc(graph->skippedCount ? graph->skippedCount : 1,
                        sizeof(char *));
  for (size_t i = 0; i < graph->skippedCount; ++i)
    out->skipped[i] = strdup(graph->skipped[i]);
}

void solarSolSetTf32Figures(SolarSol *sol, const SolarSol *tf32) {
  sol->haveTf32 = true;
  sol->tf32ComputeSeconds = tf32->computeSeconds;
  memcpy(sol->tf32Seconds, tf32->seconds, sizeof(sol->tf32Seconds));
}

void solarSolDestroy(SolarSol *sol) {
  free(sol->arch);
  free(sol->nodes);
  free(sol->groups);
  for (size_t i = 0; i < sol->kernelCount; ++i)
    free(sol->kernels[i].frameworkOp);
  free(sol->kernels);
  for (size_t i = 0; i < sol->skippedCount; ++i)
    free(sol->skipped[i]);
  free(sol->skipped);
  memset(sol, 0, sizeof(*sol));
}
