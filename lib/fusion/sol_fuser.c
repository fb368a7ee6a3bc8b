/* Group bookkeeping of fusion (fusion_internal.h). Every answer equals the
 * one of a scan over all nodes, tensors or edges: sums run over the same
 * tensors in the same (ascending) order, so the figures are bit-identical;
 * only the cost of a question follows the size of the groups it is about. */
#include "fusion_internal.h"

#include "solar/count/count.h"
#include "solar/einsum/einsum_graph_index.h"

#include <isl/aff.h>
#include <isl/map.h>
#include <isl/polynomial.h>
#include <isl/val.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void *allocZeroed(size_t count, size_t size) {
  return calloc(count ? count : 1, size);
}

bool solarFuserInit(SolarFuser *f, const SolarEinsumGraph *graph,
                    SolarDtype dtype, bool views) {
  size_t n = graph->nodeCount, t = graph->tensorCount, e = graph->edgeCount;
  memset(f, 0, sizeof(*f));
  f->graph = graph;
  f->dtype = dtype;
  f->view = views ? allocZeroed(t, sizeof(bool)) : NULL;
  f->noBuffer = allocZeroed(t, sizeof(bool));
  f->sets = solarUnionFindCreate(n);
  f->next = allocZeroed(n, sizeof(size_t));
  f->first = allocZeroed(n, sizeof(size_t));
  f->last = allocZeroed(n, sizeof(size_t));
  f->size = allocZeroed(n, sizeof(size_t));
  f->heavy = allocZeroed(n, sizeof(size_t));
  f->lastIndex = allocZeroed(n, sizeof(size_t));
  f->edgeConsumer = allocZeroed(e, sizeof(size_t));
  f->nodeMark = allocZeroed(n, sizeof(size_t));
  f->tensorMark = allocZeroed(t, sizeof(size_t));
  f->stack = allocZeroed(n, sizeof(size_t));
  f->members = allocZeroed(n, sizeof(size_t));
  f->ids = allocZeroed(n, sizeof(int64_t));
  f->tensors = allocZeroed(t, sizeof(int64_t));
  f->orphans = allocZeroed(t, sizeof(int64_t));
  f->live = allocZeroed(t, sizeof(double));
  f->writesView = allocZeroed(n, sizeof(bool));
  f->shapes = solarShapeMemoCreate(graph);
  if (!f->shapes || (views && !f->view) || !f->writesView || !f->noBuffer || !f->sets || !f->next ||
      !f->first || !f->last || !f->size || !f->heavy || !f->lastIndex ||
      !f->edgeConsumer || !f->nodeMark || !f->tensorMark || !f->stack ||
      !f->members || !f->ids || !f->tensors || !f->orphans || !f->live)
    return false;
  for (size_t i = 0; i < n; ++i) {
    f->first[i] = f->last[i] = f->lastIndex[i] = i;
    f->next[i] = n;
    f->size[i] = 1;
    f->heavy[i] = !solarNodeIsLayout(&graph->nodes[i]);
    f->writesView[i] = solarNodeWritesResultView(graph, i);
  }
  f->uniqueIds = true;
  for (size_t i = 0; i < n; ++i)
    f->uniqueIds &= solarGraphNodeIndex(graph, graph->nodes[i].id) == i;
  f->forward = true;
  for (size_t k = 0; k < e; ++k) {
    f->edgeConsumer[k] = solarGraphNodeIndex(graph, graph->edges[k].consumer);
    size_t p = solarGraphNodeIndex(graph, graph->edges[k].producer);
    if (p < n && f->edgeConsumer[k] < n && p > f->edgeConsumer[k])
      f->forward = false;
  }
  for (size_t k = 0; k < t; ++k) {
    if (f->view)
      f->view[k] = solarTensorIsView(graph, (int64_t)k);
    f->noBuffer[k] = solarTensorNeedsNoBuffer(graph, (int64_t)k);
    f->live[k] = NAN;
    size_t users = 0;
    solarGraphTensorNodes(graph, (int64_t)k, &users);
    if (users == 0 && graph->tensors[k].role == SOLAR_ROLE_INTERMEDIATE)
      f->orphans[f->orphanCount++] = (int64_t)k;
  }
  return true;
}

