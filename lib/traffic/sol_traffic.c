/* Cache-aware traffic per fusion group (docs/sol-model.md, "Cache-aware"). */
#include "traffic_internal.h"
#include "solar/einsum/einsum_graph_index.h"
#include "solar/dialect/dialect_attr.h"

#include "mlir-c/BuiltinAttributes.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void describeTile(const SolarEinsumNode *node, const SolarIoNest *nest,
                         const SolarIoTiling *tiling, char *buf, size_t size) {
  size_t used = 0;
  buf[0] = '\0';
  for (int d = 0; d < nest->dimCount && used < size; ++d) {
    const char *label =
        (size_t)d < node->loopCount ? node->loops[d].label : "?";
    used += (size_t)snprintf(buf + used, size - used, "%s%s=%.0f", d ? "," : "",
                             label, tiling->tile[d]);
  }
}

/* True when a node of the group other than `self` touches the tensor.
 * inGroup[i] == stamp marks the group's nodes by index, so the question
 * costs the tensor's users, not the group's size. */
static bool touchedByOthers(const SolarEinsumGraph *graph,
                            const size_t *inGroup, size_t stamp, int64_t self,
                            int64_t tensor) {
  size_t count = 0;
  const size_t *users = solarGraphTensorNodes(graph, tensor, &count);
  for (size_t k = 0; k < count; ++k)
    if (inGroup[users[k]] == stamp && graph->nodes[users[k]].id != self)
      return true;
  return false;
}

/* Views (solarTensorIsView) are indexed, never stored: they leave the
 * cover (as non-projective operands do, which keeps the bound valid) and
 * move nothing. A node writing a result view moves nothing at all: its
 * source leaves uncopied (a computed one is written by its producer, or
 * charged by the group, sol_fuser.c). */
static void dropViews(const SolarEinsumGraph *graph,
                      const SolarEinsumNode *node, SolarIoNest *nest,
                      const int64_t *tensors) {
  bool free = solarNodeWritesResultView(graph, (size_t)(node - graph->nodes));
  for (int j = 0; j < nest->operandCount; ++j)
    if (free || solarTensorIsView(graph, tensors[j])) {
      nest->operands[j].coordinateProjection = false;
      nest->operands[j].footprintElements = 0;
    }
}

/* known: the node's nest with views dropped, when the caller built it
 * already (NULL: built here). */
static void singleNodeBounds(SolarShapeMemo *shapes,
                             const SolarEinsumGraph *graph,
                             const SolarFusionGroup *g, double capacityBytes,
                             double innerCapacityBytes, SolarDtype storageDtype,
                             const SolarIoNest *known, SolarGroupTraffic *t) {
  const SolarEinsumNode *node = solarGraphNode(graph, g->nodes[0]);
  SolarIoNest nest;
  int64_t tensors[SOLAR_IO_MAX_OPERANDS];
  if (known) {
    nest = *known;
  } else {
    if (!node ||
        !solarNodeNest(shapes, graph, node, storageDtype, &nest, tensors))
      return;
    dropViews(graph, node, &nest, tensors);
  }
  if (isfinite(capacityBytes)) {
    SolarIoLowerBound lb = solarIoLowerBound(&nest, capacityBytes);
    if (lb.hblBytes > t->hblBytes) {
      t->hblBytes = lb.hblBytes;
      t->exponent = lb.exponent;
    }
    SolarIoTiling tiling;
    if (solarIoBestTiling(&nest, capacityBytes, &tiling)) {
      /* The tiling model counts each operand once per tile load; the
       * group's compulsory bytes (read and write of an inout) floor it. */
      t->tiledBytes = tiling.bytes > t->compulsoryBytes ? tiling.bytes
                                                        : t->compulsoryBytes;
      t->tileWorkingSetBytes = tiling.workingSetBytes;
      describeTile(node, &nest, &tiling, t->tile, sizeof(t->tile));
    }
  } else {
    t->tiledBytes = t->compulsoryBytes;
  }
  if (isfinite(innerCapacityBytes)) {
    /* Between L2 and the SMs every operand moves, intermediates too. */
    SolarIoLowerBound inner = solarIoLowerBound(&nest, innerCapacityBytes);
    if (inner.boundBytes > t->innerLowerBoundBytes)
      t->innerLowerBoundBytes = inner.boundBytes;
  }
}

