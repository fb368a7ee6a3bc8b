/* Analysis passes annotate, they do not replace: on IR that is not yet
 * affine (linalg on tensors from torch-mlir, IREE's input phase) they lower
 * a private copy, analyze it, and attach the results to the user's
 * functions, so the module a pass pipeline continues with is the input plus
 * solar.* attributes. */
#ifndef SOLAR_PASSES_ANALYSIS_H
#define SOLAR_PASSES_ANALYSIS_H

#include "mlir-c/IR.h"

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
  MlirOperation original; /* borrowed: the op the pass runs on */
  MlirOperation analyzed; /* original itself, or the lowered copy (owned) */
  bool copied;
} SolarAnalysisTarget;

/* Sets target->analyzed to `op` when it is affine already, else to a copy
 * lowered by solarPrepareForAnalysis. False (diagnostics emitted, nothing
 * to end) when lowering failed. */
bool solarAnalysisBegin(MlirOperation op, SolarAnalysisTarget *target);

/* With a copy: sets each attribute of `names` (NULL-terminated) found on a
 * function of the copy on the original function of the same symbol name
 * (func.func or util.func), then destroys the copy. Without one: nothing
 * to do, the stages wrote to the original directly. */
void solarAnalysisEnd(SolarAnalysisTarget *target, const char *const *names);

/* The original function a copied function's results go to (null when the
 * lowering invented it). */
MlirOperation solarAnalysisOriginalFunc(const SolarAnalysisTarget *target,
                                        MlirOperation analyzedFunc);

#ifdef __cplusplus
}
#endif

#endif
