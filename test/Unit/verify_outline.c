/* Unit test of the loop-nest outlining of the verification copy
 * (lib/verify/verify_outline.c): parses argv[1], outlines the nests of
 * function argv[2] and prints how many it moved and the module, which
 * test/Verify/outline-unit.test checks. */
#include "solar/dialect/context.h"
#include "solar/support/funcs.h"
#include "solar/verify/verify_outline.h"

#include <stdio.h>
#include <stdlib.h>

static void printChunk(MlirStringRef text, void *userData) {
  fwrite(text.data, 1, text.length, (FILE *)userData);
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: unit-verify_outline FILE.mlir FUNCTION\n");
    return 2;
  }
  FILE *in = fopen(argv[1], "rb");
  if (!in) {
    perror(argv[1]);
    return 2;
  }
  static char text[1 << 16];
  size_t length = fread(text, 1, sizeof(text) - 1, in);
  fclose(in);
  MlirContext ctx = solarContextCreate();
  MlirModule module =
      mlirModuleCreateParse(ctx, mlirStringRefCreate(text, length));
  if (mlirModuleIsNull(module))
    return 1;
  MlirOperation func = solarFindFunc(mlirModuleGetOperation(module),
                                     mlirStringRefCreateFromCString(argv[2]));
  printf("outlined %zu\n",
         solarVerifyOutlineNests(module, func));
  printf("verifies %d\n", mlirOperationVerify(mlirModuleGetOperation(module)));
  mlirOperationPrint(mlirModuleGetOperation(module), printChunk, stdout);
  mlirModuleDestroy(module);
  mlirContextDestroy(ctx);
  return 0;
}
