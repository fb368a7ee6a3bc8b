/* Tensors: the base buffers the function accesses (arguments, allocations,
 * globals), their element type, shape and role. */
#include "einsum_edge_memo.h"
#include "einsum_internal.h"
#include "solar/support/dtype.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <isl/local_space.h>
#include <isl/space.h>
#include <isl/val.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int64_t egTypeBytes(MlirType type) {
  if (mlirTypeIsAIndex(type))
    return 8; /* the width of index on every target solar describes */
  if (mlirTypeIsAInteger(type))
    return (mlirIntegerTypeGetWidth(type) + 7) / 8;
  if (mlirTypeIsAFloat(type))
    return (mlirFloatTypeGetWidth(type) + 7) / 8;
  if (mlirTypeIsAComplex(type))
    return 2 * egTypeBytes(mlirComplexTypeGetElementType(type));
  if (mlirTypeIsAVector(type) && mlirShapedTypeHasStaticShape(type)) {
    int64_t lanes = 1;
    for (intptr_t i = 0; i < mlirShapedTypeGetRank(type); ++i)
      lanes *= mlirShapedTypeGetDimSize(type, i);
    return lanes * egTypeBytes(mlirShapedTypeGetElementType(type));
  }
  return 0;
}

/* Whether the memref.global named by a get_global is constant; its
 * initializer goes to *initial (null when there is none). */
static bool globalIsConstant(EgBuilder *b, MlirStringRef name,
                             MlirAttribute *initial) {
  *initial = (MlirAttribute){NULL};
  MlirOperation module = mlirOperationGetParentOperation(b->func);
  if (mlirOperationIsNull(module))
    return false;
  MlirRegion region = mlirOperationGetRegion(module, 0);
  for (MlirBlock block = mlirRegionGetFirstBlock(region);
       !mlirBlockIsNull(block); block = mlirBlockGetNextInRegion(block)) {
    for (MlirOperation op = mlirBlockGetFirstOperation(block);
         !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
      if (!solarOpIs(op, "memref.global"))
        continue;
      MlirAttribute sym = mlirOperationGetAttributeByName(
          op, mlirStringRefCreateFromCString("sym_name"));
      MlirStringRef text = mlirStringAttrGetValue(sym);
      if (text.length == name.length &&
          strncmp(text.data, name.data, name.length) == 0) {
        *initial = mlirOperationGetAttributeByName(
            op, mlirStringRefCreateFromCString("initial_value"));
        return !mlirAttributeIsNull(mlirOperationGetAttributeByName(
            op, mlirStringRefCreateFromCString("constant")));
      }
    }
  }
  return false;
}

int egTensorOf(EgBuilder *b, MlirValue base) {
  intptr_t id;
  if (egHandleMapGet(&b->tensorOfBase, base.ptr, &id))
    return (int)id;
  egGrow((void **)&b->tensors, &b->tensorCapacity, b->tensorCount,
         sizeof(EgTensor));
  EgTensor *t = &b->tensors[b->tensorCount];
  memset(t, 0, sizeof(*t));
  t->base = base;
  t->exactAccesses = true;
  char printed[256];
  MlirOperation def = egValueDefiningOp(base);
  if (solarOpIs(def, "memref.get_global")) {
    MlirStringRef name = mlirFlatSymbolRefAttrGetValue(
        mlirOperationGetAttributeByName(def,
                                        mlirStringRefCreateFromCString("name")));
    snprintf(printed, sizeof(printed), "@%.*s", (int)name.length, name.data);
    t->isGlobal = true;
    t->isConstantGlobal = globalIsConstant(b, name, &t->initialValue);
  } else {
    egValueName(b, base, printed, sizeof(printed));
  }
  t->isArgument = mlirValueIsABlockArgument(base) &&
                  mlirOperationEqual(mlirBlockGetParentOperation(
                                         mlirBlockArgumentGetOwner(base)),
                                     b->func);
  t->isAlloc =
      solarOpIs(def, "memref.alloc") || solarOpIs(def, "memref.alloca");
  t->name = egStrdup(printed);
  t->islName = egIslIdentifier(b, printed);
  MlirType type = mlirValueGetType(base);
  MlirType element = mlirShapedTypeGetElementType(type);
  char dtype[128];
  egTypeString(element, dtype, sizeof(dtype));
  t->dtype = egStrdup(dtype);
  t->elementBytes = egTypeBytes(element);
  int64_t rank;
  t->shape = solarShapedTypeSizes(type, &rank);
  t->rank = (int)rank;
  egHandleMapPut(&b->tensorOfBase, base.ptr, b->tensorCount);
  return b->tensorCount++;
}

bool egTensorIsSplat(const EgTensor *t) {
  return t->isConstantGlobal && !mlirAttributeIsNull(t->initialValue) &&
         mlirAttributeIsADenseElements(t->initialValue) &&
         mlirDenseElementsAttrIsSplat(t->initialValue);
}

