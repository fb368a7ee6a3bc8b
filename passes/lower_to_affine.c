/* solar-lower-to-affine: linalg (named ops and linalg.generic) on tensors
 * or memrefs -> affine loop nests on memrefs, destination-passing style
 * (lib/lower_to_affine.c has the pipeline). */
#include "solar/frontend/lower_to_affine.h"
#include "solar/passes/passes.h"

static void runLowerToAffine(MlirOperation op, MlirExternalPass pass,
                             const SolarOptions *options) {
  (void)options;
  if (!solarLowerToAffine(op))
    mlirExternalPassSignalFailure(pass);
}

static const char *const lowerToAffineOptions[] = {NULL};

const SolarPassInfo solarLowerToAffinePass = {
    .argument = "solar-lower-to-affine",
    .description = "Lower linalg / tensor IR to affine loops on memrefs "
                   "(bufferize, out-params, linalg-to-affine)",
    .valueOption = NULL,
    .optionNames = lowerToAffineOptions,
    .run = runLowerToAffine,
};
