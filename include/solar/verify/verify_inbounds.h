/* Affine accesses of the verification copy that are in bounds for every
 * iteration, provably, and dropping their run-time bounds checks.
 *
 * Why: the lowering puts a bounds assertion before every memref access
 * (generate-runtime-verification, verify_lowering.c); LLVM removes most of
 * them, but not always before its loop vectorizer runs: with a
 * power-of-two extent (a 14x14 map padded to 16x16) InstCombine merges
 * `i < 16 && j < 16` into `(i | j) < 16`, which scalar evolution cannot
 * bound, and a loop with a conditional exit to abort() does not vectorize.
 * Where the loop bounds are constants and the memref's shape is static,
 * interval arithmetic over the affine index proves what the check would
 * test, so that check can go; every other access keeps its check. */
#ifndef SOLAR_VERIFY_INBOUNDS_H
#define SOLAR_VERIFY_INBOUNDS_H

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Whether the affine.load / affine.store `access` stays inside its
 * memref for every value of its indices: a static shape, and each index
 * an affine function (sums, constant multiples) of induction variables of
 * enclosing affine.for loops with constant bounds, whose range lies in
 * [0, extent). */
bool solarVerifyProvenInBounds(MlirOperation access);

/* A location carrying `mark` (a NameLoc around loc): how the copy's
 * rewrites tag an op for a later step, as lower-affine and the lowering's
 * checks keep an op's location while they drop its attributes. */
MlirLocation solarVerifyMarkedLoc(MlirLocation loc, const char *mark);
bool solarVerifyLocIsMarked(MlirLocation loc, const char *mark);

/* Marks a proven access (on its location, which lower-affine and the
 * check it gets keep); once. */
void solarVerifyMarkInBounds(MlirOperation access);

/* After generate-runtime-verification: removes the cf.assert ops made for
 * marked accesses. Returns how many. */
size_t solarVerifyDropProvenChecks(MlirModule module);

#ifdef __cplusplus
}
#endif

#endif
