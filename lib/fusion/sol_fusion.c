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
#include "solar/einsum/einsum_graph_index.h"
#include "solar/fusion/fusion.h"

#include <isl/aff.h>
#include <isl/map.h>
#include <isl/set.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Lookups solarFusionCompute reuses across its many merge attempts, so
 * that one attempt costs about the size of the groups involved, not of the
 * whole graph. */
typedef struct {
  const SolarEinsumGraph *graph;
  size_t *parent;       /* union-find over node indices */
  size_t *edgeProducer; /* node index of each edge's producer (n: none) */
  size_t *edgeConsumer;
  /* Marks by node (tensor) index: equal to `stamp` when set in the
   * current query, so clearing is free. */
  size_t *nodeMark, *tensorMark, *stack;
  size_t stamp;
  int64_t *tensors;     /* scratch: tensor ids of one group */
  int64_t *orphans;     /* intermediates no node touches: internal to
                           every group */
  size_t orphanCount;
  double *live;         /* liveBytes of each tensor when internal; NAN */
} Fuser;

static size_t nodeIndex(const SolarEinsumGraph *graph, int64_t id) {
  return solarGraphNodeIndex(graph, id);
}

/* ---- union-find over node indices -------------------------------------- */

static size_t findRoot(size_t *parent, size_t i) {
  while (parent[i] != i)
    i = parent[i] = parent[parent[i]];
  return i;
}

/* True when some path from group a reaches group b through a node of
 * neither group (merging them would then create a cycle of groups). */
static bool pathThroughOutside(Fuser *f, size_t a, size_t b) {
  const SolarEinsumGraph *graph = f->graph;
  size_t n = graph->nodeCount, *parent = f->parent, *stack = f->stack;
  size_t top = 0, seen = ++f->stamp;
  bool found = false;
  /* Start from every outside node fed directly by group a. */
  for (size_t e = 0; e < graph->edgeCount; ++e) {
    size_t p = f->edgeProducer[e], c = f->edgeConsumer[e];
    if (p >= n || c >= n || findRoot(parent, p) != a)
      continue;
    size_t rc = findRoot(parent, c);
    if (rc != a && rc != b && f->nodeMark[c] != seen) {
      f->nodeMark[c] = seen;
      stack[top++] = c;
    }
  }
  while (top > 0 && !found) {
    size_t x = stack[--top], count = 0;
    const size_t *from = solarGraphEdgesFrom(graph, x, &count);
    for (size_t k = 0; k < count && !found; ++k) {
      size_t c = f->edgeConsumer[from[k]];
      if (c >= n)
        continue;
      size_t rc = findRoot(parent, c);
      if (rc == b)
        found = true;
      else if (rc != a && f->nodeMark[c] != seen) {
        f->nodeMark[c] = seen;
        stack[top++] = c;
      }
    }
  }
  return found;
}

/* ---- streaming slices --------------------------------------------------- */

/* True when the access's first tensor index is a function of the node's
 * outermost loop alone and that loop is not a reduction: the tensor is then
 * produced/consumed slice by slice along it. */
static bool streamsAlongOuterLoop(const SolarEinsumGraph *graph,
                                  size_t nodeIndex, size_t accessIndex) {
  const SolarEinsumNode *node = &graph->nodes[nodeIndex];
  const SolarEinsumAccess *access = &node->accesses[accessIndex];
  if (node->loopCount == 0 || node->loops[0].reduction || !access->exact)
    return false;
  isl_map *map = solarGraphAccessMap(graph, nodeIndex, accessIndex);
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
  return streams;
}

/* Working-set bytes that keeping `tensor` on chip inside a group needs,
 * when the group holds every node touching it (the only case asked for:
 * the tensor is internal), so the answer depends on the tensor alone. */
