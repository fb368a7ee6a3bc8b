/* Running JIT-compiled IR in a child process under resource limits. The IR
 * comes from a language model or a user's file: whatever it does (crash,
 * loop forever, recurse without end, allocate without bound, end the
 * process) ends only the child, and the parent turns each way the child can
 * end into a verification failure that names the cause. */
#ifndef SOLAR_VERIFY_SANDBOX_H
#define SOLAR_VERIFY_SANDBOX_H

#include "solar/verify/verify_invoke.h"

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Defaults (docs/reliability.md): CPU seconds of one run, the stack, and
 * the address space a run may add: a fixed part plus a multiple of the
 * program's own argument and output bytes plus the bytes of the buffers it
 * allocates itself. The wall-time limit is
 * kSolarVerifyWallFactor times the CPU limit plus kSolarVerifyWallSlack
 * seconds: waiting is not work, but a loaded machine slows a CPU-bound run. */
#define SOLAR_VERIFY_DEFAULT_CPU_SECONDS 120.0
#define SOLAR_VERIFY_STACK_BYTES (64.0 * 1024 * 1024)
#define SOLAR_VERIFY_MEMORY_BASE_BYTES (1024.0 * 1024 * 1024)
#define SOLAR_VERIFY_MEMORY_BUFFER_FACTOR 16.0
#define SOLAR_VERIFY_WALL_FACTOR 10.0
#define SOLAR_VERIFY_WALL_SLACK_SECONDS 30.0

typedef struct {
  double cpuSeconds;  /* CPU-time limit; 0: the default */
  double memoryBytes; /* address space the run may add; 0: sized from bufferBytes */
  double bufferBytes; /* the program's argument and output bytes */
  double allocBytes;  /* its statically sized memref.alloc bytes, each once
                         (counted up to half the machine's memory) */
} SolarVerifyLimits;

/* Parses a duration in seconds ("2", "0.5", "30s") or a byte size ("512MiB",
 * "4GiB", "1048576"; K/M/G/T are powers of 1024 with or without "iB"/"B").
 * False unless the text is one finite number > 0 (at most 1e6 s or 2^50
 * bytes) with an allowed unit. */
bool solarVerifyParseSeconds(const char *text, double *seconds);
bool solarVerifyParseBytes(const char *text, double *bytes);

/* solarVerifyInvoke in a forked child under the limits; the computed
 * outputs come back through a pipe. Same contract as solarVerifyInvoke. */
bool solarVerifyInvokeSandboxed(const SolarVerifyJit *jit,
                                const char *funcName,
                                const SolarVerifySignature *sig,
                                SolarNpyArray *argData,
                                const char *const *argNames,
                                SolarNpyArray *results,
                                const SolarVerifyLimits *limits, char *err,
                                size_t errSize);

#ifdef __cplusplus
}
#endif

#endif
