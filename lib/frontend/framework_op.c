/* Framework-op identity through the lowering (include/solar/frontend/
 * framework_op.h). A location is the one thing MLIR's rewrite patterns
 * reliably copy from an op to what replaces it (discardable attributes are
 * dropped by bufferization, linalg-to-loops and fold-memref-alias-ops), so
 * the identity rides in a named location while the upstream passes run. */
#include "solar/frontend/framework_op.h"

#include "mlir-c/BuiltinAttributes.h"

#include <stdio.h>
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

static MlirWalkResult fromLocation(MlirOperation op, void *userData) {
  (void)userData;
  MlirLocation loc = mlirOperationGetLocation(op);
  MlirStringRef name;
  if (!frameworkName(loc, &name))
    return MlirWalkResultAdvance;
  if (isStore(op))
    mlirOperationSetAttributeByName(
        op, attrName(),
        mlirStringAttrGet(mlirOperationGetContext(op), name));
  mlirOperationSetLocation(op, mlirLocationNameGetChildLoc(loc));
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
