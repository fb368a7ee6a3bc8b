/* memref.copy -> linalg.generic. Bufferization turns tensor.insert_slice,
 * tensor.pad and returned arguments into memref.copy, which the einsum graph
 * cannot see into; as a linalg.generic it becomes an affine loop nest (one
 * load and one store per element, the copy's real traffic). */
#include "solar/frontend/lower_to_affine.h"
#include "solar/support/op_list.h"
#include "solar/support/funcs.h"

#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>
#include <string.h>

static MlirWalkResult collectCopy(MlirOperation op, void *userData) {
  if (!solarOpIs(op, "memref.copy"))
    return MlirWalkResultAdvance;
  /* Unranked copies have no static rank to loop over; they stay. */
  if (!mlirTypeIsAMemRef(mlirValueGetType(mlirOperationGetOperand(op, 0))) ||
      !mlirTypeIsAMemRef(mlirValueGetType(mlirOperationGetOperand(op, 1))))
    return MlirWalkResultAdvance;
  solarOpListPush(userData, op);
  return MlirWalkResultAdvance;
}

static MlirNamedAttribute named(MlirContext ctx, const char *name,
                                MlirAttribute value) {
  return mlirNamedAttributeGet(
      mlirIdentifierGet(ctx, mlirStringRefCreateFromCString(name)), value);
}

/* The body `^bb0(%in, %out): linalg.yield %in`. */
static MlirRegion copyBody(MlirLocation loc,
                           MlirType element) {
  MlirType types[2] = {element, element};
  MlirLocation locs[2] = {loc, loc};
  MlirBlock block = mlirBlockCreate(2, types, locs);
  MlirOperationState yield = mlirOperationStateGet(
      mlirStringRefCreateFromCString("linalg.yield"), loc);
  MlirValue in = mlirBlockGetArgument(block, 0);
  mlirOperationStateAddOperands(&yield, 1, &in);
  mlirBlockAppendOwnedOperation(block, mlirOperationCreate(&yield));
  MlirRegion region = mlirRegionCreate();
  mlirRegionAppendOwnedBlock(region, block);
  return region;
}

static void rewriteCopy(MlirOperation copy) {
  MlirContext ctx = mlirOperationGetContext(copy);
  MlirLocation loc = mlirOperationGetLocation(copy);
  MlirValue operands[2] = {mlirOperationGetOperand(copy, 0),
                           mlirOperationGetOperand(copy, 1)};
  MlirType type = mlirValueGetType(operands[0]);
  intptr_t rank = mlirShapedTypeGetRank(type);

  MlirAttribute identity =
      mlirAffineMapAttrGet(mlirAffineMapMultiDimIdentityGet(ctx, rank));
  MlirAttribute maps[2] = {identity, identity};
  MlirAttribute parallel = mlirAttributeParseGet(
      ctx, mlirStringRefCreateFromCString("#linalg.iterator_type<parallel>"));
  MlirAttribute *iterators = malloc((size_t)(rank > 0 ? rank : 1) *
                                    sizeof(MlirAttribute));
  for (intptr_t i = 0; i < rank; ++i)
    iterators[i] = parallel;
  int32_t segments[2] = {1, 1};
  MlirNamedAttribute attrs[3] = {
      named(ctx, "indexing_maps", mlirArrayAttrGet(ctx, 2, maps)),
      named(ctx, "iterator_types", mlirArrayAttrGet(ctx, rank, iterators)),
      named(ctx, "operandSegmentSizes",
            mlirDenseI32ArrayGet(ctx, 2, segments))};
  free(iterators);

  MlirOperationState state = mlirOperationStateGet(
      mlirStringRefCreateFromCString("linalg.generic"), loc);
  mlirOperationStateAddOperands(&state, 2, operands);
  mlirOperationStateAddAttributes(&state, 3, attrs);
  MlirRegion body = copyBody(loc, mlirShapedTypeGetElementType(type));
  mlirOperationStateAddOwnedRegions(&state, 1, &body);
  MlirOperation generic = mlirOperationCreate(&state);
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(copy), copy,
                                      generic);
  mlirOperationDestroy(copy);
}

void solarRewriteMemrefCopies(MlirOperation op) {
  solarOpListRewriteAll(op, collectCopy, MlirWalkPostOrder, rewriteCopy);
}
