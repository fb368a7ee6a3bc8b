/* Points skippable at one run's inputs (include/solar/einsum/input_zeros.h;
 * docs/sol-model.md, "Masks at these inputs"). The counts come from the
 * reference; what they may exclude is decided here, on the graph: which
 * tensor holds the counted values, and which points read a given element. */
#include "solar/einsum/input_zeros.h"

#include "solar/count/count.h"
#include "solar/einsum/einsum_graph_index.h"

#include <isl/map.h>
#include <isl/set.h>

#include <stdlib.h>
#include <string.h>

static bool sameOp(const char *a, const char *b) {
  return a && b && strcmp(a, b) == 0;
}

/* Whether any node other than positions in [first, last] of op `op`
 * writes tensor t; *lastWriter gets the last writer's position. */
static bool writtenOnlyBy(const SolarEinsumGraph *graph, int64_t t,
                          const char *op, size_t only, bool byOp,
                          int64_t *lastWriter) {
  *lastWriter = -1;
  for (size_t i = 0; i < graph->nodeCount; ++i) {
    const SolarEinsumNode *n = &graph->nodes[i];
    for (size_t a = 0; a < n->accessCount; ++a) {
      if (!n->accesses[a].isWrite || n->accesses[a].tensor != t)
        continue;
      if (byOp ? !sameOp(n->frameworkOp, op) : i != only)
        return false;
      *lastWriter = (int64_t)i;
    }
  }
  return *lastWriter >= 0;
}

/* The one tensor op `op` writes that a node of another op reads; -1 when
 * there is none or more than one. */
static int64_t opOutput(const SolarEinsumGraph *graph, const char *op) {
  int64_t found = -1;
  for (size_t i = 0; i < graph->nodeCount; ++i) {
    const SolarEinsumNode *w = &graph->nodes[i];
    if (!sameOp(w->frameworkOp, op))
      continue;
    for (size_t a = 0; a < w->accessCount; ++a) {
      int64_t t = w->accesses[a].tensor;
      if (!w->accesses[a].isWrite || t == found)
        continue;
      bool readElsewhere = false;
      for (size_t j = 0; j < graph->nodeCount && !readElsewhere; ++j) {
        const SolarEinsumNode *r = &graph->nodes[j];
        if (sameOp(r->frameworkOp, op))
          continue;
        for (size_t b = 0; b < r->accessCount; ++b)
          readElsewhere |= !r->accesses[b].isWrite &&
                           r->accesses[b].tensor == t;
      }
      if (!readElsewhere)
        continue;
      if (found >= 0)
        return -1;
      found = t;
    }
  }
  return found;
}

static bool noOps(const SolarEinsumNode *n) {
  for (int c = 0; c < SOLAR_OP_CLASS_COUNT; ++c)
    if (n->opsPerPoint.counts[c] != 0)
      return false;
  return true;
}

/* A node storing, once each, every element of one tensor into every
 * element of another, with no arithmetic (a transpose or a copy the
 * lowering makes of an operand): the copy holds the same number of zeros.
 * *from is the tensor read. */
static bool wholeCopy(const SolarEinsumGraph *graph, const SolarEinsumNode *n,
                      int64_t *from, int64_t *to) {
  if (n->accessCount != 2 || !noOps(n) || !n->reductionOp ||
      strcmp(n->reductionOp, "none") != 0 || n->points < 0)
    return false;
  const SolarEinsumAccess *w = NULL, *r = NULL;
  for (size_t a = 0; a < 2; ++a) {
    const SolarEinsumAccess *x = &n->accesses[a];
    if (x->isWrite)
      w = x;
    else if (x->role == SOLAR_ACCESS_ROLE_OPERAND)
      r = x;
  }
  if (!w || !r || !w->exact || !r->exact || !w->footprintExact ||
      !r->footprintExact)
    return false;
  int64_t inElems = graph->tensors[r->tensor].elements;
  int64_t outElems = graph->tensors[w->tensor].elements;
  /* As many points as elements on both sides, each side touching all of
   * its tensor: both maps are bijections. */
  if (inElems <= 0 || inElems != outElems || n->points != inElems ||
      r->footprintElements != inElems || w->footprintElements != outElems)
    return false;
  *from = r->tensor;
  *to = w->tensor;
  return true;
}

