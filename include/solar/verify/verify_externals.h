/* The allow-list of external symbols executed IR may call: the IR solar
 * runs comes from a language model or a user's file, and the JIT would
 * otherwise resolve any symbol of the process (exit, system, fork, ...). */
#ifndef SOLAR_VERIFY_EXTERNALS_H
#define SOLAR_VERIFY_EXTERNALS_H

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Whether `name` is a function executed IR may call without defining it:
 * a libm function (what convert-math-to-libm emits and what a translation
 * may declare itself), the allocation functions and the MLIR runtime helper
 * (memrefCopy) that finalize-memref-to-llvm emits. */
bool solarVerifyExternalAllowed(const char *name, size_t length);

/* Looks through `root` (before or after the lowering to LLVM) for a use of
 * an external function that is not allowed (a call, or taking its address),
 * inline assembly, or an indirect call. Returns that op (null when there is
 * none) with a sentence naming it in `err`. */
MlirOperation solarVerifyFindForbiddenExternal(MlirOperation root, char *err,
                                               size_t errSize);

#ifdef __cplusplus
}
#endif

#endif
