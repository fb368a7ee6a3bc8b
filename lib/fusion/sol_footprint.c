/* Union footprints of several accesses, counted with isl (never by
 * enumeration; count_set.c sums symbolically). */
#include "solar/count/count.h"
#include "solar/einsum/einsum_graph_index.h"
#include "solar/fusion/fusion.h"
#include "solar/fusion/shape_memo.h"

#include <isl/map.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/val.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

double solarTensorElementBytes(const SolarEinsumTensor *tensor,
                               SolarDtype computeDtype) {
  /* A splat constant is one value known when the kernel is compiled: it
   * lives in an instruction's immediate, never in DRAM or on-chip buffers. */
  if (tensor->splat)
    return 0;
  /* Once precision is inferred (storageBytes > 0, einsum_precision.c)
   * declaredDtype holds the spelling's dtype, integer widths aside, so it
   * is a float exactly where the spelling's is: read instead of parsing
   * the spelling again at each of the stages' thousands of asks. */
  SolarDtype own = tensor->storageBytes > 0
                       ? tensor->declaredDtype
                       : solarDtypeFromTypeSpelling(tensor->dtype);
  if (computeDtype != SOLAR_DTYPE_INVALID && solarDtypeIsFloat(own))
    return solarDtypeStorageBytes(computeDtype);
  /* The intent width (solarEinsumGraphInferPrecision): an importer's
   * widened copy is stored as narrow as the value it carries. */
  if (tensor->storageBytes > 0)
    return tensor->storageBytes;
  return (double)tensor->elementBytes;
}

const SolarEinsumNode *solarGraphNode(const SolarEinsumGraph *graph,
                                      int64_t id) {
  size_t i = solarGraphNodeIndex(graph, id);
  return i < graph->nodeCount ? &graph->nodes[i] : NULL;
}

static bool contains(const int64_t *ids, size_t n, int64_t id) {
  for (size_t i = 0; i < n; ++i)
    if (ids[i] == id)
      return true;
  return false;
}

/* A read of `tensor` by `node` is served on chip when some producer of that
 * tensor for this node is in the set: marked (ctx->mark) when the caller
 * marked the set's node indices, else found in `nodes`. */
static bool readServedInside(const SolarEinsumGraph *graph,
                             const SolarFootprintContext *ctx, int64_t tensor,
                             size_t nodeIndex, const int64_t *nodes,
                             size_t n) {
  int64_t node = graph->nodes[nodeIndex].id;
  size_t count = 0;
  const size_t *into = solarGraphEdgesInto(graph, nodeIndex, &count);
  for (size_t k = 0; k < count; ++k) {
    const SolarEinsumEdge *edge = &graph->edges[into[k]];
    if (edge->tensor != tensor || edge->consumer != node ||
        edge->producer == node)
      continue;
    /* A marked index holds a node whose id is in `nodes`, and every id of
     * `nodes` that names a node has its index marked. */
    size_t p = ctx && ctx->mark ? solarGraphNodeIndex(graph, edge->producer)
                                : graph->nodeCount;
    if (p < graph->nodeCount ? ctx->mark[p] == ctx->stamp
                             : contains(nodes, n, edge->producer))
      return true;
  }
  return false;
}

/* Memo slots (solarGraphAccessMemo) of the first access of the tensor in
 * a node: its one-node footprint of each kind and whether it was exact. */
enum { MEMO_READS, MEMO_WRITES, MEMO_READS_EXACT, MEMO_WRITES_EXACT };

/* The affine accesses a union footprint unites, in the order it unites
 * them, and whether a non-affine one (left out) was met before each. */
typedef struct {
  size_t node, access;
  bool inexactBefore;
} Pick;

typedef struct {
  Pick *picks;
  size_t count, capacity;
  bool anyInexact;
  Pick inline_[16];
} Picks;

static void addPick(Picks *p, size_t node, size_t access) {
  if (p->count == p->capacity) {
    size_t capacity = 2 * p->capacity;
    Pick *grown = malloc(capacity * sizeof(Pick));
    if (!grown)
      abort();
    memcpy(grown, p->picks, p->count * sizeof(Pick));
    if (p->picks != p->inline_)
      free(p->picks);
    p->picks = grown;
    p->capacity = capacity;
  }
  p->picks[p->count++] = (Pick){node, access, p->anyInexact};
}

