/* Cutting the verification copy's long function blocks into chains of
 * short ones (verify_chunk.h). */
#include "solar/verify/verify_chunk.h"
#include "solar/support/funcs.h"

#include <stdint.h>

/* An empty block placed after `after` in `region`. */
static MlirBlock blockAfter(MlirRegion region, MlirBlock after) {
  MlirBlock block = mlirBlockCreate(0, NULL, NULL);
  mlirRegionInsertOwnedBlockAfter(region, after, block);
  return block;
}

/* An unconditional branch to `to`, placed in `from` before `before` (the
 * first op that moves on), or at its end when `before` is null. */
static void branchTo(MlirBlock from, MlirOperation before, MlirBlock to,
                     MlirLocation loc) {
  MlirOperationState state =
      mlirOperationStateGet(mlirStringRefCreateFromCString("cf.br"), loc);
  mlirOperationStateAddSuccessors(&state, 1, &to);
  MlirOperation branch = mlirOperationCreate(&state);
  if (mlirOperationIsNull(before))
    mlirBlockAppendOwnedOperation(from, branch);
  else
    mlirBlockInsertOwnedOperationBefore(from, before, branch);
}

/* Keeps the first maxOps - 1 ops in `block` (its last slot is the branch)
 * and moves the rest, in order, into new blocks of maxOps - 1 ops and a
 * branch each, the last one holding the terminator. Each op moves once:
 * linear in the block's length. */
static size_t splitBlock(MlirRegion region, MlirBlock block, size_t maxOps) {
  size_t keep = maxOps - 1, count = 0, added = 0;
  MlirBlock target = block;
  MlirOperation op = mlirBlockGetFirstOperation(block);
  while (!mlirOperationIsNull(op)) {
    MlirOperation next = mlirOperationGetNextInBlock(op);
    if (count == keep) { /* `op` opens the next block */
      MlirBlock chunk = blockAfter(region, target);
      /* The ops after `op` are still in `block`, before which the first
       * branch goes; the new blocks hold only what was moved so far. */
      branchTo(target,
               mlirBlockEqual(target, block) ? op : (MlirOperation){NULL},
               chunk, mlirOperationGetLocation(op));
      target = chunk;
      count = 0;
      ++added;
    }
    if (!mlirBlockEqual(target, block)) {
      mlirOperationRemoveFromParent(op);
      mlirBlockAppendOwnedOperation(target, op);
    }
    ++count;
    op = next;
  }
  return added;
}

static size_t blockLength(MlirBlock block) {
  size_t length = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(block);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
    ++length;
  return length;
}

size_t solarVerifySplitLongBlocks(MlirModule module, size_t maxOps) {
  if (maxOps < 2)
    maxOps = 2; /* one op and the branch */
  MlirContext ctx = mlirModuleGetContext(module);
  mlirContextGetOrLoadDialect(ctx, mlirStringRefCreateFromCString("cf"));
  size_t added = 0;
  for (MlirOperation func = mlirBlockGetFirstOperation(mlirModuleGetBody(module));
       !mlirOperationIsNull(func); func = mlirOperationGetNextInBlock(func)) {
    if (!solarOpIs(func, "func.func"))
      continue;
    MlirRegion body = mlirOperationGetRegion(func, 0);
    for (MlirBlock block = mlirRegionGetFirstBlock(body); !mlirBlockIsNull(block);
         block = mlirBlockGetNextInRegion(block))
      if (blockLength(block) > maxOps)
        added += splitBlock(body, block, maxOps); /* new blocks come after it and are short */
  }
  return added;
}
