/* Accumulating in f64 in the IR that is run for verification, and the
 * reduction statistics that scale the comparison's tolerance.
 *
 * A translation accumulates `acc[i] = acc[i] + x` in its own (f32, f16,
 * bf16) type in loop order: a 2^30-term fp32 mean stalls at 2^24, while the
 * framework sums pairwise or in blocks. The copy that is run (never the
 * analyzed IR) keeps every such accumulator's value in an f64 shadow array
 * and stores its rounding, so the run is as exact as the reference can be
 * and the comparison measures the translation, not the summation order
 * (docs/verification.md, "Accumulation order"). */
#ifndef SOLAR_VERIFY_ACCUMULATE_H
#define SOLAR_VERIFY_ACCUMULATE_H

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Per accumulated memref ("site"), three maxima over its elements where
 * its shadows are freed: the number of terms summed into one element, the
 * sum of their magnitudes and the magnitude of the final sum. The array is a shared anonymous mapping,
 * so a run in a forked child reports back to the parent. */
typedef struct {
  double *stats; /* owned; 3 per site */
  size_t sites;
  size_t mappedBytes;
} SolarVerifyAccumulation;

enum {
  kSolarAccumulationTerms = 0,
  kSolarAccumulationMagnitude = 1,
  kSolarAccumulationSum = 2
};

/* Rewrites every read-modify-write `store(load(M[idx]) + x, M[idx])` (and
 * `- x`) of an f32, f16 or bf16 memref M in `module` to accumulate in f64
 * shadow arrays of M (see the file comment), recording the statistics in
 * *acc. `entryFunc` is the function that is run (verify_band.h). Returns false with a message when the statistics cannot be mapped. */
bool solarVerifyAccumulateInF64(MlirModule module, MlirOperation entryFunc,
                                SolarVerifyAccumulation *acc, char *err,
                                size_t errSize);

/* The run's reduction error scale: the largest, over the sites, worst-case
 * error bound of a framework's f32 blocked/pairwise sum of that many terms
 * of that magnitude, relative to the largest sum (0 without sites). */
double solarVerifyAccumulationScale(const SolarVerifyAccumulation *acc);

/* The worst-case terms of rounding error in a blocked-then-pairwise sum of
 * n terms: min(n, B) + ceil(log2(ceil(n / B))), B = 256. */
double solarReductionErrorTerms(double n);

void solarVerifyAccumulationDestroy(SolarVerifyAccumulation *acc);

#ifdef __cplusplus
}
#endif

#endif
