/* Unroll-and-jam of the outermost loop of the verification copy's
 * outlined loop nests (verify_outline.h), where it is provably legal.
 *
 * Why: once a reduction's accumulator lives in a register
 * (verify_noalias.h, verify_band.h), its run is bound by the latency of
 * one add per term, one chain at a time. Jamming k iterations of the outer
 * loop (a batch, an output row) interleaves k independent chains, as
 * upstream's affine-loop-unroll-jam does to the first loop of a function.
 * That utility does not check dependences; here it runs only where the
 * iterations of the outer loop touch disjoint elements of every buffer the
 * nest writes, so the jammed copy computes the same values (every element
 * still gets its terms in the same order). */
#ifndef SOLAR_VERIFY_JAM_H
#define SOLAR_VERIFY_JAM_H

#include "mlir-c/IR.h"

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Jams, by min(trip count, 4), the outer affine.for of each function of
 * `module` that solarVerifyMarkNoAlias marked, when its body is that one
 * loop (after leading arith.constant ops, which move into it), its bounds
 * are constant, the nest accesses memory only by affine.load/store on the
 * function's (distinct) memref arguments and calls nothing, and every
 * access of a written argument has the outer induction variable alone at
 * one and the same index position. Returns how many nests were jammed. */
size_t solarVerifyJamNests(MlirModule module);

#ifdef __cplusplus
}
#endif

#endif
