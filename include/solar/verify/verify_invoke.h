/* Calling a JIT-compiled function through its packed `_mlir_ciface_`
 * wrapper with memref descriptors built from .npy data. */
#ifndef SOLAR_VERIFY_INVOKE_H
#define SOLAR_VERIFY_INVOKE_H

#include "solar/verify/verify_lowering.h"
#include "solar/verify/verify_npy.h"
#include "solar/verify/verify_signature.h"

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Calls `funcName` once. argData[i] holds argument i: the values of an
 * input, or the starting contents (zeros) of a destination buffer, which is
 * overwritten with what the function left there. results[r] receives result
 * r (caller destroys each with solarNpyArrayDestroy); memrefs the function
 * allocated are freed after their contents were copied. A crash of the
 * compiled code (SIGSEGV, SIGFPE, ...) or a write outside an argument's
 * buffer fails with a message; `argNames` name the arguments in it. */
bool solarVerifyInvoke(const SolarVerifyJit *jit, const char *funcName,
                       const SolarVerifySignature *sig, SolarNpyArray *argData,
                       const char *const *argNames, SolarNpyArray *results,
                       char *err, size_t errSize);

#ifdef __cplusplus
}
#endif

#endif
