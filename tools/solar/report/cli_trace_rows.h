/* What the two attributions of a profiler trace share
 * (cli_trace_attribute.c: eager framework ops; cli_trace_compiled.c:
 * compiled kernels attributed to fusion groups): the unattributed rows,
 * finding the function to attribute to, and writing the rows into the
 * analyze report. */
#ifndef SOLAR_CLI_TRACE_ROWS_H
#define SOLAR_CLI_TRACE_ROWS_H

#include "cli_trace_read.h"

#include "solar/arch/arch.h"
#include "solar/sol/sol.h"

#include "mlir-c/IR.h"

#include <jansson.h>

/* One unattributed op name (or the trace's device work of no op). */
typedef struct {
  const char *name; /* borrowed from the trace */
  double seconds;   /* over all steps */
  size_t calls;
} SolarTraceOtherRow;

/* Adds one call of `name` taking `seconds` to the rows (realloc'ed). */
void solarTraceAddOther(SolarTraceOtherRow **rows, size_t *count,
                        const char *name, double seconds);

/* A row's phase in a training step (docs/analyze.md, "Training steps"):
 * the phase every one of its framework ops names, as a JSON string; null
 * when they name different phases or none (a forward pass). New ref. */
json_t *solarTracePhaseJson(const char *const *frameworkOps, size_t count);

/* Appends `name` to the JSON list of names unless it is there. */
void solarTraceAddName(json_t *names, const char *name);

/* Whether an op with `largestInput` elements of its largest input
 * (record_shapes'; -1: none recorded) can be `kernel`'s call: false with
 * the reason, naming the op, `where` it is and the step (`steps` whole
 * ones before it), in err. */
bool solarTraceShapesFit(const SolarKernelSol *kernel, int64_t largestInput,
                         const char *op, const char *where, size_t steps,
                         char *err, size_t errSize);

/* One kernel's row of an eager trace (per step): `op` the profiler's
 * name, `location` the exported graph's node, `traceNames` (referenced)
 * what was measured of it, `calls` and `seconds` over `steps` steps,
 * against its warm SOL (SolarKernelSol). New ref. */
json_t *solarTraceKernelRow(const SolarKernelSol *kernel, const char *op,
                            const char *location, json_t *traceNames,
                            size_t calls, double seconds, size_t steps);

/* Whether a trace's kernel map is a torch training step's
 * (framework "torch.train", solar_ref/profile.py torch_train_ops). */
bool solarTraceIsTrainMap(json_t *kernelOps);

/* A torch training step's eager trace attributed through that map
 * (cli_trace_train.c); the contract of solarTraceAttribute. */
bool solarTraceAttributeTrain(MlirOperation module, const SolarTrace *trace,
                              const char *path, json_t *report, char *err,
                              size_t errSize);

/* The one function of `module` whose solar.sol has framework-op kernels:
 * its figures (caller destroys), the op and its name (caller frees). False
 * with a message when none or several have. */
bool solarTraceKernelsOf(MlirOperation module, SolarSol *sol,
                         MlirOperation *func, char **name, char *err,
                         size_t errSize);

/* Writes `kernels` (the rows, taken, ranked by saving_s; each with
 * framework_op, op, location, measured_s, sol_s, saving_s, violation),
 * `unattributed` (the others per step, then the rest of the step),
 * `unattributed_s`, `trace_step_s`, `kernel_violations` and `trace` into
 * the report, the measured opportunities first in the function's. */
void solarTraceReport(json_t *report, const SolarTrace *trace,
                      const char *path, const char *function, json_t **rows,
                      size_t rowCount, const SolarTraceOtherRow *others,
                      size_t otherCount, size_t steps);

/* The compiled trace's attribution (cli_trace_compiled.c); the contract of
 * solarTraceAttribute. */
bool solarTraceAttributeCompiled(MlirOperation module,
                                 const SolarTrace *trace, const char *path,
                                 const SolarArch *arch, json_t *report,
                                 char *err, size_t errSize);

#endif