bool solarTrafficCompute(const SolarEinsumGraph *graph,
                         const SolarFusion *fusion, double capacityBytes,
                         double innerCapacityBytes, SolarDtype storageDtype,
                         SolarTraffic *out, char *err, size_t errSize) {
  memset(out, 0, sizeof(*out));
  out->capacityBytes = capacityBytes;
  out->innerCapacityBytes = innerCapacityBytes;
  /* touchedByOthers asks the index for a tensor's users: without it every
   * operand would look untouched by the group's other nodes. */
  if (!graph->index) {
    snprintf(err, errSize, "internal error: the einsum graph has no index "
                           "(read it with solarEinsumGraphRead)");
    return false;
  }
  out->groupCount = fusion->groupCount;
  out->groups = calloc(fusion->groupCount ? fusion->groupCount : 1,
                       sizeof(SolarGroupTraffic));
  size_t *inGroup = calloc(graph->nodeCount ? graph->nodeCount : 1,
                           sizeof(size_t));
  /* dramInput[t] == stamp: the group reads tensor t from DRAM and never
   * writes it (its boundary entry says so). */
  size_t *dramInput = calloc(graph->tensorCount ? graph->tensorCount : 1,
                             sizeof(size_t));
  /* Nests of one layer shape repeat through a network: their isl facts
   * are worked out once. */
  SolarShapeMemo *shapes = solarShapeMemoCreate(graph);
  if (!out->groups || !inGroup || !dramInput || !shapes)
    abort();
  for (size_t i = 0; i < fusion->groupCount; ++i) {
    const SolarFusionGroup *g = &fusion->groups[i];
    SolarGroupTraffic *t = &out->groups[i];
    for (size_t k = 0; k < g->nodeCount; ++k) {
      size_t index = solarGraphNodeIndex(graph, g->nodes[k]);
      if (index < graph->nodeCount)
        inGroup[index] = i + 1;
    }
    /* The first boundary entry of a tensor decides, as in a scan. */
    for (size_t k = g->boundaryCount; k-- > 0;) {
      const SolarGroupTensor *b = &g->boundary[k];
      if (b->tensor >= 0 && (size_t)b->tensor < graph->tensorCount)
        dramInput[b->tensor] =
            b->readElements > 0 && b->writeElements == 0 ? i + 1 : 0;
    }
    t->group = g->id;
    t->compulsoryBytes = g->dramBytes;
    t->lowerBoundBytes = g->dramBytes;
    t->innerLowerBoundBytes = g->dramBytes;
    t->tiledBytes = NAN;
    SolarIoNest onlyNest;
    bool haveOnlyNest = false;
    /* Every node of the group: the operands it reads straight from DRAM
     * bound the traffic whatever stays on chip. */
    for (size_t k = 0; k < g->nodeCount && isfinite(capacityBytes); ++k) {
      const SolarEinsumNode *node = solarGraphNode(graph, g->nodes[k]);
      SolarIoNest nest;
      int64_t tensors[SOLAR_IO_MAX_OPERANDS];
      /* A store that never executes (its domain is empty, e.g. under an
       * affine.if that cannot hold) moves nothing: it bounds nothing, and
       * its empty domain has no extents to describe a nest with. */
      if (node && node->points == 0 && node->pointsExact)
        continue;
      if (!node ||
          !solarNodeNest(shapes, graph, node, storageDtype, &nest, tensors)) {
        snprintf(err, errSize,
                 "node %lld of @%s has symbolic sizes or more than %d loops; "
                 "the cache-aware model needs static shapes",
                 node ? (long long)node->id : -1LL, graph->function,
                 SOLAR_IO_MAX_DIMS);
        free(inGroup);
        free(dramInput);
        solarShapeMemoDestroy(shapes);
        solarTrafficDestroy(out);
        return false;
      }
      dropViews(graph, node, &nest, tensors);
      if (g->nodeCount == 1) {
        onlyNest = nest;
        haveOnlyNest = true;
      }
      bool inputs[SOLAR_IO_MAX_OPERANDS];
      for (int j = 0; j < nest.operandCount; ++j)
        inputs[j] = !nest.operands[j].isWrite && tensors[j] >= 0 &&
                    (size_t)tensors[j] < graph->tensorCount &&
                    dramInput[tensors[j]] == i + 1;
      double sigma = 0;
      double bound = solarIoInputBound(&nest, inputs, capacityBytes, &sigma);
      if (bound > t->hblBytes) {
        t->hblBytes = bound;
        t->exponent = sigma;
      }
      /* The node alone obeys the full bound. Inside the group, another node
       * touching an operand's tensor can spare at most one load and one
       * store per element of it: loading each such element where it was
       * created and storing it where it is consumed turns any schedule of
       * the group into one of the node alone with at most that much more
       * traffic. */
      if (g->nodeCount > 1) {
        double spared = 0;
        for (int j = 0; j < nest.operandCount; ++j)
          if (touchedByOthers(graph, inGroup, i + 1, node->id, tensors[j]))
            spared += 2.0 * nest.operands[j].footprintElements *
                      nest.operands[j].elementBytes;
        SolarIoLowerBound full = solarIoLowerBound(&nest, capacityBytes);
        if (full.hblBytes - spared > t->hblBytes) {
          t->hblBytes = full.hblBytes - spared;
          t->exponent = full.exponent;
        }
      }
    }
    /* A group of one node: all its operands live in DRAM, so the full
     * segment argument (and Smith et al. for products) applies, and the
     * tiling search has a nest to tile. */
    if (g->nodeCount == 1)
      singleNodeBounds(shapes, graph, g, capacityBytes, innerCapacityBytes,
                       storageDtype, haveOnlyNest ? &onlyNest : NULL, t);
    if (t->hblBytes > t->lowerBoundBytes)
      t->lowerBoundBytes = t->hblBytes;
  }
  free(inGroup);
  free(dramInput);
  solarShapeMemoDestroy(shapes);
  return true;
}

