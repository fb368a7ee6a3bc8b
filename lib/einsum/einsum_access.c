/* Access functions on the base buffer.
 *
 * A load or store names a memref that may be a view of another one. The
 * view's layout is composed into the index expressions until the base
 * buffer (argument, allocation, global) is reached, so that every access
 * relation of one tensor lives in one index space:
 *   subview:          base[i] = offset[i] + stride[i] * view[j]  (dropped
 *                     unit dims get their offset)
 *   collapse_shape:   base dims of a group = delinearized view index
 *   expand_shape:     base index = linearized view indices of the group
 *   reinterpret_cast: linear = offset + sum stride[d] * view[d], then
 *                     delinearized over the (identity-layout) source
 *   cast:             unchanged. */
#include "einsum_internal.h"

#include "solar/support/diagnostics.h"

#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <isl/space.h>
#include <isl/val.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  isl_pw_aff **items;
  int count;
} Indices;

static void indicesClear(Indices *idx) {
  for (int i = 0; i < idx->count; ++i)
    isl_pw_aff_free(idx->items[i]);
  free(idx->items);
  idx->items = NULL;
  idx->count = 0;
}

static void indicesInit(Indices *idx, int count) {
  idx->count = count;
  idx->items = calloc((size_t)count + 1, sizeof(isl_pw_aff *));
  if (!idx->items)
    abort();
}

static MlirAttribute attr(MlirOperation op, const char *name) {
  return mlirOperationGetAttributeByName(op,
                                         mlirStringRefCreateFromCString(name));
}

static bool failView(EgFailure *why, MlirOperation op, const char *reason) {
  char name[128], where[256];
  egOpName(op, name, sizeof(name));
  solarLocationFormat(mlirOperationGetLocation(op), where, sizeof(where));
  snprintf(why->text, sizeof(why->text), "%s of '%s' at %s", reason, name,
           where);
  return false;
}

/* Entry i of a static/dynamic operand list (offsets, sizes or strides):
 * static entries come from the attribute, dynamic ones from the operands
 * starting at *cursor. */
static bool mixedEntry(EgBuilder *b, const EgScope *scope, MlirOperation op,
                       MlirAttribute statics, intptr_t i, intptr_t *cursor,
                       __isl_give isl_pw_aff **out, EgFailure *why) {
  int64_t value = mlirDenseI64ArrayGetElement(statics, i);
  if (value != mlirShapedTypeGetDynamicSize() &&
      value != mlirShapedTypeGetDynamicStrideOrOffset()) {
    *out = egConstPwAff(b, scope, value);
    return true;
  }
  return egValueToPwAff(b, scope, mlirOperationGetOperand(op, (*cursor)++),
                        out, why);
}

static bool scaleByConstant(__isl_give isl_pw_aff **result,
                            __isl_take isl_pw_aff *factor,
                            __isl_take isl_pw_aff *index, MlirOperation op,
                            EgFailure *why) {
  if (isl_pw_aff_is_cst(factor) != isl_bool_true) {
    isl_pw_aff_free(factor);
    isl_pw_aff_free(index);
    return failView(why, op, "dynamic stride");
  }
  *result = isl_pw_aff_mul(factor, index);
  return *result != NULL;
}

static bool subviewToSource(EgBuilder *b, const EgScope *scope,
                            MlirOperation op, Indices *idx, EgFailure *why) {
  MlirAttribute offsets = attr(op, "static_offsets");
  MlirAttribute sizes = attr(op, "static_sizes");
  MlirAttribute strides = attr(op, "static_strides");
  MlirAttribute segments = attr(op, "operandSegmentSizes");
  intptr_t srcRank = mlirDenseArrayGetNumElements(offsets);
  intptr_t offsetAt = 1;
  intptr_t strideAt = 1 + mlirDenseI32ArrayGetElement(segments, 1) +
                      mlirDenseI32ArrayGetElement(segments, 2);
  MlirType result = mlirValueGetType(mlirOperationGetResult(op, 0));
  intptr_t resultRank = mlirShapedTypeGetRank(result);
  /* MLIR's rank-reduction rule: a source dim whose size does not match the
   * next result dim must be a dropped unit dim. */
  bool *dropped = calloc((size_t)srcRank + 1, sizeof(bool));
  intptr_t j = 0;
  for (intptr_t i = 0; i < srcRank; ++i) {
    int64_t size = mlirDenseI64ArrayGetElement(sizes, i);
    int64_t resultSize = j < resultRank ? mlirShapedTypeGetDimSize(result, j)
                                        : -2;
    if (j < resultRank && size == resultSize) {
      j++;
      continue;
    }
    if (size != 1) {
      free(dropped);
      return failView(why, op, "unrecognized rank reduction");
    }
    dropped[i] = true;
  }
  Indices base;
  indicesInit(&base, (int)srcRank);
  bool ok = j == idx->count;
  j = 0;
  for (intptr_t i = 0; i < srcRank && ok; ++i) {
    isl_pw_aff *offset = NULL, *stride = NULL;
    ok = mixedEntry(b, scope, op, offsets, i, &offsetAt, &offset, why);
    if (ok && dropped[i]) {
      base.items[i] = offset;
      continue;
    }
    ok = ok && mixedEntry(b, scope, op, strides, i, &strideAt, &stride, why);
    isl_pw_aff *scaled = NULL;
    ok = ok && scaleByConstant(&scaled, stride, isl_pw_aff_copy(idx->items[j++]),
                               op, why);
    if (ok)
      base.items[i] = isl_pw_aff_add(offset, scaled);
    else
      isl_pw_aff_free(offset);
  }
  free(dropped);
  indicesClear(idx);
  *idx = base;
  return ok;
}

