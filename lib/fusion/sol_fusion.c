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
#include "fusion_internal.h"

#include "solar/einsum/einsum_graph_index.h"
#include "solar/support/grow.h"
#include "solar/support/hash.h"

#include <isl/polynomial.h>

#include <math.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static size_t *kernelLeaders(const SolarEinsumGraph *graph);

static void freeGroup(SolarFusionGroup *g) {
  isl_pw_qpolynomial_free(g->dramBytesPw);
  for (size_t b = 0; b < g->boundaryCount; ++b) {
    isl_pw_qpolynomial_free(g->boundary[b].readBytesPw);
    isl_pw_qpolynomial_free(g->boundary[b].writeBytesPw);
  }
  free(g->nodes);
  free(g->boundary);
  free(g->internal);
}

/* The fuser answers from the graph's index (tensor users, edge lists); a
 * graph without one would look like one without edges. */
static const char kNoIndex[] =
    "internal error: the einsum graph has no index (read it with "
    "solarEinsumGraphRead)";

/* Groups in program order of their first node; ties (duplicate ids) keep
 * the order they were made in. */
static int compareGroups(const void *lhs, const void *rhs) {
  const SolarFusionGroup *a = lhs, *b = rhs;
  if (a->nodes[0] != b->nodes[0])
    return a->nodes[0] < b->nodes[0] ? -1 : 1;
  return a->id < b->id ? -1 : a->id > b->id;
}

/* An empty result with the given on-chip capacity; false (and err) for a
 * graph read without its index. */
static bool startFusion(const SolarEinsumGraph *graph, double capacityBytes,
                        SolarFusion *out, char *err, size_t errSize) {
  memset(out, 0, sizeof(*out));
  out->capacityBytes = capacityBytes;
  if (graph->index)
    return true;
  snprintf(err, errSize, "%s", kNoIndex);
  return false;
}

static bool computeGroups(const SolarEinsumGraph *graph,
                          double capacityBytes, SolarDtype computeDtype,
                          bool symbolic, SolarFusion *out, char *err,
                          size_t errSize) {
  if (!startFusion(graph, capacityBytes, out, err, errSize))
    return false;
  size_t n = graph->nodeCount;
  SolarFuser f;
  size_t *leader = kernelLeaders(graph);
  if (!solarFuserInit(&f, graph, computeDtype, true) || !leader ||
      !solarEagerViewReadsInit(&f, true))
    abort();
  f.symbolic = symbolic;

  /* An eager framework runs each framework op as one kernel, so any fusing
   * implementation can too: groups start from whole framework ops. */
  for (size_t i = 0; i < n; ++i) {
    size_t a = solarFuserRoot(&f, leader[i]), b = solarFuserRoot(&f, i);
    if (a != b && !solarFuserPathThroughOutside(&f, a, b) &&
        !solarFuserPathThroughOutside(&f, b, a))
      solarFuserUnite(&f, b, a);
  }
  free(leader);

  bool tracked = isfinite(capacityBytes) && solarFuserTrackLive(&f);
  /* Edges in program order of their consumer, then of their producer. */
  for (size_t c = 0; c < n; ++c) {
    size_t into = 0;
    const size_t *edges = solarGraphEdgesInto(graph, c, &into);
    for (size_t k = 0; k < into; ++k) {
      size_t p = solarGraphNodeIndex(graph, graph->edges[edges[k]].producer);
      if (p >= n)
        continue;
      size_t a = solarFuserRoot(&f, p), b = solarFuserRoot(&f, c);
      if (a == b || solarFuserPathThroughOutside(&f, a, b))
        continue;
      /* Layout producers are indexed by their consumer, never buffered.
       * An unlimited capacity (the symbolic grouping) refuses nothing. */
      double gain = tracked ? solarFuserMergeGain(&f, a, b) : 0;
      if (isfinite(capacityBytes) && f.heavy[a] > 0) {
        double live;
        if (tracked) {
          live = f.orphanLive + f.inner[a] + f.inner[b] + gain;
        } else {
          size_t count = solarFuserCollect(&f, a, b);
          live = solarFuserLiveBytesAt(&f, f.members, count);
        }
        if (live > capacityBytes)
          continue;
      }
      solarFuserUnite(&f, a, b);
      if (tracked)
        f.inner[b] += f.inner[a] + gain;
    }
  }

  out->groups = calloc(n ? n : 1, sizeof(SolarFusionGroup));
  bool ok = true;
  for (size_t i = 0; i < n && ok; ++i) {
    if (solarFuserRoot(&f, i) != i)
      continue;
    size_t count = solarFuserCollect(&f, i, n);
    SolarFusionGroup *g = &out->groups[out->groupCount];
    g->id = (int64_t)out->groupCount++;
    ok = solarFuserFillGroup(&f, f.ids, count, g, err, errSize);
  }
  if (ok)
    qsort(out->groups, out->groupCount, sizeof(SolarFusionGroup),
          compareGroups);
  for (size_t i = 0; i < out->groupCount; ++i)
    out->groups[i].id = (int64_t)i;

  /* Fully fused ideal: the whole function as one group of unlimited size. */
  if (ok) {
    for (size_t i = 0; i < n; ++i)
      f.ids[i] = graph->nodes[i].id;
    SolarFusionGroup whole = {0};
    ok = solarFuserFillGroup(&f, f.ids, n, &whole, err, errSize);
    out->idealBytes = whole.dramBytes;
    out->idealBytesPw = whole.dramBytesPw;
    whole.dramBytesPw = NULL;
    freeGroup(&whole);
  }
  solarFuserDestroy(&f);
  if (!ok)
    solarFusionDestroy(out);
  return ok;
}

