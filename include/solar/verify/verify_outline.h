/* Outlining the top-level loop nests of the function solar-verify runs,
 * each into a function of its own, in the verification copy of the IR.
 *
 * Why: a whole network lowers to one function of a thousand loop nests
 * (ResNet-101: 1045), and LLVM's O2 pipeline (dominator-tree updates,
 * scalar evolution) costs more than linearly in the size of one function:
 * JIT-compiling ResNet-101 took longer than running it. One function per
 * nest, called in order and kept out of line (noinline), makes the
 * compilation linear in the number of nests. The copy computes the same
 * values in the same order; the analyzed IR is not touched. */
#ifndef SOLAR_VERIFY_OUTLINE_H
#define SOLAR_VERIFY_OUTLINE_H

#include "mlir-c/IR.h"
#include "solar/support/op_list.h"

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Moves every result-less affine.for, affine.parallel, scf.for and
 * scf.parallel directly in `func`'s body into a new private, noinline
 * func.func of `module` (named after func, "<func>.nest<k>"), replaced by
 * a func.call of it. The values the nest uses from outside become the new
 * function's arguments, except arith.constant results, which are cloned
 * into it (so LLVM still sees the constants); each is internal
 * (solarVerifyInternalLinkage). When no loop is left in `func`, it is
 * marked optnone (compiled at -O0: straight-line code run once). Pushes
 * each call it makes onto `calls` (unless NULL). Returns how many nests
 * were outlined. */
size_t solarVerifyOutlineNests(MlirModule module, MlirOperation func,
                               SolarOpList *calls);

/* #llvm.linkage<internal>, for a func.func's `llvm.linkage`: the
 * ExecutionEngine gives every function of external linkage a packed
 * wrapper `_mlir_NAME(void **)` that loads each lowered argument and calls
 * it, and LLVM compiles that wrapper more than linearly in the argument
 * count (the wrapper of MobileNetV2's entry passes 1,797 values, and
 * SelectionDAG's combiner compares its stack stores pairwise). The nests
 * and the entry are called only from inside the module (the entry through
 * its C interface, which stays external), so none needs one; internal
 * functions also let LLVM drop the arguments a nest does not use. */
MlirAttribute solarVerifyInternalLinkage(MlirContext ctx);

#ifdef __cplusplus
}
#endif

#endif
