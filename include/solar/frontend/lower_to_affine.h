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
 * bufferization to destination-passing memref functions, then buffer
 * deallocation (the upstream pipeline, or solarDeallocStraightLine and the
 * canonicalize after it), then (after the copy rewrite) linalg -> affine
 * loops and cleanup (lower_to_affine.c). */
extern const char *const solarBufferizePipeline;
extern const char *const solarDeallocPipeline;

/* When every function of the module is straight-line (one block; no
 * memref in a nested region, none returned, none made by an op that could
 * hand over ownership), inserts `memref.dealloc` of each memref.alloc
 * before the terminator, in allocation order (what upstream's
 * buffer-deallocation-pipeline gives such functions, in linear time), and
 * returns true; otherwise changes nothing and returns false. */
bool solarDeallocStraightLine(MlirOperation moduleOp);

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

/* Gives the uses of a tensor.empty below op one tensor.empty per framework
 * op (`solar.framework_op` of the user), placed before the group's first
 * user; uses without one keep the original. One-shot bufferization's
 * analysis is quadratic in the uses of one shared empty (split_empty.c).
 * Runs before solarFrameworkOpsToLocations moves the attribute. */
void solarSplitSharedEmpties(MlirOperation op);

/* Replaces every arith.truncf / arith.extf of a float arith.constant below
 * op by the constant of its result type, rounded as the cast rounds
 * (fold_constant_casts.c): a value, not per-point work. */
void solarFoldConstantCasts(MlirOperation op);

/* Replaces every memref.copy below op by an elementwise linalg.generic. */
void solarRewriteMemrefCopies(MlirOperation op);

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
