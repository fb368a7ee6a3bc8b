/* Last-level-cache residency between kernels (docs/sol-model.md, "Between
 * kernels: the last-level cache"). A tensor passed from one kernel to the
 * next may stay in the last-level cache (H100: 50 MB of L2; a CPU's caches)
 * instead of making a DRAM round trip, so the unfused and fused figures
 * charge the data a kernel exchanges with other kernels only beyond what the
 * cache can hold at the kernel's start (reads) and end (writes):
 *
 *   bytes(k) = cold reads + result writes
 *            + max(0, warm reads - m C) + max(0, intermediate writes - m C)
 *
 * with C the last-level capacity and m the kernels the figure's kernel may
 * be split into (1 for an eager framework op, its node count for a fusion
 * group). A cold read is one of a program input or weight no other kernel
 * touches before (any other kernel, when the order is not fixed); a result
 * write is the last (the only one, without a fixed order) of an argument,
 * global or returned buffer (the program ends with its results in memory,
 * as the ideal fidelity assumes). Both the
 * numeric path and the symbolic one (which can state only the cold reads
 * and result writes, the figure where every exchange fits) classify with
 * the functions below. */
#include "sol_internal.h"

#include "solar/einsum/einsum_graph_index.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

double solarLlcCapacity(const SolarArch *arch, double groupingCapacity) {
  const SolarMemLevel *l2 = solarArchFindLevel(arch, SOLAR_MEM_L2);
  double capacity = l2 ? l2->capacity_bytes.value : INFINITY;
  /* A larger capacity only lowers the figures: take the grouping's when
   * the user states more (--solar-capacity). */
  return groupingCapacity > capacity ? groupingCapacity : capacity;
}

/* Records that kernel k touches tensor t. */
static void touch(SolarLlcTouch *facts, int64_t t, size_t k) {
  if (t < 0 || (size_t)t >= facts->tensorCount)
    return;
  if (facts->kernels[t] == 0 || k < facts->first[t])
    facts->first[t] = k;
  if (facts->last[t] != k + 1) {
    facts->kernels[t]++;
    facts->last[t] = k + 1;
  }
}

/* Records that kernel k writes tensor t (kernels visited in order). */
static void wrote(SolarLlcTouch *facts, int64_t t, size_t k) {
  if (t < 0 || (size_t)t >= facts->tensorCount)
    return;
  if (facts->writers[t] == 0 || facts->lastWriter[t] != k)
    facts->writers[t]++;
  facts->lastWriter[t] = k;
}

/* The writes of the nodes `ids` (kernel k). */
static void wroteByNodes(const SolarEinsumGraph *graph, SolarLlcTouch *facts,
                         const int64_t *ids, size_t count, size_t k) {
  for (size_t m = 0; m < count; ++m) {
    size_t i = solarGraphNodeIndex(graph, ids[m]);
    if (i >= graph->nodeCount)
      continue;
    const SolarEinsumNode *node = &graph->nodes[i];
    for (size_t a = 0; a < node->accessCount; ++a)
      if (node->accesses[a].isWrite)
        wrote(facts, node->accesses[a].tensor, k);
  }
}

static void touchStart(const SolarEinsumGraph *graph, bool programOrder,
                       SolarLlcTouch *out) {
  size_t n = graph->tensorCount ? graph->tensorCount : 1;
  out->tensorCount = graph->tensorCount;
  out->programOrder = programOrder;
  out->first = calloc(n, sizeof(size_t));
  out->kernels = calloc(n, sizeof(size_t));
  out->last = calloc(n, sizeof(size_t));
  out->writers = calloc(n, sizeof(size_t));
  out->lastWriter = calloc(n, sizeof(size_t));
  if (!out->first || !out->kernels || !out->last || !out->writers ||
      !out->lastWriter)
    abort();
}

void solarLlcTouchOfPartition(const SolarEinsumGraph *graph,
                              const SolarFusion *partition, bool programOrder,
                              SolarLlcTouch *out) {
  touchStart(graph, programOrder, out);
  for (size_t k = 0; k < partition->groupCount; ++k) {
    const SolarFusionGroup *g = &partition->groups[k];
    for (size_t b = 0; b < g->boundaryCount; ++b)
      touch(out, g->boundary[b].tensor, k);
    wroteByNodes(graph, out, g->nodes, g->nodeCount, k);
  }
}

