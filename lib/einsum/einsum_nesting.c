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
  int depth;        /* of the ops being visited */
  int foundDepth;   /* of the first op found beyond the limit */
  MlirOperation op; /* that op */
} Nesting;

/* Recursion is bounded: the parser refuses text nested deeper than
 * SOLAR_MAX_TEXT_NESTING (solar/support/parse.h), and the walk stops at the
 * first op beyond this lift's much smaller limit. */
static bool visit(MlirOperation op, void *data) {
  Nesting *nesting = data;
  if (nesting->depth > SOLAR_EINSUM_MAX_NESTING) {
    nesting->foundDepth = nesting->depth;
    nesting->op = op;
    return false;
  }
  nesting->depth++;
  bool within = solarForEachChildOp(op, visit, nesting);
  nesting->depth--;
  return within;
}

bool egCheckNesting(MlirOperation func) {
  /* The function's own body is level 0. */
  Nesting nesting = {0, 0, {NULL}};
  if (solarForEachChildOp(func, visit, &nesting))
    return true;
  solarEmitError(mlirOperationGetLocation(nesting.op),
                 "this op is nested inside %d region-holding ops "
                 "(loops, conditionals, any op with regions); the "
                 "einsum graph handles at most %d",
                 nesting.foundDepth, SOLAR_EINSUM_MAX_NESTING);
  return false;
}
