/* Fusion groups: greedy merging of producer/consumer chains.
 *
 * Nodes are in program order, a topological order of the flow edges. Each
 * edge, in program order of its consumer, may merge the producer's group into
 * the consumer's when
 *   - the merged group stays convex: no path leaves it and comes back (else
 *     the groups could not run as kernels one after another), and
 *   - the on-chip working set of the merged group fits the capacity. A fused
 *     kernel streams along each node's outermost parallel loop, so an
 *     intermediate whose accesses all advance with that loop needs one slice
 *     (its footprint over the loop's trip count) live at a time; any other
 *     intermediate needs its whole footprint.
 * docs/sol-model.md explains what the resulting "fused" time bounds. */
#include "solar/fusion/fusion.h"

#include <isl/aff.h>
#include <isl/ctx.h>
#include <isl/options.h>
#include <isl/map.h>
#include <isl/set.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static size_t nodeIndex(const SolarEinsumGraph *graph, int64_t id) {
  for (size_t i = 0; i < graph->nodeCount; ++i)
    if (graph->nodes[i].id == id)
      return i;
  return graph->nodeCount;
}

/* ---- union-find over node indices -------------------------------------- */

static size_t findRoot(size_t *parent, size_t i) {
  while (parent[i] != i)
    i = parent[i] = parent[parent[i]];
  return i;
}

/* True when some path from group a reaches group b through a node of
 * neither group (merging them would then create a cycle of groups). */
static bool pathThroughOutside(const SolarEinsumGraph *graph, size_t *parent,
                               size_t a, size_t b) {
  size_t n = graph->nodeCount;
  bool *seen = calloc(n, sizeof(bool));
  size_t *stack = malloc(n * sizeof(size_t));
  size_t top = 0;
  bool found = false;
  /* Start from every outside node fed directly by group a. */
  for (size_t e = 0; e < graph->edgeCount; ++e) {
    size_t p = nodeIndex(graph, graph->edges[e].producer);
    size_t c = nodeIndex(graph, graph->edges[e].consumer);
    if (p >= n || c >= n || findRoot(parent, p) != a)
      continue;
    size_t rc = findRoot(parent, c);
    if (rc != a && rc != b && !seen[c]) {
      seen[c] = true;
      stack[top++] = c;
    }
  }
  while (top > 0 && !found) {
    size_t x = stack[--top];
    for (size_t e = 0; e < graph->edgeCount && !found; ++e) {
      if (nodeIndex(graph, graph->edges[e].producer) != x)
        continue;
      size_t c = nodeIndex(graph, graph->edges[e].consumer);
      if (c >= n)
        continue;
      size_t rc = findRoot(parent, c);
      if (rc == b)
        found = true;
      else if (rc != a && !seen[c]) {
        seen[c] = true;
        stack[top++] = c;
      }
    }
  }
  free(seen);
  free(stack);
  return found;
}

/* ---- streaming slices --------------------------------------------------- */

/* True when the access's first tensor index is a function of the node's
 * outermost loop alone and that loop is not a reduction: the tensor is then
 * produced/consumed slice by slice along it. */
static bool streamsAlongOuterLoop(const SolarEinsumNode *node,
                                  const SolarEinsumAccess *access) {
  if (node->loopCount == 0 || node->loops[0].reduction || !access->exact)
    return false;
  isl_ctx *ctx = isl_ctx_alloc();
  isl_options_set_on_error(ctx, ISL_ON_ERROR_CONTINUE);
  isl_map *map = isl_map_read_from_str(ctx, access->map);
  bool streams = false;
  if (map && isl_map_dim(map, isl_dim_out) > 0 &&
      isl_map_is_single_valued(map) == isl_bool_true) {
    isl_pw_multi_aff *pma = isl_pw_multi_aff_from_map(isl_map_copy(map));
    isl_pw_aff *first = isl_pw_multi_aff_get_pw_aff(pma, 0);
    bool coordinate;
    streams = solarIndexDims(first, &coordinate) == 1u;
    isl_pw_aff_free(first);
    isl_pw_multi_aff_free(pma);
  }
  isl_map_free(map);
  isl_ctx_free(ctx);
  return streams;
}

