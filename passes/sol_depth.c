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
  int loops;             /* around the ops being visited */
  int depth;             /* of the deepest store seen */
  MlirOperation deepest; /* that store */
} DeepestStore;

/* Each op is visited once, so the walk is linear in the function. */
static bool visit(MlirOperation op, void *data) {
  DeepestStore *out = data;
  if ((solarOpIs(op, "affine.store") || solarOpIs(op, "memref.store")) &&
      out->loops > out->depth) {
    out->depth = out->loops;
    out->deepest = op;
  }
  int outer = out->loops;
  out->loops += loopDims(op);
  solarForEachChildOp(op, visit, out);
  out->loops = outer;
  return true;
}

bool solarCheckTrafficDepth(MlirOperation func) {
  DeepestStore deepest = {0, 0, {NULL}};
  visit(func, &deepest);
  if (deepest.depth <= SOLAR_IO_MAX_DIMS)
    return true;
  solarEmitError(mlirOperationGetLocation(deepest.deepest),
                 "this store is inside %d loops; the cache-aware traffic "
                 "model handles at most %d (--solar-einsum-graph alone has "
                 "no such limit)",
                 deepest.depth, SOLAR_IO_MAX_DIMS);
  return false;
}
