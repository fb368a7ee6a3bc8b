/* One einsum node as a projection nest for lib/io_bound.c: loop extents
 * (bounding box of the domain) and, per tensor, which loop dims its indices
 * use and whether it is a coordinate projection. */
#include "traffic_internal.h"
#include "solar/einsum/einsum_graph_index.h"

#include <isl/aff.h>
#include <isl/ilp.h>
#include <isl/map.h>
#include <isl/set.h>
#include <isl/val.h>

#include <string.h>

static bool valToDouble(__isl_take isl_val *v, double *out) {
  bool ok = v && isl_val_is_int(v);
  if (ok)
    *out = isl_val_get_d(v);
  isl_val_free(v);
  return ok;
}

static bool domainExtents(const SolarEinsumGraph *graph, size_t nodeIndex,
                          SolarIoNest *nest) {
  isl_set *domain = solarGraphDomain(graph, nodeIndex);
  if (!domain || isl_set_dim(domain, isl_dim_param) > 0)
    return false;
  isl_size dims = isl_set_dim(domain, isl_dim_set);
  if (dims < 0 || dims > SOLAR_IO_MAX_DIMS)
    return false;
  nest->dimCount = dims;
  /* A box domain (most are) shows its bounds in its constraints; isl's
   * dim_min/max solve an LP per dimension. */
  isl_val *boxLo[SOLAR_IO_MAX_DIMS + 1] = {NULL};
  isl_val *boxHi[SOLAR_IO_MAX_DIMS + 1] = {NULL};
  bool box = egSetBoxBounds(domain, boxLo, boxHi);
  bool ok = true;
  for (int d = 0; d < dims && ok; ++d) {
    double lo = 0, hi = -1;
    isl_val *lowest =
        box ? boxLo[d] : isl_set_dim_min_val(isl_set_copy(domain), d);
    isl_val *highest =
        box ? boxHi[d] : isl_set_dim_max_val(isl_set_copy(domain), d);
    boxLo[d] = boxHi[d] = NULL; /* taken below */
    bool lowOk = valToDouble(lowest, &lo);
    bool highOk = valToDouble(highest, &hi);
    ok = lowOk && highOk;
    nest->extent[d] = ok && hi >= lo ? hi - lo + 1 : 1;
  }
  for (int d = 0; d < dims; ++d) {
    isl_val_free(boxLo[d]);
    isl_val_free(boxHi[d]);
  }
  return ok;
}

static bool addAccess(const SolarEinsumGraph *graph, size_t nodeIndex,
                      size_t accessIndex, SolarIoOperand *op) {
  const SolarEinsumNode *node = &graph->nodes[nodeIndex];
  const SolarEinsumAccess *access = &node->accesses[accessIndex];
  isl_map *map = solarGraphAccessMap(graph, nodeIndex, accessIndex);
  bool ok = map && access->exact &&
            isl_map_is_single_valued(map) == isl_bool_true;
  if (!ok) {
    /* Unknown index pattern: depends on everything, no projection. */
    op->coordinateProjection = false;
    for (size_t d = 0; d < node->loopCount && d < SOLAR_IO_MAX_DIMS; ++d)
      op->dimsMask |= 1u << d;
    return true;
  }
  isl_pw_multi_aff *pma = isl_pw_multi_aff_from_map(isl_map_copy(map));
  int outDims = (int)isl_pw_multi_aff_dim(pma, isl_dim_out);
  uint32_t used = 0;
  bool firstAccess = op->indexCount == 0;
  for (int x = 0; x < outDims && x < SOLAR_IO_MAX_DIMS; ++x) {
    isl_pw_aff *index = isl_pw_multi_aff_get_pw_aff(pma, x);
    bool coordinate = false;
    uint32_t mask = solarIndexDims(index, &coordinate);
    isl_pw_aff_free(index);
    if (!coordinate || (used & mask))
      op->coordinateProjection = false;
    used |= mask;
    op->dimsMask |= mask;
    if (firstAccess)
      op->indexDims[op->indexCount++] = mask;
    else if (x < op->indexCount)
      op->indexDims[x] |= mask;
  }
  isl_pw_multi_aff_free(pma);
  return true;
}

bool solarNodeNest(const SolarEinsumGraph *graph, const SolarEinsumNode *node,
                   SolarDtype computeDtype, SolarIoNest *nest,
                   int64_t *operandTensors) {
  memset(nest, 0, sizeof(*nest));
  if (node->points < 0)
    return false;
  size_t nodeIndex = solarGraphNodeIndex(graph, node->id);
  if (nodeIndex >= graph->nodeCount)
    return false;
  bool ok = domainExtents(graph, nodeIndex, nest);
  nest->points = (double)node->points;
  /* One operand per tensor: a read and a write of C in C += A*B are the
   * same array for the bound's projections. */
  int64_t *tensorOf = operandTensors;
  for (size_t a = 0; ok && a < node->accessCount; ++a) {
    const SolarEinsumAccess *access = &node->accesses[a];
    /* Nothing of a splat constant moves (solarTensorElementBytes). */
    if (graph->tensors[access->tensor].splat)
      continue;
    int slot = -1;
    for (int j = 0; j < nest->operandCount; ++j)
      if (tensorOf[j] == access->tensor)
        slot = j;
    if (slot < 0) {
      if (nest->operandCount == SOLAR_IO_MAX_OPERANDS) {
        ok = false;
        break;
      }
      slot = nest->operandCount++;
      SolarIoOperand *op = &nest->operands[slot];
      op->coordinateProjection = true;
      tensorOf[slot] = access->tensor;
      op->elementBytes =
          solarTensorElementBytes(&graph->tensors[access->tensor], computeDtype);
    }
    SolarIoOperand *op = &nest->operands[slot];
    op->isWrite |= access->isWrite;
    ok = addAccess(graph, nodeIndex, a, op);
  }
  for (int j = 0; ok && j < nest->operandCount; ++j) {
    int64_t tensor = tensorOf[j];
    bool exactReads, exactWrites;
    int64_t reads = solarUnionFootprint(graph, tensor, &node->id, 1,
                                        SOLAR_ACCESS_READS, false, &exactReads);
    int64_t writes = solarUnionFootprint(graph, tensor, &node->id, 1,
                                         SOLAR_ACCESS_WRITES, false,
                                         &exactWrites);
    ok = reads >= 0 && writes >= 0;
    nest->operands[j].footprintElements =
        (double)(reads > writes ? reads : writes);
  }
  return ok;
}
