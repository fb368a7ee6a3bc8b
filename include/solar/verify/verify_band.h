/* The reduction band of an accumulation site in the verification copy:
 * the loops around `M[idx] = M[idx] + x` that run it on one element.
 *
 * Why: verify_accumulate.h checks on every term whether M still holds the
 * rounding of its f64 shadow before adding to the shadow. That check sits
 * on the loop-carried chain of the sum (f64 -> narrow conversion, compare,
 * select, add: about 17 cycles a term against 4 for the add), and is what
 * made a convolution's verification run ~7 ns a multiply-add. Inside a
 * band where nothing but the site touches M's buffer, the check can only
 * succeed after the first term (the site wrote M last), so it is made once
 * before the band and the terms are chained without it. */
#ifndef SOLAR_VERIFY_BAND_H
#define SOLAR_VERIFY_BAND_H

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The values an affine.for with constant bounds gives its induction
 * variable: first, first + step, ..., trips of them. */
typedef struct {
  int64_t first, step, trips;
} SolarVerifyLoopRange;

/* Whether `loop` is an affine.for with constant bounds and a positive
 * step; its range in *range when it is. */
bool solarVerifyConstantLoop(MlirOperation loop, SolarVerifyLoopRange *range);

/* Whether `value` is computed from `iv` (through at most `depth` ops). */
bool solarVerifyDependsOn(MlirValue value, MlirValue iv, int depth);

/* The outermost loop of the band around the site `load` -> `store` (the
 * same element of memref M): each loop of it an affine.for with constant
 * bounds and at least one iteration, directly nested in the next, whose
 * induction variable the element's indices do not use and which holds no
 * other access to M's buffer (through any view) and no pointer it cannot
 * tell apart from M. `entryFunc` is the function solar-verify calls: only
 * its memref arguments are known to be distinct buffers. Null when the
 * site's own loop is no such loop. */
MlirOperation solarVerifyReductionBand(MlirOperation load, MlirOperation store,
                                       MlirOperation entryFunc);

/* How many times the site `store` runs in one execution of its band
 * `band` (the product of the band loops' trip counts): the number of
 * terms the band adds to one element, whatever the data. */
int64_t solarVerifyBandTerms(MlirOperation band, MlirOperation store);

#ifdef __cplusplus
}
#endif

#endif