void solarLlcTouchOfNodes(const SolarEinsumGraph *graph, SolarLlcTouch *out) {
  touchStart(graph, true, out);
  for (size_t i = 0; i < graph->nodeCount; ++i) {
    const SolarEinsumNode *node = &graph->nodes[i];
    for (size_t a = 0; a < node->accessCount; ++a)
      touch(out, node->accesses[a].tensor, i);
    wroteByNodes(graph, out, &node->id, 1, i);
  }
}

void solarLlcTouchDestroy(SolarLlcTouch *facts) {
  void *arrays[] = {facts->first, facts->kernels, facts->last, facts->writers,
                    facts->lastWriter};
  for (size_t k = 0; k < sizeof(arrays) / sizeof(arrays[0]); ++k)
    free(arrays[k]);
  memset(facts, 0, sizeof(*facts));
}

/* Whether `kernel` is the one that must move a program tensor (not an
 * intermediate) through DRAM: in program order the kernel `inOrder` names,
 * in any order the tensor's only such kernel (`count` of them is 1). */
static bool chargedKernel(const SolarEinsumGraph *graph,
                          const SolarLlcTouch *facts, int64_t tensor,
                          size_t kernel, const size_t *inOrder,
                          const size_t *count) {
  if (tensor < 0 || (size_t)tensor >= facts->tensorCount ||
      graph->tensors[tensor].role == SOLAR_ROLE_INTERMEDIATE)
    return false;
  return facts->programOrder ? inOrder[tensor] == kernel : count[tensor] == 1;
}

bool solarLlcColdRead(const SolarEinsumGraph *graph,
                      const SolarLlcTouch *facts, int64_t tensor,
                      size_t kernel) {
  return chargedKernel(graph, facts, tensor, kernel, facts->first,
                       facts->kernels);
}

/* Only the final value must reach memory: an earlier write of a result (a
 * fill before the accumulation) may be overwritten in the cache. */
bool solarLlcResultWrite(const SolarEinsumGraph *graph,
                         const SolarLlcTouch *facts, int64_t tensor,
                         size_t kernel) {
  return chargedKernel(graph, facts, tensor, kernel, facts->lastWriter,
                       facts->writers);
}

void solarLlcAdd(SolarLlcBytes *acc, const SolarEinsumGraph *graph,
                 const SolarLlcTouch *facts, int64_t tensor, size_t kernel,
                 bool isWrite, double bytes) {
  if (!(bytes > 0))
    return;
  acc->dram += bytes;
  if (isWrite)
    *(solarLlcResultWrite(graph, facts, tensor, kernel) ? &acc->fixed
                                                         : &acc->written) +=
        bytes;
  else
    *(solarLlcColdRead(graph, facts, tensor, kernel) ? &acc->fixed
                                                      : &acc->read) += bytes;
}

static double beyond(double bytes, double capacity) {
  return bytes > capacity ? bytes - capacity : 0;
}

double solarLlcTotal(const SolarLlcBytes *acc, double capacity) {
  return acc->fixed + beyond(acc->read, capacity) +
         beyond(acc->written, capacity);
}

SolarLlcBytes solarLlcGroupBytes(const SolarEinsumGraph *graph,
                                 const SolarLlcTouch *facts,
                                 const SolarFusionGroup *group, size_t kernel,
                                 SolarDtype storage) {
  SolarLlcBytes acc = {0};
  for (size_t b = 0; b < group->boundaryCount; ++b) {
    const SolarGroupTensor *t = &group->boundary[b];
    if (t->tensor < 0 || (size_t)t->tensor >= graph->tensorCount)
      continue;
    double width =
        solarTensorElementBytes(&graph->tensors[t->tensor], storage);
    solarLlcAdd(&acc, graph, facts, t->tensor, kernel, false,
                (double)t->readElements * width);
    solarLlcAdd(&acc, graph, facts, t->tensor, kernel, true,
                (double)t->writeElements * width);
  }
  /* The boundary's own sum, so the DRAM figure is the one it always was. */
  acc.dram = group->dramBytes;
  return acc;
}