/* Delinearizes `linear` over dims [first, last] of `shape` into out. */
static bool delinearize(EgBuilder *b, __isl_take isl_pw_aff *linear,
                        MlirType shape, intptr_t first, intptr_t last,
                        __isl_give isl_pw_aff **out, MlirOperation op,
                        EgFailure *why) {
  int64_t inner = 1;
  for (intptr_t k = last; k > first; --k) {
    if (mlirShapedTypeIsDynamicDim(shape, k)) {
      isl_pw_aff_free(linear);
      return failView(why, op, "dynamic inner size");
    }
    int64_t size = mlirShapedTypeGetDimSize(shape, k);
    isl_pw_aff *q = isl_pw_aff_floor(isl_pw_aff_scale_down_val(
        isl_pw_aff_copy(linear), isl_val_int_from_si(b->ctx, (long)inner)));
    out[k] = isl_pw_aff_mod_val(q, isl_val_int_from_si(b->ctx, (long)size));
    inner *= size;
  }
  out[first] = inner == 1 ? linear
                          : isl_pw_aff_floor(isl_pw_aff_scale_down_val(
                                linear, isl_val_int_from_si(b->ctx, (long)inner)));
  return true;
}

static bool collapseToSource(EgBuilder *b, MlirOperation op, Indices *idx,
                             EgFailure *why) {
  MlirType source = mlirValueGetType(mlirOperationGetOperand(op, 0));
  MlirAttribute groups = attr(op, "reassociation");
  Indices base;
  indicesInit(&base, (int)mlirShapedTypeGetRank(source));
  bool ok = mlirArrayAttrGetNumElements(groups) == idx->count;
  for (int g = 0; g < idx->count && ok; ++g) {
    MlirAttribute group = mlirArrayAttrGetElement(groups, g);
    intptr_t n = mlirArrayAttrGetNumElements(group);
    intptr_t first = mlirIntegerAttrGetValueInt(mlirArrayAttrGetElement(group, 0));
    intptr_t last =
        mlirIntegerAttrGetValueInt(mlirArrayAttrGetElement(group, n - 1));
    ok = delinearize(b, isl_pw_aff_copy(idx->items[g]), source, first, last,
                     base.items, op, why);
  }
  indicesClear(idx);
  *idx = base;
  return ok;
}

static bool expandToSource(EgBuilder *b, const EgScope *scope,
                           MlirOperation op, Indices *idx, EgFailure *why) {
  MlirType result = mlirValueGetType(mlirOperationGetResult(op, 0));
  MlirAttribute groups = attr(op, "reassociation");
  intptr_t srcRank = mlirArrayAttrGetNumElements(groups);
  Indices base;
  indicesInit(&base, (int)srcRank);
  bool ok = true;
  for (intptr_t g = 0; g < srcRank && ok; ++g) {
    MlirAttribute group = mlirArrayAttrGetElement(groups, g);
    intptr_t n = mlirArrayAttrGetNumElements(group);
    isl_pw_aff *linear = egConstPwAff(b, scope, 0);
    int64_t inner = 1;
    for (intptr_t k = n - 1; k >= 0 && ok; --k) {
      intptr_t dim = mlirIntegerAttrGetValueInt(mlirArrayAttrGetElement(group, k));
      isl_pw_aff *term = isl_pw_aff_scale_val(
          isl_pw_aff_copy(idx->items[dim]),
          isl_val_int_from_si(b->ctx, (long)inner));
      linear = isl_pw_aff_add(linear, term);
      if (k > 0) {
        if (mlirShapedTypeIsDynamicDim(result, dim))
          ok = failView(why, op, "dynamic inner size");
        else
          inner *= mlirShapedTypeGetDimSize(result, dim);
      }
    }
    base.items[g] = linear;
  }
  indicesClear(idx);
  *idx = base;
  return ok;
}

