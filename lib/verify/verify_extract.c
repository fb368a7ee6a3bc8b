/* Field reads of descriptors built in the same function answered with the
 * field (verify_extract.h). */
#include "solar/verify/verify_extract.h"
#include "solar/support/funcs.h"
#include "solar/support/grow.h"

#include "mlir-c/BuiltinAttributes.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

static MlirAttribute positionOf(MlirOperation op) {
  return mlirOperationGetAttributeByName(
      op, mlirStringRefCreateFromCString("position"));
}

typedef enum { kSame, kDisjoint, kOverlap } Relation;

/* Two positions are the same, disjoint (they differ at an index both
 * have), or one is a prefix of the other (a part of the aggregate). */
static Relation relate(MlirAttribute a, MlirAttribute b) {
  intptr_t na = mlirDenseArrayGetNumElements(a);
  intptr_t nb = mlirDenseArrayGetNumElements(b);
  intptr_t n = na < nb ? na : nb;
  for (intptr_t i = 0; i < n; ++i)
    if (mlirDenseI64ArrayGetElement(a, i) != mlirDenseI64ArrayGetElement(b, i))
      return kDisjoint;
  return na == nb ? kSame : kOverlap;
}

/* The value written at `extract`'s position, or null. */
static MlirValue writtenValue(MlirOperation extract) {
  MlirAttribute want = positionOf(extract);
  MlirValue container = mlirOperationGetOperand(extract, 0);
  while (mlirValueIsAOpResult(container)) {
    MlirOperation insert = mlirOpResultGetOwner(container);
    if (!solarOpIs(insert, "llvm.insertvalue"))
      break;
    Relation relation = relate(want, positionOf(insert));
    if (relation == kSame)
      return mlirOperationGetOperand(insert, 1); /* (container, value) */
    if (relation == kOverlap)
      break;
    container = mlirOperationGetOperand(insert, 0);
  }
  return (MlirValue){NULL};
}

static size_t foldBlock(MlirBlock block) {
  size_t folded = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(block);
       !mlirOperationIsNull(op);) {
    MlirOperation next = mlirOperationGetNextInBlock(op);
    if (solarOpIs(op, "llvm.extractvalue")) {
      MlirValue value = writtenValue(op);
      if (!mlirValueIsNull(value)) {
        mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(op, 0), value);
        mlirOperationDestroy(op);
        ++folded;
      }
    }
    op = next;
  }
  return folded;
}

/* The function's insertvalue ops without uses, latest first, so a chain's
 * last one goes before the one it reads; blocks are in order, each one's
 * values before the next one's uses in the outlined entry's chain
 * (verify_chunk.h): elsewhere a dead one may be left, for LLVM. */
static void eraseDeadInserts(MlirRegion body) {
  MlirOperation *inserts = NULL;
  size_t count = 0, capacity = 0;
  for (MlirBlock block = mlirRegionGetFirstBlock(body); !mlirBlockIsNull(block);
       block = mlirBlockGetNextInRegion(block))
    for (MlirOperation op = mlirBlockGetFirstOperation(block);
         !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
      if (solarOpIs(op, "llvm.insertvalue")) {
        inserts = solarGrow(inserts, &capacity, count, sizeof(MlirOperation));
        inserts[count++] = op;
      }
  for (size_t i = count; i > 0; --i)
    if (mlirOpOperandIsNull(
            mlirValueGetFirstUse(mlirOperationGetResult(inserts[i - 1], 0))))
      mlirOperationDestroy(inserts[i - 1]);
  free(inserts);
}

size_t solarVerifyFoldDescriptorExtracts(MlirModule module) {
  size_t folded = 0;
  for (MlirOperation func = mlirBlockGetFirstOperation(mlirModuleGetBody(module));
       !mlirOperationIsNull(func); func = mlirOperationGetNextInBlock(func)) {
    if (!solarOpIs(func, "llvm.func"))
      continue;
    MlirRegion body = mlirOperationGetRegion(func, 0);
    for (MlirBlock block = mlirRegionGetFirstBlock(body); !mlirBlockIsNull(block);
         block = mlirBlockGetNextInRegion(block))
      folded += foldBlock(block);
    eraseDeadInserts(body);
  }
  return folded;
}