void solarTrafficDestroy(SolarTraffic *traffic) {
  free(traffic->groups);
  memset(traffic, 0, sizeof(*traffic));
}

MlirAttribute solarTrafficToAttribute(MlirContext ctx,
                                      const SolarTraffic *traffic) {
  SolarDictBuilder b;
  solarDictBuilderInit(&b, ctx);
  solarDictAddNumber(&b, "capacity_bytes", traffic->capacityBytes);
  solarDictAddNumber(&b, "inner_capacity_bytes", traffic->innerCapacityBytes);
  MlirAttribute *groups = malloc(
      (traffic->groupCount ? traffic->groupCount : 1) * sizeof(MlirAttribute));
  for (size_t i = 0; i < traffic->groupCount; ++i) {
    const SolarGroupTraffic *t = &traffic->groups[i];
    SolarDictBuilder g;
    solarDictBuilderInit(&g, ctx);
    solarDictAddI64(&g, "group", t->group);
    solarDictAddNumber(&g, "compulsory_bytes", t->compulsoryBytes);
    solarDictAddNumber(&g, "hbl_bytes", t->hblBytes);
    solarDictAddF64(&g, "exponent", t->exponent);
    solarDictAddNumber(&g, "lower_bound_bytes", t->lowerBoundBytes);
    solarDictAddNumber(&g, "inner_lower_bound_bytes", t->innerLowerBoundBytes);
    if (!isnan(t->tiledBytes)) {
      solarDictAddNumber(&g, "tiled_bytes", t->tiledBytes);
      solarDictAddNumber(&g, "tile_working_set_bytes", t->tileWorkingSetBytes);
      solarDictAddString(&g, "tile", t->tile);
    }
    groups[i] = solarDictBuilderFinish(&g);
  }
  solarDictAdd(&b, "groups",
               mlirArrayAttrGet(ctx, (intptr_t)traffic->groupCount, groups));
  free(groups);
  return solarDialectAttrWrap(ctx, "traffic", solarDictBuilderFinish(&b));
}

bool solarTrafficFromAttribute(MlirAttribute attr, SolarTraffic *out,
                               char *err, size_t errSize) {
  memset(out, 0, sizeof(*out));
  MlirAttribute dict = solarDialectAttrOpen(attr, "traffic");
  MlirAttribute groups = solarDictGet(dict, "groups");
  bool ok = !mlirAttributeIsNull(dict) &&
            solarDictGetF64(dict, "capacity_bytes", &out->capacityBytes) &&
            solarDictGetF64(dict, "inner_capacity_bytes",
                            &out->innerCapacityBytes) &&
            !mlirAttributeIsNull(groups) && mlirAttributeIsAArray(groups);
  if (ok) {
    out->groupCount = (size_t)mlirArrayAttrGetNumElements(groups);
    out->groups = calloc(out->groupCount ? out->groupCount : 1,
                         sizeof(SolarGroupTraffic));
    for (size_t i = 0; i < out->groupCount && ok; ++i) {
      MlirAttribute g = mlirArrayAttrGetElement(groups, (intptr_t)i);
      SolarGroupTraffic *t = &out->groups[i];
      ok = solarDictGetI64(g, "group", &t->group) &&
           solarDictGetF64(g, "compulsory_bytes", &t->compulsoryBytes) &&
           solarDictGetF64(g, "hbl_bytes", &t->hblBytes) &&
           solarDictGetF64(g, "exponent", &t->exponent) &&
           solarDictGetF64(g, "lower_bound_bytes", &t->lowerBoundBytes) &&
           solarDictGetF64(g, "inner_lower_bound_bytes",
                           &t->innerLowerBoundBytes);
      if (ok && !solarDictGetF64(g, "tiled_bytes", &t->tiledBytes))
        t->tiledBytes = NAN;
    }
  }
  if (!ok) {
    snprintf(err, errSize, "solar.traffic is not a well-formed #solar.traffic "
                           "attribute (see docs/user-guide.md)");
    solarTrafficDestroy(out);
  }
  return ok;
}