static double liveBytes(Fuser *f, int64_t tensor, SolarDtype dtype) {
  if (!isnan(f->live[tensor]))
    return f->live[tensor];
  const SolarEinsumGraph *graph = f->graph;
  const SolarEinsumTensor *t = &graph->tensors[tensor];
  bool streams = t->rank > 0 && t->shape[0] > 1;
  size_t count = 0;
  const size_t *nodes = solarGraphTensorNodes(graph, tensor, &count);
  for (size_t i = 0; i < count && streams; ++i) {
    const SolarEinsumNode *node = &graph->nodes[nodes[i]];
    for (size_t a = 0; a < node->accessCount && streams; ++a)
      if (node->accesses[a].tensor == tensor)
        streams = streamsAlongOuterLoop(graph, nodes[i], a);
  }
  double footprint = (double)(t->footprintElements > 0 ? t->footprintElements
                                                       : t->elements);
  double bytes = footprint * solarTensorElementBytes(t, dtype);
  f->live[tensor] = streams ? bytes / (double)t->shape[0] : bytes;
  return f->live[tensor];
}

/* ---- groups ------------------------------------------------------------- */

/* Marks the nodes of a group (f->nodeMark == f->stamp after the call). */
static void markGroup(Fuser *f, const int64_t *nodes, size_t n) {
  size_t stamp = ++f->stamp;
  for (size_t k = 0; k < n; ++k) {
    size_t i = nodeIndex(f->graph, nodes[k]);
    if (i < f->graph->nodeCount)
      f->nodeMark[i] = stamp;
  }
}

/* A tensor stays on chip in a group when it lives only inside the function
 * and every node touching it is in the group (marked by markGroup). */
static bool isInternal(Fuser *f, int64_t tensor) {
  if (f->graph->tensors[tensor].role != SOLAR_ROLE_INTERMEDIATE)
    return false;
  size_t count = 0;
  const size_t *nodes = solarGraphTensorNodes(f->graph, tensor, &count);
  for (size_t i = 0; i < count; ++i)
    if (f->nodeMark[nodes[i]] != f->stamp)
      return false;
  return true;
}

static int compareTensorIds(const void *lhs, const void *rhs) {
  const int64_t *a = lhs, *b = rhs;
  return *a < *b ? -1 : *a > *b;
}

/* The tensors the group's nodes touch (and, with `orphans`, the
 * intermediates nobody touches), ascending so that sums run in the same
 * order as over all tensors, into f->tensors; marks the group. */
static size_t touchedTensors(Fuser *f, const int64_t *nodes, size_t n,
                             bool orphans) {
  markGroup(f, nodes, n);
  size_t count = 0, stamp = f->stamp;
  for (size_t k = 0; orphans && k < f->orphanCount; ++k)
    f->tensors[count++] = f->orphans[k];
  for (size_t k = 0; k < n; ++k) {
    const SolarEinsumNode *node = solarGraphNode(f->graph, nodes[k]);
    for (size_t a = 0; node && a < node->accessCount; ++a) {
      int64_t t = node->accesses[a].tensor;
      if (t < 0 || (size_t)t >= f->graph->tensorCount ||
          f->tensorMark[t] == stamp)
        continue;
      f->tensorMark[t] = stamp;
      f->tensors[count++] = t;
    }
  }
  qsort(f->tensors, count, sizeof(int64_t), compareTensorIds);
  return count;
}

