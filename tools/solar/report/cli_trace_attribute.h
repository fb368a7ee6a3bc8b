/* Per-kernel headroom (solar analyze --trace, docs/analyze.md): the
 * measured top-level framework ops of a profiler trace attributed to the
 * framework-op kernels solar bounded (solar.sol's kernel_detail), by op
 * identity, order and input size, each compared with its own warm SOL; a
 * compiled trace's kernels attributed to fusion groups
 * (cli_trace_compiled.c). */
#ifndef SOLAR_CLI_TRACE_ATTRIBUTE_H
#define SOLAR_CLI_TRACE_ATTRIBUTE_H

#include "cli_trace_read.h"

#include "solar/arch/arch.h"

#include "mlir-c/IR.h"

#include <jansson.h>

/* Attributes `trace` (read from `path`) to the one function of `module`
 * whose solar.sol has framework-op kernels, and adds to `report` (the
 * analyze report): `kernels` (ranked by saving), `unattributed` rows,
 * `unattributed_s`, `trace_step_s`, `trace` (file, steps, device),
 * `kernel_violations`; the measured opportunities go first in that
 * function's `opportunities`. False with a message (what cannot be
 * matched, never a guess) in err. */
bool solarTraceAttribute(MlirOperation module, const SolarTrace *trace,
                         const char *path, const SolarArch *arch,
                         json_t *report, char *err, size_t errSize);

/* Whether a training step's trace can be attributed: a compiled (JAX)
 * trace, or one carrying the torch step's kernel map; false with the
 * reason in err. */
bool solarTraceHasTrainMap(const SolarTrace *trace, char *err,
                           size_t errSize);

/* The kernels table of a report that has one (nothing otherwise). */
void solarTracePrintText(FILE *out, json_t *report);

#endif
