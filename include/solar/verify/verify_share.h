/* One function for the outlined loop nests (verify_outline.h) that differ
 * only in their shapes, in the verification copy of the IR.
 *
 * Why: after outlining, the LLVM compilation of the copy is linear in the
 * number of nests, and whole networks repeat the same nest at many shapes:
 * DenseNet-201's 3,153 nests are a few dozen kinds of nest (each dense
 * layer's batch norm, ReLU and concatenation copies over one more slice of
 * channels), ResNet-101 repeats its bottleneck 23 times at one shape, and
 * LLVM compiled each copy on its own (72% of DenseNet-201's verification).
 * Nests whose functions print the same once the numbers in their memref
 * types and their constant loop bounds are left out share one function:
 * the memref arguments whose types differ between the nests get the type
 * that keeps what they agree on (other sizes, strides and the offset
 * dynamic), and each loop bound that differs becomes an index argument.
 * The shared function performs the same operations in the same order on
 * the same elements for each call as the nest it replaces did, so the
 * values computed are bit-identical; the analyzed IR is not touched.
 *
 * Only nests whose every memory access is proven in bounds at every one of
 * its shapes (verify_inbounds.h) are shared, and the shared function's
 * accesses carry no run-time bounds check: a check that could fail would
 * name the first nest's location for all of them. */
#ifndef SOLAR_VERIFY_SHARE_H
#define SOLAR_VERIFY_SHARE_H

#include "mlir-c/IR.h"
#include "solar/support/op_list.h"

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* `calls` are the func.call ops solarVerifyOutlineNests made (each calls
 * an outlined nest of `module`). Groups the callees as described above;
 * every group of two or more keeps its first function, generalized, and
 * its calls are rewritten to it (memref.cast of the generalized memrefs,
 * arith.constant of the bounds, before each call); the other functions are
 * erased. The call ops in `calls` are replaced (the list is stale after).
 * Returns how many functions were erased. */
size_t solarVerifyShareNests(MlirModule module, const SolarOpList *calls);

#ifdef __cplusplus
}
#endif

#endif
