/* Unit test of the rewrites of the verification copy before lowering:
 *   unit-verify_outline FILE.mlir FUNCTION
 * outlines the nests of FUNCTION (lib/verify/verify_outline.c) and prints
 * how many it moved and the module (test/Verify/outline-unit.test);
 *   unit-verify_outline FILE.mlir FUNCTION --accumulate
 * rewrites the module's accumulations with FUNCTION as the entry, as
 * solar-verify does (verify_accumulate.c, with verify_interchange.c's
 * moved output loops), prints the module, then how many loops carry the
 * vectorization hint after lower-affine and how many bounds checks were
 * dropped as proven (verify_inbounds.c; test/Verify/interchange-unit.test);
 *   unit-verify_outline FILE.mlir FUNCTION --share
 * outlines, then shares the nests that differ only in shapes
 * (verify_share.c), prints how many functions it erased and the module,
 * then how many bounds checks the first lowering step left after the
 * proven ones were dropped (test/Verify/share-unit.test);
 *   unit-verify_outline FILE.mlir FUNCTION --split K
 * outlines, then cuts the function blocks longer than K ops into chains
 * (verify_chunk.c), prints how many blocks it added, whether the module
 * verifies and the module (test/Verify/long-block.test);
 *   unit-verify_outline FILE.mlir FUNCTION --merge-ciface
 * FILE in the LLVM dialect: moves FUNCTION's body into its C interface
 * wrapper (verify_ciface.c), prints whether it did, whether the module
 * verifies and the module (test/Verify/ciface-merge.test);
 *   unit-verify_outline FILE.mlir FUNCTION --fold-extracts
 * FILE in the LLVM dialect: folds the descriptor field reads
 * (verify_extract.c), prints how many, whether the module verifies and the
 * module (test/Verify/fold-extracts.test). */
#include "solar/dialect/context.h"
#include "solar/support/funcs.h"
#include "solar/verify/verify_accumulate.h"
#include "solar/verify/verify_chunk.h"
#include "solar/verify/verify_ciface.h"
#include "solar/verify/verify_extract.h"
#include "solar/verify/verify_inbounds.h"
#include "solar/verify/verify_interchange.h"
#include "solar/verify/verify_lowering.h"
#include "solar/verify/verify_outline.h"
#include "solar/verify/verify_share.h"

#include "mlir-c/Pass.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void printChunk(MlirStringRef text, void *userData) {
  fwrite(text.data, 1, text.length, (FILE *)userData);
}

/* The accumulation rewrite, then the first lowering step and what follows
 * it in solar-verify's lowering. */
static int accumulate(MlirContext ctx, MlirModule module, MlirOperation func) {
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
  bool lowered =
      mlirLogicalResultIsSuccess(mlirParsePassPipeline(
          mlirPassManagerGetAsOpPassManager(pm),
          mlirStringRefCreateFromCString(solarVerifyAffineLowering), NULL,
          NULL)) &&
      mlirLogicalResultIsSuccess(
          mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(module)));
  mlirPassManagerDestroy(pm);
  if (lowered) {
    printf("vector loops %zu\n", solarVerifyMarkVectorLoops(module));
    printf("checks dropped %zu\n", solarVerifyDropProvenChecks(module));
  }
  solarVerifyAccumulationDestroy(&acc);
  return lowered ? 0 : 1;
}

static bool runPipeline(MlirContext ctx, MlirModule module,
                        const char *pipeline) {
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  bool ok = mlirLogicalResultIsSuccess(mlirParsePassPipeline(
                mlirPassManagerGetAsOpPassManager(pm),
                mlirStringRefCreateFromCString(pipeline), NULL, NULL)) &&
            mlirLogicalResultIsSuccess(
                mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(module)));
  mlirPassManagerDestroy(pm);
  return ok;
}

