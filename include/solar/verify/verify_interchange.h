/* Moving the output loop of a reduction under its reduction band, in the
 * verification copy of the IR, so LLVM vectorizes across output elements.
 *
 * Why: after verify_accumulate.h and verify_band.h a convolution's
 * verification adds each term to its element's f64 shadows in registers,
 * one element at a time: the reduction loops are innermost, so nothing
 * vectorizes, and the run is bound by the operations per term (VGG-16 at
 * batch 2, 6.2e10 flop, about 40 CPU s). Where the loop just outside the
 * band walks the element's last, stride-1 index (a convolution's output
 * column, a matmul's column), that loop is moved inside the band's
 * innermost loop: each term of a row of elements is then one vector
 * operation. Every element still gets the same terms in the same order
 * (the band's loops keep their order, and the elements are independent),
 * so the results are bit-identical; only the order in which different
 * elements advance changes. */
#ifndef SOLAR_VERIFY_INTERCHANGE_H
#define SOLAR_VERIFY_INTERCHANGE_H

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A rewritten band site of verify_accumulate.c: `store` writes M (the
 * rounding of the f64 sum), `band` is its reduction band, `shadows` the
 * shadow arrays of M (`sum` among them), `entryFunc` the function
 * solar-verify runs (only its memref arguments are distinct buffers).
 *
 * When M holds f32, the loop L directly around the band is an affine.for
 * with constant bounds, step 1 and at least 8 iterations whose induction
 * variable is the whole last (stride-1) index of M's element and in no
 * other, the band is a perfect nest, every access in L to M or a shadow
 * is of that same element, every other access reads a buffer told apart
 * from M's (along its last, stride-1 index where it moves with L, else
 * the vector loop would gather), every access in the band is proven in
 * bounds (verify_inbounds.h), and the other ops are arith (but frem) or
 * math.absf without L's variable: L is split. L keeps what came before
 * the band (the chain's check), a copy of L goes inside the band's
 * innermost loop around the site, marked for vectorization, and a third
 * copy after the band stores M's rounding once per element (nothing
 * reads M inside the band). Returns
 * whether it moved the loop; nothing changes when it did not. */
bool solarVerifySinkOutputLoop(MlirOperation band, MlirOperation store,
                               const MlirValue *shadows, size_t shadowCount,
                               MlirValue sum, MlirOperation entryFunc);

/* After lower-affine: each scf.for made from a loop that
 * solarVerifySinkOutputLoop moved gets LLVM's vectorization hint (its
 * `loop_annotation`, which the lowering to LLVM puts on the loop's
 * latch). The hint is carried on the loop's location, which lower-affine
 * keeps (it drops the affine.for's attributes). Returns how many. */
size_t solarVerifyMarkVectorLoops(MlirModule module);

#ifdef __cplusplus
}
#endif

#endif
