/* solar.fusion <-> SolarFusion. */
#include "solar/dialect/dialect_attr.h"
#include "solar/fusion/fusion.h"

#include "mlir-c/BuiltinAttributes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static MlirAttribute groupToAttribute(MlirContext ctx,
                                      const SolarFusionGroup *g) {
  SolarDictBuilder b;
  solarDictBuilderInit(&b, ctx);
  solarDictAddI64(&b, "id", g->id);
  solarDictAdd(&b, "nodes", solarI64ArrayAttr(ctx, g->nodes, g->nodeCount));
  solarDictAdd(&b, "internal",
               solarI64ArrayAttr(ctx, g->internal, g->internalCount));
  MlirAttribute *boundary =
      malloc((g->boundaryCount ? g->boundaryCount : 1) * sizeof(MlirAttribute));
  for (size_t i = 0; i < g->boundaryCount; ++i) {
    SolarDictBuilder t;
    solarDictBuilderInit(&t, ctx);
    solarDictAddI64(&t, "tensor", g->boundary[i].tensor);
    solarDictAddI64(&t, "read_elements", g->boundary[i].readElements);
    solarDictAddI64(&t, "write_elements", g->boundary[i].writeElements);
    solarDictAddNumber(&t, "bytes", g->boundary[i].bytes);
    boundary[i] = solarDictBuilderFinish(&t);
  }
  solarDictAdd(&b, "boundary",
               mlirArrayAttrGet(ctx, (intptr_t)g->boundaryCount, boundary));
  free(boundary);
  solarDictAddNumber(&b, "dram_bytes", g->dramBytes);
  solarDictAddNumber(&b, "live_bytes", g->liveBytes);
  return solarDictBuilderFinish(&b);
}

MlirAttribute solarFusionToAttribute(MlirContext ctx,
                                     const SolarFusion *fusion) {
  SolarDictBuilder b;
  solarDictBuilderInit(&b, ctx);
  solarDictAddNumber(&b, "capacity_bytes", fusion->capacityBytes);
  MlirAttribute *groups = malloc(
      (fusion->groupCount ? fusion->groupCount : 1) * sizeof(MlirAttribute));
  for (size_t i = 0; i < fusion->groupCount; ++i)
    groups[i] = groupToAttribute(ctx, &fusion->groups[i]);
  solarDictAdd(&b, "groups",
               mlirArrayAttrGet(ctx, (intptr_t)fusion->groupCount, groups));
  free(groups);
  solarDictAddNumber(&b, "ideal_bytes", fusion->idealBytes);
  return solarDialectAttrWrap(ctx, "fusion", solarDictBuilderFinish(&b));
}

static bool readI64Array(MlirAttribute array, int64_t **out, size_t *count) {
  if (mlirAttributeIsNull(array) || !mlirAttributeIsAArray(array))
    return false;
  *count = (size_t)mlirArrayAttrGetNumElements(array);
  *out = calloc(*count ? *count : 1, sizeof(int64_t));
  for (size_t i = 0; i < *count; ++i) {
    MlirAttribute e = mlirArrayAttrGetElement(array, (intptr_t)i);
    if (!mlirAttributeIsAInteger(e))
      return false;
    (*out)[i] = mlirIntegerAttrGetValueInt(e);
  }
  return true;
}

static bool groupFromAttribute(MlirAttribute dict, SolarFusionGroup *g) {
  if (!solarDictGetI64(dict, "id", &g->id) ||
      !readI64Array(solarDictGet(dict, "nodes"), &g->nodes, &g->nodeCount) ||
      !readI64Array(solarDictGet(dict, "internal"), &g->internal,
                    &g->internalCount) ||
      !solarDictGetF64(dict, "dram_bytes", &g->dramBytes) ||
      !solarDictGetF64(dict, "live_bytes", &g->liveBytes))
    return false;
  MlirAttribute boundary = solarDictGet(dict, "boundary");
  if (mlirAttributeIsNull(boundary) || !mlirAttributeIsAArray(boundary))
    return false;
  g->boundaryCount = (size_t)mlirArrayAttrGetNumElements(boundary);
  g->boundary = calloc(g->boundaryCount ? g->boundaryCount : 1,
                       sizeof(SolarGroupTensor));
  for (size_t i = 0; i < g->boundaryCount; ++i) {
    MlirAttribute t = mlirArrayAttrGetElement(boundary, (intptr_t)i);
    SolarGroupTensor *b = &g->boundary[i];
    if (!solarDictGetI64(t, "tensor", &b->tensor) ||
        !solarDictGetI64(t, "read_elements", &b->readElements) ||
        !solarDictGetI64(t, "write_elements", &b->writeElements) ||
        !solarDictGetF64(t, "bytes", &b->bytes))
      return false;
  }
  return true;
}

bool solarFusionFromAttribute(MlirAttribute attr, SolarFusion *out, char *err,
                              size_t errSize) {
  memset(out, 0, sizeof(*out));
  MlirAttribute dict = solarDialectAttrOpen(attr, "fusion");
  MlirAttribute groups = solarDictGet(dict, "groups");
  bool ok = !mlirAttributeIsNull(dict) &&
            solarDictGetF64(dict, "capacity_bytes", &out->capacityBytes) &&
            solarDictGetF64(dict, "ideal_bytes", &out->idealBytes) &&
            !mlirAttributeIsNull(groups) && mlirAttributeIsAArray(groups);
  if (ok) {
    out->groupCount = (size_t)mlirArrayAttrGetNumElements(groups);
    out->groups = calloc(out->groupCount ? out->groupCount : 1,
                         sizeof(SolarFusionGroup));
    for (size_t i = 0; i < out->groupCount && ok; ++i)
      ok = groupFromAttribute(mlirArrayAttrGetElement(groups, (intptr_t)i),
                              &out->groups[i]);
  }
  if (!ok) {
    snprintf(err, errSize, "solar.fusion is not a well-formed #solar.fusion "
                           "attribute (see docs/user-guide.md)");
    solarFusionDestroy(out);
  }
  return ok;
}
