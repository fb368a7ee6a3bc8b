/* One einsum node as a projection nest for lib/io_bound.c: loop extents
 * (bounding box of the domain) and, per tensor, which loop dims its indices
 * use and whether it is a coordinate projection; each read off the shape
 * memo (solar/fusion/shape_memo.h), so a layer shape met again costs no
 * isl work. */
#include "traffic_internal.h"
#include "solar/einsum/einsum_graph_index.h"

#include <string.h>

_Static_assert((int)SOLAR_IO_MAX_DIMS <= (int)SOLAR_SHAPE_MAX_LOOPS &&
                   (int)SOLAR_IO_MAX_DIMS <= (int)SOLAR_SHAPE_MAX_INDICES,
               "the shape memo describes every dim a nest can have");

static bool domainExtents(SolarShapeMemo *shapes, size_t nodeIndex,
                          SolarIoNest *nest) {
  SolarDomainExtents box;
  solarShapeDomainExtents(shapes, nodeIndex, &box);
  if (!box.known || box.dims > SOLAR_IO_MAX_DIMS)
    return false;
  nest->dimCount = box.dims;
  memcpy(nest->extent, box.extent, (size_t)box.dims * sizeof(double));
  return box.valid;
}

static bool addAccess(SolarShapeMemo *shapes, const SolarEinsumGraph *graph,
                      size_t nodeIndex, size_t accessIndex,
                      SolarIoOperand *op) {
  const SolarEinsumNode *node = &graph->nodes[nodeIndex];
  const SolarEinsumAccess *access = &node->accesses[accessIndex];
  SolarIndexFacts facts = {0};
  if (access->exact)
    solarShapeIndexFacts(shapes, nodeIndex, accessIndex, &facts);
  if (!facts.singleValued) {
    /* Unknown index pattern: depends on everything, no projection. */
    op->coordinateProjection = false;
    for (size_t d = 0; d < node->loopCount && d < SOLAR_IO_MAX_DIMS; ++d)
      op->dimsMask |= 1u << d;
    return true;
  }
  uint32_t used = 0;
  bool firstAccess = op->indexCount == 0;
  /* A tensor read through two different projections (pos[i] and pos[j] of
   * a causal mask built from one position vector) is the union of two
   * projections, not one: its footprint (8) is far below the points its
   * "dims" {i, j} span (64), and the Bollobas-Thomason cover would divide
   * the nest into segments it does not have (an OPT decoder got a 367 MB
   * cache-aware bound for 70 KB of data). Only a tensor whose every access
   * uses the same dims at the same index stays a coordinate projection
   * (C's read and write in C += A * B). */
  if (!firstAccess && facts.indexCount != op->indexCount)
    op->coordinateProjection = false;
  for (int x = 0; x < facts.indexCount && x < SOLAR_IO_MAX_DIMS; ++x) {
    uint32_t mask = facts.dims[x];
    if (!facts.coordinate[x] || (used & mask))
      op->coordinateProjection = false;
    used |= mask;
    op->dimsMask |= mask;
    if (firstAccess) {
      op->indexDims[op->indexCount++] = mask;
    } else if (x < op->indexCount) {
      if (op->indexDims[x] != mask)
        op->coordinateProjection = false;
      op->indexDims[x] |= mask;
    }
  }
  return true;
}

bool solarNodeNest(SolarShapeMemo *shapes, const SolarEinsumGraph *graph,
                   const SolarEinsumNode *node, SolarDtype computeDtype,
                   SolarIoNest *nest, int64_t *operandTensors) {
  memset(nest, 0, sizeof(*nest));
  if (node->points < 0)
    return false;
  size_t nodeIndex = solarGraphNodeIndex(graph, node->id);
  if (nodeIndex >= graph->nodeCount)
    return false;
  bool ok = domainExtents(shapes, nodeIndex, nest);
  /* A layout node's reads count over its necessary points (a footprint
   * of those alone): the segment argument then counts those points, all
   * an implementation must run, never the rest against that footprint. */
  nest->points = solarNodeReadsNecessary(node) ? (double)node->necessaryPoints
                                               : (double)node->points;
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
    ok = addAccess(shapes, graph, nodeIndex, a, op);
  }
  SolarFootprintContext footprints = {.shapes = shapes};
  for (int j = 0; ok && j < nest->operandCount; ++j) {
    int64_t tensor = tensorOf[j];
    bool exactReads, exactWrites;
    int64_t reads =
        solarUnionFootprintIn(&footprints, graph, tensor, &node->id, 1,
                              SOLAR_ACCESS_READS, false, &exactReads);
    int64_t writes =
        solarUnionFootprintIn(&footprints, graph, tensor, &node->id, 1,
                              SOLAR_ACCESS_WRITES, false, &exactWrites);
    ok = reads >= 0 && writes >= 0;
    nest->operands[j].footprintElements =
        (double)(reads > writes ? reads : writes);
  }
  return ok;
}