static void pickNode(const SolarEinsumGraph *graph,
                     const SolarFootprintContext *ctx, int64_t tensor,
                     size_t index, const int64_t *nodes, size_t n,
                     SolarAccessKind kind, bool skipSatisfied, Picks *p) {
  const SolarEinsumNode *node = &graph->nodes[index];
  for (size_t a = 0; a < node->accessCount; ++a) {
    const SolarEinsumAccess *access = &node->accesses[a];
    if (access->tensor != tensor ||
        access->isWrite != (kind == SOLAR_ACCESS_WRITES))
      continue;
    if (kind == SOLAR_ACCESS_READS && skipSatisfied &&
        readServedInside(graph, ctx, tensor, index, nodes, n))
      continue;
    if (!access->exact) {
      /* A non-affine access is stored as the whole tensor, an upper bound
       * of what it touches; a lower bound knows nothing of it. */
      p->anyInexact = true;
      continue;
    }
    addPick(p, index, a);
  }
}

/* The accesses of the nodes, node by node in the order given. With the
 * set's indices marked and ascending, the tensor's users (ascending too)
 * that are marked are the same nodes in the same order, found without a
 * pass over the whole set per tensor. */
static void pickAccesses(const SolarEinsumGraph *graph,
                         const SolarFootprintContext *ctx, int64_t tensor,
                         const int64_t *nodes, size_t n, SolarAccessKind kind,
                         bool skipSatisfied, Picks *p) {
  size_t users = 0;
  const size_t *list = ctx && ctx->mark && ctx->ascending
                           ? solarGraphTensorNodes(graph, tensor, &users)
                           : NULL;
  if (list) {
    for (size_t k = 0; k < users; ++k)
      if (ctx->mark[list[k]] == ctx->stamp)
        pickNode(graph, ctx, tensor, list[k], nodes, n, kind, skipSatisfied,
                 p);
    return;
  }
  for (size_t i = 0; i < n; ++i) {
    size_t index = solarGraphNodeIndex(graph, nodes[i]);
    if (index < graph->nodeCount)
      pickNode(graph, ctx, tensor, index, nodes, n, kind, skipSatisfied, p);
  }
}

static void picksInit(Picks *p) {
  p->picks = p->inline_;
  p->count = 0;
  p->capacity = sizeof(p->inline_) / sizeof(p->inline_[0]);
  p->anyInexact = false;
}

static void picksClear(Picks *p) {
  if (p->picks != p->inline_)
    free(p->picks);
}

/* Whether the pick's elements are those its node's necessary points touch
 * (pickImage), not the whole domain's. */
static bool pickRestricted(const SolarEinsumGraph *graph, const Pick *pick) {
  const SolarEinsumNode *node = &graph->nodes[pick->node];
  return !node->accesses[pick->access].isWrite &&
         solarNodeReadsNecessary(node);
}

/* The elements the picked access touches. A layout node's read (a copy,
 * transpose, broadcast, slice feeding a view; docs/sol-model.md, "Views")
 * touches only what its necessary points read: its other points write view
 * elements no implementation needs, and the view itself never moves, so
 * nothing else forces their source elements to be read. Every necessary
 * point's read is of an element some output depends on through a copy,
 * which any implementation reads. Other nodes keep the lowered image (the
 * necessary-work analysis trims their ops, not their reads). NULL when isl
 * fails; the whole image then (never below the restricted one). */
static __isl_give isl_set *pickImage(const SolarEinsumGraph *graph,
                                     const Pick *pick) {
  isl_set *whole =
      solarGraphAccessImage(graph, pick->node, pick->access);
  if (!whole || !pickRestricted(graph, pick))
    return isl_set_copy(whole);
  isl_ctx *ctx = solarGraphIslCtx(graph);
  isl_map *map = solarGraphAccessMap(graph, pick->node, pick->access);
  isl_set *necessary =
      ctx && map ? isl_set_read_from_str(
                       ctx, graph->nodes[pick->node].necessaryDomain)
                 : NULL;
  isl_set *image =
      necessary ? isl_set_apply(necessary, isl_map_copy(map)) : NULL;
  return image ? image : isl_set_copy(whole);
}

/* The union of the picked accesses' images (NULL: none, or *failed, with
 * *failedAt the pick whose image is missing). */
static __isl_give isl_set *unionImage(const SolarEinsumGraph *graph,
                                      const Picks *p, bool *failed,
                                      size_t *failedAt) {
  *failed = false;
  isl_set *all = NULL;
  for (size_t k = 0; k < p->count; ++k) {
    isl_set *image = pickImage(graph, &p->picks[k]);
    if (!image) {
      *failed = true;
      *failedAt = k;
      break;
    }
    all = all ? isl_set_union(all, image) : image;
    if (!all) {
      *failed = true;
      *failedAt = k;
      break;
    }
  }
  if (*failed) {
    isl_set_free(all);
    return NULL;
  }
  return all ? isl_set_coalesce(all) : NULL;
}

/* The count of the united images: -1 when it is parametric or isl failed;
 * *countExact false when the count is only the projection lower bound. */
