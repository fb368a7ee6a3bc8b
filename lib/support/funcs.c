/* Operation names and functions (solar/support/funcs.h). */
#include "solar/support/funcs.h"
#include "solar/support/grow.h"

#include "mlir-c/BuiltinAttributes.h"

#include <string.h>

bool solarOpIs(MlirOperation op, const char *name) {
  if (mlirOperationIsNull(op))
    return false;
  MlirStringRef text = mlirIdentifierStr(mlirOperationGetName(op));
  return text.length == strlen(name) &&
         strncmp(text.data, name, text.length) == 0;
}

bool solarOpIsAffineAccess(MlirOperation op) {
  return solarOpIs(op, "affine.load") || solarOpIs(op, "affine.store");
}

bool solarOpHasValueOf(MlirOperation op, bool (*typeIs)(MlirType)) {
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i)
    if (typeIs(mlirValueGetType(mlirOperationGetResult(op, i))))
      return true;
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i)
    if (typeIs(mlirValueGetType(mlirOperationGetOperand(op, i))))
      return true;
  return false;
}

MlirStringRef solarSymbolName(MlirOperation op) {
  MlirAttribute name = mlirOperationGetAttributeByName(
      op, mlirSymbolTableGetSymbolAttributeName());
  if (mlirAttributeIsNull(name) || !mlirAttributeIsAString(name))
    return mlirStringRefCreate(NULL, 0);
  return mlirStringAttrGetValue(name);
}

typedef struct {
  MlirStringRef name;
  MlirOperation found;
} FuncSearch;

static MlirWalkResult findFunc(MlirOperation op, void *userData) {
  FuncSearch *search = userData;
  if (!solarIsFunc(op))
    return MlirWalkResultAdvance;
  MlirStringRef name = solarSymbolName(op);
  if (name.data && name.length == search->name.length &&
      strncmp(name.data, search->name.data, name.length) == 0) {
    search->found = op;
    return MlirWalkResultInterrupt;
  }
  return MlirWalkResultSkip; /* functions do not nest */
}

MlirOperation solarFindFunc(MlirOperation anchor, MlirStringRef name) {
  FuncSearch search = {name, {NULL}};
  if (!mlirOperationIsNull(anchor) && name.data)
    mlirOperationWalk(anchor, findFunc, &search, MlirWalkPreOrder);
  return search.found;
}

bool solarIsFunc(MlirOperation op) {
  /* IREE's input phase wraps functions in util.func (parsed unregistered,
   * in generic form): the analysis treats it as a func.func. */
  return solarOpIs(op, "func.func") || solarOpIs(op, "util.func");
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
  MlirStringRef name = solarSymbolName(func);
  return name.data ? strndup(name.data, name.length) : strdup("?");
}

bool solarForEachChildOp(MlirOperation op,
                         bool (*visit)(MlirOperation child, void *data),
                         void *data) {
  intptr_t regions = mlirOperationGetNumRegions(op);
  for (intptr_t r = 0; r < regions; ++r) {
    MlirRegion region = mlirOperationGetRegion(op, r);
    for (MlirBlock block = mlirRegionGetFirstBlock(region);
         !mlirBlockIsNull(block); block = mlirBlockGetNextInRegion(block))
      for (MlirOperation child = mlirBlockGetFirstOperation(block);
           !mlirOperationIsNull(child);
           child = mlirOperationGetNextInBlock(child))
        if (!visit(child, data))
          return false;
  }
  return true;
}
