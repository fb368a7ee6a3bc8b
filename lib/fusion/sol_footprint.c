/* Union footprints of several accesses, counted with isl (never by
 * enumeration; lib/einsum_count.c sums symbolically). */
#include "solar/einsum/einsum_count.h"
#include "solar/einsum/einsum_graph_index.h"
#include "solar/fusion/fusion.h"

#include <isl/map.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/val.h>

#include <math.h>
#include <string.h>

double solarTensorElementBytes(const SolarEinsumTensor *tensor,
                               SolarDtype computeDtype) {
  /* A splat constant is one value known when the kernel is compiled: it
   * lives in an instruction's immediate, never in DRAM or on-chip buffers. */
  if (tensor->splat)
    return 0;
  SolarDtype own = solarDtypeFromTypeSpelling(tensor->dtype);
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
 * tensor for this node is in the set. */
static bool readServedInside(const SolarEinsumGraph *graph, int64_t tensor,
                             size_t nodeIndex, const int64_t *nodes,
                             size_t n) {
  int64_t node = graph->nodes[nodeIndex].id;
  size_t count = 0;
  const size_t *into = solarGraphEdgesInto(graph, nodeIndex, &count);
  for (size_t k = 0; k < count; ++k) {
    const SolarEinsumEdge *edge = &graph->edges[into[k]];
    if (edge->tensor == tensor && edge->consumer == node &&
        edge->producer != node && contains(nodes, n, edge->producer))
      return true;
  }
  return false;
}

/* Largest one-dimensional projection: every element of the set has a
 * distinct value in none, but at least that many distinct elements exist. */
static int64_t projectionLowerBound(__isl_keep isl_set *set) {
  int64_t best = 0;
  isl_size dims = isl_set_dim(set, isl_dim_set);
  for (isl_size d = 0; d < dims; ++d) {
    isl_set *line = isl_set_project_out(isl_set_copy(set), isl_dim_set, d + 1,
                                        (unsigned)(dims - d - 1));
    line = isl_set_project_out(line, isl_dim_set, 0, (unsigned)d);
    EgCount count;
    int64_t value = 0;
    if (egCountSet(line, &count) && count.exact &&
        egCountConstant(&count, &value) && value > best)
      best = value;
    egCountClear(&count);
    isl_set_free(line);
  }
  return best;
}

/* Memo slots (solarGraphAccessMemo) of the first access of the tensor in
 * a node: its one-node footprint of each kind and whether it was exact. */
enum { MEMO_READS, MEMO_WRITES, MEMO_READS_EXACT, MEMO_WRITES_EXACT };

/* The union of the images of the selected accesses (NULL: none, or
 * *failed). Non-affine accesses are left out and clear *exact. */
static __isl_give isl_set *unionImage(const SolarEinsumGraph *graph,
                                      int64_t tensor, const int64_t *nodes,
                                      size_t n, SolarAccessKind kind,
                                      bool skipSatisfied, bool *exact,
                                      bool *failed) {
  *exact = true;
  *failed = false;
  isl_set *all = NULL;
  for (size_t i = 0; i < n && !*failed; ++i) {
    size_t index = solarGraphNodeIndex(graph, nodes[i]);
    if (index >= graph->nodeCount)
      continue;
    const SolarEinsumNode *node = &graph->nodes[index];
    for (size_t a = 0; a < node->accessCount; ++a) {
      const SolarEinsumAccess *access = &node->accesses[a];
      if (access->tensor != tensor ||
          access->isWrite != (kind == SOLAR_ACCESS_WRITES))
        continue;
      if (kind == SOLAR_ACCESS_READS && skipSatisfied &&
          readServedInside(graph, tensor, index, nodes, n))
        continue;
      if (!access->exact) {
        /* A non-affine access is stored as the whole tensor, an upper bound
         * of what it touches; a lower bound knows nothing of it. */
        *exact = false;
        continue;
      }
      isl_set *image = solarGraphAccessImage(graph, index, a);
      if (!image) {
        *failed = true;
        break;
      }
      all = all ? isl_set_union(all, isl_set_copy(image)) : isl_set_copy(image);
      if (!all)
        *failed = true;
    }
  }
  if (*failed) {
    isl_set_free(all);
    return NULL;
  }
  return all ? isl_set_coalesce(all) : NULL;
}

static int64_t countUnion(const SolarEinsumGraph *graph, int64_t tensor,
                          const int64_t *nodes, size_t n,
                          SolarAccessKind kind, bool skipSatisfied,
                          bool *exact) {
  bool failed;
  isl_set *all = unionImage(graph, tensor, nodes, n, kind, skipSatisfied,
                            exact, &failed);
  int64_t result = 0;
  if (!failed && all) {
    EgCount count;
    int64_t value = 0;
    if (!egCountSetCached(solarGraphCountCache(graph), all, &count)) {
      result = -1;
    } else if (isl_set_dim(all, isl_dim_param) > 0 &&
               !egCountConstant(&count, &value)) {
      result = -1;
    } else if (count.exact && egCountConstant(&count, &value)) {
      result = value;
    } else {
      /* Inexact counts are upper bounds; traffic needs a lower one. */
      *exact = false;
      result = projectionLowerBound(all);
    }
    egCountClear(&count);
  } else if (failed) {
    result = -1;
  }
  isl_set_free(all);
  return result;
}

__isl_give isl_pw_qpolynomial *
solarUnionFootprintPw(const SolarEinsumGraph *graph, int64_t tensor,
                      const int64_t *nodes, size_t n, SolarAccessKind kind,
                      bool skipSatisfied, bool *exact) {
  bool failed;
  isl_set *all = unionImage(graph, tensor, nodes, n, kind, skipSatisfied,
                            exact, &failed);
  isl_ctx *ctx = solarGraphIslCtx(graph);
  if (failed || !ctx)
    return NULL;
  if (!all)
    return isl_pw_qpolynomial_read_from_str(ctx, "{ 0 }");
  EgCount count;
  isl_pw_qpolynomial *result = NULL;
  /* An inexact count is an upper bound: no symbolic lower bound then. */
  if (egCountSetCached(solarGraphCountCache(graph), all, &count) &&
      count.exact && count.count)
    result = isl_pw_qpolynomial_copy(count.count);
  egCountClear(&count);
  isl_set_free(all);
  return result;
}

int64_t solarUnionFootprint(const SolarEinsumGraph *graph, int64_t tensor,
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
      countUnion(graph, tensor, nodes, n, kind, skipSatisfied, exact);
  if (value) {
    *value = result;
    *valueExact = *exact;
  }
  return result;
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