static int64_t countSet(const SolarEinsumGraph *graph, __isl_keep isl_set *all,
                        bool *countExact) {
  *countExact = true;
  if (!all)
    return 0;
  SolarCount count;
  int64_t value = 0, result;
  if (!solarCountSetCached(solarGraphCountCache(graph), all, &count)) {
    result = -1;
  } else if (isl_set_dim(all, isl_dim_param) > 0 &&
             !solarCountConstant(&count, &value)) {
    result = -1;
  } else if (count.exact && solarCountConstant(&count, &value)) {
    result = value;
  } else {
    /* Inexact counts are upper bounds; traffic needs a lower one. */
    *countExact = false;
    result = solarCountLowerBound(all);
  }
  solarCountClear(&count);
  return result;
}

/* The memo key of the picks: (domain shape, map shape) of each, in order;
 * false when a text has no shape or its tuple names do not agree with the
 * graph's (isl would then fail where a renamed shape would not). */
static bool picksKey(SolarShapeMemo *shapes, const SolarEinsumGraph *graph,
                     int64_t tensor, const Picks *p, uint32_t *key) {
  const char *tensorName = graph->tensors[tensor].islName;
  for (size_t k = 0; k < p->count; ++k) {
    size_t node = p->picks[k].node, access = p->picks[k].access;
    /* The shapes key the whole domain's image, not a necessary part. */
    if (pickRestricted(graph, &p->picks[k]))
      return false;
    if (!solarShapeNamesAgree(shapes, node, access, tensorName))
      return false;
    key[2 * k] = solarShapeOfDomain(shapes, node);
    key[2 * k + 1] = solarShapeOfAccess(shapes, node, access);
  }
  return true;
}

/* The count of one picked access of the whole domain is the access's own
 * footprint, which the lift counted from the same domain and map
 * (egBuildAccess: the image of the node's domain under the access): read
 * it instead of applying and counting again. -1 when the picks are not
 * one such access or the lift's count was not an exact constant. */
static int64_t liftedFootprint(const SolarEinsumGraph *graph,
                               const Picks *p) {
  if (p->count != 1 || p->anyInexact || pickRestricted(graph, &p->picks[0]))
    return -1;
  const SolarEinsumAccess *access =
      &graph->nodes[p->picks[0].node].accesses[p->picks[0].access];
  return access->footprintExact && access->footprintElements >= 0
             ? access->footprintElements
             : -1;
}

/* The count of the picks' union when one pick alone reaches the count of
 * the tensor's whole footprint: the lift's footprint_elements of the
 * tensor counts the union of every access's image over its node's domain
 * (egTensorsFinish), and each pick's image is one of those or a part of
 * one (pickImage), so the union lies between the pick and that whole;
 * with their counts equal (both exact constants) it has that count. -1
 * otherwise. U-Net's framework kernels unite the two to four accesses of
 * a concatenation's or padding's tensor, each covering all of it, and isl
 * spent 350 K instructions a union uniting and counting them. */
static int64_t tensorFootprint(const SolarEinsumGraph *graph, int64_t tensor,
                               const Picks *p) {
  if (tensor < 0 || (size_t)tensor >= graph->tensorCount)
    return -1;
  const SolarEinsumTensor *t = &graph->tensors[tensor];
  if (!t->footprintExact || t->footprintExpr || t->footprintElements < 0)
    return -1;
  for (size_t k = 0; k < p->count; ++k) {
    const SolarEinsumAccess *access =
        &graph->nodes[p->picks[k].node].accesses[p->picks[k].access];
    if (!pickRestricted(graph, &p->picks[k]) && access->footprintExact &&
        !access->footprintExpr &&
        access->footprintElements == t->footprintElements)
      return t->footprintElements;
  }
  return -1;
}

static int64_t countUnion(const SolarEinsumGraph *graph,
                          const SolarFootprintContext *ctx, int64_t tensor,
                          const int64_t *nodes, size_t n,
                          SolarAccessKind kind, bool skipSatisfied,
                          bool *exact) {
  Picks p;
  picksInit(&p);
  pickAccesses(graph, ctx, tensor, nodes, n, kind, skipSatisfied, &p);
  int64_t lifted = liftedFootprint(graph, &p);
  if (lifted >= 0) {
    picksClear(&p);
    *exact = true;
    return lifted;
  }
  int64_t whole = tensorFootprint(graph, tensor, &p);
  if (whole >= 0) {
    *exact = !p.anyInexact;
    picksClear(&p);
    return whole;
  }
  SolarShapeMemo *shapes = ctx ? ctx->shapes : NULL;
  uint32_t inlineKey[32];
  uint32_t *key = NULL;
  bool keyed = false;
  if (shapes && tensor >= 0 && (size_t)tensor < graph->tensorCount) {
    key = 2 * p.count <= 32 ? inlineKey
                            : malloc(2 * p.count * sizeof(uint32_t));
    if (!key)
      abort();
    keyed = picksKey(shapes, graph, tensor, &p, key);
  }
  int64_t result;
  bool countExact;
  if (keyed &&
      solarShapeFootprintFind(shapes, key, 2 * p.count, &result,
                              &countExact)) {
    *exact = !p.anyInexact && countExact;
  } else {
    bool failed;
    size_t failedAt = 0;
    isl_set *all = unionImage(graph, &p, &failed, &failedAt);
    if (failed) {
      /* As a scan stopping at the failed access leaves it. */
      *exact = !p.picks[failedAt].inexactBefore;
      result = -1;
    } else {
      result = countSet(graph, all, &countExact);
      *exact = !p.anyInexact && countExact;
      if (keyed)
        solarShapeFootprintStore(shapes, key, 2 * p.count, result,
                                 countExact);
    }
    isl_set_free(all);
  }
  if (key != inlineKey)
    free(key);
  picksClear(&p);
  return result;
}

