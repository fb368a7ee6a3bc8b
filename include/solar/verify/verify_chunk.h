/* Cutting the verification copy's long function blocks into chains of
 * short ones before the upstream lowering pipelines.
 *
 * Why: the dialect conversions of those pipelines (lower-affine,
 * convert-scf-to-cf, finalize-memref-to-llvm, convert-func-to-llvm, ...)
 * ask `Operation::isBeforeInBlock` after each replacement, and the first
 * query after an insertion renumbers the whole block
 * (`Block::recomputeOpOrder`). After outlining (verify_outline.h) the
 * verified function is one block of every call, view and cast of the
 * program, 100,000 ops for DenseNet-201, so those renumberings grew as
 * replacements x block length (10% of its verification's CPU time).
 * Blocks of at most `maxOps` ops joined by `cf.br` bound each renumbering
 * by `maxOps`. The chain is straight-line code (each block's one
 * predecessor is the one before it), so every value still dominates its
 * uses, nothing is reordered and what the function computes is unchanged;
 * LLVM's CFG simplification joins the blocks again. */
#ifndef SOLAR_VERIFY_CHUNK_H
#define SOLAR_VERIFY_CHUNK_H

#include "mlir-c/IR.h"

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Splits every block of a func.func body in `module` holding more than
 * `maxOps` ops (its terminator counted) into blocks of at most `maxOps`
 * ops each, the first keeping the block's arguments, each one but the last
 * ending in `cf.br` to the next. Blocks nested in other ops (loop bodies,
 * scf.if branches) are left whole: their regions take one block. Returns
 * how many blocks were added. */
size_t solarVerifySplitLongBlocks(MlirModule module, size_t maxOps);

#ifdef __cplusplus
}
#endif

#endif