__isl_give isl_set *egTensorBox(EgBuilder *b, int tensor) {
  EgTensor *t = &b->tensors[tensor];
  isl_space *space = isl_space_add_dims(
      isl_space_set_from_params(isl_space_copy(b->paramSpace)), isl_dim_set,
      (unsigned)t->rank);
  space = isl_space_set_tuple_name(space, isl_dim_set, t->islName);
  isl_set *box = isl_set_universe(isl_space_copy(space));
  for (int i = 0; i < t->rank; ++i) {
    isl_pw_aff *index = isl_pw_aff_var_on_domain(
        isl_local_space_from_space(isl_space_copy(space)), isl_dim_set,
        (unsigned)i);
    isl_pw_aff *size;
    if (t->shape[i] >= 0) {
      size = isl_pw_aff_val_on_domain(isl_set_universe(isl_space_copy(space)),
                                      isl_val_int_from_si(b->ctx,
                                                          (long)t->shape[i]));
    } else {
      char hint[300], what[300];
      snprintf(hint, sizeof(hint), "%s_d%d", t->islName, i);
      snprintf(what, sizeof(what), "size of dimension %d of %s", i, t->name);
      size = isl_pw_aff_param_on_domain_id(
          isl_set_universe(isl_space_copy(space)),
          egUnknownParam(b, hint, what));
    }
    box = isl_set_intersect(
        box, isl_pw_aff_nonneg_set(isl_pw_aff_copy(index)));
    box = isl_set_intersect(box, isl_pw_aff_lt_set(index, size));
  }
  isl_space_free(space);
  return box;
}

/* What is known of one of a tensor's unions of images without isl. */
typedef struct {
  bool whole;  /* it is every element of the tensor's box */
  bool beyond; /* a part of it may lie outside the box */
} UnionShape;

/* *into grows by part (kept by the caller through *into). `covers`: part
 * is every element of the box (egAccessCoversTensor); `inside`: part lies
 * inside it (egAccessInsideBox). A union of parts inside the box with the
 * whole box is the box: isl's union would compare and keep them all (a
 * tensor written once and read whole by every reader piles up one copy per
 * reader), and only the count of these sets is used. */
static void unite(__isl_keep isl_set **into, __isl_take isl_set *part,
                  UnionShape *shape, bool covers, bool inside) {
  if (shape->whole && inside) {
    isl_set_free(part);
    return;
  }
  if (covers && !shape->beyond) {
    isl_set_free(*into);
    *into = part;
    shape->whole = true;
    return;
  }
  shape->whole = false;
  shape->beyond = shape->beyond || !inside;
  *into = *into ? isl_set_union(*into, part) : part;
}

void egTensorsFinish(EgBuilder *b) {
  /* Per tensor: touched, read, written. */
  UnionShape(*shapes)[3] =
      calloc((size_t)b->tensorCount + 1, sizeof(*shapes));
  if (!shapes)
    abort();
  for (int n = 0; n < b->nodeCount; ++n) {
    EgNode *node = &b->nodes[n];
    for (int a = 0; a < node->accessCount; ++a) {
      EgAccess *access = &node->accesses[a];
      EgTensor *t = &b->tensors[access->tensor];
      UnionShape *u = shapes[access->tensor];
      bool inside = egAccessInsideBox(b, access);
      bool covers = inside && egAccessCoversTensor(b, access);
      isl_set *image = isl_set_copy(access->image);
      if (access->write) {
        t->written = true;
        unite(&t->writeSet, isl_set_copy(image), &u[2], covers, inside);
      } else {
        t->read = true;
        unite(&t->readSet, isl_set_copy(image), &u[1], covers, inside);
      }
      if (!access->exact)
        t->exactAccesses = false;
      unite(&t->touched, image, &u[0], covers, inside);
    }
  }
  for (int i = 0; i < b->tensorCount; ++i)
    for (int k = 0; k < 3; ++k)
      b->tensors[i].whole[k] = shapes[i][k].whole;
  free(shapes);
  for (int i = 0; i < b->tensorCount; ++i) {
    EgTensor *t = &b->tensors[i];
    if (t->isGlobal)
      t->role = SOLAR_ROLE_WEIGHT;
    else if (t->isArgument && !t->read && !t->written)
      t->role = SOLAR_ROLE_UNUSED;
    else if (t->isArgument && !t->written)
      t->role = SOLAR_ROLE_INPUT;
    else if (t->isArgument)
      t->role = t->readsInitialValue ? SOLAR_ROLE_INOUT : SOLAR_ROLE_OUTPUT;
    else if (t->isReturned)
      t->role = SOLAR_ROLE_RETURNED;
    else
      t->role = SOLAR_ROLE_INTERMEDIATE;
  }
}