static bool reinterpretToSource(EgBuilder *b, const EgScope *scope,
                                MlirOperation op, Indices *idx,
                                EgFailure *why) {
  MlirType source = mlirValueGetType(mlirOperationGetOperand(op, 0));
  if (!mlirTypeIsAMemRef(source) ||
      !mlirAffineMapIsIdentity(mlirMemRefTypeGetAffineMap(source)))
    return failView(why, op, "non-identity source layout");
  MlirAttribute offsets = attr(op, "static_offsets");
  MlirAttribute strides = attr(op, "static_strides");
  MlirAttribute segments = attr(op, "operandSegmentSizes");
  intptr_t offsetAt = 1;
  intptr_t strideAt = 1 + mlirDenseI32ArrayGetElement(segments, 1) +
                      mlirDenseI32ArrayGetElement(segments, 2);
  isl_pw_aff *linear = NULL;
  if (!mixedEntry(b, scope, op, offsets, 0, &offsetAt, &linear, why))
    return false;
  bool ok = true;
  for (int d = 0; d < idx->count && ok; ++d) {
    isl_pw_aff *stride = NULL, *term = NULL;
    ok = mixedEntry(b, scope, op, strides, d, &strideAt, &stride, why) &&
         scaleByConstant(&term, stride, isl_pw_aff_copy(idx->items[d]), op,
                         why);
    if (ok)
      linear = isl_pw_aff_add(linear, term);
  }
  Indices base;
  indicesInit(&base, (int)mlirShapedTypeGetRank(source));
  if (ok && base.count > 0)
    ok = delinearize(b, linear, source, 0, base.count - 1, base.items, op, why);
  else
    isl_pw_aff_free(linear);
  indicesClear(idx);
  *idx = base;
  return ok;
}

/* Indices of the load/store on the memref it names. */
static bool directIndices(EgBuilder *b, const EgScope *scope,
                          MlirOperation op, Indices *idx, EgFailure *why) {
  intptr_t first = egIsStore(op) ? 2 : 1;
  intptr_t n = mlirOperationGetNumOperands(op) - first;
  MlirValue memref = egAccessMemref(op);
  int rank = (int)mlirShapedTypeGetRank(mlirValueGetType(memref));
  indicesInit(idx, rank);
  if (solarOpIsAffineAccess(op)) {
    MlirValue *operands = calloc((size_t)n + 1, sizeof(MlirValue));
    for (intptr_t i = 0; i < n; ++i)
      operands[i] = mlirOperationGetOperand(op, first + i);
    MlirAffineMap map = mlirAffineMapAttrGetValue(attr(op, "map"));
    bool ok = egAffineMapApply(b, scope, map, operands, n, idx->items, why);
    free(operands);
    return ok;
  }
  for (intptr_t i = 0; i < n && i < rank; ++i)
    if (!egValueToPwAff(b, scope, mlirOperationGetOperand(op, first + i),
                        &idx->items[i], why))
      return false;
  return true;
}

bool egAccessIndices(EgBuilder *b, EgScope *scope, MlirOperation op,
                     int *tensor, __isl_give isl_multi_pw_aff **indices,
                     EgFailure *why) {
  *indices = NULL;
  MlirValue memref = egAccessMemref(op);
  *tensor = egTensorOf(b, egBaseBuffer(memref));
  Indices idx = {0};
  bool ok = directIndices(b, scope, op, &idx, why);
  while (ok) {
    MlirOperation view = egValueDefiningOp(memref);
    if (mlirOperationIsNull(view) || !egIsView(view))
      break;
    if (solarOpIs(view, "memref.subview"))
      ok = subviewToSource(b, scope, view, &idx, why);
    else if (solarOpIs(view, "memref.collapse_shape"))
      ok = collapseToSource(b, view, &idx, why);
    else if (solarOpIs(view, "memref.expand_shape"))
      ok = expandToSource(b, scope, view, &idx, why);
    else if (solarOpIs(view, "memref.reinterpret_cast"))
      ok = reinterpretToSource(b, scope, view, &idx, why);
    memref = mlirOperationGetOperand(view, 0);
  }
  for (int i = 0; ok && i < idx.count; ++i)
    ok = idx.items[i] != NULL;
  if (!ok) {
    indicesClear(&idx);
    return false;
  }
  EgTensor *t = &b->tensors[*tensor];
  isl_space *range = isl_space_set_tuple_name(
      isl_space_add_dims(isl_space_set_from_params(isl_space_copy(b->paramSpace)),
                         isl_dim_set, (unsigned)t->rank),
      isl_dim_set, t->islName);
  isl_space *space =
      isl_space_map_from_domain_and_range(egScopeSpace(b, scope), range);
  isl_pw_aff_list *list = isl_pw_aff_list_alloc(b->ctx, idx.count);
  for (int i = 0; i < idx.count; ++i) {
    list = isl_pw_aff_list_add(
        list, isl_pw_aff_align_params(idx.items[i],
                                      isl_space_copy(b->paramSpace)));
    idx.items[i] = NULL;
  }
  indicesClear(&idx);
  *indices = isl_multi_pw_aff_from_pw_aff_list(space, list);
  return *indices != NULL;
}
