/* Host-independence of the verification JIT: the f64 <-> bf16 conversions
 * that upstream's integer expansion does not reach, and the optional pinned
 * CPU model (SOLAR_VERIFY_CPU) that lets a test prove the code needs no
 * narrow-float instruction of the machine it runs on. */
#include "solar/verify/verify_target.h"
#include "solar/support/grow.h"
#include "solar/support/funcs.h"
#include "solar/verify/verify_lowering.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  MlirOperation *items;
  size_t count;
  size_t capacity;
} CastList;

static bool isWideBf16Cast(MlirOperation op) {
  if (mlirOperationGetNumOperands(op) != 1 ||
      mlirOperationGetNumResults(op) != 1)
    return false;
  MlirType from = mlirValueGetType(mlirOperationGetOperand(op, 0));
  MlirType to = mlirValueGetType(mlirOperationGetResult(op, 0));
  if (solarOpIs(op, "arith.truncf"))
    return mlirTypeIsAF64(from) && mlirTypeIsABF16(to);
  if (solarOpIs(op, "arith.extf"))
    return mlirTypeIsABF16(from) && mlirTypeIsAF64(to);
  return false;
}

static MlirWalkResult collectWideBf16Casts(MlirOperation op, void *userData) {
  CastList *list = userData;
  if (isWideBf16Cast(op)) {
    list->items = solarGrow(list->items, &list->capacity, list->count,
                            sizeof(MlirOperation));
    list->items[list->count++] = op;
  }
  return MlirWalkResultAdvance;
}

static MlirValue insertCast(MlirOperation before, const char *name,
                            MlirValue input, MlirType resultType) {
  MlirOperationState state = mlirOperationStateGet(
      mlirStringRefCreateFromCString(name), mlirOperationGetLocation(before));
  mlirOperationStateAddOperands(&state, 1, &input);
  mlirOperationStateAddResults(&state, 1, &resultType);
  MlirOperation cast = mlirOperationCreate(&state);
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(before), before,
                                      cast);
  return mlirOperationGetResult(cast, 0);
}

/* f64 -> f32 -> bf16 rounds twice; the second rounding can differ from a
 * direct one only on an exact bf16 tie created by the first, one bf16 ulp
 * at most, far inside the bf16 tolerance. bf16 -> f32 -> f64 is exact. */
void solarVerifySplitWideBf16Casts(MlirModule module) {
  CastList casts = {NULL, 0, 0};
  mlirOperationWalk(mlirModuleGetOperation(module), collectWideBf16Casts,
                    &casts, MlirWalkPostOrder);
  for (size_t i = 0; i < casts.count; ++i) {
    MlirOperation op = casts.items[i];
    MlirValue input = mlirOperationGetOperand(op, 0);
    MlirValue result = mlirOperationGetResult(op, 0);
    const char *name =
        solarOpIs(op, "arith.truncf") ? "arith.truncf" : "arith.extf";
    MlirValue middle = insertCast(op, name, input,
                                  mlirF32TypeGet(mlirOperationGetContext(op)));
    MlirValue replacement =
        insertCast(op, name, middle, mlirValueGetType(result));
    mlirValueReplaceAllUsesOfWith(result, replacement);
    mlirOperationDestroy(op);
  }
  free(casts.items);
}

static bool plausibleCpuName(const char *cpu) {
  size_t length = strlen(cpu);
  if (length == 0 || length > 64)
    return false;
  for (const char *c = cpu; *c; ++c)
    if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') ||
          (*c >= '0' && *c <= '9') || *c == '-' || *c == '_' || *c == '.'))
      return false;
  return true;
}

bool solarVerifyPinTargetCpu(MlirModule module, char *err, size_t errSize) {
  const char *cpu = getenv(SOLAR_VERIFY_CPU_ENV);
  if (!cpu || !*cpu)
    return true;
  if (!plausibleCpuName(cpu)) {
    snprintf(err, errSize,
             "%s='%.64s' is not an LLVM CPU name (letters, digits, '-', '_', "
             "'.'; for example x86-64)",
             SOLAR_VERIFY_CPU_ENV, cpu);
    return false;
  }
  MlirContext ctx = mlirModuleGetContext(module);
  MlirAttribute cpuAttr =
      mlirStringAttrGet(ctx, mlirStringRefCreateFromCString(cpu));
  /* A function's target-features replace the JIT's host feature string
   * entirely, so an empty list leaves exactly what the CPU model implies. */
  MlirAttribute noFeatures = mlirAttributeParseGet(
      ctx, mlirStringRefCreateFromCString("#llvm.target_features<[]>"));
  if (mlirAttributeIsNull(noFeatures)) {
    snprintf(err, errSize,
             "internal error: #llvm.target_features does not "
             "parse");
    return false;
  }
  MlirBlock body = mlirModuleGetBody(module);
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    if (!solarOpIs(op, "llvm.func") ||
        mlirBlockIsNull(mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0))))
      continue;
    mlirOperationSetAttributeByName(
        op, mlirStringRefCreateFromCString("target_cpu"), cpuAttr);
    mlirOperationSetAttributeByName(
        op, mlirStringRefCreateFromCString("target_features"), noFeatures);
  }
  return true;
}
