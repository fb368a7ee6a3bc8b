/* Lowering linalg / tensor IR (what torch-mlir, IREE's input conversion and
 * hand-written linalg produce) to the affine loop nests solar analyzes, with
 * upstream passes plus one small rewrite (memref.copy -> linalg.generic, so
 * copies become loops the einsum graph can read). Exposed as the pass
 * --solar-lower-to-affine and run automatically by --solar-sol and
 * --solar-einsum-graph on input that still has linalg or tensors. */
#ifndef SOLAR_LOWER_TO_AFFINE_H
#define SOLAR_LOWER_TO_AFFINE_H

#include "mlir-c/IR.h"

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The upstream stages, module-level pipeline elements (no anchor): first
 * bufferization to destination-passing memref functions, then (after the
 * copy rewrite) linalg -> affine loops and cleanup. */
extern const char *const solarBufferizePipeline;
extern const char *const solarLinalgToAffinePipeline;

/* True when op (or anything below it) still has tensor values or linalg /
 * tensor / bufferization ops, i.e. is not yet the affine-on-memref form the
 * einsum graph reads. `first` (may be NULL) gets the first such op. */
bool solarNeedsAffineLowering(MlirOperation op, MlirOperation *first);

/* Lowers moduleOp (a builtin.module) in pass managers of its own, then
 * checks that nothing non-affine is left. Errors are emitted as diagnostics
 * with locations; returns false on failure. */
bool solarLowerToAffine(MlirOperation moduleOp);

/* For solar's analysis passes: lowers `anchor` first when it needs it. An
 * anchor that is not a builtin.module cannot be bufferized across function
 * boundaries, so that case is an error. */
bool solarLowerToAffineIfNeeded(MlirOperation anchor);

/* Replaces every memref.copy below op by an elementwise linalg.generic. */
void solarRewriteMemrefCopies(MlirOperation op);

#ifdef __cplusplus
}
#endif

#endif
