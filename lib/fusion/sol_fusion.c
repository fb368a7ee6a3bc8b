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
#include <isl/ctx.h>
#include <isl/options.h>
#include <isl/map.h>
#include <isl/polynomial.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/val.h>

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

/* Per-tensor facts of sol_layout.c, computed once per graph (each query
 * scans every access of the graph). */
typedef struct {
  bool *view;     /* solarTensorIsView; NULL: no views (unfused kernels) */
  bool *noBuffer; /* solarTensorNeedsNoBuffer */
  bool symbolic;  /* bytes as isl counts in the parameters (dramBytesPw) */
} TensorFacts;

static TensorFacts tensorFactsCreate(const SolarEinsumGraph *graph,
                                     bool views, bool symbolic) {
  size_t count = graph->tensorCount ? graph->tensorCount : 1;
  TensorFacts facts = {views ? calloc(count, sizeof(bool)) : NULL,
                       calloc(count, sizeof(bool)), symbolic};
  for (size_t t = 0; t < graph->tensorCount; ++t) {
    if (facts.view)
      facts.view[t] = solarTensorIsView(graph, (int64_t)t);
    facts.noBuffer[t] = solarTensorNeedsNoBuffer(graph, (int64_t)t);
  }
  return facts;
}

static void tensorFactsDestroy(TensorFacts *facts) {
  free(facts->view);
  free(facts->noBuffer);
}

