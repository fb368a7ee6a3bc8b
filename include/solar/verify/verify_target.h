/* Keeping the compiled verification code independent of the host CPU.
 *
 * LLVM lowers a conversion to or from a narrow float type to one
 * instruction where the CPU has it (AVX512-BF16, F16C, AVX512-FP16) and to
 * a runtime call (__truncsfbf2, ...) elsewhere, which the process may not
 * define: the same program would verify on one machine and fail to compile
 * on another. The lowering pipeline therefore rewrites narrow-float
 * arithmetic into f32 and the bf16 conversions into integer arithmetic
 * (verify_lowering.c); what it cannot reach is handled here. */
#ifndef SOLAR_VERIFY_TARGET_H
#define SOLAR_VERIFY_TARGET_H

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The environment variable that names the LLVM CPU model the JIT compiles
 * for (for example "x86-64", the baseline without any narrow-float
 * instruction); unset or empty: the host CPU. */
#define SOLAR_VERIFY_CPU_ENV "SOLAR_VERIFY_CPU"

/* Rewrites `arith.truncf f64 -> bf16` and `arith.extf bf16 -> f64` in
 * `module` (before lowering) as two conversions through f32, the one width
 * upstream's integer expansion of bf16 handles. */
void solarVerifySplitWideBf16Casts(MlirModule module);

/* When SOLAR_VERIFY_CPU is set, marks every defined llvm.func of the
 * lowered `module` with that target CPU and no extra features, so the code
 * uses only what that CPU model has. Returns false with a message when the
 * value is not a plausible CPU name. */
bool solarVerifyPinTargetCpu(MlirModule module, char *err, size_t errSize);

#ifdef __cplusplus
}
#endif

#endif
