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
 * tensor / bufferization ops, or a memref.copy of ranked memrefs (left by
 * bufferization in a program lowered before solar: lowered to loops so
 * that every entry point is analyzed alike), i.e. is not yet the
 * affine-on-memref form the einsum graph reads. `first` (may be NULL) gets
 * the first such op. */
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

/* True for a function definition solar analyzes: func.func, or IREE's
 * util.func (parsed in generic form), with a body. */
bool solarIsFuncLike(MlirOperation op);

/* Replaces IREE's util.func / util.return below op by func.func /
 * func.return (same name, type, body and solar.* attributes). Used on the
 * copy solar lowers, never on the user's IR. */
void solarConvertIreeFuncs(MlirOperation op);

/* True when op cannot be analyzed as it is: it needs lowering to affine or
 * has util.func bodies (the analysis passes then work on a lowered copy). */
bool solarNeedsAnalysisCopy(MlirOperation op);

/* The one front part of every command and analysis pass: util.func ->
 * func.func, then linalg / tensor -> affine when needed. Rewrites op in
 * place (callers pass a copy they own); diagnostics emitted on failure. */
bool solarPrepareForAnalysis(MlirOperation op);

#ifdef __cplusplus
}
#endif

#endif