/* Working-set bytes that keeping `tensor` on chip inside `nodes` needs. */
static double liveBytes(const SolarEinsumGraph *graph,
                        const TensorFacts *facts, int64_t tensor,
                        const int64_t *nodes, size_t n, SolarDtype dtype) {
  const SolarEinsumTensor *t = &graph->tensors[tensor];
  if (facts->noBuffer[tensor])
    return 0;
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
                             const TensorFacts *facts,
                             const int64_t *nodes, size_t n,
                             SolarDtype dtype) {
  double total = 0;
  for (size_t t = 0; t < graph->tensorCount; ++t)
    if (isInternal(graph, (int64_t)t, nodes, n))
      total += liveBytes(graph, facts, (int64_t)t, nodes, n, dtype);
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

/* True when every node of the group with root `root` is a layout node. */
static bool onlyLayout(const SolarEinsumGraph *graph, size_t *parent,
                       size_t root) {
  for (size_t i = 0; i < graph->nodeCount; ++i)
    if (findRoot(parent, i) == root && !solarNodeIsLayout(&graph->nodes[i]))
      return false;
  return true;
}

/* The parameters by the names the source gave them, so the user knows
 * which sizes to bind. */
static void parameterNames(const SolarEinsumGraph *graph, char *names,
                           size_t size) {
  names[0] = '\0';
  for (size_t p = 0; p < graph->paramCount; ++p) {
    size_t used = strlen(names);
    snprintf(names + used, size - used, "%s%s", p ? ", " : "",
             graph->params[p].name);
  }
}

/* Adds (reads + writes) * element bytes of the boundary tensor to the
 * group's symbolic bytes. */
static bool addSymbolicBytes(const SolarEinsumGraph *graph, SolarDtype dtype,
                             int64_t tensor, const int64_t *nodes, size_t n,
                             SolarFusionGroup *g, char *err, size_t errSize) {
  bool exact;
  isl_pw_qpolynomial *reads = solarUnionFootprintPw(
      graph, tensor, nodes, n, SOLAR_ACCESS_READS, true, &exact);
  isl_pw_qpolynomial *writes = solarUnionFootprintPw(
      graph, tensor, nodes, n, SOLAR_ACCESS_WRITES, false, &exact);
  if (!reads || !writes) {
    char names[256];
    parameterNames(graph, names, sizeof(names));
    snprintf(err, errSize,
             "the footprint of %s in function @%s has no exact count in "
             "the symbolic sizes (%s), so no symbolic lower bound; give "
             "the sizes with --solar-bind-shapes, then --canonicalize",
             graph->tensors[tensor].name, graph->function, names);
    isl_pw_qpolynomial_free(reads);
    isl_pw_qpolynomial_free(writes);
    return false;
  }
  g->boundary[g->boundaryCount++] = (SolarGroupTensor){
      .tensor = tensor, .readElements = -1, .writeElements = -1};
  isl_val *bytes = solarValFromDouble(
      isl_pw_qpolynomial_get_ctx(reads),
      solarTensorElementBytes(&graph->tensors[tensor], dtype));
  isl_pw_qpolynomial *sum = isl_pw_qpolynomial_scale_val(
      isl_pw_qpolynomial_add(reads, writes), bytes);
  g->dramBytesPw =
      g->dramBytesPw ? isl_pw_qpolynomial_add(g->dramBytesPw, sum) : sum;
  return g->dramBytesPw != NULL;
}

/* facts->view: layout-produced intermediates are never moved, as in the
 * fused and cache-aware fidelities; unfused kernels (no view) move them. */
static bool fillGroup(const SolarEinsumGraph *graph, SolarDtype dtype,
                      const TensorFacts *facts, const int64_t *nodes,
                      size_t n, SolarFusionGroup *g, char *err,
                      size_t errSize) {
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
    if (isInternal(graph, (int64_t)t, nodes, n) ||
        (facts->view && facts->view[t])) {
      g->internal[g->internalCount++] = (int64_t)t;
      continue;
    }
    if (facts->symbolic) {
      if (!addSymbolicBytes(graph, dtype, (int64_t)t, nodes, n, g, err,
                            errSize))
        return false;
      continue;
    }
    bool exactReads, exactWrites;
    int64_t reads = solarUnionFootprint(graph, (int64_t)t, nodes, n,
                                        SOLAR_ACCESS_READS, true, &exactReads);
    int64_t writes = solarUnionFootprint(graph, (int64_t)t, nodes, n,
                                         SOLAR_ACCESS_WRITES, false,
                                         &exactWrites);
    if (reads < 0 || writes < 0) {
      char names[256];
      parameterNames(graph, names, sizeof(names));
      snprintf(err, errSize,
               "the footprint of %s in function @%s depends on symbolic "
               "sizes (%s); fusion groups and cache traffic need static "
               "shapes (give them with --solar-bind-shapes, then "
               "--canonicalize; --solar-sol gives symbolic figures)",
               graph->tensors[t].name, graph->function, names);
      return false;
    }
    SolarGroupTensor *b = &g->boundary[g->boundaryCount++];
    b->tensor = (int64_t)t;
    b->readElements = reads;
    b->writeElements = writes;
    /* In double: a footprint may saturate at INT64_MAX (a loop to
     * 2^63 - 1 over a small memref), and the int64 sum would overflow. */
    b->bytes = ((double)reads + (double)writes) *
               solarTensorElementBytes(&graph->tensors[t], dtype);
    g->dramBytes += b->bytes;
  }
  if (facts->symbolic) {
    /* No boundary tensor: nothing moves. */
    if (!g->dramBytesPw && solarGraphIslCtx(graph))
      g->dramBytesPw =
          isl_pw_qpolynomial_read_from_str(solarGraphIslCtx(graph), "{ 0 }");
    return g->dramBytesPw != NULL;
  }
  g->liveBytes = groupLiveBytes(graph, facts, nodes, n, dtype);
  return true;
}

static bool computeGroups(const SolarEinsumGraph *graph,
                          double capacityBytes, SolarDtype computeDtype,
                          bool symbolic, SolarFusion *out, char *err,
                          size_t errSize) {
  memset(out, 0, sizeof(*out));
  out->capacityBytes = capacityBytes;
  size_t n = graph->nodeCount;
  size_t *parent = malloc((n ? n : 1) * sizeof(size_t));
  int64_t *scratch = malloc((n ? n : 1) * sizeof(int64_t));
  TensorFacts facts = tensorFactsCreate(graph, true, symbolic);
  for (size_t i = 0; i < n; ++i)
    parent[i] = i;

  /* An eager framework runs each framework op as one kernel, so any fusing
   * implementation can too: groups start from whole framework ops. */
  for (size_t i = 0; i < n; ++i) {
    size_t first = solarKernelLeader(graph, i);
    size_t a = findRoot(parent, first), b = findRoot(parent, i);
    if (a != b && !pathThroughOutside(graph, parent, a, b) &&
        !pathThroughOutside(graph, parent, b, a))
      parent[b] = a;
  }

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
      /* Layout producers are indexed by their consumer, never buffered. */
      /* An unlimited capacity (the symbolic grouping) refuses nothing. */
      if (isfinite(capacityBytes) && !onlyLayout(graph, parent, a) &&
          groupLiveBytes(graph, &facts, scratch,
                         collectGroup(graph, parent, a, b, scratch),
                         computeDtype) > capacityBytes)
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
    ok = fillGroup(graph, computeDtype, &facts, scratch, count, g, err,
                   errSize);
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
    ok = fillGroup(graph, computeDtype, &facts, scratch, n, &whole, err,
                   errSize);
    out->idealBytes = whole.dramBytes;
    out->idealBytesPw = whole.dramBytesPw;
    free(whole.nodes);
    free(whole.boundary);
    free(whole.internal);
  }
  free(parent);
  free(scratch);
  tensorFactsDestroy(&facts);
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

