/* Proving affine accesses in bounds and dropping their run-time checks in
 * the verification copy (verify_inbounds.h). */
#include "solar/verify/verify_inbounds.h"
#include "solar/support/funcs.h"
#include "solar/support/op_list.h"
#include "solar/verify/verify_band.h"

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static const char *const kInBoundsName = "solar.verify.in_bounds";

typedef struct {
  int64_t low, high;
} Interval;

/* The values `expr` takes when each dimension d ranges over dims[d]; false
 * when it has symbols, divisions, a modulo, a product of two variables, or
 * might overflow. */
static bool exprRange(MlirAffineExpr expr, const Interval *dims,
                      intptr_t dimCount, Interval *out) {
  if (mlirAffineExprIsAConstant(expr)) {
    int64_t value = mlirAffineConstantExprGetValue(expr);
    *out = (Interval){value, value};
    return true;
  }
  if (mlirAffineExprIsADim(expr)) {
    intptr_t position = mlirAffineDimExprGetPosition(expr);
    if (position >= dimCount)
      return false;
    *out = dims[position];
    return true;
  }
  if (!mlirAffineExprIsAAdd(expr) && !mlirAffineExprIsAMul(expr))
    return false;
  Interval lhs, rhs;
  if (!exprRange(mlirAffineBinaryOpExprGetLHS(expr), dims, dimCount, &lhs) ||
      !exprRange(mlirAffineBinaryOpExprGetRHS(expr), dims, dimCount, &rhs))
    return false;
  if (mlirAffineExprIsAAdd(expr))
    return !__builtin_add_overflow(lhs.low, rhs.low, &out->low) &&
           !__builtin_add_overflow(lhs.high, rhs.high, &out->high);
  if (rhs.low != rhs.high) {
    Interval swap = lhs;
    lhs = rhs;
    rhs = swap;
  }
  if (rhs.low != rhs.high)
    return false;
  int64_t a, b;
  if (__builtin_mul_overflow(lhs.low, rhs.low, &a) ||
      __builtin_mul_overflow(lhs.high, rhs.low, &b))
    return false;
  *out = (Interval){a < b ? a : b, a < b ? b : a};
  return true;
}

/* The values an induction variable of a constant-bound affine.for takes. */
static bool ivRange(MlirValue value, Interval *out) {
  if (!mlirValueIsABlockArgument(value) ||
      mlirBlockArgumentGetArgNumber(value) != 0)
    return false;
  MlirOperation loop =
      mlirBlockGetParentOperation(mlirBlockArgumentGetOwner(value));
  SolarVerifyLoopRange range;
  if (!solarVerifyConstantLoop(loop, &range) || range.trips < 1)
    return false;
  int64_t span;
  if (__builtin_mul_overflow(range.step, range.trips - 1, &span))
    return false;
  *out = (Interval){range.first, range.first + span};
  return true;
}

bool solarVerifyProvenInBounds(MlirOperation access) {
  bool store = solarOpIs(access, "affine.store");
  if (!store && !solarOpIs(access, "affine.load"))
    return false;
  intptr_t first = store ? 2 : 1;
  MlirType type = mlirValueGetType(mlirOperationGetOperand(access, first - 1));
  MlirAffineMap map = mlirAffineMapAttrGetValue(mlirOperationGetAttributeByName(
      access, mlirStringRefCreateFromCString("map")));
  intptr_t dimCount = mlirAffineMapGetNumDims(map);
  if (!mlirTypeIsAMemRef(type) || !mlirShapedTypeHasStaticShape(type) ||
      mlirAffineMapGetNumSymbols(map) != 0 ||
      mlirOperationGetNumOperands(access) - first != dimCount ||
      mlirAffineMapGetNumResults(map) != mlirShapedTypeGetRank(type))
    return false;
  Interval *dims = calloc((size_t)(dimCount ? dimCount : 1), sizeof(Interval));
  if (!dims)
    abort();
  bool proven = true;
  for (intptr_t d = 0; d < dimCount && proven; ++d)
    proven = ivRange(mlirOperationGetOperand(access, first + d), &dims[d]);
  for (intptr_t r = 0; r < mlirAffineMapGetNumResults(map) && proven; ++r) {
    Interval index;
    proven = exprRange(mlirAffineMapGetResult(map, r), dims, dimCount,
                       &index) &&
             index.low >= 0 && index.high < mlirShapedTypeGetDimSize(type, r);
  }
  free(dims);
  return proven;
}

MlirLocation solarVerifyMarkedLoc(MlirLocation loc, const char *mark) {
  return mlirLocationNameGet(mlirLocationGetContext(loc),
                             mlirStringRefCreateFromCString(mark), loc);
}

bool solarVerifyLocIsMarked(MlirLocation loc, const char *mark) {
  if (!mlirLocationIsAName(loc))
    return false;
  MlirStringRef name = mlirIdentifierStr(mlirLocationNameGetName(loc));
  return name.length == strlen(mark) &&
         strncmp(name.data, mark, name.length) == 0;
}

void solarVerifyMarkInBounds(MlirOperation access) {
  if (solarVerifyLocIsMarked(mlirOperationGetLocation(access), kInBoundsName))
    return;
  mlirOperationSetLocation(
      access,
      solarVerifyMarkedLoc(mlirOperationGetLocation(access), kInBoundsName));
}

static MlirWalkResult findProvenCheck(MlirOperation op, void *userData) {
  if (solarOpIs(op, "cf.assert") &&
      solarVerifyLocIsMarked(mlirOperationGetLocation(op), kInBoundsName))
    solarOpListPush(userData, op);
  return MlirWalkResultAdvance;
}

size_t solarVerifyDropProvenChecks(MlirModule module) {
  SolarOpList found = {NULL, 0, 0};
  mlirOperationWalk(mlirModuleGetOperation(module), findProvenCheck, &found,
                    MlirWalkPostOrder);
  for (size_t i = 0; i < found.count; ++i)
    mlirOperationDestroy(found.items[i]);
  free(found.items);
  return found.count;
}