bool solarEinsumGraphInputZeros(const SolarEinsumGraph *graph,
                                const SolarMaskZeros *masks, size_t count,
                                int64_t **zeros, int64_t **ready) {
  size_t slots = graph->tensorCount ? graph->tensorCount : 1;
  *zeros = malloc(slots * sizeof(int64_t));
  *ready = malloc(slots * sizeof(int64_t));
  if (!*zeros || !*ready) {
    free(*zeros);
    free(*ready);
    return false;
  }
  for (size_t t = 0; t < graph->tensorCount; ++t)
    (*zeros)[t] = (*ready)[t] = -1;
  for (size_t m = 0; m < count; ++m) {
    int64_t t = opOutput(graph, masks[m].frameworkOp), last;
    if (t < 0 || graph->tensors[t].elements != masks[m].elements ||
        masks[m].zeros < 0 || masks[m].zeros > masks[m].elements ||
        !writtenOnlyBy(graph, t, masks[m].frameworkOp, 0, true, &last))
      continue;
    (*zeros)[t] = masks[m].zeros;
    (*ready)[t] = last;
  }
  for (size_t i = 0; i < graph->nodeCount; ++i) {
    int64_t from, to, last;
    if (!wholeCopy(graph, &graph->nodes[i], &from, &to) ||
        (*zeros)[from] < 0 || (int64_t)i <= (*ready)[from] ||
        !writtenOnlyBy(graph, to, NULL, i, false, &last))
      continue;
    (*zeros)[to] = (*zeros)[from];
    (*ready)[to] = (int64_t)i;
  }
  return true;
}

/* The exact point count of a set without parameters, -1 otherwise. */
static int64_t pointsOf(__isl_keep isl_set *set) {
  SolarCount count = {0};
  int64_t value = -1;
  if (!set || !solarCountSet(set, &count) || !count.exact ||
      !solarCountConstant(&count, &value))
    value = -1;
  solarCountClear(&count);
  return value;
}

/* The input dimension each output dimension of `reads` equals (a
 * coordinate projection, each input dimension used once), into
 * used[input] = true; false when some output is no such copy. */
static bool coordinateProjection(__isl_keep isl_map *reads, bool *used) {
  isl_size in = isl_map_dim(reads, isl_dim_in);
  isl_size out = isl_map_dim(reads, isl_dim_out);
  if (in < 0 || out < 0)
    return false;
  for (isl_size j = 0; j < out; ++j) {
    bool found = false;
    for (isl_size i = 0; i < in && !found; ++i) {
      if (used[i])
        continue;
      isl_map *equal = isl_map_equate(
          isl_map_universe(isl_map_get_space(reads)), isl_dim_in, (unsigned)i,
          isl_dim_out, (unsigned)j);
      found = isl_map_is_subset(reads, equal) == isl_bool_true;
      isl_map_free(equal);
      used[i] = found;
    }
    if (!found)
      return false;
  }
  return true;
}

/* R when every element of the tensor (`elements` of them) is read by
 * exactly R points of the node through access `a`; 0 otherwise. Shown for
 * a coordinate projection: the read elements (the domain's projection P
 * onto the read dimensions) are all of the tensor, and the domain has as
 * many points as P times its projection Q onto the other dimensions. The
 * domain lies in P x Q, so it is P x Q: every element is read by the |Q|
 * points of its fibre. */
static int64_t readsPerElement(const SolarEinsumGraph *graph, size_t node,
                               size_t a, int64_t elements) {
  isl_set *domain = solarGraphDomain(graph, node);
  isl_map *map = solarGraphAccessMap(graph, node, a);
  int64_t points = graph->nodes[node].points;
  if (!domain || !map || elements <= 0 || points <= 0 ||
      isl_set_dim(domain, isl_dim_param) != 0)
    return 0;
  isl_size dims = isl_set_dim(domain, isl_dim_set);
  bool *used = calloc(dims > 0 ? (size_t)dims : 1, sizeof(bool));
  isl_map *reads = isl_map_intersect_domain(isl_map_copy(map),
                                            isl_set_copy(domain));
  int64_t r = 0;
  if (used && dims >= 0 && coordinateProjection(reads, used)) {
    isl_set *image = isl_map_range(isl_map_copy(reads));
    isl_set *rest = isl_set_copy(domain);
    for (isl_size d = dims; d-- > 0;)
      if (used[d])
        rest = isl_set_project_out(rest, isl_dim_set, (unsigned)d, 1);
    int64_t read = pointsOf(image), fibre = pointsOf(rest), product;
    if (read == elements && fibre > 0 &&
        !__builtin_mul_overflow(read, fibre, &product) && product == points)
      r = fibre;
    isl_set_free(image);
    isl_set_free(rest);
  }
  isl_map_free(reads);
  free(used);
  return r;
}

int64_t solarEinsumNodeInputZeroPoints(const SolarEinsumGraph *graph,
                                       size_t node, const int64_t *zeros,
                                       const int64_t *ready) {
  const SolarEinsumNode *n = &graph->nodes[node];
  if (!n->pointsExact || n->points <= 0 || n->necessaryPoints != n->points)
    return 0;
  int64_t best = 0;
  for (size_t a = 0; a < n->accessCount; ++a) {
    const SolarEinsumAccess *x = &n->accesses[a];
    int64_t t = x->tensor;
    if (!x->zeroSkips || x->isWrite || zeros[t] <= 0 ||
        (int64_t)node <= ready[t])
      continue;
    int64_t r = readsPerElement(graph, node, a, graph->tensors[t].elements);
    int64_t skipped;
    if (r > 0 && !__builtin_mul_overflow(zeros[t], r, &skipped) &&
        skipped > best)
      best = skipped;
  }
  return best <= n->points ? best : n->points;
}