__isl_give isl_pw_qpolynomial *
solarUnionFootprintPw(const SolarEinsumGraph *graph, int64_t tensor,
                      const int64_t *nodes, size_t n, SolarAccessKind kind,
                      bool skipSatisfied, bool *exact) {
  Picks p;
  picksInit(&p);
  pickAccesses(graph, NULL, tensor, nodes, n, kind, skipSatisfied, &p);
  *exact = !p.anyInexact;
  bool failed;
  size_t failedAt = 0;
  isl_set *all = unionImage(graph, &p, &failed, &failedAt);
  if (failed)
    *exact = !p.picks[failedAt].inexactBefore;
  picksClear(&p);
  isl_ctx *ctx = solarGraphIslCtx(graph);
  if (failed || !ctx)
    return NULL;
  if (!all)
    return isl_pw_qpolynomial_read_from_str(ctx, "{ 0 }");
  SolarCount count;
  isl_pw_qpolynomial *result = NULL;
  /* An inexact count is an upper bound: no symbolic lower bound then. */
  if (solarCountSetCached(solarGraphCountCache(graph), all, &count) &&
      count.exact && count.count)
    result = isl_pw_qpolynomial_copy(count.count);
  solarCountClear(&count);
  isl_set_free(all);
  return result;
}

int64_t solarUnionFootprintIn(const SolarFootprintContext *ctx,
                              const SolarEinsumGraph *graph, int64_t tensor,
                              const int64_t *nodes, size_t n,
                              SolarAccessKind kind, bool skipSatisfied,
                              bool *exact) {
  /* One node's footprint is asked for by the traffic and SOL stages alike
   * (and twice by traffic): counted once per graph. */
  int64_t *value = NULL, *valueExact = NULL;
  size_t index = n == 1 && !skipSatisfied
                     ? solarGraphNodeIndex(graph, nodes[0])
                     : graph->nodeCount;
  for (size_t a = 0; index < graph->nodeCount &&
                     a < graph->nodes[index].accessCount && !value;
       ++a) {
    if (graph->nodes[index].accesses[a].tensor != tensor)
      continue;
    bool writes = kind == SOLAR_ACCESS_WRITES;
    value = solarGraphAccessMemo(graph, index, a,
                                 writes ? MEMO_WRITES : MEMO_READS);
    valueExact = solarGraphAccessMemo(
        graph, index, a, writes ? MEMO_WRITES_EXACT : MEMO_READS_EXACT);
    break;
  }
  if (value && *value != SOLAR_GRAPH_MEMO_EMPTY) {
    *exact = *valueExact != 0;
    return *value;
  }
  int64_t result =
      countUnion(graph, ctx, tensor, nodes, n, kind, skipSatisfied, exact);
  if (value) {
    *value = result;
    *valueExact = *exact;
  }
  return result;
}

int64_t solarUnionFootprint(const SolarEinsumGraph *graph, int64_t tensor,
                            const int64_t *nodes, size_t n,
                            SolarAccessKind kind, bool skipSatisfied,
                            bool *exact) {
  return solarUnionFootprintIn(NULL, graph, tensor, nodes, n, kind,
                               skipSatisfied, exact);
}

__isl_give isl_val *solarValFromDouble(isl_ctx *ctx, double value) {
  if (!(value >= 0) || !isfinite(value))
    return isl_val_nan(ctx);
  if (value == floor(value) && value < 9.2e18)
    return isl_val_int_from_si(ctx, (long)value);
  /* value = mantissa * 2^(exponent - 53), mantissa a 53-bit integer. */
  int exponent;
  double fraction = frexp(value, &exponent);
  isl_val *mantissa = isl_val_int_from_si(ctx, (long)ldexp(fraction, 53));
  isl_val *scale = isl_val_2exp(isl_val_int_from_si(ctx, exponent - 53));
  return isl_val_mul(mantissa, scale);
}