/* Intermediates written only by framework ops made of layout nodes alone
 * (permute, expand, a slice): eager frameworks run no kernel for such view
 * ops, their readers index the source. Nests without a framework op keep
 * the per-nest model. Caller frees. */
static bool *eagerViews(const SolarEinsumGraph *graph, const size_t *leader) {
  size_t n = graph->nodeCount;
  bool *layoutOp = calloc(n ? n : 1, sizeof(bool));
  for (size_t i = 0; i < n; ++i)
    layoutOp[i] = graph->nodes[i].frameworkOp != NULL;
  for (size_t i = 0; i < n; ++i)
    if (!solarNodeIsLayout(&graph->nodes[i]))
      layoutOp[leader[i]] = false;
  bool *view = calloc(graph->tensorCount ? graph->tensorCount : 1,
                      sizeof(bool));
  for (size_t t = 0; t < graph->tensorCount; ++t) {
    if (graph->tensors[t].role != SOLAR_ROLE_INTERMEDIATE)
      continue;
    bool written = false, onlyViews = true;
    for (size_t i = 0; i < n && onlyViews; ++i)
      for (size_t a = 0; a < graph->nodes[i].accessCount; ++a)
        if (graph->nodes[i].accesses[a].tensor == (int64_t)t &&
            graph->nodes[i].accesses[a].isWrite) {
          written = true;
          onlyViews = layoutOp[leader[i]];
          break;
        }
    view[t] = written && onlyViews;
  }
  free(layoutOp);
  return view;
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

size_t solarKernelLeader(const SolarEinsumGraph *graph, size_t node) {
  const char *op = graph->nodes[node].frameworkOp;
  if (!op)
    op = adoptedFrameworkOp(graph, node);
  for (size_t i = 0; op && i < node; ++i)
    if (graph->nodes[i].frameworkOp &&
        strcmp(graph->nodes[i].frameworkOp, op) == 0)
      return i;
  return node;
}

static bool frameworkKernels(const SolarEinsumGraph *graph,
                             SolarDtype storageDtype, bool symbolic,
                             SolarFusion *out, char *err, size_t errSize) {
  memset(out, 0, sizeof(*out));
  out->capacityBytes = INFINITY;
  size_t n = graph->nodeCount;
  out->groups = calloc(n ? n : 1, sizeof(SolarFusionGroup));
  int64_t *scratch = malloc((n ? n : 1) * sizeof(int64_t));
  size_t *leader = malloc((n ? n : 1) * sizeof(size_t));
  for (size_t i = 0; i < n; ++i)
    leader[i] = solarKernelLeader(graph, i);
  TensorFacts facts = tensorFactsCreate(graph, false, symbolic);
  facts.view = eagerViews(graph, leader);
  bool ok = true;
  for (size_t i = 0; i < n && ok; ++i) {
    if (leader[i] != i)
      continue;
    size_t count = 0;
    for (size_t k = i; k < n; ++k)
      if (leader[k] == i)
        scratch[count++] = graph->nodes[k].id;
    SolarFusionGroup *g = &out->groups[out->groupCount];
    g->id = (int64_t)out->groupCount++;
    ok = fillGroup(graph, storageDtype, &facts, scratch, count, g, err,
                   errSize);
  }
  free(scratch);
  free(leader);
  tensorFactsDestroy(&facts);
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
  for (size_t i = 0; i < fusion->groupCount; ++i) {
    isl_pw_qpolynomial_free(fusion->groups[i].dramBytesPw);
    free(fusion->groups[i].nodes);
    free(fusion->groups[i].boundary);
    free(fusion->groups[i].internal);
  }
  free(fusion->groups);
  memset(fusion, 0, sizeof(*fusion));
}