static double groupLiveBytes(Fuser *f, const int64_t *nodes, size_t n,
                             SolarDtype dtype) {
  double total = 0;
  size_t count = touchedTensors(f, nodes, n, true);
  for (size_t k = 0; k < count; ++k)
    if (isInternal(f, f->tensors[k]))
      total += liveBytes(f, f->tensors[k], dtype);
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

static bool fillGroup(Fuser *f, SolarDtype dtype, const int64_t *nodes,
                      size_t n, SolarFusionGroup *g, char *err,
                      size_t errSize) {
  const SolarEinsumGraph *graph = f->graph;
  g->nodes = malloc((n ? n : 1) * sizeof(int64_t));
  memcpy(g->nodes, nodes, n * sizeof(int64_t));
  g->nodeCount = n;
  g->boundary = calloc(graph->tensorCount ? graph->tensorCount : 1,
                       sizeof(SolarGroupTensor));
  g->internal = calloc(graph->tensorCount ? graph->tensorCount : 1,
                       sizeof(int64_t));
  size_t touched = touchedTensors(f, nodes, n, false);
  for (size_t k = 0; k < touched; ++k) {
    int64_t t = f->tensors[k];
    if (isInternal(f, t)) {
      g->internal[g->internalCount++] = t;
      continue;
    }
    bool exactReads, exactWrites;
    int64_t reads = solarUnionFootprint(graph, t, nodes, n,
                                        SOLAR_ACCESS_READS, true, &exactReads);
    int64_t writes = solarUnionFootprint(graph, t, nodes, n,
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
    b->tensor = t;
    b->readElements = reads;
    b->writeElements = writes;
    b->bytes = (double)(reads + writes) *
               solarTensorElementBytes(&graph->tensors[t], dtype);
    g->dramBytes += b->bytes;
  }
  g->liveBytes = groupLiveBytes(f, nodes, n, dtype);
  return true;
}

static bool fuserInit(Fuser *f, const SolarEinsumGraph *graph) {
  size_t n = graph->nodeCount, t = graph->tensorCount, e = graph->edgeCount;
  memset(f, 0, sizeof(*f));
  f->graph = graph;
  f->parent = malloc((n ? n : 1) * sizeof(size_t));
  f->edgeProducer = malloc((e ? e : 1) * sizeof(size_t));
  f->edgeConsumer = malloc((e ? e : 1) * sizeof(size_t));
  f->nodeMark = calloc(n ? n : 1, sizeof(size_t));
  f->tensorMark = calloc(t ? t : 1, sizeof(size_t));
  f->stack = malloc((n ? n : 1) * sizeof(size_t));
  f->tensors = malloc((t ? t : 1) * sizeof(int64_t));
  f->live = malloc((t ? t : 1) * sizeof(double));
  f->orphans = malloc((t ? t : 1) * sizeof(int64_t));
  if (!f->parent || !f->edgeProducer || !f->edgeConsumer || !f->nodeMark ||
      !f->tensorMark || !f->stack || !f->tensors || !f->live || !f->orphans)
    return false;
  for (size_t k = 0; k < t; ++k) {
    size_t users = 0;
    solarGraphTensorNodes(graph, (int64_t)k, &users);
    if (users == 0 && graph->tensors[k].role == SOLAR_ROLE_INTERMEDIATE)
      f->orphans[f->orphanCount++] = (int64_t)k;
  }
  for (size_t i = 0; i < n; ++i)
    f->parent[i] = i;
  for (size_t k = 0; k < e; ++k) {
    f->edgeProducer[k] = nodeIndex(graph, graph->edges[k].producer);
    f->edgeConsumer[k] = nodeIndex(graph, graph->edges[k].consumer);
  }
  for (size_t k = 0; k < t; ++k)
    f->live[k] = NAN;
  return true;
}

static void fuserDestroy(Fuser *f) {
  free(f->parent);
  free(f->edgeProducer);
  free(f->edgeConsumer);
  free(f->nodeMark);
  free(f->tensorMark);
  free(f->stack);
  free(f->tensors);
  free(f->live);
  free(f->orphans);
}

bool solarFusionCompute(const SolarEinsumGraph *graph, double capacityBytes,
                        SolarDtype computeDtype, SolarFusion *out, char *err,
                        size_t errSize) {
  memset(out, 0, sizeof(*out));
  out->capacityBytes = capacityBytes;
  size_t n = graph->nodeCount;
  Fuser f;
  if (!fuserInit(&f, graph))
    abort();
  size_t *parent = f.parent;
  int64_t *scratch = malloc((n ? n : 1) * sizeof(int64_t));

  /* Edges in program order of their consumer, then of their producer. */
  for (size_t c = 0; c < n; ++c) {
    size_t into = 0;
    const size_t *edges = solarGraphEdgesInto(graph, c, &into);
    for (size_t k = 0; k < into; ++k) {
      size_t p = f.edgeProducer[edges[k]];
      if (p >= n)
        continue;
      size_t a = findRoot(parent, p), b = findRoot(parent, c);
      if (a == b || pathThroughOutside(&f, a, b))
        continue;
      size_t count = collectGroup(graph, parent, a, b, scratch);
      if (groupLiveBytes(&f, scratch, count, computeDtype) > capacityBytes)
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
    ok = fillGroup(&f, computeDtype, scratch, count, g, err, errSize);
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
    ok = fillGroup(&f, computeDtype, scratch, n, &whole, err, errSize);
    out->idealBytes = whole.dramBytes;
    free(whole.nodes);
    free(whole.boundary);
    free(whole.internal);
  }
  fuserDestroy(&f);
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
