/* IREE's input phase (`iree-compile --compile-to=input`) wraps functions in
 * util.func / util.return, which solar-opt does not register (it parses them
 * in generic form with --allow-unregistered-dialect). Their semantics at
 * this phase are func.func's, so the copy solar lowers gets func.func /
 * func.return in their place; the user's IR is never rewritten. */
#include "solar/frontend/lower_to_affine.h"
#include "solar/support/op_list.h"
#include "solar/support/funcs.h"

#include "mlir-c/BuiltinAttributes.h"

#include <stdlib.h>
#include <string.h>

static MlirWalkResult collectUtil(MlirOperation op, void *userData) {
  SolarOpList *lists = userData;
  if (solarOpIs(op, "util.func"))
    solarOpListPush(&lists[0], op);
  else if (solarOpIs(op, "util.return"))
    solarOpListPush(&lists[1], op);
  return MlirWalkResultAdvance;
}

static void replaceReturn(MlirOperation ret) {
  MlirOperationState state = mlirOperationStateGet(
      mlirStringRefCreateFromCString("func.return"),
      mlirOperationGetLocation(ret));
  intptr_t n = mlirOperationGetNumOperands(ret);
  MlirValue *operands = malloc((size_t)(n ? n : 1) * sizeof(MlirValue));
  for (intptr_t i = 0; i < n; ++i)
    operands[i] = mlirOperationGetOperand(ret, i);
  mlirOperationStateAddOperands(&state, n, operands);
  MlirOperation created = mlirOperationCreate(&state);
  free(operands);
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(ret), ret, created);
  mlirOperationDestroy(ret);
}

/* The attributes func.func defines; IREE-only ones (inlining policy, tied
 * operands) mean nothing to the analysis. */
static const char *const funcAttrs[] = {"sym_name", "function_type",
                                        "sym_visibility", "arg_attrs",
                                        "res_attrs", NULL};

static void replaceFunc(MlirOperation util) {
  MlirOperationState state = mlirOperationStateGet(
      mlirStringRefCreateFromCString("func.func"),
      mlirOperationGetLocation(util));
  /* Discardable solar.* attributes from earlier passes come along. */
  for (intptr_t i = 0; i < mlirOperationGetNumDiscardableAttributes(util);
       ++i) {
    MlirNamedAttribute named = mlirOperationGetDiscardableAttribute(util, i);
    MlirStringRef key = mlirIdentifierStr(named.name);
    if (key.length > 6 && strncmp(key.data, "solar.", 6) == 0)
      mlirOperationStateAddAttributes(&state, 1, &named);
  }
  MlirRegion body = mlirRegionCreate();
  mlirOperationStateAddOwnedRegions(&state, 1, &body);
  MlirOperation created = mlirOperationCreate(&state);
  /* func.func keeps these as properties, which only the inherent-attribute
   * setter fills. */
  for (int i = 0; funcAttrs[i]; ++i) {
    MlirAttribute value = mlirOperationGetAttributeByName(
        util, mlirStringRefCreateFromCString(funcAttrs[i]));
    if (!mlirAttributeIsNull(value))
      mlirOperationSetInherentAttributeByName(
          created, mlirStringRefCreateFromCString(funcAttrs[i]), value);
  }
  mlirRegionTakeBody(mlirOperationGetRegion(created, 0),
                     mlirOperationGetRegion(util, 0));
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(util), util,
                                      created);
  mlirOperationDestroy(util);
}

void solarConvertIreeFuncs(MlirOperation op) {
  SolarOpList lists[2] = {{0}, {0}};
  mlirOperationWalk(op, collectUtil, lists, MlirWalkPreOrder);
  /* An op created before its dialect is loaded stays unregistered, and
   * loading the dialect later (the pass manager does) leaves it dangling. */
  if (lists[0].count || lists[1].count)
    mlirContextGetOrLoadDialect(mlirOperationGetContext(op),
                                mlirStringRefCreateFromCString("func"));
  /* Returns first: they live inside the functions replaced next. */
  for (size_t i = 0; i < lists[1].count; ++i)
    replaceReturn(lists[1].items[i]);
  for (size_t i = 0; i < lists[0].count; ++i)
    replaceFunc(lists[0].items[i]);
  free(lists[0].items);
  free(lists[1].items);
}
