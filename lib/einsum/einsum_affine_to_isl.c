/* Index values, affine maps and integer sets as isl objects.
 *
 * Every index is converted on the space of the scope where it is used: the
 * scope's loop dimensions are isl set dimensions, and values that are fixed
 * for the whole function (index arguments, memref.dim results, anything
 * defined at the function's top level: MLIR's "symbols") are isl
 * parameters. Anything else (a value loaded inside a loop, a loop-carried
 * value, a product of two loop-dependent values) is not affine and is
 * reported through EgFailure. */
#include "einsum_internal.h"

#include "solar/support/diagnostics.h"

#include "mlir-c/AffineExpr.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <isl/id.h>
#include <isl/local_space.h>
#include <isl/space.h>
#include <isl/val.h>

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool fail(EgFailure *why, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static bool fail(EgFailure *why, const char *fmt, ...) {
  if (why) {
    va_list args;
    va_start(args, fmt);
    vsnprintf(why->text, sizeof(why->text), fmt, args);
    va_end(args);
  }
  return false;
}

static void describeOp(MlirOperation op, char *buf, size_t size) {
  char name[128], where[256];
  egOpName(op, name, sizeof(name));
  solarLocationFormat(mlirOperationGetLocation(op), where, sizeof(where));
  snprintf(buf, size, "'%s' at %s", name, where);
}

static __isl_give isl_id *addParam(EgBuilder *b, MlirValue value, const char *printed,
                        const char *source) {
  egGrow((void **)&b->params, &b->paramCapacity, b->paramCount,
         sizeof(EgParam));
  EgParam *param = &b->params[b->paramCount];
  param->value = value;
  param->name = egIslIdentifier(b, printed);
  param->source = egStrdup(source);
  if (!mlirValueIsNull(value))
    egHandleMapPut(&b->paramOfValue, value.ptr, b->paramCount);
  b->paramCount++;
  isl_id *id = isl_id_alloc(b->ctx, param->name, NULL);
  b->paramSpace = isl_space_add_param_id(b->paramSpace, isl_id_copy(id));
  return id;
}

__isl_give isl_id *egParamFor(EgBuilder *b, MlirValue value) {
  intptr_t i;
  if (egHandleMapGet(&b->paramOfValue, value.ptr, &i))
    return isl_id_alloc(b->ctx, b->params[i].name, NULL);
  char printed[256], source[256];
  egValueName(b, value, printed, sizeof(printed));
  /* The name the user wrote (`%batch = memref.dim ...`, an argument
   * `%seq: index`), which the parser drops, reads better than the
   * printer's %dim, %dim_0. One letter is a loop label in isl's strings
   * (m, n, k), so such names keep the printer's. */
  bool opResult = mlirValueIsAOpResult(value);
  MlirLocation loc =
      opResult ? mlirOperationGetLocation(mlirOpResultGetOwner(value))
               : mlirValueGetLocation(value);
  if (solarSourceValueName(loc, opResult, source, sizeof(source)) &&
      strlen(source) > 1)
    return addParam(b, value, source, printed);
  return addParam(b, value, printed, printed);
}

__isl_give isl_id *egUnknownParam(EgBuilder *b, const char *hint,
                                  const char *what) {
  for (int i = 0; i < b->paramCount; ++i)
    if (mlirValueIsNull(b->params[i].value) &&
        strcmp(b->params[i].source, what) == 0)
      return isl_id_alloc(b->ctx, b->params[i].name, NULL);
  return addParam(b, (MlirValue){NULL}, hint, what);
}

__isl_give isl_pw_aff *egDimPwAff(EgBuilder *b, const EgScope *scope,
                                  int dim) {
  return isl_pw_aff_var_on_domain(
      isl_local_space_from_space(egScopeSpace(b, scope)), isl_dim_set,
      (unsigned)dim);
}

__isl_give isl_pw_aff *egConstPwAff(EgBuilder *b, const EgScope *scope,
                                    int64_t value) {
  return isl_pw_aff_val_on_domain(isl_set_universe(egScopeSpace(b, scope)),
                                  isl_val_int_from_si(b->ctx, (long)value));
}

static __isl_give isl_pw_aff *paramPwAff(EgBuilder *b, const EgScope *scope,
                              MlirValue value) {
  return isl_pw_aff_param_on_domain_id(
      isl_set_universe(egScopeSpace(b, scope)), egParamFor(b, value));
}

static bool integerConstant(MlirOperation op, int64_t *value) {
  if (!solarOpIs(op, "arith.constant") && !solarOpIs(op, "index.constant"))
    return false;
  MlirAttribute attr = mlirOperationGetAttributeByName(
      op, mlirStringRefCreateFromCString("value"));
  if (mlirAttributeIsNull(attr) || !mlirAttributeIsAInteger(attr))
    return false;
  *value = mlirIntegerAttrGetValueInt(attr);
  return true;
}

/* Defined directly in the function body: a symbol in MLIR's affine sense. */
static bool isTopLevel(EgBuilder *b, MlirOperation op) {
  MlirOperation parent = mlirOperationGetParentOperation(op);
  return !mlirOperationIsNull(parent) && mlirOperationEqual(parent, b->func);
}

static bool isIndexLike(MlirType type) {
  return mlirTypeIsAIndex(type) || mlirTypeIsAInteger(type);
}

/* The value of a constant single-piece pw_aff, or NULL. Takes pa. */
static __isl_give isl_val *constantOf(__isl_take isl_pw_aff *pa) {
  isl_val *value = NULL;
  if (pa && isl_pw_aff_is_cst(pa) == isl_bool_true &&
      isl_pw_aff_isa_aff(pa) == isl_bool_true) {
    isl_aff *aff = isl_pw_aff_as_aff(pa);
    pa = NULL;
    value = isl_aff_get_constant_val(aff);
    isl_aff_free(aff);
  }
  isl_pw_aff_free(pa);
  return value;
}

static bool binaryOperands(EgBuilder *b, const EgScope *scope,
                           MlirOperation op, __isl_give isl_pw_aff **lhs,
                           __isl_give isl_pw_aff **rhs, EgFailure *why) {
  *lhs = *rhs = NULL;
  if (!egValueToPwAff(b, scope, mlirOperationGetOperand(op, 0), lhs, why))
    return false;
  if (!egValueToPwAff(b, scope, mlirOperationGetOperand(op, 1), rhs, why)) {
    *lhs = isl_pw_aff_free(*lhs);
    return false;
  }
  return true;
}

/* lhs / rhs with the rhs a positive constant, rounding down or up; `mod`
 * gives the remainder instead. */
static bool divideByConstant(__isl_give isl_pw_aff **result,
                             __isl_take isl_pw_aff *lhs,
                             __isl_take isl_pw_aff *rhs, int mode,
                             MlirOperation op, EgFailure *why) {
  isl_val *divisor = constantOf(rhs);
  if (!divisor || isl_val_is_pos(divisor) != isl_bool_true) {
    isl_val_free(divisor);
    isl_pw_aff_free(lhs);
    char what[600];
    describeOp(op, what, sizeof(what));
    return fail(why, "division by a non-constant or non-positive value in %s",
                what);
  }
  if (mode == 2) {
    *result = isl_pw_aff_mod_val(lhs, divisor);
  } else {
    isl_pw_aff *q = isl_pw_aff_scale_down_val(lhs, divisor);
    *result = mode == 0 ? isl_pw_aff_floor(q) : isl_pw_aff_ceil(q);
  }
  return *result != NULL;
}

/* Truncating division equals floor division when the dividend is never
 * negative on the scope's domain; isl proves it or we refuse. */
static bool nonNegativeOnDomain(const EgScope *scope,
                                __isl_keep isl_pw_aff *value) {
  isl_set *nonneg = isl_pw_aff_nonneg_set(isl_pw_aff_copy(value));
  isl_bool ok = isl_set_is_subset(scope->domain, nonneg);
  isl_set_free(nonneg);
  return ok == isl_bool_true;
}

/* The static basis of affine.linearize_index / delinearize_index, or false
 * (why set) when some entry is dynamic. */
static bool staticBasis(MlirOperation op, MlirAttribute *basis,
                        intptr_t *count, EgFailure *why) {
  *basis = mlirOperationGetAttributeByName(
      op, mlirStringRefCreateFromCString("static_basis"));
  char what[600];
  if (mlirAttributeIsNull(*basis) || !mlirAttributeIsADenseI64Array(*basis)) {
    describeOp(op, what, sizeof(what));
    return fail(why, "no static basis in %s", what);
  }
  *count = mlirDenseArrayGetNumElements(*basis);
  for (intptr_t i = 0; i < *count; ++i)
    if (mlirDenseI64ArrayGetElement(*basis, i) <= 0) {
      describeOp(op, what, sizeof(what));
      return fail(why, "dynamic or non-positive basis in %s", what);
    }
  return true;
}

/* affine.linearize_index [i_0, ..., i_{n-1}] by (b_0?, b_1, ..., b_{n-1}):
 * sum_k i_k * prod_{j > k} b_j (the outer bound, when given, only states
 * that i_0 is in range). Bookkeeping of index arithmetic that
 * fold-memref-alias-ops leaves for an expand_shape view (a grouped
 * convolution's channel = group * size + channel in group). */
static bool linearizeToPwAff(EgBuilder *b, const EgScope *scope,
                             MlirOperation op, __isl_give isl_pw_aff **out,
                             EgFailure *why) {
  MlirAttribute basis;
  intptr_t count = 0;
  if (!staticBasis(op, &basis, &count, why))
    return false;
  intptr_t n = mlirOperationGetNumOperands(op);
  if (count != n && count != n - 1) {
    char what[600];
    describeOp(op, what, sizeof(what));
    return fail(why, "basis and index counts differ in %s", what);
  }
  isl_pw_aff *sum = NULL;
  int64_t stride = 1;
  for (intptr_t k = n - 1; k >= 0; --k) {
    isl_pw_aff *index;
    if (!egValueToPwAff(b, scope, mlirOperationGetOperand(op, k), &index,
                        why)) {
      isl_pw_aff_free(sum);
      return false;
    }
    index = isl_pw_aff_scale_val(index, isl_val_int_from_si(b->ctx, (long)stride));
    sum = sum ? isl_pw_aff_add(sum, index) : index;
    intptr_t at = k - (n - count); /* basis entry of index k */
    if (k > 0 && __builtin_mul_overflow(
                     stride, mlirDenseI64ArrayGetElement(basis, at), &stride)) {
      isl_pw_aff_free(sum);
      return fail(why, "basis too large in affine.linearize_index");
    }
  }
  *out = sum;
  return sum != NULL;
}

/* Result r of affine.delinearize_index %x into (b_0?, b_1, ..., b_{n-1}):
 * floor(x / prod_{j > r} b_j), modulo b_r except for the outermost result. */
static bool delinearizeToPwAff(EgBuilder *b, const EgScope *scope,
                               MlirOperation op, MlirValue value,
                               __isl_give isl_pw_aff **out, EgFailure *why) {
  MlirAttribute basis;
  intptr_t count = 0;
  if (!staticBasis(op, &basis, &count, why))
    return false;
  intptr_t n = mlirOperationGetNumResults(op);
  intptr_t r = mlirOpResultGetResultNumber(value);
  if ((count != n && count != n - 1) || mlirOperationGetNumOperands(op) != 1) {
    char what[600];
    describeOp(op, what, sizeof(what));
    return fail(why, "basis and result counts differ in %s", what);
  }
  isl_pw_aff *linear;
  if (!egValueToPwAff(b, scope, mlirOperationGetOperand(op, 0), &linear, why))
    return false;
  int64_t inner = 1;
  for (intptr_t k = n - 1; k > r; --k)
    if (__builtin_mul_overflow(inner,
                               mlirDenseI64ArrayGetElement(basis, k - (n - count)),
                               &inner)) {
      isl_pw_aff_free(linear);
      return fail(why, "basis too large in affine.delinearize_index");
    }
  isl_pw_aff *q = isl_pw_aff_floor(isl_pw_aff_scale_down_val(
      linear, isl_val_int_from_si(b->ctx, (long)inner)));
  if (r > 0)
    q = isl_pw_aff_mod_val(
        q, isl_val_int_from_si(
               b->ctx, (long)mlirDenseI64ArrayGetElement(basis, r - (n - count))));
  *out = q;
  return q != NULL;
}

static bool opResultToPwAff(EgBuilder *b, const EgScope *scope,
                            MlirOperation op, MlirValue value,
                            __isl_give isl_pw_aff **out, EgFailure *why) {
  int64_t constant = 0;
  char what[600];
  if (integerConstant(op, &constant)) {
    *out = egConstPwAff(b, scope, constant);
    return true;
  }
  if (solarOpIs(op, "affine.apply") || solarOpIs(op, "affine.min") ||
      solarOpIs(op, "affine.max")) {
    MlirAffineMap map = mlirAffineMapAttrGetValue(mlirOperationGetAttributeByName(
        op, mlirStringRefCreateFromCString("map")));
    intptr_t n = mlirOperationGetNumOperands(op);
    MlirValue *operands = calloc((size_t)n + 1, sizeof(MlirValue));
    for (intptr_t i = 0; i < n; ++i)
      operands[i] = mlirOperationGetOperand(op, i);
    intptr_t results = mlirAffineMapGetNumResults(map);
    isl_pw_aff **values = calloc((size_t)results + 1, sizeof(isl_pw_aff *));
    bool ok = egAffineMapApply(b, scope, map, operands, n, values, why);
    free(operands);
    if (ok) {
      isl_pw_aff *folded = values[0];
      for (intptr_t r = 1; r < results; ++r)
        folded = solarOpIs(op, "affine.max")
                     ? isl_pw_aff_max(folded, values[r])
                     : isl_pw_aff_min(folded, values[r]);
      *out = folded;
    }
    free(values);
    return ok;
  }
  if (solarOpIs(op, "affine.linearize_index"))
    return linearizeToPwAff(b, scope, op, out, why);
  if (solarOpIs(op, "affine.delinearize_index"))
    return delinearizeToPwAff(b, scope, op, value, out, why);
  isl_pw_aff *lhs, *rhs;
  if (solarOpIs(op, "arith.addi") || solarOpIs(op, "arith.subi") ||
      solarOpIs(op, "arith.maxsi") || solarOpIs(op, "arith.minsi") ||
      solarOpIs(op, "arith.maxui") || solarOpIs(op, "arith.minui") ||
      solarOpIs(op, "index.add") || solarOpIs(op, "index.sub")) {
    if (!binaryOperands(b, scope, op, &lhs, &rhs, why))
      return false;
    if (solarOpIs(op, "arith.addi") || solarOpIs(op, "index.add"))
      *out = isl_pw_aff_add(lhs, rhs);
    else if (solarOpIs(op, "arith.subi") || solarOpIs(op, "index.sub"))
      *out = isl_pw_aff_sub(lhs, rhs);
    else if (solarOpIs(op, "arith.maxsi") || solarOpIs(op, "arith.maxui"))
      *out = isl_pw_aff_max(lhs, rhs);
    else
      *out = isl_pw_aff_min(lhs, rhs);
    return *out != NULL;
  }
  if (solarOpIs(op, "arith.muli") || solarOpIs(op, "index.mul")) {
    if (!binaryOperands(b, scope, op, &lhs, &rhs, why))
      return false;
    if (isl_pw_aff_is_cst(lhs) != isl_bool_true &&
        isl_pw_aff_is_cst(rhs) != isl_bool_true) {
      isl_pw_aff_free(lhs);
      isl_pw_aff_free(rhs);
      describeOp(op, what, sizeof(what));
      return fail(why, "product of two non-constant indices in %s", what);
    }
    *out = isl_pw_aff_mul(lhs, rhs);
    return *out != NULL;
  }
  bool floorDiv = solarOpIs(op, "arith.floordivsi");
  bool ceilDiv =
      solarOpIs(op, "arith.ceildivsi") || solarOpIs(op, "arith.ceildivui");
  bool truncDiv = solarOpIs(op, "arith.divsi") || solarOpIs(op, "arith.divui");
  bool rem = solarOpIs(op, "arith.remsi") || solarOpIs(op, "arith.remui");
  if (floorDiv || ceilDiv || truncDiv || rem) {
    if (!binaryOperands(b, scope, op, &lhs, &rhs, why))
      return false;
    if ((truncDiv || rem) && !nonNegativeOnDomain(scope, lhs)) {
      isl_pw_aff_free(lhs);
      isl_pw_aff_free(rhs);
      describeOp(op, what, sizeof(what));
      return fail(why,
                  "truncating division of a possibly negative index in %s",
                  what);
    }
    return divideByConstant(out, lhs, rhs, rem ? 2 : ceilDiv ? 1 : 0, op, why);
  }
  if (solarOpIs(op, "arith.index_cast") ||
      solarOpIs(op, "arith.index_castui") || solarOpIs(op, "arith.extsi") ||
      solarOpIs(op, "arith.extui") || solarOpIs(op, "arith.trunci"))
    return egValueToPwAff(b, scope, mlirOperationGetOperand(op, 0), out, why);
  if (solarOpIs(op, "memref.dim")) {
    MlirValue memref = mlirOperationGetOperand(op, 0);
    MlirOperation indexOp = egValueDefiningOp(mlirOperationGetOperand(op, 1));
    MlirType type = mlirValueGetType(memref);
    int64_t dim = 0;
    if (!mlirOperationIsNull(indexOp) && integerConstant(indexOp, &dim) &&
        mlirTypeIsAShaped(type) && dim >= 0 &&
        dim < mlirShapedTypeGetRank(type) &&
        !mlirShapedTypeIsDynamicDim(type, (intptr_t)dim)) {
      *out = egConstPwAff(b, scope,
                          mlirShapedTypeGetDimSize(type, (intptr_t)dim));
      return true;
    }
    *out = paramPwAff(b, scope, value);
    return true;
  }
  if (isTopLevel(b, op) && isIndexLike(mlirValueGetType(value))) {
    *out = paramPwAff(b, scope, value);
    return true;
  }
  describeOp(op, what, sizeof(what));
  if (egIsLoad(op))
    return fail(why, "index depends on a value loaded from memory (%s)",
                what);
  return fail(why, "index computed by %s is not affine", what);
}

bool egValueToPwAff(EgBuilder *b, const EgScope *scope, MlirValue value,
                    __isl_give isl_pw_aff **out, EgFailure *why) {
  *out = NULL;
  if (mlirValueIsABlockArgument(value)) {
    int dim = egScopeDimOf(scope, value);
    if (dim >= 0) {
      *out = egDimPwAff(b, scope, dim);
      return true;
    }
    MlirOperation owner = mlirBlockGetParentOperation(
        mlirBlockArgumentGetOwner(value));
    if (!mlirOperationIsNull(owner) && mlirOperationEqual(owner, b->func) &&
        isIndexLike(mlirValueGetType(value))) {
      *out = paramPwAff(b, scope, value);
      return true;
    }
    char owned[600] = "a region";
    if (!mlirOperationIsNull(owner))
      describeOp(owner, owned, sizeof(owned));
    return fail(why, "index is a loop-carried or region argument of %s",
                owned);
  }
  return opResultToPwAff(b, scope, egValueDefiningOp(value), value, out, why);
}

/* An affine expression with dims and symbols bound to pw_affs. */
static __isl_give isl_pw_aff *exprToPwAff(EgBuilder *b, const EgScope *scope,
                                          MlirAffineExpr expr,
                                          __isl_keep isl_pw_aff **dims,
                                          __isl_keep isl_pw_aff **symbols,
                                          EgFailure *why) {
  if (mlirAffineExprIsADim(expr))
    return isl_pw_aff_copy(dims[mlirAffineDimExprGetPosition(expr)]);
  if (mlirAffineExprIsASymbol(expr))
    return isl_pw_aff_copy(symbols[mlirAffineSymbolExprGetPosition(expr)]);
  if (mlirAffineExprIsAConstant(expr))
    return egConstPwAff(b, scope, mlirAffineConstantExprGetValue(expr));
  if (!mlirAffineExprIsABinary(expr)) {
    fail(why, "unsupported affine expression");
    return NULL;
  }
  isl_pw_aff *lhs = exprToPwAff(b, scope, mlirAffineBinaryOpExprGetLHS(expr),
                                dims, symbols, why);
  if (!lhs)
    return NULL;
  isl_pw_aff *rhs = exprToPwAff(b, scope, mlirAffineBinaryOpExprGetRHS(expr),
                                dims, symbols, why);
  if (!rhs) {
    isl_pw_aff_free(lhs);
    return NULL;
  }
  if (mlirAffineExprIsAAdd(expr))
    return isl_pw_aff_add(lhs, rhs);
  if (mlirAffineExprIsAMul(expr)) {
    if (isl_pw_aff_is_cst(lhs) != isl_bool_true &&
        isl_pw_aff_is_cst(rhs) != isl_bool_true) {
      isl_pw_aff_free(lhs);
      isl_pw_aff_free(rhs);
      fail(why, "semi-affine product of two symbols");
      return NULL;
    }
    return isl_pw_aff_mul(lhs, rhs);
  }
  isl_val *divisor = constantOf(rhs);
  if (!divisor || isl_val_is_pos(divisor) != isl_bool_true) {
    isl_val_free(divisor);
    isl_pw_aff_free(lhs);
    fail(why, "semi-affine division by a symbol");
    return NULL;
  }
  if (mlirAffineExprIsAMod(expr))
    return isl_pw_aff_mod_val(lhs, divisor);
  isl_pw_aff *q = isl_pw_aff_scale_down_val(lhs, divisor);
  return mlirAffineExprIsACeilDiv(expr) ? isl_pw_aff_ceil(q)
                                        : isl_pw_aff_floor(q);
}

/* Converts the operands of an affine map or set: dims, then symbols. */
static bool bindOperands(EgBuilder *b, const EgScope *scope,
                         const MlirValue *operands, intptr_t count,
                         __isl_give isl_pw_aff **bound, EgFailure *why) {
  for (intptr_t i = 0; i < count; ++i) {
    if (!egValueToPwAff(b, scope, operands[i], &bound[i], why)) {
      for (intptr_t j = 0; j < i; ++j)
        bound[j] = isl_pw_aff_free(bound[j]);
      return false;
    }
  }
  return true;
}

static void freeBound(__isl_take isl_pw_aff **bound, intptr_t count) {
  for (intptr_t i = 0; i < count; ++i)
    isl_pw_aff_free(bound[i]);
  free(bound);
}

bool egAffineMapApply(EgBuilder *b, const EgScope *scope, MlirAffineMap map,
                      const MlirValue *operands, intptr_t operandCount,
                      __isl_give isl_pw_aff **results, EgFailure *why) {
  intptr_t dims = mlirAffineMapGetNumDims(map);
  intptr_t symbols = mlirAffineMapGetNumSymbols(map);
  if (dims + symbols != operandCount)
    return fail(why, "affine map takes %ld operands, op has %ld",
                (long)(dims + symbols), (long)operandCount);
  isl_pw_aff **bound = calloc((size_t)operandCount + 1, sizeof(isl_pw_aff *));
  if (!bindOperands(b, scope, operands, operandCount, bound, why)) {
    free(bound);
    return false;
  }
  intptr_t count = mlirAffineMapGetNumResults(map);
  bool ok = true;
  for (intptr_t r = 0; r < count; ++r) {
    results[r] = ok ? exprToPwAff(b, scope, mlirAffineMapGetResult(map, r),
                                  bound, bound + dims, why)
                    : NULL;
    ok = ok && results[r];
  }
  if (!ok)
    for (intptr_t r = 0; r < count; ++r)
      results[r] = isl_pw_aff_free(results[r]);
  freeBound(bound, operandCount);
  return ok;
}

__isl_give isl_set *egIntegerSetApply(EgBuilder *b, const EgScope *scope,
                                      MlirIntegerSet set,
                                      const MlirValue *operands,
                                      intptr_t operandCount, EgFailure *why) {
  intptr_t dims = mlirIntegerSetGetNumDims(set);
  if (dims + mlirIntegerSetGetNumSymbols(set) != operandCount) {
    fail(why, "integer set takes a different number of operands");
    return NULL;
  }
  isl_pw_aff **bound = calloc((size_t)operandCount + 1, sizeof(isl_pw_aff *));
  if (!bindOperands(b, scope, operands, operandCount, bound, why)) {
    free(bound);
    return NULL;
  }
  isl_set *result = isl_set_universe(egScopeSpace(b, scope));
  intptr_t constraints = mlirIntegerSetGetNumConstraints(set);
  for (intptr_t c = 0; c < constraints && result; ++c) {
    isl_pw_aff *expr = exprToPwAff(b, scope, mlirIntegerSetGetConstraint(set, c),
                                   bound, bound + dims, why);
    if (!expr) {
      result = isl_set_free(result);
      break;
    }
    isl_set *part = mlirIntegerSetIsConstraintEq(set, c)
                        ? isl_pw_aff_zero_set(expr)
                        : isl_pw_aff_nonneg_set(expr);
    result = isl_set_intersect(result, part);
  }
  freeBound(bound, operandCount);
  return result;
}

bool egAffIsPlain(__isl_keep isl_aff *aff) {
  if (!aff || isl_aff_dim(aff, isl_dim_div) != 0)
    return false;
  isl_val *denominator = isl_aff_get_denominator_val(aff);
  bool one = denominator && isl_val_is_one(denominator) == isl_bool_true;
  isl_val_free(denominator);
  return one;
}

bool egAffUsesDim(__isl_keep isl_aff *aff, int d, bool *uses) {
  isl_val *v = isl_aff_get_coefficient_val(aff, isl_dim_in, d);
  isl_bool zero = v ? isl_val_is_zero(v) : isl_bool_error;
  isl_val_free(v);
  *uses = zero == isl_bool_false;
  return zero != isl_bool_error;
}
