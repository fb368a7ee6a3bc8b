/* Telling LLVM which memrefs of an outlined loop nest (verify_outline.h)
 * cannot alias, in the verification copy of the IR.
 *
 * Why: a reduction `C[i] += A[i, k] * B[k]` lowered to LLVM loads and
 * stores C[i] on every k, and with the f64 shadows of verify_accumulate.h
 * three more arrays beside it. LLVM may keep them in registers across the
 * k loop (LICM's scalar promotion) only when no other access in the loop
 * can touch them; the nest's memrefs arrive as arguments of its outlined
 * function, about which LLVM knows nothing. Where every memref the nest
 * uses comes from a distinct buffer (an argument of the verified function,
 * each in its own mapping made by verify_invoke.c, or a memref.alloc /
 * memref.alloca, through views), the aligned pointer of each gets LLVM's
 * `noalias`. The copy computes the same values in the same order (no
 * reassociation: the promoted accumulator adds the terms as the memory
 * one did). */
#ifndef SOLAR_VERIFY_NOALIAS_H
#define SOLAR_VERIFY_NOALIAS_H

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The name of the discardable attribute (an array<i32> of argument
 * positions of the LLVM function) that marks the pointers before the
 * lowering to LLVM, which drops a memref argument's own attributes. */
extern const char *const solarVerifyNoAliasAttr;

/* The buffer a memref value views: an argument of `entry` (a function's
 * entry block) or an alloc / alloca result, as a value; null when it comes
 * from anything else (a call, a global, a block argument of another block,
 * a region result), whose buffer cannot be told apart from the others. */
MlirValue solarVerifyRootBuffer(MlirValue value, MlirBlock entry);

/* `callee` is the outlined function of `nest`, `captures` the values the
 * call passes it (count of them, in argument order), `entry` the verified
 * function's entry block. When each memref capture has a distinct known
 * root buffer and the nest frees nothing, records on callee the positions
 * of their aligned pointers in the lowered argument list. Returns how many
 * were marked. */
size_t solarVerifyMarkNoAlias(MlirOperation callee, MlirOperation nest,
                              const MlirValue *captures, size_t count,
                              MlirBlock entry);

/* After the lowering to LLVM: each llvm.func carrying the mark gets
 * `llvm.noalias` on those arguments, and the mark is removed. */
void solarVerifyApplyNoAlias(MlirModule module);

#ifdef __cplusplus
}
#endif

#endif
