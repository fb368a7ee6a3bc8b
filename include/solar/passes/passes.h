/* The table of solar passes. Each pass lives in its own file under passes/
 * and is built with mlirCreateExternalPass. The C API cannot add external
 * passes to MLIR's pass registry, so solar-opt resolves solar pass names in
 * pipelines itself through this table (see tools/solar-opt/pipeline.c). */
#ifndef SOLAR_PASSES_H
#define SOLAR_PASSES_H

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "solar/support/options.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct SolarPassInfo SolarPassInfo;

/* Run callback: `op` is the operation the pass is anchored on (any op: solar
 * passes are op-agnostic and walk the func.func ops below it). Signal failure
 * with mlirExternalPassSignalFailure after emitting an error. */
typedef void (*SolarPassRunFn)(MlirOperation op, MlirExternalPass pass,
                               const SolarOptions *options);

struct SolarPassInfo {
  const char *argument;      /* pipeline name, e.g. "solar-annotate-noop" */
  const char *description;   /* one line, shown by --help */
  const char *valueOption;   /* option set by `--argument=VALUE`, or NULL */
  const char *const *optionNames; /* NULL-terminated list of accepted keys */
  SolarPassRunFn run;
};

/* All solar passes, in --help order. */
size_t solarPassCount(void);
const SolarPassInfo *solarPassAt(size_t index);
const SolarPassInfo *solarPassLookup(const char *argument);

/* True when `key` is one of info's accepted options. */
bool solarPassAcceptsOption(const SolarPassInfo *info, const char *key);

/* Creates the pass; `options` is copied. Ownership of the returned pass goes
 * to whoever adds it to a pass manager (mlirOpPassManagerAddOwnedPass). */
MlirPass solarPassCreate(const SolarPassInfo *info, const SolarOptions *options);

/* Runs the solar pass `argument` with `options` on `module` (a
 * builtin.module) in a pass manager of its own: how the CLI runs one stage.
 * The pass prints its own diagnostics; false when it fails or no pass has
 * that name. */
bool solarRunPass(MlirOperation module, const char *argument,
                  const SolarOptions *options);

/* Pass descriptors, defined one per file in passes/. */
extern const SolarPassInfo solarAnnotateNoopPass;
extern const SolarPassInfo solarFusionGroupsPass;
extern const SolarPassInfo solarCacheTrafficPass;
extern const SolarPassInfo solarSolPass;
extern const SolarPassInfo solarBindShapesPass;
extern const SolarPassInfo solarReportPass;
extern const SolarPassInfo solarArchInfoPass;
extern const SolarPassInfo solarEinsumGraphPass;
extern const SolarPassInfo solarDumpEinsumGraphPass;
extern const SolarPassInfo solarVerifyPass;
extern const SolarPassInfo solarLowerToAffinePass;

#ifdef __cplusplus
}
#endif

#endif