void solarFuserDestroy(SolarFuser *f) {
  free(f->view);
  free(f->viewWriter);
  free(f->writesView);
  free(f->noBuffer);
  solarUnionFindDestroy(f->sets);
  free(f->next);
  free(f->first);
  free(f->last);
  free(f->size);
  free(f->heavy);
  free(f->lastIndex);
  free(f->edgeConsumer);
  free(f->nodeMark);
  free(f->tensorMark);
  free(f->stack);
  free(f->members);
  free(f->ids);
  free(f->tensors);
  free(f->orphans);
  free(f->live);
  free(f->inner);
  solarShapeMemoDestroy(f->shapes);
  memset(f, 0, sizeof(*f));
}

/* ---- union-find with member lists -------------------------------------- */

size_t solarFuserRoot(SolarFuser *f, size_t i) {
  return solarUnionFindRoot(f->sets, i);
}

void solarFuserUnite(SolarFuser *f, size_t from, size_t into) {
  size_t n = f->graph->nodeCount, *next = f->next;
  solarUnionFindLink(f->sets, from, into);
  /* Both member lists ascend; merged, so does the group's, and
   * solarFuserCollect needs no sort. */
  size_t a = f->first[into], b = f->first[from], head = n, tail = n;
  while (a < n || b < n) {
    size_t *take = b >= n || (a < n && a < b) ? &a : &b;
    size_t x = *take;
    *take = next[x];
    if (tail < n)
      next[tail] = x;
    else
      head = x;
    tail = x;
  }
  next[tail] = n;
  f->first[into] = head;
  f->last[into] = tail;
  f->size[into] += f->size[from];
  f->heavy[into] += f->heavy[from];
  if (f->lastIndex[from] > f->lastIndex[into])
    f->lastIndex[into] = f->lastIndex[from];
}

