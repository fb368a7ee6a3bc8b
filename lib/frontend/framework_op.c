/* Framework-op identity through the lowering (include/solar/frontend/
 * framework_op.h). A location is the one thing MLIR's rewrite patterns
 * reliably copy from an op to what replaces it (discardable attributes are
 * dropped by bufferization, linalg-to-loops and fold-memref-alias-ops), so
 * the identity rides in a named location while the upstream passes run. */
#include "solar/frontend/framework_op.h"

#include "mlir-c/BuiltinAttributes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static MlirStringRef attrName(void) {
  return mlirStringRefCreateFromCString(SOLAR_FRAMEWORK_OP_ATTR);
}

static MlirWalkResult toLocation(MlirOperation op, void *userData) {
  (void)userData;
  MlirAttribute attr = mlirOperationGetAttributeByName(op, attrName());
  if (mlirAttributeIsNull(attr) || !mlirAttributeIsAString(attr))
    return MlirWalkResultAdvance;
  MlirStringRef value = mlirStringAttrGetValue(attr);
  char name[512];
  snprintf(name, sizeof(name), "%s%.*s", SOLAR_FRAMEWORK_OP_LOC_PREFIX,
           (int)value.length, value.data);
  MlirContext ctx = mlirOperationGetContext(op);
  MlirLocation named = mlirLocationNameGet(
      ctx, mlirStringRefCreateFromCString(name), mlirOperationGetLocation(op));
  mlirOperationSetLocation(op, named);
  mlirOperationRemoveAttributeByName(op, attrName());
  return MlirWalkResultAdvance;
}

void solarFrameworkOpsToLocations(MlirOperation root) {
  mlirOperationWalk(root, toLocation, NULL, MlirWalkPreOrder);
}

/* NAME when loc is `fwop:NAME`(child). */
static bool frameworkName(MlirLocation loc, MlirStringRef *name) {
  if (!mlirLocationIsAName(loc))
    return false;
  MlirStringRef full = mlirIdentifierStr(mlirLocationNameGetName(loc));
  size_t prefix = strlen(SOLAR_FRAMEWORK_OP_LOC_PREFIX);
  if (full.length < prefix ||
      strncmp(full.data, SOLAR_FRAMEWORK_OP_LOC_PREFIX, prefix) != 0)
    return false;
  *name = (MlirStringRef){full.data + prefix, full.length - prefix};
  return true;
}

static bool isStore(MlirOperation op) {
  MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
  return (n.length == 12 && strncmp(n.data, "affine.store", 12) == 0) ||
         (n.length == 12 && strncmp(n.data, "memref.store", 12) == 0);
}

/* loc without its `fwop:` wrappers (also inside a fused location, which
 * canonicalization makes when it merges ops); *name gets the first NAME. */
static MlirLocation stripNames(MlirLocation loc, MlirStringRef *name,
                               bool *found) {
  MlirStringRef own;
  if (frameworkName(loc, &own)) {
    if (!*found)
      *name = own;
    *found = true;
    return stripNames(mlirLocationNameGetChildLoc(loc), name, found);
  }
  if (!mlirLocationIsAFused(loc))
    return loc;
  unsigned n = mlirLocationFusedGetNumLocations(loc);
  MlirLocation *parts = calloc(n ? n : 1, sizeof(MlirLocation));
  mlirLocationFusedGetLocations(loc, parts);
  bool inner = false;
  for (unsigned i = 0; i < n; ++i)
    parts[i] = stripNames(parts[i], name, &inner);
  MlirLocation result =
      inner ? mlirLocationFusedGet(mlirLocationGetContext(loc), (intptr_t)n,
                                   parts, mlirLocationFusedGetMetadata(loc))
            : loc;
  free(parts);
  *found |= inner;
  return result;
}

/* Block arguments (induction variables) took the op's location too. */
static void stripArguments(MlirOperation op) {
  for (intptr_t r = 0; r < mlirOperationGetNumRegions(op); ++r)
    for (MlirBlock block =
             mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r));
         !mlirBlockIsNull(block); block = mlirBlockGetNextInRegion(block))
      for (intptr_t i = 0; i < mlirBlockGetNumArguments(block); ++i) {
        MlirValue arg = mlirBlockGetArgument(block, i);
        MlirStringRef name;
        bool found = false;
        MlirLocation loc = stripNames(mlirValueGetLocation(arg), &name, &found);
        if (found)
          mlirBlockArgumentSetLocation(arg, loc);
      }
}

static MlirWalkResult fromLocation(MlirOperation op, void *userData) {
  (void)userData;
  stripArguments(op);
  MlirStringRef name = {NULL, 0};
  bool found = false;
  MlirLocation stripped =
      stripNames(mlirOperationGetLocation(op), &name, &found);
  if (!found)
    return MlirWalkResultAdvance;
  if (isStore(op))
    mlirOperationSetAttributeByName(
        op, attrName(),
        mlirStringAttrGet(mlirOperationGetContext(op), name));
  mlirOperationSetLocation(op, stripped);
  return MlirWalkResultAdvance;
}

void solarFrameworkOpsFromLocations(MlirOperation root) {
  mlirOperationWalk(root, fromLocation, NULL, MlirWalkPreOrder);
}

static bool isFunc(MlirOperation op) {
  MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
  return n.length == 9 && strncmp(n.data, "func.func", 9) == 0;
}

bool solarFrameworkOpOf(MlirOperation op, char *buf, size_t size) {
  for (; !mlirOperationIsNull(op) && !isFunc(op);
       op = mlirOperationGetParentOperation(op)) {
    MlirAttribute attr = mlirOperationGetAttributeByName(op, attrName());
    if (mlirAttributeIsNull(attr) || !mlirAttributeIsAString(attr))
      continue;
    MlirStringRef value = mlirStringAttrGetValue(attr);
    snprintf(buf, size, "%.*s", (int)value.length, value.data);
    return true;
  }
  return false;
}
