/* Lowering the verification copy's cf.assert ops (the bounds checks of
 * generate-runtime-verification, torch-mlir's shape asserts) before the
 * upstream pipeline reaches them.
 *
 * Why: convert-cf-to-llvm lowers each cf.assert to a branch, a new global
 * holding its message and calls of puts and abort, and finds a free name
 * for the global and the two functions by scanning the module's symbols
 * one by one. With one check per memref access in every outlined nest the
 * module holds thousands of checks and thousands of symbols: DenseNet-201
 * at its verification sizes has 8,205 checks in 3,153 functions and spent
 * 52 s in that pass alone, growing as checks x symbols. Here each check
 * becomes `scf.if %ok {} else { call @solar_verify_failed_check(MSG) }`,
 * MSG the address of its message kept in this process (the copy is
 * JIT-compiled and run only here and in a forked child), so no symbol is
 * added per check and the cost is linear. The failed check prints the
 * message on stderr and aborts, as the upstream lowering does (puts goes
 * to stderr in the sandboxed child). */
#ifndef SOLAR_VERIFY_ASSERT_H
#define SOLAR_VERIFY_ASSERT_H

#include "mlir-c/ExecutionEngine.h"
#include "mlir-c/IR.h"

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The external function every lowered check calls when it fails; on the
 * allow-list of verify_externals.c. */
#define SOLAR_VERIFY_FAILED_CHECK "solar_verify_failed_check"

/* The messages the lowered checks point to. */
typedef struct {
  char **messages; /* owned, each owned */
  size_t count;
  size_t capacity;
} SolarVerifyChecks;

/* Rewrites every cf.assert of `module` (func, scf and cf level, before
 * convert-scf-to-cf) as described above, keeping the messages in *checks,
 * and declares SOLAR_VERIFY_FAILED_CHECK when there was one. */
void solarVerifyLowerAsserts(MlirModule module, SolarVerifyChecks *checks);

/* Gives the JIT the address of SOLAR_VERIFY_FAILED_CHECK; call after
 * creating the engine, before anything is looked up in it. */
void solarVerifyRegisterFailedCheck(MlirExecutionEngine engine);

void solarVerifyChecksDestroy(SolarVerifyChecks *checks);

#ifdef __cplusplus
}
#endif

#endif
