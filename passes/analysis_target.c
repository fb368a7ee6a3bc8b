/* The lowered copy behind every analysis pass (include/solar/passes/
 * analysis.h): results travel back by symbol name, since bufferization
 * rewrites signatures (out-parameters) but keeps function names. */
#include "solar/passes/analysis.h"

#include "solar/frontend/lower_to_affine.h"
#include "solar/support/funcs.h"

#include "mlir-c/BuiltinAttributes.h"

#include <string.h>

bool solarAnalysisBegin(MlirOperation op, SolarAnalysisTarget *target) {
  target->original = op;
  target->analyzed = op;
  target->copied = false;
  if (!solarNeedsAnalysisCopy(op))
    return true;
  MlirOperation copy = mlirOperationClone(op);
  if (!solarPrepareForAnalysis(copy)) {
    mlirOperationDestroy(copy);
    return false;
  }
  target->analyzed = copy;
  target->copied = true;
  return true;
}

MlirOperation solarAnalysisOriginalFunc(const SolarAnalysisTarget *target,
                                        MlirOperation analyzedFunc) {
  if (!target->copied)
    return analyzedFunc;
  MlirStringRef name = solarSymbolName(analyzedFunc);
  if (!name.data)
    return (MlirOperation){NULL};
  MlirOperation found = solarFindFunc(target->original, name);
  return solarIsFuncDefinition(found) ? found : (MlirOperation){NULL};
}

typedef struct {
  const SolarAnalysisTarget *target;
  const char *const *names;
} CopyBack;

static MlirWalkResult copyBack(MlirOperation op, void *userData) {
  const CopyBack *copy = userData;
  if (!solarIsFuncDefinition(op))
    return MlirWalkResultAdvance;
  MlirOperation original = solarAnalysisOriginalFunc(copy->target, op);
  if (mlirOperationIsNull(original))
    return MlirWalkResultSkip;
  for (const char *const *name = copy->names; *name; ++name) {
    MlirStringRef key = mlirStringRefCreateFromCString(*name);
    MlirAttribute value = mlirOperationGetAttributeByName(op, key);
    if (!mlirAttributeIsNull(value))
      mlirOperationSetDiscardableAttributeByName(original, key, value);
  }
  return MlirWalkResultSkip;
}

void solarAnalysisEnd(SolarAnalysisTarget *target, const char *const *names) {
  if (!target->copied)
    return;
  CopyBack copy = {target, names};
  mlirOperationWalk(target->analyzed, copyBack, &copy, MlirWalkPreOrder);
  mlirOperationDestroy(target->analyzed);
  target->analyzed = target->original;
  target->copied = false;
}
