/* solar-annotate-noop: proves the external-pass plumbing end to end. It walks
 * every func.func below the anchor op and attaches `solar.visited`, an
 * integer giving the function's position in walk order, plus the text of the
 * `tag` option when given. */
#include "solar/support/diagnostics.h"
#include "solar/passes/passes.h"
#include "solar/support/funcs.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <string.h>

typedef struct {
  const SolarOptions *options;
  int64_t nextIndex;
} AnnotateState;

static MlirWalkResult annotateFunc(MlirOperation op, void *userData) {
  AnnotateState *state = userData;
  if (!solarIsFunc(op))
    return MlirWalkResultAdvance;
  MlirContext ctx = mlirOperationGetContext(op);
  MlirAttribute index = mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64),
                                           state->nextIndex++);
  mlirOperationSetDiscardableAttributeByName(
      op, mlirStringRefCreateFromCString("solar.visited"), index);
  const char *tag = solarOptionsGet(state->options, "tag");
  if (tag)
    mlirOperationSetDiscardableAttributeByName(
        op, mlirStringRefCreateFromCString("solar.tag"),
        mlirStringAttrGet(ctx, mlirStringRefCreateFromCString(tag)));
  /* Functions do not nest, so their bodies need no visit. */
  return MlirWalkResultSkip;
}

static void runAnnotateNoop(MlirOperation op, MlirExternalPass pass,
                            const SolarOptions *options) {
  (void)pass;
  AnnotateState state = {options, 0};
  mlirOperationWalk(op, annotateFunc, &state, MlirWalkPreOrder);
  if (solarOptionsGetBool(options, "remark", false))
    solarEmitRemark(mlirOperationGetLocation(op),
                    "solar-annotate-noop visited %lld function(s)",
                    (long long)state.nextIndex);
}

static const char *const annotateNoopOptions[] = {"tag", "remark", NULL};

const SolarPassInfo solarAnnotateNoopPass = {
    .argument = "solar-annotate-noop",
    .description = "Attach solar.visited (walk index) to every func.func; "
                   "checks the pass plumbing",
    .valueOption = "tag",
    .optionNames = annotateNoopOptions,
    .run = runAnnotateNoop,
};