/* Working-set bytes that keeping `tensor` on chip inside `nodes` needs. */
static double liveBytes(const SolarEinsumGraph *graph, int64_t tensor,
                        const int64_t *nodes, size_t n, SolarDtype dtype) {
  const SolarEinsumTensor *t = &graph->tensors[tensor];
  bool streams = t->rank > 0 && t->shape[0] > 1;
  for (size_t i = 0; i < n && streams; ++i) {
    const SolarEinsumNode *node = solarGraphNode(graph, nodes[i]);
    for (size_t a = 0; node && a < node->accessCount && streams; ++a)
      if (node->accesses[a].tensor == tensor)
        streams = streamsAlongOuterLoop(node, &node->accesses[a]);
  }
  double footprint = (double)(t->footprintElements > 0 ? t->footprintElements
                                                       : t->elements);
  double bytes = footprint * solarTensorElementBytes(t, dtype);
  return streams ? bytes / (double)t->shape[0] : bytes;
}

/* ---- groups ------------------------------------------------------------- */

static bool isAccessedBy(const SolarEinsumNode *node, int64_t tensor) {
  for (size_t a = 0; a < node->accessCount; ++a)
    if (node->accesses[a].tensor == tensor)
      return true;
  return false;
}

/* A tensor stays on chip in a group when it lives only inside the function
 * and every node touching it is in the group. */
static bool isInternal(const SolarEinsumGraph *graph, int64_t tensor,
                       const int64_t *nodes, size_t n) {
  if (graph->tensors[tensor].role != SOLAR_ROLE_INTERMEDIATE)
    return false;
  for (size_t i = 0; i < graph->nodeCount; ++i) {
    if (!isAccessedBy(&graph->nodes[i], tensor))
      continue;
    bool inside = false;
    for (size_t k = 0; k < n && !inside; ++k)
      inside = nodes[k] == graph->nodes[i].id;
    if (!inside)
      return false;
  }
  return true;
}

static double groupLiveBytes(const SolarEinsumGraph *graph,
                             const int64_t *nodes, size_t n,
                             SolarDtype dtype) {
  double total = 0;
  for (size_t t = 0; t < graph->tensorCount; ++t)
    if (isInternal(graph, (int64_t)t, nodes, n))
      total += liveBytes(graph, (int64_t)t, nodes, n, dtype);
  return total;
}

/* Node ids of the group with root `root`, ascending. */
static size_t collectGroup(const SolarEinsumGraph *graph, size_t *parent,
                           size_t root, size_t extra, int64_t *out) {
  size_t n = 0;
  for (size_t i = 0; i < graph->nodeCount; ++i) {
    size_t r = findRoot(parent, i);
    if (r == root || (extra < graph->nodeCount && r == extra))
      out[n++] = graph->nodes[i].id;
  }
  return n;
}

static bool fillGroup(const SolarEinsumGraph *graph, SolarDtype dtype,
                      const int64_t *nodes, size_t n, SolarFusionGroup *g,
                      char *err, size_t errSize) {
  g->nodes = malloc(n * sizeof(int64_t));
  memcpy(g->nodes, nodes, n * sizeof(int64_t));
  g->nodeCount = n;
  g->boundary = calloc(graph->tensorCount ? graph->tensorCount : 1,
                       sizeof(SolarGroupTensor));
  g->internal = calloc(graph->tensorCount ? graph->tensorCount : 1,
                       sizeof(int64_t));
  for (size_t t = 0; t < graph->tensorCount; ++t) {
    bool touched = false;
    for (size_t i = 0; i < n && !touched; ++i) {
      const SolarEinsumNode *node = solarGraphNode(graph, nodes[i]);
      touched = node && isAccessedBy(node, (int64_t)t);
    }
    if (!touched)
      continue;
    if (isInternal(graph, (int64_t)t, nodes, n)) {
      g->internal[g->internalCount++] = (int64_t)t;
      continue;
    }
    bool exactReads, exactWrites;
    int64_t reads = solarUnionFootprint(graph, (int64_t)t, nodes, n,
                                        SOLAR_ACCESS_READS, true, &exactReads);
    int64_t writes = solarUnionFootprint(graph, (int64_t)t, nodes, n,
                                         SOLAR_ACCESS_WRITES, false,
                                         &exactWrites);
    if (reads < 0 || writes < 0) {
      snprintf(err, errSize,
               "the footprint of %s in function @%s depends on symbolic "
               "sizes; the SOL passes need static shapes (give them with "
               "--solar-bind-shapes, then --canonicalize)",
               graph->tensors[t].name, graph->function);
      return false;
    }
    SolarGroupTensor *b = &g->boundary[g->boundaryCount++];
    b->tensor = (int64_t)t;
    b->readElements = reads;
    b->writeElements = writes;
    /* Summed in double: two int64 footprints may overflow int64. */
    b->bytes = ((double)reads + (double)writes) *
               solarTensorElementBytes(&graph->tensors[t], dtype);
    g->dramBytes += b->bytes;
  }
  g->liveBytes = groupLiveBytes(graph, nodes, n, dtype);
  return true;
}

