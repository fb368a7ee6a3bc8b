/* Rejecting nests deeper than the cache-aware traffic model handles before
 * any of the expensive stages run: lifting a 120-deep nest into the einsum
 * graph costs far more than the error it ends in. */
#include "solar/support/diagnostics.h"
#include "solar/support/funcs.h"
#include "solar/passes/stage.h"
#include "solar/traffic/io_bound.h"

#include <string.h>

/* Loop dimensions the op adds around its body: one per induction
 * variable of an affine or scf loop. */
static int loopDims(MlirOperation op) {
  if (solarOpIs(op, "affine.for") || solarOpIs(op, "scf.for"))
    return 1;
  if (solarOpIs(op, "affine.parallel") || solarOpIs(op, "scf.parallel")) {
    MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
    return mlirBlockIsNull(body) ? 0 : (int)mlirBlockGetNumArguments(body);
  }
  return 0;
}

typedef struct {
  int depth;             /* of the deepest store seen */
  MlirOperation deepest; /* that store */
} DeepestStore;

/* Each op is visited once, so the walk is linear in the function. */
static void visit(MlirOperation op, int depth, DeepestStore *out) {
  if ((solarOpIs(op, "affine.store") || solarOpIs(op, "memref.store")) &&
      depth > out->depth) {
    out->depth = depth;
    out->deepest = op;
  }
  int inner = depth + loopDims(op);
  intptr_t regions = mlirOperationGetNumRegions(op);
  for (intptr_t r = 0; r < regions; ++r) {
    MlirRegion region = mlirOperationGetRegion(op, r);
    for (MlirBlock block = mlirRegionGetFirstBlock(region);
         !mlirBlockIsNull(block); block = mlirBlockGetNextInRegion(block))
      for (MlirOperation child = mlirBlockGetFirstOperation(block);
           !mlirOperationIsNull(child);
           child = mlirOperationGetNextInBlock(child))
        visit(child, inner, out);
  }
}

bool solarCheckTrafficDepth(MlirOperation func) {
  DeepestStore deepest = {0, {NULL}};
  visit(func, 0, &deepest);
  if (deepest.depth <= SOLAR_IO_MAX_DIMS)
    return true;
  solarEmitError(mlirOperationGetLocation(deepest.deepest),
                 "this store is inside %d loops; the cache-aware traffic "
                 "model handles at most %d (--solar-einsum-graph alone has "
                 "no such limit)",
                 deepest.depth, SOLAR_IO_MAX_DIMS);
  return false;
}
