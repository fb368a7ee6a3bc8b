/* The nesting limit of the lift: ops nested inside more than
 * SOLAR_EINSUM_MAX_NESTING region-holding ops are refused before any isl
 * work. Every level (a loop, an affine.if or scf.if, any op with regions)
 * adds constraints or schedule dimensions to the domains of what it holds,
 * and isl's dataflow over such domains costs far more than linear in the
 * depth: 80 nested conditions around one read-modify-write took 5 s, 500
 * over 100 s. No real program nests that deep; a limit on loops alone
 * (the traffic model's 12) let conditionals through. */
#include "einsum_internal.h"

#include "solar/support/diagnostics.h"

typedef struct {
  int depth;
  MlirOperation op; /* the first op found beyond the limit */
} TooDeep;

static bool visit(MlirOperation op, int depth, TooDeep *found);

/* Visits every op in the regions of `op`, each at `depth`. */
static bool visitChildren(MlirOperation op, int depth, TooDeep *found) {
  intptr_t regions = mlirOperationGetNumRegions(op);
  for (intptr_t r = 0; r < regions; ++r) {
    MlirRegion region = mlirOperationGetRegion(op, r);
    for (MlirBlock block = mlirRegionGetFirstBlock(region);
         !mlirBlockIsNull(block); block = mlirBlockGetNextInRegion(block))
      for (MlirOperation child = mlirBlockGetFirstOperation(block);
           !mlirOperationIsNull(child);
           child = mlirOperationGetNextInBlock(child))
        if (!visit(child, depth, found))
          return false;
  }
  return true;
}

/* Recursion is bounded: the parser refuses text nested deeper than
 * SOLAR_MAX_TEXT_NESTING (solar/support/parse.h), and the walk stops at the
 * first op beyond this lift's much smaller limit. */
static bool visit(MlirOperation op, int depth, TooDeep *found) {
  if (depth > SOLAR_EINSUM_MAX_NESTING) {
    found->depth = depth;
    found->op = op;
    return false;
  }
  return visitChildren(op, depth + 1, found);
}

bool egCheckNesting(MlirOperation func) {
  TooDeep found = {0, {NULL}};
  /* The function's own body is level 0. */
  if (visitChildren(func, 0, &found))
    return true;
  solarEmitError(mlirOperationGetLocation(found.op),
                 "this op is nested inside %d region-holding ops "
                 "(loops, conditionals, any op with regions); the "
                 "einsum graph handles at most %d",
                 found.depth, SOLAR_EINSUM_MAX_NESTING);
  return false;
}
