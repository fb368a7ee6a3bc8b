#include "solar/support/funcs.h"
#include "solar/support/grow.h"

#include "mlir-c/BuiltinAttributes.h"

#include <string.h>

bool solarIsFunc(MlirOperation op) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  return name.length == 9 && strncmp(name.data, "func.func", 9) == 0;
}

bool solarIsFuncDefinition(MlirOperation op) {
  return solarIsFunc(op) && mlirOperationGetNumRegions(op) == 1 &&
         !mlirBlockIsNull(mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0)));
}

typedef struct {
  MlirOperation *funcs;
  size_t count, capacity;
} FuncList;

static MlirWalkResult collectFunc(MlirOperation op, void *userData) {
  FuncList *list = userData;
  if (!solarIsFunc(op))
    return MlirWalkResultAdvance;
  /* Functions do not nest: their bodies need no visit. */
  if (!solarIsFuncDefinition(op))
    return MlirWalkResultSkip;
  list->funcs = solarGrow(list->funcs, &list->capacity, list->count,
                          sizeof(MlirOperation));
  list->funcs[list->count++] = op;
  return MlirWalkResultSkip;
}

MlirOperation *solarCollectFuncs(MlirOperation op, size_t *count) {
  FuncList list = {0};
  mlirOperationWalk(op, collectFunc, &list, MlirWalkPreOrder);
  *count = list.count;
  return list.funcs;
}

char *solarFuncName(MlirOperation func) {
  MlirAttribute name = mlirOperationGetAttributeByName(
      func, mlirStringRefCreateFromCString("sym_name"));
  if (mlirAttributeIsNull(name) || !mlirAttributeIsAString(name))
    return strdup("?");
  MlirStringRef ref = mlirStringAttrGetValue(name);
  return strndup(ref.data, ref.length);
}