bool solarFuserPathThroughOutside(SolarFuser *f, size_t a, size_t b) {
  const SolarEinsumGraph *graph = f->graph;
  size_t n = graph->nodeCount, *stack = f->stack;
  size_t top = 0, seen = ++f->stamp;
  /* Nodes after b's last cannot reach b when edges only run forward. */
  size_t horizon = f->forward ? f->lastIndex[b] : n;
  bool found = false;
  /* Start from every outside node fed directly by group a. */
  for (size_t x = f->first[a]; x < n; x = f->next[x]) {
    size_t count = 0;
    const size_t *from = solarGraphEdgesFrom(graph, x, &count);
    for (size_t k = 0; k < count; ++k) {
      size_t c = f->edgeConsumer[from[k]];
      if (c >= n || c > horizon || f->nodeMark[c] == seen)
        continue;
      size_t rc = solarFuserRoot(f, c);
      if (rc != a && rc != b) {
        f->nodeMark[c] = seen;
        stack[top++] = c;
      }
    }
  }
  while (top > 0 && !found) {
    size_t x = stack[--top], count = 0;
    const size_t *from = solarGraphEdgesFrom(graph, x, &count);
    for (size_t k = 0; k < count && !found; ++k) {
      size_t c = f->edgeConsumer[from[k]];
      if (c >= n || c > horizon)
        continue;
      size_t rc = solarFuserRoot(f, c);
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

size_t solarFuserCollect(SolarFuser *f, size_t a, size_t b) {
  /* The two ascending member lists, merged. */
  size_t n = f->graph->nodeCount, count = 0;
  size_t x = f->first[a], y = b < n ? f->first[b] : n;
  while (x < n || y < n) {
    size_t *take = y >= n || (x < n && x < y) ? &x : &y;
    f->members[count++] = *take;
    *take = f->next[*take];
  }
  for (size_t k = 0; k < count; ++k)
    f->ids[k] = f->graph->nodes[f->members[k]].id;
  return count;
}

/* ---- streaming slices --------------------------------------------------- */

/* True when the access's first tensor index is a function of the node's
 * outermost loop alone and that loop is not a reduction: the tensor is then
 * produced/consumed slice by slice along it. */
static bool streamsAlongOuterLoop(SolarFuser *f, size_t node, size_t access) {
  const SolarEinsumNode *nd = &f->graph->nodes[node];
  if (nd->loopCount == 0 || nd->loops[0].reduction ||
      !nd->accesses[access].exact)
    return false;
  SolarIndexFacts facts;
  solarShapeIndexFacts(f->shapes, node, access, &facts);
  return facts.singleValued && facts.indexCount > 0 && facts.dims[0] == 1u;
}

/* Working-set bytes that keeping `tensor` on chip inside a group needs.
 * Only asked for internal tensors, whose group holds every node touching
 * them, so the answer depends on the tensor alone and is kept. */
static double tensorLiveBytes(SolarFuser *f, int64_t tensor) {
  if (!isnan(f->live[tensor]))
    return f->live[tensor];
  const SolarEinsumGraph *graph = f->graph;
  const SolarEinsumTensor *t = &graph->tensors[tensor];
  if (f->noBuffer[tensor])
    return f->live[tensor] = 0;
  bool streams = t->rank > 0 && t->shape[0] > 1;
  size_t count = 0;
  const size_t *users = solarGraphTensorNodes(graph, tensor, &count);
  for (size_t i = 0; i < count && streams; ++i) {
    const SolarEinsumNode *node = &graph->nodes[users[i]];
    for (size_t a = 0; a < node->accessCount && streams; ++a)
      if (node->accesses[a].tensor == tensor)
        streams = streamsAlongOuterLoop(f, users[i], a);
  }
  double footprint = (double)(t->footprintElements > 0 ? t->footprintElements
                                                       : t->elements);
  double bytes = footprint * solarTensorElementBytes(t, f->dtype);
  f->live[tensor] = streams ? bytes / (double)t->shape[0] : bytes;
  return f->live[tensor];
}

/* ---- tensors of a group ------------------------------------------------- */

/* A tensor stays on chip in a group when it lives only inside the function
 * and every node touching it is in the group (marked: nodeMark == stamp). */
static bool isInternal(SolarFuser *f, int64_t tensor) {
  if (f->graph->tensors[tensor].role != SOLAR_ROLE_INTERMEDIATE)
    return false;
  size_t count = 0;
  const size_t *users = solarGraphTensorNodes(f->graph, tensor, &count);
  for (size_t i = 0; i < count; ++i)
    if (f->nodeMark[users[i]] != f->stamp)
      return false;
  return true;
}

static int compareIds(const void *lhs, const void *rhs) {
  const int64_t *a = lhs, *b = rhs;
  return *a < *b ? -1 : *a > *b;
}

/* Marks the node at index i and lists its tensors not yet marked. */
static void touchNode(SolarFuser *f, size_t i, size_t stamp, size_t *count) {
  const SolarEinsumGraph *graph = f->graph;
  const SolarEinsumNode *node = &graph->nodes[i];
  f->nodeMark[i] = stamp;
  for (size_t a = 0; a < node->accessCount; ++a) {
    int64_t t = node->accesses[a].tensor;
    if (t < 0 || (size_t)t >= graph->tensorCount || f->tensorMark[t] == stamp)
      continue;
    f->tensorMark[t] = stamp;
    f->tensors[(*count)++] = t;
  }
}

static size_t touchOrphans(SolarFuser *f, size_t stamp, bool orphans) {
  size_t count = 0;
  for (size_t k = 0; orphans && k < f->orphanCount; ++k) {
    f->tensorMark[f->orphans[k]] = stamp;
    f->tensors[count++] = f->orphans[k];
  }
  return count;
}

/* The `count` tensors listed in f->tensors (all marked `stamp`), put in
 * ascending order. */
static size_t sortTouched(SolarFuser *f, size_t count, size_t stamp) {
  const SolarEinsumGraph *graph = f->graph;
  /* Sorting costs about 30 c log2(c) instructions for c tensors, a pass
   * over the marks of all T tensors about 4 T: the cheaper of the two. */
  size_t log2Count = 0;
  while (((size_t)1 << log2Count) < count)
    ++log2Count;
  if (8 * count * log2Count < graph->tensorCount) {
    qsort(f->tensors, count, sizeof(int64_t), compareIds);
    return count;
  }
  count = 0;
  for (size_t t = 0; t < graph->tensorCount; ++t)
    if (f->tensorMark[t] == stamp)
      f->tensors[count++] = (int64_t)t;
  return count;
}

/* The tensors the nodes touch (with `orphans`, also the intermediates no
 * node touches), ascending as in a scan over all tensors, into f->tensors;
 * marks the nodes. */
static size_t touchedTensors(SolarFuser *f, const int64_t *nodes, size_t n,
                             bool orphans) {
  size_t stamp = ++f->stamp;
  size_t count = touchOrphans(f, stamp, orphans);
  for (size_t k = 0; k < n; ++k) {
    size_t i = solarGraphNodeIndex(f->graph, nodes[k]);
    if (i < f->graph->nodeCount)
      touchNode(f, i, stamp, &count);
  }
  return sortTouched(f, count, stamp);
}

static double internalLiveBytes(SolarFuser *f, size_t count) {
  double total = 0;
  for (size_t k = 0; k < count; ++k)
    if (isInternal(f, f->tensors[k]))
      total += tensorLiveBytes(f, f->tensors[k]);
  return total;
}

double solarFuserLiveBytes(SolarFuser *f, const int64_t *nodes, size_t n) {
  return internalLiveBytes(f, touchedTensors(f, nodes, n, true));
}

double solarFuserLiveBytesAt(SolarFuser *f, const size_t *members,
                             size_t n) {
  /* With ids that name their nodes one to one, the indices are the nodes
   * the ids would be looked up as. */
  if (!f->uniqueIds) {
    for (size_t k = 0; k < n; ++k)
      f->ids[k] = f->graph->nodes[members[k]].id;
    return solarFuserLiveBytes(f, f->ids, n);
  }
  size_t stamp = ++f->stamp;
  size_t count = touchOrphans(f, stamp, true);
  for (size_t k = 0; k < n; ++k)
    touchNode(f, members[k], stamp, &count);
  return internalLiveBytes(f, sortTouched(f, count, stamp));
}

/* ---- live bytes kept per group ------------------------------------------ */

bool solarFuserTrackLive(SolarFuser *f) {
  const SolarEinsumGraph *graph = f->graph;
  size_t n = graph->nodeCount;
  /* Integer byte counts whose grand total stays below 2^53 add exactly in
   * any order and grouping, so a group's total kept by parts is the sum
   * solarFuserLiveBytes takes in ascending tensor order, to the bit. */
  double total = 0;
  bool exact = true;
  for (size_t t = 0; t < graph->tensorCount && exact; ++t) {
    if (graph->tensors[t].role != SOLAR_ROLE_INTERMEDIATE)
      continue;
    double v = tensorLiveBytes(f, (int64_t)t);
    exact = isfinite(v) && v >= 0 && v == floor(v);
    total += v;
  }
  if (!exact || !(total < 9007199254740992.0))
    return false;
  f->inner = allocZeroed(n, sizeof(double));
  if (!f->inner)
    return false;
  f->orphanLive = 0;
  for (size_t k = 0; k < f->orphanCount; ++k)
    f->orphanLive += tensorLiveBytes(f, f->orphans[k]);
  /* An intermediate all of whose users share a group is inside it. */
  for (size_t t = 0; t < graph->tensorCount; ++t) {
    size_t count = 0;
    const size_t *users = solarGraphTensorNodes(graph, (int64_t)t, &count);
    if (graph->tensors[t].role != SOLAR_ROLE_INTERMEDIATE || count == 0)
      continue;
    size_t root = solarFuserRoot(f, users[0]);
    bool inside = true;
    for (size_t k = 1; k < count && inside; ++k)
      inside = solarFuserRoot(f, users[k]) == root;
    if (inside)
      f->inner[root] += tensorLiveBytes(f, (int64_t)t);
  }
  return true;
}

double solarFuserMergeGain(SolarFuser *f, size_t a, size_t b) {
  /* A tensor inside a + b but inside neither alone has users in both, so
   * the smaller group touches it. */
  const SolarEinsumGraph *graph = f->graph;
  size_t n = graph->nodeCount, small = f->size[a] <= f->size[b] ? a : b;
  size_t stamp = ++f->stamp;
  double gain = 0;
  for (size_t x = f->first[small]; x < n; x = f->next[x]) {
    const SolarEinsumNode *node = &graph->nodes[x];
    for (size_t k = 0; k < node->accessCount; ++k) {
      int64_t t = node->accesses[k].tensor;
      if (t < 0 || (size_t)t >= graph->tensorCount ||
          f->tensorMark[t] == stamp)
        continue;
      f->tensorMark[t] = stamp;
      if (graph->tensors[t].role != SOLAR_ROLE_INTERMEDIATE)
        continue;
      size_t count = 0;
      const size_t *users = solarGraphTensorNodes(graph, t, &count);
      bool insideSmall = true, insideBoth = true;
      for (size_t u = 0; u < count && insideBoth; ++u) {
        size_t root = solarFuserRoot(f, users[u]);
        insideSmall &= root == small;
        insideBoth = root == a || root == b;
      }
      if (insideBoth && !insideSmall)
        gain += tensorLiveBytes(f, t);
    }
  }
  return gain;
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
                             int64_t tensor, const int64_t *readers,
                             size_t readerCount, const int64_t *nodes,
                             size_t n, SolarFusionGroup *g, char *err,
                             size_t errSize) {
  bool exact;
  isl_pw_qpolynomial *reads =
      readerCount ? solarUnionFootprintPw(graph, tensor, readers, readerCount,
                                          SOLAR_ACCESS_READS, true, &exact)
                  : isl_pw_qpolynomial_read_from_str(solarGraphIslCtx(graph),
                                                     "{ 0 }");
  isl_pw_qpolynomial *writes = solarUnionFootprintPw(
      graph, tensor, nodes, n, SOLAR_ACCESS_WRITES, false, &exact);
  if (!reads || !writes) {
    char names[256];
    parameterNames(graph, names, sizeof(names));
    snprintf(err, errSize,
             "the footprint of %s in function @%s has no exact count in "
             "the symbolic sizes (%s) with at most %d distinct floor terms, "
             "so no symbolic lower bound; give the sizes with "
             "--solar-bind-shapes, then --canonicalize",
             graph->tensors[tensor].name, graph->function, names,
             SOLAR_COUNT_MAX_EXPRESSION_DIVS);
    isl_pw_qpolynomial_free(reads);
    isl_pw_qpolynomial_free(writes);
    return false;
  }
  isl_ctx *ctx = isl_pw_qpolynomial_get_ctx(reads);
  double width = solarTensorElementBytes(&graph->tensors[tensor], dtype);
  SolarGroupTensor *b = &g->boundary[g->boundaryCount++];
  *b = (SolarGroupTensor){.tensor = tensor, .readElements = -1,
                          .writeElements = -1};
  /* Kept apart for the last-level-cache figures, which charge reads and
   * writes by different rules (lib/sol/sol_llc.c). */
  b->readBytesPw = isl_pw_qpolynomial_scale_val(
      isl_pw_qpolynomial_copy(reads), solarValFromDouble(ctx, width));
  b->writeBytesPw = isl_pw_qpolynomial_scale_val(
      isl_pw_qpolynomial_copy(writes), solarValFromDouble(ctx, width));
  isl_val *bytes = solarValFromDouble(ctx, width);
  isl_pw_qpolynomial *sum = isl_pw_qpolynomial_scale_val(
      solarCountPwQpolynomialAddBounded(reads, writes), bytes);
  if (!sum)
    g->dramBytesPw = isl_pw_qpolynomial_free(g->dramBytesPw);
  else
    g->dramBytesPw =
        g->dramBytesPw ? solarCountPwQpolynomialAddBounded(g->dramBytesPw, sum) : sum;
  if (!g->dramBytesPw)
    snprintf(err, errSize,
             "the bytes of a fusion group in function @%s have more than %d "
             "distinct floor terms in the symbolic sizes, so no symbolic "
             "lower bound; give the sizes with --solar-bind-shapes, then "
             "--canonicalize",
             graph->function, SOLAR_COUNT_MAX_EXPRESSION_DIVS);
  return g->dramBytesPw != NULL;
}

/* The boundary entry of `tensor` in g, appended (nothing read or written)
 * when it has none. */
static SolarGroupTensor *boundaryOf(SolarFusionGroup *g, int64_t tensor) {
  for (size_t b = 0; b < g->boundaryCount; ++b)
    if (g->boundary[b].tensor == tensor)
      return &g->boundary[b];
  SolarGroupTensor *b = &g->boundary[g->boundaryCount++];
  *b = (SolarGroupTensor){.tensor = tensor};
  return b;
}

/* An eager kernel reads the elements of a view's source it touches
 * through the view (f->viewWriter; sol_eager_views.c): at least
 * `sourceElements` of `source`, which the kernel may also read directly
 * (then the larger count, a lower bound of their union). */
static void readThroughView(SolarFuser *f, SolarFusionGroup *g,
                            int64_t source, int64_t sourceElements) {
  /* A source kept on chip (a fused group's) is read there. */
  if (sourceElements <= 0 || isInternal(f, source))
    return;
  SolarGroupTensor *b = boundaryOf(g, source);
  if (b->readElements >= sourceElements)
    return;
  double width = solarTensorElementBytes(&f->graph->tensors[source], f->dtype);
  double added = (double)(sourceElements - b->readElements) * width;
  b->readElements = sourceElements;
  b->bytes += added;
  g->dramBytes += added;
}

/* The node ids of `nodes` whose reads are the group's own: all of them but
 * the writers of views read through (their readers read the source) and
 * of result views (their source leaves uncopied), which go to `viewers`
 * from its end; `kept` has room for n. Returns the count kept, the rest
 * being at viewers[kept count .. n). */
static size_t ownReaders(const SolarFuser *f, const int64_t *nodes, size_t n,
                         int64_t *kept) {
  size_t count = 0, rest = n;
  for (size_t k = 0; k < n; ++k) {
    size_t i = solarGraphNodeIndex(f->graph, nodes[k]);
    if (!f->writesView || i >= f->graph->nodeCount || !f->writesView[i])
      kept[count++] = nodes[k];
    else
      kept[--rest] = nodes[k];
  }
  return count;
}

/* A computed tensor kept on chip whose elements a result view exposes
 * (read by a view writer of the group, `viewers`): the implementation
 * returning the view stores them once, whoever else reads them on chip.
 * Charged as the group's writes of the elements the viewers read. */
static void writeEscaping(SolarFuser *f, SolarFusionGroup *g, int64_t t,
                          const int64_t *viewers, size_t viewerCount) {
  bool exact;
  int64_t elements =
      solarUnionFootprintIn(NULL, f->graph, t, viewers, viewerCount,
                            SOLAR_ACCESS_READS, false, &exact);
  if (elements <= 0)
    return;
  SolarGroupTensor *b = boundaryOf(g, t);
  double width = solarTensorElementBytes(&f->graph->tensors[t], f->dtype);
  b->writeElements += elements;
  b->bytes += (double)elements * width;
  g->dramBytes += (double)elements * width;
}

/* f->view: layout-produced intermediates are never moved, as in the fused
 * and cache-aware fidelities; unfused kernels (no view) move them. With
 * f->viewWriter (eager kernels), a view op's nodes move nothing and the
 * kernels reading its view read its source (docs/sol-model.md, "Unfused").
 * A touched tensor that nothing reads or writes through the group's own
 * readers is left off the boundary (the view op's source). */
bool solarFuserFillGroup(SolarFuser *f, const int64_t *nodes, size_t n,
                         SolarFusionGroup *g, char *err, size_t errSize) {
  const SolarEinsumGraph *graph = f->graph;
  g->nodes = allocZeroed(n, sizeof(int64_t));
  memcpy(g->nodes, nodes, n * sizeof(int64_t));
  g->nodeCount = n;
  size_t touched = touchedTensors(f, nodes, n, false);
  /* Each touched tensor is internal or on the boundary, a view's source
   * at most once more: sized by the group, not by the graph (a network
   * has as many groups as tensors). */
  g->boundary = allocZeroed(2 * touched, sizeof(SolarGroupTensor));
  g->internal = allocZeroed(touched, sizeof(int64_t));
  int64_t *readers = allocZeroed(n, sizeof(int64_t));
  size_t readerCount = ownReaders(f, nodes, n, readers);
  /* touchedTensors marked the nodes: footprints scan a tensor's users. */
  SolarFootprintContext footprints = {
      .shapes = f->shapes, .mark = f->nodeMark, .stamp = f->stamp,
      .ascending = true};
  for (size_t k = 0, last = graph->nodeCount; k < n; ++k) {
    size_t i = solarGraphNodeIndex(graph, nodes[k]);
    if (i < graph->nodeCount) {
      footprints.ascending &= last == graph->nodeCount || i > last;
      last = i;
    }
  }
  /* The view writers' reads left out, the marks no longer name the
   * nodes asked about. */
  SolarFootprintContext readPrints = footprints;
  if (readerCount < n)
    readPrints.mark = NULL;
  /* Views read through, after the boundary they may add to. */
  int64_t *throughViews = allocZeroed(touched, sizeof(int64_t));
  size_t throughCount = 0;
  int64_t *escaping = allocZeroed(touched, sizeof(int64_t));
  size_t escapingCount = 0;
  bool ok = true;
  for (size_t k = 0; k < touched && ok; ++k) {
    int64_t t = f->tensors[k];
    bool view = f->view && f->view[t];
    if (isInternal(f, t) || view) {
      g->internal[g->internalCount++] = t;
      if (f->viewWriter && f->viewWriter[t] < graph->nodeCount)
        throughViews[throughCount++] = t;
      else if (!view && readerCount < n &&
               !solarTensorIsView(graph, t))
        escaping[escapingCount++] = t;
      continue;
    }
    if (f->symbolic) {
      ok = addSymbolicBytes(graph, f->dtype, t, readers, readerCount, nodes,
                            n, g, err, errSize);
      continue;
    }
    bool exactReads, exactWrites;
    int64_t reads = readerCount
                        ? solarUnionFootprintIn(&readPrints, graph, t,
                                                readers, readerCount,
                                                SOLAR_ACCESS_READS, true,
                                                &exactReads)
                        : 0;
    int64_t writes =
        solarUnionFootprintIn(&footprints, graph, t, nodes, n,
                              SOLAR_ACCESS_WRITES, false, &exactWrites);
    if (reads < 0 || writes < 0) {
      char names[256];
      parameterNames(graph, names, sizeof(names));
      snprintf(err, errSize,
               "the footprint of %s in function @%s depends on symbolic "
               "sizes (%s); fusion groups and cache traffic need static "
               "shapes (give them with --solar-bind-shapes, then "
               "--canonicalize; --solar-sol gives symbolic figures)",
               graph->tensors[t].name, graph->function, names);
      ok = false;
      break;
    }
    if (!reads && !writes && readerCount < n)
      continue;
    SolarGroupTensor *b = &g->boundary[g->boundaryCount++];
    b->tensor = t;
    b->readElements = reads;
    b->writeElements = writes;
    /* In double: a footprint may saturate at INT64_MAX (a loop to
     * 2^63 - 1 over a small memref), and the int64 sum would overflow. */
    b->bytes = ((double)reads + (double)writes) *
               solarTensorElementBytes(&graph->tensors[t], f->dtype);
    g->dramBytes += b->bytes;
  }
  /* The symbolic figures leave reads through views out (lower). */
  for (size_t k = 0; k < throughCount && ok && readerCount && !f->symbolic;
       ++k) {
    bool exact;
    int64_t elements = solarUnionFootprintIn(
        &readPrints, graph, throughViews[k], readers, readerCount,
        SOLAR_ACCESS_READS, false, &exact);
    int64_t sourceElements = 0;
    int64_t source = solarEagerViewRoot(f, throughViews[k], elements,
                                        &sourceElements);
    if (elements > 0 && exact)
      readThroughView(f, g, source, sourceElements);
  }
  for (size_t k = 0; k < escapingCount && ok && !f->symbolic; ++k)
    writeEscaping(f, g, escaping[k], readers + readerCount, n - readerCount);
  free(escaping);
  free(throughViews);
  free(readers);
  if (!ok)
    return false;
  if (f->symbolic) {
    /* No boundary tensor: nothing moves. */
    if (!g->dramBytesPw && solarGraphIslCtx(graph))
      g->dramBytesPw =
          isl_pw_qpolynomial_read_from_str(solarGraphIslCtx(graph), "{ 0 }");
    return g->dramBytesPw != NULL;
  }
  g->liveBytes = solarFuserLiveBytes(f, nodes, n);
  return true;
}
