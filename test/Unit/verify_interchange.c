/* Unit test of the verification copy's f64 accumulation and the move of a
 * reduction's output loop under its band (lib/verify/verify_accumulate.c,
 * verify_interchange.c): parses argv[1], rewrites function argv[2]'s
 * accumulations as solar-verify does before lowering, and prints the
 * module, how many loops carry the vectorization hint after lower-affine
 * and how many bounds checks were dropped as proven;
 * test/Verify/interchange-unit.test checks them. */
#include "solar/dialect/context.h"
#include "solar/support/funcs.h"
#include "solar/verify/verify_accumulate.h"
#include "solar/verify/verify_inbounds.h"
#include "solar/verify/verify_interchange.h"
#include "solar/verify/verify_lowering.h"

#include "mlir-c/Pass.h"

#include <stdio.h>
#include <stdlib.h>

static void printChunk(MlirStringRef text, void *userData) {
  fwrite(text.data, 1, text.length, (FILE *)userData);
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: unit-verify_interchange FILE.mlir FUNCTION\n");
    return 2;
  }
  FILE *in = fopen(argv[1], "rb");
  if (!in) {
    perror(argv[1]);
    return 2;
  }
  static char text[1 << 20];
  size_t length = fread(text, 1, sizeof(text) - 1, in);
  fclose(in);
  MlirContext ctx = solarContextCreate();
  MlirModule module =
      mlirModuleCreateParse(ctx, mlirStringRefCreate(text, length));
  if (mlirModuleIsNull(module))
    return 1;
  MlirOperation func = solarFindFunc(mlirModuleGetOperation(module),
                                     mlirStringRefCreateFromCString(argv[2]));
  SolarVerifyAccumulation acc;
  char err[256];
  if (!solarVerifyAccumulateInF64(module, func, &acc, err, sizeof(err))) {
    fprintf(stderr, "%s\n", err);
    return 1;
  }
  printf("verifies %d\n", mlirOperationVerify(mlirModuleGetOperation(module)));
  mlirOperationPrint(mlirModuleGetOperation(module), printChunk, stdout);
  printf("\n");
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  if (mlirLogicalResultIsFailure(mlirParsePassPipeline(
          mlirPassManagerGetAsOpPassManager(pm),
          mlirStringRefCreateFromCString(solarVerifyAffineLowering), NULL,
          NULL)) ||
      mlirLogicalResultIsFailure(
          mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(module))))
    return 1;
  mlirPassManagerDestroy(pm);
  printf("vector loops %zu\n", solarVerifyMarkVectorLoops(module));
  printf("checks dropped %zu\n", solarVerifyDropProvenChecks(module));
  solarVerifyAccumulationDestroy(&acc);
  mlirModuleDestroy(module);
  mlirContextDestroy(ctx);
  return 0;
}
