/* Union footprints of several accesses, counted with isl (never by
 * enumeration; lib/einsum_count.c sums symbolically). */
#include "solar/einsum/einsum_count.h"
#include "solar/fusion/fusion.h"

#include <isl/ctx.h>
#include <isl/options.h>
#include <isl/map.h>
#include <isl/set.h>

#include <string.h>

double solarTensorElementBytes(const SolarEinsumTensor *tensor,
                               SolarDtype computeDtype) {
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
  for (size_t i = 0; i < graph->nodeCount; ++i)
    if (graph->nodes[i].id == id)
      return &graph->nodes[i];
  return NULL;
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
                             int64_t node, const int64_t *nodes, size_t n) {
  for (size_t e = 0; e < graph->edgeCount; ++e) {
    const SolarEinsumEdge *edge = &graph->edges[e];
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

int64_t solarUnionFootprint(const SolarEinsumGraph *graph, int64_t tensor,
                            const int64_t *nodes, size_t n,
                            SolarAccessKind kind, bool skipSatisfied,
                            bool *exact) {
  *exact = true;
  isl_ctx *ctx = isl_ctx_alloc();
  isl_options_set_on_error(ctx, ISL_ON_ERROR_CONTINUE);
  isl_set *all = NULL;
  bool failed = false;
  for (size_t i = 0; i < n && !failed; ++i) {
    const SolarEinsumNode *node = solarGraphNode(graph, nodes[i]);
    if (!node)
      continue;
    for (size_t a = 0; a < node->accessCount; ++a) {
      const SolarEinsumAccess *access = &node->accesses[a];
      if (access->tensor != tensor ||
          access->isWrite != (kind == SOLAR_ACCESS_WRITES))
        continue;
      if (kind == SOLAR_ACCESS_READS && skipSatisfied &&
          readServedInside(graph, tensor, node->id, nodes, n))
        continue;
      if (!access->exact) {
        /* A non-affine access is stored as the whole tensor, an upper bound
         * of what it touches; a lower bound knows nothing of it. */
        *exact = false;
        continue;
      }
      isl_set *domain = isl_set_read_from_str(ctx, node->domain);
      isl_map *map = isl_map_read_from_str(ctx, access->map);
      if (!domain || !map) {
        isl_set_free(domain);
        isl_map_free(map);
        failed = true;
        break;
      }
      /* The map may carry its own constraints; intersecting keeps both. */
      isl_set *image = isl_set_apply(domain, map);
      all = all ? isl_set_union(all, image) : image;
      if (!all)
        failed = true;
    }
  }
  int64_t result = 0;
  if (!failed && all) {
    all = isl_set_coalesce(all);
    EgCount count;
    int64_t value = 0;
    if (!egCountSet(all, &count)) {
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
  isl_ctx_free(ctx);
  return result;
}