static MlirWalkResult countCheck(MlirOperation op, void *userData) {
  if (solarOpIs(op, "cf.assert"))
    ++*(size_t *)userData;
  return MlirWalkResultAdvance;
}

/* Outlining, sharing, then the lowering steps up to the bounds checks'
 * own lowering (the proven checks dropped, the constant ones folded). */
static int shareNests(MlirContext ctx, MlirModule module, MlirOperation func) {
  SolarOpList calls = {NULL, 0, 0};
  printf("outlined %zu\n", solarVerifyOutlineNests(module, func, &calls));
  printf("erased %zu\n", solarVerifyShareNests(module, &calls));
  free(calls.items);
  printf("verifies %d\n", mlirOperationVerify(mlirModuleGetOperation(module)));
  mlirOperationPrint(mlirModuleGetOperation(module), printChunk, stdout);
  printf("\n");
  if (!runPipeline(ctx, module, solarVerifyAffineLowering))
    return 1;
  solarVerifyDropProvenChecks(module);
  if (!runPipeline(ctx, module, solarVerifyChecksPipeline))
    return 1;
  size_t checks = 0;
  mlirOperationWalk(mlirModuleGetOperation(module), countCheck, &checks,
                    MlirWalkPreOrder);
  printf("checks left %zu\n", checks);
  return 0;
}

/* Outlining, then the long blocks cut into chains of at most `maxOps`. */
static int splitBlocks(MlirModule module, MlirOperation func, size_t maxOps) {
  printf("outlined %zu\n", solarVerifyOutlineNests(module, func, NULL));
  printf("blocks added %zu\n", solarVerifySplitLongBlocks(module, maxOps));
  printf("verifies %d\n", mlirOperationVerify(mlirModuleGetOperation(module)));
  mlirOperationPrint(mlirModuleGetOperation(module), printChunk, stdout);
  printf("\n");
  return 0;
}

int main(int argc, char **argv) {
  bool accumulation = argc == 4 && strcmp(argv[3], "--accumulate") == 0;
  bool sharing = argc == 4 && strcmp(argv[3], "--share") == 0;
  bool splitting = argc == 5 && strcmp(argv[3], "--split") == 0;
  bool merging = argc == 4 && strcmp(argv[3], "--merge-ciface") == 0;
  bool folding = argc == 4 && strcmp(argv[3], "--fold-extracts") == 0;
  if (argc != 3 && !accumulation && !sharing && !splitting && !merging &&
      !folding) {
    fprintf(stderr, "usage: unit-verify_outline FILE.mlir FUNCTION "
                    "[--accumulate|--share|--split K|--merge-ciface|"
                    "--fold-extracts]\n");
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
  int status = 0;
  if (accumulation) {
    status = accumulate(ctx, module, func);
  } else if (sharing) {
    status = shareNests(ctx, module, func);
  } else if (folding) {
    printf("folded %zu\n", solarVerifyFoldDescriptorExtracts(module));
    printf("verifies %d\n",
           mlirOperationVerify(mlirModuleGetOperation(module)));
    mlirOperationPrint(mlirModuleGetOperation(module), printChunk, stdout);
  } else if (merging) {
    printf("merged %d\n", solarVerifyMergeEntryIntoInterface(module, argv[2]));
    printf("verifies %d\n",
           mlirOperationVerify(mlirModuleGetOperation(module)));
    mlirOperationPrint(mlirModuleGetOperation(module), printChunk, stdout);
  } else if (splitting) {
    status = splitBlocks(module, func, (size_t)strtoul(argv[4], NULL, 10));
  } else {
    printf("outlined %zu\n", solarVerifyOutlineNests(module, func, NULL));
    printf("verifies %d\n",
           mlirOperationVerify(mlirModuleGetOperation(module)));
    mlirOperationPrint(mlirModuleGetOperation(module), printChunk, stdout);
  }
  mlirModuleDestroy(module);
  mlirContextDestroy(ctx);
  return status;
}