bool solarFusionCompute(const SolarEinsumGraph *graph, double capacityBytes,
                        SolarDtype computeDtype, SolarFusion *out, char *err,
                        size_t errSize) {
  return computeGroups(graph, capacityBytes, computeDtype, false, out, err,
                       errSize);
}

bool solarFusionComputeSymbolic(const SolarEinsumGraph *graph,
                                SolarDtype computeDtype, SolarFusion *out,
                                char *err, size_t errSize) {
  /* The working set of an intermediate depends on the sizes: grouping as
   * if the capacity never binds only merges more, and every merge only
   * lowers the figures (docs/sol-model.md, "Symbolic sizes"). */
  return computeGroups(graph, INFINITY, computeDtype, true, out, err,
                       errSize);
}

/* The framework op an untagged layout node belongs to: the lowering's own
 * copies (a result copied into the caller's out-parameter, a reshape it had
 * to materialise) carry no framework op, but copy one op's result, which
 * the eager framework writes in place. NULL when the node reads from no
 * framework op or from several. */
static const char *adoptedFrameworkOp(const SolarEinsumGraph *graph,
                                      size_t node) {
  if (!solarNodeIsLayout(&graph->nodes[node]))
    return NULL;
  size_t count = 0;
  const size_t *into = solarGraphEdgesInto(graph, node, &count);
  const char *op = NULL;
  for (size_t k = 0; k < count; ++k) {
    const SolarEinsumEdge *edge = &graph->edges[into[k]];
    size_t p = solarGraphNodeIndex(graph, edge->producer);
    const char *from = p < graph->nodeCount && p != node
                           ? graph->nodes[p].frameworkOp
                           : NULL;
    if (!from || (op && strcmp(op, from) != 0))
      return NULL;
    op = from;
  }
  return op;
}

/* kernelLeaders' table: a framework op name and its first node. */
typedef struct {
  const char *name; /* the node's frameworkOp */
  size_t node;
} LeaderEntry;

static bool leaderEqual(const void *entry, const void *name) {
  return strcmp(((const LeaderEntry *)entry)->name, name) == 0;
}

static const SolarHashKind kLeader = {sizeof(LeaderEntry), leaderEqual};

/* The kernel leader of every node: the index of the first node of its
 * framework op (nodes with the same frameworkOp, or adopting it, form one
 * kernel), the node itself when it has none; found through a hash table of
 * op names instead of a scan per node. Caller frees. */
static size_t *kernelLeaders(const SolarEinsumGraph *graph) {
  size_t n = graph->nodeCount;
  size_t *leader = solarCalloc(n, sizeof(size_t));
  SolarHashTable first = {0};
  for (size_t i = 0; i < n; ++i) {
    const char *op = graph->nodes[i].frameworkOp;
    if (!op)
      continue;
    bool added;
    LeaderEntry *e =
        solarHashInsert(&first, &kLeader, solarHashString(op), op, &added);
    if (added)
      *e = (LeaderEntry){op, i};
  }
  for (size_t i = 0; i < n; ++i) {
    const char *op = graph->nodes[i].frameworkOp;
    if (!op)
      op = adoptedFrameworkOp(graph, i);
    leader[i] = i;
    if (!op)
      continue;
    const LeaderEntry *e =
        solarHashFind(&first, &kLeader, solarHashString(op), op);
    if (e && e->node < i)
      leader[i] = e->node;
  }
  solarHashClear(&first);
  return leader;
}

static bool frameworkKernels(const SolarEinsumGraph *graph,
                             SolarDtype storageDtype, bool symbolic,
                             SolarFusion *out, char *err, size_t errSize) {
  if (!startFusion(graph, INFINITY, out, err, errSize))
    return false;
  size_t n = graph->nodeCount;
  out->groups = calloc(n ? n : 1, sizeof(SolarFusionGroup));
  size_t *leader = kernelLeaders(graph);
  SolarFuser f;
  if (!out->groups || !leader ||
      !solarFuserInit(&f, graph, storageDtype, false))
    abort();
  f.view = solarEagerViewTensors(graph, leader);
  f.symbolic = symbolic;
  if (!f.view || !solarEagerViewReadsInit(&f, false))
    abort();
  /* Each kernel's members in program order: the fuser's lists. */
  for (size_t i = 0; i < n; ++i)
    if (leader[i] != i)
      solarFuserUnite(&f, i, leader[i]);
  bool ok = true;
  for (size_t i = 0; i < n && ok; ++i) {
    if (leader[i] != i)
      continue;
    size_t count = solarFuserCollect(&f, i, n);
    SolarFusionGroup *g = &out->groups[out->groupCount];
    g->id = (int64_t)out->groupCount++;
    ok = solarFuserFillGroup(&f, f.ids, count, g, err, errSize);
  }
  free(leader);
  solarFuserDestroy(&f);
  if (!ok)
    solarFusionDestroy(out);
  return ok;
}

bool solarFrameworkKernels(const SolarEinsumGraph *graph,
                           SolarDtype storageDtype, SolarFusion *out,
                           char *err, size_t errSize) {
  return frameworkKernels(graph, storageDtype, false, out, err, errSize);
}

bool solarFrameworkKernelsSymbolic(const SolarEinsumGraph *graph,
                                   SolarDtype storageDtype, SolarFusion *out,
                                   char *err, size_t errSize) {
  return frameworkKernels(graph, storageDtype, true, out, err, errSize);
}

void solarFusionDestroy(SolarFusion *fusion) {
  isl_pw_qpolynomial_free(fusion->idealBytesPw);
  for (size_t i = 0; i < fusion->groupCount; ++i)
    freeGroup(&fusion->groups[i]);
  free(fusion->groups);
  memset(fusion, 0, sizeof(*fusion));
}
