/* The verified function's body moved into its C interface wrapper, in the
 * verification copy lowered to the LLVM dialect.
 *
 * Why: convert-func-to-llvm's `_mlir_ciface_NAME` loads every memref
 * descriptor the verifier passes and calls NAME with each one's fields as
 * scalars: DenseNet-201's entry takes 620 memrefs, one call of 3,521
 * arguments. LLVM's O2 pipeline runs CalledValuePropagation before any
 * inlining, and its solver, for a call to a function it can track, merges
 * every formal argument each time any one actual argument's state changes:
 * arguments squared, 12 million merges and about 0.85 CPU s for that one
 * call, a third of the O2 pipeline of the whole verification copy
 * (docs/performance.md). With the body in the wrapper there is no such
 * call: the loaded fields replace the entry block's arguments, the body's
 * blocks follow the loads, and the wrapper takes the function's
 * passthrough flags (noinline and optnone when the outlining left it
 * straight-line code, verify_outline.h). The same operations run in the
 * same order, so what the function computes is unchanged. */
#ifndef SOLAR_VERIFY_CIFACE_H
#define SOLAR_VERIFY_CIFACE_H

#include "mlir-c/IR.h"

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/* In `module` (LLVM dialect): when `_mlir_ciface_<funcName>`'s one block
 * is loads and the like, one call of `funcName` without results and
 * `llvm.return`, and that is the only use of `funcName`, moves the body of
 * `funcName` into the wrapper as described above and erases `funcName`.
 * Returns whether it did; the module is unchanged otherwise. */
bool solarVerifyMergeEntryIntoInterface(MlirModule module, const char *funcName);

#ifdef __cplusplus
}
#endif

#endif
