/* Element-wise comparison of a computed output with the reference.
 *
 * An element matches when |actual - expected| <= A + rtol * |expected|
 * (numpy.isclose) with A = atol + scale * max |expected| over the finite
 * expected values of the output: rounding errors of a long reduction scale
 * with the magnitude of its terms, which an output that cancels to near zero
 * no longer shows. NaN matches NaN at the same position; an infinity matches
 * only the same infinity. max_abs_err and max_rel_err are taken over the
 * elements where both values are finite; max_rel_err only where the
 * expected value is not zero. */
#ifndef SOLAR_VERIFY_COMPARE_H
#define SOLAR_VERIFY_COMPARE_H

#include "solar/verify/verify_npy.h"

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
  double rtol;
  double atol;
  double scale; /* of max |expected|, added to atol */
} SolarTolerance;

/* Defaults (rtol/atol/scale): f64 1e-9/1e-12/1e-12, f32 1e-4/1e-5/1e-5,
 * f16 and bf16 1e-2/1e-2/1e-3, integer and i1 types exact. */
SolarTolerance solarDefaultTolerance(SolarDtype dtype);

enum { kSolarShownMismatches = 5 };

typedef struct {
  bool shapeMatches;  /* false: the arrays were not compared element-wise */
  size_t elements;
  size_t mismatches;
  double maxAbsExpected; /* over finite expected values */
  double atol;           /* the effective one: atol + scale * maxAbsExpected */
  double maxAbsErr;
  double maxRelErr;
  size_t shownCount;  /* first mismatches, in row-major order */
  size_t shownIndex[kSolarShownMismatches];
  double shownActual[kSolarShownMismatches];
  double shownExpected[kSolarShownMismatches];
} SolarCompareResult;

/* Both arrays must have the same dtype (the signature check ensures it). */
void solarCompareArrays(const SolarNpyArray *actual,
                        const SolarNpyArray *expected, SolarTolerance tol,
                        SolarCompareResult *result);

/* Formats flat row-major index `flat` of `shape` as "[i, j, k]". */
void solarFormatIndex(size_t flat, const int64_t *shape, int64_t rank,
                      char *buf, size_t size);

/* Formats an element value for messages: integers exactly, floats with %g
 * (and nan / inf / -inf). */
void solarFormatValue(double value, bool isFloat, char *buf, size_t size);

#ifdef __cplusplus
}
#endif

#endif
