/* Lowering a copy of the analyzed IR to the LLVM dialect and JIT-compiling
 * it with MLIR's ExecutionEngine.
 *
 * The copy lives in a private MLIRContext: the analyzed IR is never touched,
 * and the LLVM dialect and a second pass pipeline can be loaded and run
 * while solar's own pass is still running on the analyzed context (MLIR
 * expects every dialect of a context to be loaded before its pass manager
 * starts). */
#ifndef SOLAR_VERIFY_LOWERING_H
#define SOLAR_VERIFY_LOWERING_H

#include "solar/verify/verify_accumulate.h"
#include "solar/verify/verify_assert.h"

#include "mlir-c/ExecutionEngine.h"
#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The upstream pipelines from affine/scf/arith/math/memref/func to LLVM:
 * lower-affine and the bounds checks; then (after verify_interchange.h's
 * loop hints and verify_inbounds.h's proofs) the second lowers the rest of
 * affine and folds the checks that are constant; the checks left are then
 * lowered by verify_assert.h and the third lowers the rest. */
extern const char *const solarVerifyAffineLowering;
extern const char *const solarVerifyChecksPipeline;
extern const char *const solarVerifyLoweringPipeline;

typedef struct {
  MlirContext ctx;        /* owned */
  MlirModule module;      /* owned; lowered to the LLVM dialect */
  MlirExecutionEngine engine; /* owned */
  /* what the run's f64 accumulations saw (owned; filled by the call) */
  SolarVerifyAccumulation accumulation;
  /* the messages of the lowered bounds checks (verify_assert.h) */
  SolarVerifyChecks checks;
} SolarVerifyJit;

/* Copies `source` (a builtin.module, or a func.func that is then wrapped in
 * one) into a private context, marks function `funcName` with
 * llvm.emit_c_interface, makes its accumulations f64
 * (verify_accumulate.h), lowers and JIT-compiles. Diagnostics of the copy
 * carry the original locations. On failure returns false with a message in
 * err and *jit empty. */
bool solarVerifyJitCreate(MlirOperation source, const char *funcName,
                          SolarVerifyJit *jit, char *err, size_t errSize);
void solarVerifyJitDestroy(SolarVerifyJit *jit);

#ifdef __cplusplus
}
#endif

#endif
