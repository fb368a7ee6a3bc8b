/* The deterministic import frontend, shared by `solar import` and
 * `solar analyze`: tools/python/solar_import.py (a subprocess: the reference run,
 * then torch-mlir's FX importer or jax -> StableHLO -> IREE's input
 * conversion) writes linalg on tensors and a reference manifest into a work
 * directory; here MLIR 22 parses the text, --solar-lower-to-affine and
 * --solar-verify run in-process, and only a verified module comes back.
 * See docs/importers.md. */
#ifndef SOLAR_CLI_IMPORT_H
#define SOLAR_CLI_IMPORT_H

#include "cli_train.h"
#include "cli_verify_limits.h"

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stddef.h>

typedef struct {
  const char *model;
  const char *framework; /* "torch" | "jax" */
  const char *function;  /* the exported func.func's name */
  const char *workDir;   /* WORK/import.mlir, WORK/ref/; created if needed,
                            never removed here */
  const char *imported;  /* a linalg file to use instead of exporting */
  const char *seed, *runs; /* NULL: the exporter's defaults */
  const char *rtol, *atol; /* NULL: solar-verify's defaults */
  SolarCliVerifyLimits verifyLimits;
  const char *const *overrides; /* "K=V", NULL-terminated; may be NULL */
  /* The same, each ignored (with a note) when the program has no
   * assignment of that name: what `solar bench --override` passes to every
   * program. */
  const char *const *overridesIfAssigned;
  const char *verifySize; /* "auto" | "full" | N; NULL: auto */
  /* One training step instead of the forward pass (docs/importers.md,
   * "Training steps"): the loss (mse | cross_entropy | sum) and the
   * optimizer (sgd | adamw); NULL: the exporter's defaults. */
  SolarTrainStep train;
  /* The exporter's stdout goes to our stderr (for commands whose stdout is
   * a report), else to our stdout. */
  bool chatterToStderr;
  /* The exporter (with its reference run) and all it starts are killed
   * after this many seconds; 0: no limit. */
  double timeoutSeconds;
  /* solar analyze: the path the module's text will be written to and
   * analyzed from. With two sizes, the full-size module is then kept for
   * the analysis (out->ctx, out->analyzed) as it would be parsed from
   * that file, and its structure check lifts it as the analysis does, for
   * the analysis (solarFuncEinsumGraphPrelift). NULL: `solar import`. */
  const char *analyzedPath;
} SolarImportRequest;

typedef struct {
  char *module; /* the verified affine module as text (caller frees) */
  /* With request->analyzedPath and two sizes: the full-size module, as
   * parsed from `module` written to that path, with the graphs its
   * structure check lifted kept for its analysis, and the context that
   * holds it (`module` is registered there as that path's source text:
   * keep it while the context lives). Null otherwise. The caller may
   * take both (then destroy the module, after
   * solarFuncEinsumGraphPreliftsDiscard, and the context itself), else
   * solarImportResultDestroy does. */
  MlirContext ctx;
  MlirModule analyzed;
  /* Why the import failed, in one line without the diagnostics' location:
   * the exporter's own error (unsupported op, importer missing, ...) or the
   * first MLIR error. "" on success. */
  char reason[1024];
  /* The program itself failed (missing, syntax error, an exception): a
   * user error, not a gap in the importer's coverage. */
  bool programError;
  /* The IR lowered and ran but its outputs do not match the reference
   * (solar bench: verify-failed, not a gap in coverage). */
  bool verifyFailed;
  /* Verified at reduced sizes, analyzed at full size: `module` is the
   * full-size export, lowered, with the verified attribute of the shrunk
   * one after the einsum graphs of both were found to match. */
  bool twoSizes;
  /* The failure is the structure check's refusal (retried at larger
   * verification sizes by solarImportRun). */
  bool structureRefused;
  size_t structureNodes; /* einsum nodes compared */
  /* "only sizes differ", or which block repeats more often at full size */
  char structureNote[512];
  char verifiedSizes[512]; /* "B=128, IN=512" ("" when at full size) */
} SolarImportResult;

/* Exports, lowers and verifies (at the sizes --verify-size chooses; then
 * lowers the full-size export and checks its structure against the
 * verified one). The exporter's and MLIR's diagnostics are
 * printed on stderr as they come. False with the failure in `err` (a
 * sentence for "<command>: error: %s") and `out->reason`. */
bool solarImportRun(const SolarImportRequest *request, SolarImportResult *out,
                    char *err, size_t errSize);

void solarImportResultDestroy(SolarImportResult *result);

#endif
