/* The verified function's body moved into its C interface wrapper
 * (verify_ciface.h). */
#include "solar/verify/verify_ciface.h"
#include "solar/support/funcs.h"

#include "mlir-c/BuiltinAttributes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool symbolIs(MlirOperation op, const char *attr, const char *name) {
  MlirAttribute value =
      mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString(attr));
  if (mlirAttributeIsNull(value))
    return false;
  MlirStringRef text = mlirAttributeIsAFlatSymbolRef(value)
                           ? mlirFlatSymbolRefAttrGetValue(value)
                       : mlirAttributeIsAString(value)
                           ? mlirStringAttrGetValue(value)
                           : (MlirStringRef){NULL, 0};
  return text.data &&
         mlirStringRefEqual(text, mlirStringRefCreateFromCString(name));
}

static MlirOperation findLLVMFunc(MlirModule module, const char *name) {
  for (MlirOperation op = mlirBlockGetFirstOperation(mlirModuleGetBody(module));
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
    if (solarOpIs(op, "llvm.func") && symbolIs(op, "sym_name", name))
      return op;
  return (MlirOperation){NULL};
}

typedef struct {
  const char *name;
  size_t uses; /* calls of `name` and any other reference to it */
} UseCount;

static MlirWalkResult countUses(MlirOperation op, void *data) {
  UseCount *count = data;
  if (symbolIs(op, "callee", count->name) ||
      (solarOpIs(op, "llvm.mlir.addressof") &&
       symbolIs(op, "global_name", count->name)))
    ++count->uses;
  return MlirWalkResultAdvance;
}

/* The one call of `name` in `block`, followed by an operand-less
 * llvm.return, or null. */
static MlirOperation tailCall(MlirBlock block, const char *name) {
  MlirOperation call = {NULL};
  for (MlirOperation op = mlirBlockGetFirstOperation(block);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
    if (solarOpIs(op, "llvm.call") && symbolIs(op, "callee", name)) {
      if (!mlirOperationIsNull(call))
        return (MlirOperation){NULL};
      call = op;
    }
  if (mlirOperationIsNull(call) || mlirOperationGetNumResults(call) != 0)
    return (MlirOperation){NULL};
  MlirOperation next = mlirOperationGetNextInBlock(call);
  if (mlirOperationIsNull(next) || !solarOpIs(next, "llvm.return") ||
      mlirOperationGetNumOperands(next) != 0)
    return (MlirOperation){NULL};
  return call;
}

bool solarVerifyMergeEntryIntoInterface(MlirModule module,
                                        const char *funcName) {
  char ifaceName[4096];
  snprintf(ifaceName, sizeof(ifaceName), "_mlir_ciface_%s", funcName);
  MlirOperation entry = findLLVMFunc(module, funcName);
  MlirOperation iface = findLLVMFunc(module, ifaceName);
  if (mlirOperationIsNull(entry) || mlirOperationIsNull(iface))
    return false;
  MlirRegion ifaceBody = mlirOperationGetRegion(iface, 0);
  MlirRegion entryBody = mlirOperationGetRegion(entry, 0);
  MlirBlock ifaceBlock = mlirRegionGetFirstBlock(ifaceBody);
  MlirBlock entryBlock = mlirRegionGetFirstBlock(entryBody);
  if (mlirBlockIsNull(ifaceBlock) || mlirBlockIsNull(entryBlock) ||
      !mlirBlockIsNull(mlirBlockGetNextInRegion(ifaceBlock)))
    return false;
  MlirOperation call = tailCall(ifaceBlock, funcName);
  intptr_t args = mlirBlockGetNumArguments(entryBlock);
  if (mlirOperationIsNull(call) || mlirOperationGetNumOperands(call) != args)
    return false;
  UseCount count = {funcName, 0};
  mlirOperationWalk(mlirModuleGetOperation(module), countUses, &count,
                    MlirWalkPreOrder);
  if (count.uses != 1)
    return false;

  for (intptr_t i = 0; i < args; ++i)
    mlirValueReplaceAllUsesOfWith(mlirBlockGetArgument(entryBlock, i),
                                  mlirOperationGetOperand(call, i));
  for (intptr_t i = args; i > 0; --i)
    mlirBlockEraseArgument(entryBlock, (unsigned)(i - 1));
  MlirLocation loc = mlirOperationGetLocation(call);
  mlirOperationDestroy(mlirOperationGetNextInBlock(call)); /* the return */
  mlirOperationDestroy(call);
  MlirOperationState branch =
      mlirOperationStateGet(mlirStringRefCreateFromCString("llvm.br"), loc);
  mlirOperationStateAddSuccessors(&branch, 1, &entryBlock);
  mlirBlockAppendOwnedOperation(ifaceBlock, mlirOperationCreate(&branch));
  /* Each block detached and appended in turn: their order is kept. */
  for (MlirBlock block = mlirRegionGetFirstBlock(entryBody);
       !mlirBlockIsNull(block); block = mlirRegionGetFirstBlock(entryBody)) {
    mlirBlockDetach(block);
    mlirRegionAppendOwnedBlock(ifaceBody, block);
  }
  MlirStringRef flags = mlirStringRefCreateFromCString("passthrough");
  MlirAttribute passthrough = mlirOperationGetAttributeByName(entry, flags);
  if (!mlirAttributeIsNull(passthrough))
    mlirOperationSetAttributeByName(iface, flags, passthrough);
  mlirOperationDestroy(entry);
  return true;
}
