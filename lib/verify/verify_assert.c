/* Lowering the verification copy's cf.assert ops in linear time
 * (verify_assert.h). */
#include "solar/verify/verify_assert.h"
#include "solar/support/funcs.h"
#include "solar/support/grow.h"
#include "solar/support/op_list.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static MlirWalkResult collectAssert(MlirOperation op, void *userData) {
  if (solarOpIs(op, "cf.assert"))
    solarOpListPush(userData, op);
  return MlirWalkResultAdvance;
}

/* The message's copy, owned by `checks` for the life of the JIT. */
static const char *keepMessage(SolarVerifyChecks *checks, MlirOperation op) {
  MlirAttribute msg =
      mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("msg"));
  MlirStringRef text = mlirAttributeIsNull(msg) || !mlirAttributeIsAString(msg)
                           ? mlirStringRefCreateFromCString("cf.assert failed")
                           : mlirStringAttrGetValue(msg);
  checks->messages = solarGrow(checks->messages, &checks->capacity,
                               checks->count, sizeof(char *));
  char *copy = strndup(text.data, text.length);
  if (!copy)
    abort();
  checks->messages[checks->count++] = copy;
  return copy;
}

static MlirOperation create(const char *name, MlirLocation loc,
                            intptr_t operandCount, const MlirValue *operands,
                            MlirType *resultType, intptr_t attrCount,
                            const MlirNamedAttribute *attrs) {
  MlirOperationState state =
      mlirOperationStateGet(mlirStringRefCreateFromCString(name), loc);
  mlirOperationStateAddOperands(&state, operandCount, operands);
  if (resultType)
    mlirOperationStateAddResults(&state, 1, resultType);
  mlirOperationStateAddAttributes(&state, attrCount, attrs);
  return mlirOperationCreate(&state);
}

static MlirNamedAttribute named(MlirContext ctx, const char *name,
                                MlirAttribute value) {
  return mlirNamedAttributeGet(
      mlirIdentifierGet(ctx, mlirStringRefCreateFromCString(name)), value);
}

/* A region of one block holding `ops` then scf.yield. */
static MlirRegion regionOf(MlirLocation loc, MlirOperation *ops,
                           size_t count) {
  MlirRegion region = mlirRegionCreate();
  MlirBlock block = mlirBlockCreate(0, NULL, NULL);
  mlirRegionAppendOwnedBlock(region, block);
  for (size_t i = 0; i < count; ++i)
    mlirBlockAppendOwnedOperation(block, ops[i]);
  mlirBlockAppendOwnedOperation(block,
                                create("scf.yield", loc, 0, NULL, NULL, 0, NULL));
  return region;
}

/* `cf.assert %ok, "msg"` -> `scf.if %ok {} else { call(&msg) }`. */
static void lowerAssert(MlirOperation op, SolarVerifyChecks *checks) {
  MlirContext ctx = mlirOperationGetContext(op);
  MlirLocation loc = mlirOperationGetLocation(op);
  MlirType i64 = mlirIntegerTypeGet(ctx, 64);
  const char *message = keepMessage(checks, op);
  MlirNamedAttribute value = named(
      ctx, "value", mlirIntegerAttrGet(i64, (int64_t)(uintptr_t)message));
  MlirOperation address =
      create("arith.constant", loc, 0, NULL, &i64, 1, &value);
  MlirValue pointer = mlirOperationGetResult(address, 0);
  MlirNamedAttribute callee = named(
      ctx, "callee",
      mlirFlatSymbolRefAttrGet(
          ctx, mlirStringRefCreateFromCString(SOLAR_VERIFY_FAILED_CHECK)));
  MlirOperation failing[2] = {
      address, create("func.call", loc, 1, &pointer, NULL, 1, &callee)};
  MlirRegion regions[2] = {regionOf(loc, NULL, 0), regionOf(loc, failing, 2)};
  MlirOperationState state =
      mlirOperationStateGet(mlirStringRefCreateFromCString("scf.if"), loc);
  MlirValue ok = mlirOperationGetOperand(op, 0);
  mlirOperationStateAddOperands(&state, 1, &ok);
  mlirOperationStateAddOwnedRegions(&state, 2, regions);
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(op), op,
                                      mlirOperationCreate(&state));
  mlirOperationDestroy(op);
}

void solarVerifyLowerAsserts(MlirModule module, SolarVerifyChecks *checks) {
  SolarOpList list = {NULL, 0, 0};
  MlirOperation moduleOp = mlirModuleGetOperation(module);
  mlirOperationWalk(moduleOp, collectAssert, &list, MlirWalkPostOrder);
  for (size_t i = 0; i < list.count; ++i)
    lowerAssert(list.items[i], checks);
  MlirStringRef name = mlirStringRefCreateFromCString(SOLAR_VERIFY_FAILED_CHECK);
  if (list.count && mlirOperationIsNull(solarFindFunc(moduleOp, name))) {
    MlirOperation decl = mlirOperationCreateParse(
        mlirOperationGetContext(moduleOp),
        mlirStringRefCreateFromCString(
            "func.func private @" SOLAR_VERIFY_FAILED_CHECK "(i64)"),
        mlirStringRefCreateFromCString("solar-verify"));
    mlirBlockAppendOwnedOperation(mlirModuleGetBody(module), decl);
  }
  free(list.items);
}

/* Called by executed code only when a check failed: the message, then
 * SIGABRT, which the parent reports as a failed runtime check. */
static void failedCheck(int64_t message) {
  fputs((const char *)(uintptr_t)message, stderr);
  fputc('\n', stderr);
  abort();
}

void solarVerifyRegisterFailedCheck(MlirExecutionEngine engine) {
  mlirExecutionEngineRegisterSymbol(
      engine, mlirStringRefCreateFromCString(SOLAR_VERIFY_FAILED_CHECK),
      (void *)(uintptr_t)failedCheck);
}

void solarVerifyChecksDestroy(SolarVerifyChecks *checks) {
  for (size_t i = 0; i < checks->count; ++i)
    free(checks->messages[i]);
  free(checks->messages);
  memset(checks, 0, sizeof(*checks));
}