bool solarFusionCompute(const SolarEinsumGraph *graph, double capacityBytes,
                        SolarDtype computeDtype, SolarFusion *out, char *err,
                        size_t errSize) {
  memset(out, 0, sizeof(*out));
  out->capacityBytes = capacityBytes;
  size_t n = graph->nodeCount;
  size_t *parent = malloc((n ? n : 1) * sizeof(size_t));
  int64_t *scratch = malloc((n ? n : 1) * sizeof(int64_t));
  for (size_t i = 0; i < n; ++i)
    parent[i] = i;

  /* Edges in program order of their consumer, then of their producer. */
  for (size_t c = 0; c < n; ++c) {
    for (size_t e = 0; e < graph->edgeCount; ++e) {
      const SolarEinsumEdge *edge = &graph->edges[e];
      if (nodeIndex(graph, edge->consumer) != c)
        continue;
      size_t p = nodeIndex(graph, edge->producer);
      if (p >= n)
        continue;
      size_t a = findRoot(parent, p), b = findRoot(parent, c);
      if (a == b || pathThroughOutside(graph, parent, a, b))
        continue;
      size_t count = collectGroup(graph, parent, a, b, scratch);
      if (groupLiveBytes(graph, scratch, count, computeDtype) > capacityBytes)
        continue;
      parent[a] = b;
    }
  }

  out->groups = calloc(n ? n : 1, sizeof(SolarFusionGroup));
  bool ok = true;
  for (size_t i = 0; i < n && ok; ++i) {
    if (findRoot(parent, i) != i)
      continue;
    size_t count = collectGroup(graph, parent, i, n, scratch);
    SolarFusionGroup *g = &out->groups[out->groupCount];
    g->id = (int64_t)out->groupCount++;
    ok = fillGroup(graph, computeDtype, scratch, count, g, err, errSize);
  }
  /* Groups in program order of their first node. */
  for (size_t i = 1; ok && i < out->groupCount; ++i)
    for (size_t k = i; k > 0 && out->groups[k - 1].nodes[0] >
                                    out->groups[k].nodes[0]; --k) {
      SolarFusionGroup t = out->groups[k - 1];
      out->groups[k - 1] = out->groups[k];
      out->groups[k] = t;
    }
  for (size_t i = 0; i < out->groupCount; ++i)
    out->groups[i].id = (int64_t)i;

  /* Fully fused ideal: the whole function as one group of unlimited size. */
  if (ok) {
    for (size_t i = 0; i < n; ++i)
      scratch[i] = graph->nodes[i].id;
    SolarFusionGroup whole = {0};
    ok = fillGroup(graph, computeDtype, scratch, n, &whole, err, errSize);
    out->idealBytes = whole.dramBytes;
    free(whole.nodes);
    free(whole.boundary);
    free(whole.internal);
  }
  free(parent);
  free(scratch);
  if (!ok)
    solarFusionDestroy(out);
  return ok;
}

void solarFusionDestroy(SolarFusion *fusion) {
  for (size_t i = 0; i < fusion->groupCount; ++i) {
    free(fusion->groups[i].nodes);
    free(fusion->groups[i].boundary);
    free(fusion->groups[i].internal);
  }
  free(fusion->groups);
  memset(fusion, 0, sizeof(*fusion));
}
