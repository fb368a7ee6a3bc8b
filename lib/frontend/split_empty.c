/* One tensor.empty per framework op, before one-shot bufferization.
 *
 * Importers CSE tensor.empty: in a GPT-2-style export one
 * `tensor.empty() : tensor<128x256xf32>` is the `outs` of hundreds of
 * linalg ops across all blocks (the 64-step LSTM: one of 1152 ops).
 * One-shot bufferization's analysis then puts all of them into one alias
 * set and, deciding each operand in place or not, walks the whole set:
 * quadratic in the network's length, and nearly all of the lowering's
 * time (LSTM 16 s; GPT-2 x32 blocks 4 s of 4.7). A tensor.empty has no
 * contents, so giving each framework op (the `solar.framework_op` the
 * importer tags its ops with) its own changes no value; the analysis then
 * sees alias sets no larger than one framework op. Inside one op the
 * sharing stays, so the analysis still lets, e.g., a linear's bias add
 * write in place into the matmul's accumulator. What changes is that one
 * framework op no longer reuses the buffer of another one's temporaries,
 * as an eager framework does not either. Uses without a framework op
 * keep sharing the original (hand-written linalg is lowered as before). */
#include "solar/frontend/lower_to_affine.h"
#include "solar/support/op_list.h"
#include "solar/frontend/framework_op.h"
#include "solar/support/grow.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static bool isEmpty(MlirOperation op) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  return name.length == 12 && strncmp(name.data, "tensor.empty", 12) == 0;
}

static MlirWalkResult collectShared(MlirOperation op, void *userData) {
  if (!isEmpty(op) || mlirOperationGetNumResults(op) != 1)
    return MlirWalkResultAdvance;
  MlirOpOperand use = mlirValueGetFirstUse(mlirOperationGetResult(op, 0));
  if (mlirOpOperandIsNull(use) ||
      mlirOpOperandIsNull(mlirOpOperandGetNextUse(use)))
    return MlirWalkResultAdvance;
  solarOpListPush(userData, op);
  return MlirWalkResultAdvance;
}

typedef struct {
  MlirOpOperand use;
  const void *key;     /* the user's framework-op attribute; NULL: none */
  MlirOperation local; /* the user, or its ancestor in the empty's block */
} Use;

static int byKey(const void *a, const void *b) {
  uintptr_t ka = (uintptr_t)((const Use *)a)->key;
  uintptr_t kb = (uintptr_t)((const Use *)b)->key;
  return ka < kb ? -1 : ka > kb;
}

static MlirOperation ancestorIn(MlirBlock block, MlirOperation op) {
  while (!mlirOperationIsNull(op) &&
         !mlirBlockEqual(mlirOperationGetBlock(op), block))
    op = mlirOperationGetParentOperation(op);
  return op;
}

static void splitUses(MlirOperation empty) {
  MlirBlock block = mlirOperationGetBlock(empty);
  MlirStringRef attrName =
      mlirStringRefCreateFromCString(SOLAR_FRAMEWORK_OP_ATTR);
  size_t count = 0, capacity = 0;
  Use *uses = NULL;
  for (MlirOpOperand use =
           mlirValueGetFirstUse(mlirOperationGetResult(empty, 0));
       !mlirOpOperandIsNull(use); use = mlirOpOperandGetNextUse(use)) {
    MlirOperation user = mlirOpOperandGetOwner(use);
    uses = solarGrow(uses, &capacity, count, sizeof(*uses));
    uses[count++] = (Use){use,
                          mlirOperationGetAttributeByName(user, attrName).ptr,
                          ancestorIn(block, user)};
  }
  /* Same key, same empty: sorted, each group is a run. */
  qsort(uses, count, sizeof(*uses), byKey);
  bool originalTaken = false;
  for (size_t start = 0; start < count;) {
    size_t end = start + 1;
    while (end < count && uses[end].key == uses[start].key)
      ++end;
    /* The one group, or the uses without a framework op, keep it. */
    bool keep = (start == 0 && end == count) || !uses[start].key;
    if (!keep || originalTaken) {
      MlirOperation first = uses[start].local;
      for (size_t i = start + 1; i < end; ++i)
        if (mlirOperationIsBeforeInBlock(uses[i].local, first))
          first = uses[i].local;
      MlirOperation copy = mlirOperationClone(empty);
      mlirBlockInsertOwnedOperationBefore(block, first, copy);
      MlirValue fresh = mlirOperationGetResult(copy, 0);
      for (size_t i = start; i < end; ++i)
        mlirOperationSetOperand(mlirOpOperandGetOwner(uses[i].use),
                                mlirOpOperandGetOperandNumber(uses[i].use),
                                fresh);
    } else {
      originalTaken = true;
    }
    start = end;
  }
  if (!originalTaken)
    mlirOperationDestroy(empty);
  free(uses);
}

void solarSplitSharedEmpties(MlirOperation op) {
  solarOpListRewriteAll(op, collectShared, MlirWalkPreOrder, splitUses);
}
