/* Unit test of the verification copy's checks (lib/verify/verify_assert.c
 * and solarVerifyChecksPipeline): parses argv[1], runs the pipelines that
 * add and fold the bounds checks, lowers the cf.assert ops left and
 * prints how many there were and the module, which
 * test/Verify/checks-unit.test checks. */
#include "solar/dialect/context.h"
#include "solar/support/files.h"
#include "solar/verify/verify_assert.h"
#include "solar/verify/verify_lowering.h"

#include "mlir-c/Pass.h"

#include <stdio.h>
#include <stdlib.h>

static void printChunk(MlirStringRef text, void *userData) {
  fwrite(text.data, 1, text.length, (FILE *)userData);
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: unit-verify_assert FILE.mlir\n");
    return 2;
  }
  size_t length = 0;
  char *text = solarReadFile(argv[1], &length);
  if (!text) {
    perror(argv[1]);
    return 2;
  }
  MlirContext ctx = solarContextCreate();
  MlirModule module =
      mlirModuleCreateParse(ctx, mlirStringRefCreate(text, length));
  free(text);
  if (mlirModuleIsNull(module))
    return 1;
  /* The two pipelines before verify_assert.c, as verify_lowering.c runs
   * them (its hints and proofs in between are left out: they fold no
   * check that canonicalize would not). */
  const char *pipelines[] = {solarVerifyAffineLowering,
                             solarVerifyChecksPipeline};
  for (size_t p = 0; p < 2; ++p) {
    MlirPassManager pm = mlirPassManagerCreate(ctx);
    if (mlirLogicalResultIsFailure(mlirParsePassPipeline(
            mlirPassManagerGetAsOpPassManager(pm),
            mlirStringRefCreateFromCString(pipelines[p]), NULL, NULL)) ||
        mlirLogicalResultIsFailure(
            mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(module))))
      return 1;
    mlirPassManagerDestroy(pm);
  }
  SolarVerifyChecks checks = {0};
  solarVerifyLowerAsserts(module, &checks);
  printf("checks %zu\n", checks.count);
  for (size_t i = 0; i < checks.count; ++i)
    printf("message %zu: %s\n", i, checks.messages[i]);
  printf("verifies %d\n", mlirOperationVerify(mlirModuleGetOperation(module)));
  mlirOperationPrint(mlirModuleGetOperation(module), printChunk, stdout);
  solarVerifyChecksDestroy(&checks);
  mlirModuleDestroy(module);
  mlirContextDestroy(ctx);
  return 0;
}
