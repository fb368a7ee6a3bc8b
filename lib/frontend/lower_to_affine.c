/* linalg / tensor -> affine, with nested pass managers on the module. */
#include "solar/frontend/lower_to_affine.h"

#include "solar/frontend/framework_op.h"

#include "solar/support/diagnostics.h"
#include "solar/support/funcs.h"

#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Pass.h"

#include <stdio.h>
#include <string.h>

/* Elementwise arith/math on tensors (JAX/StableHLO conversions emit some)
 * becomes linalg.generic first, since one-shot-bufferize has no model for
 * it. Function boundaries get identity layouts so signatures stay plain
 * row-major memrefs that solar-verify can call, and returned buffers become
 * out-parameters (destination-passing style: `(inputs..., weights...,
 * outputs...)`) with the result allocation hoisted into the argument. */
const char *const solarBufferizePipeline =
    "func.func(convert-elementwise-to-linalg),"
    "one-shot-bufferize{bufferize-function-boundaries "
    "function-boundary-type-conversion=identity-layout-map},"
    "buffer-results-to-out-params{hoist-static-allocs "
    "modify-public-functions}";

/* Temporaries get their memref.dealloc (ownership-based deallocation), so
 * the verified program does not leak in solar-verify's JIT. Straight-line
 * functions get exactly what this pipeline would give them from
 * solarDeallocStraightLine (lower_dealloc.c: the pipeline is cubic in a
 * function's buffers), then the clean-up the pipeline ends with. */
const char *const solarDeallocPipeline =
    "buffer-deallocation-pipeline,canonicalize";
const char *const solarDeallocStraightLineCleanup =
    "canonicalize";

/* fold-memref-alias-ops rewrites loads and stores through subview /
 * expand_shape / collapse_shape into accesses of the base buffer, which the
 * einsum graph reads directly. */
const char *const solarLinalgToAffinePipeline =
    "func.func(convert-linalg-to-affine-loops),"
    "canonicalize,cse,fold-memref-alias-ops,canonicalize,cse";

static bool isNonAffineDialect(MlirOperation op) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  static const char *const prefixes[] = {"linalg.", "tensor.",
                                         "bufferization.", NULL};
  for (int i = 0; prefixes[i]; ++i) {
    size_t n = strlen(prefixes[i]);
    if (name.length > n && strncmp(name.data, prefixes[i], n) == 0)
      return true;
  }
  return false;
}

static bool hasTensorValue(MlirOperation op) {
  if (solarOpHasValueOf(op, mlirTypeIsATensor))
    return true;
  for (intptr_t r = 0; r < mlirOperationGetNumRegions(op); ++r) {
    MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r));
    if (mlirBlockIsNull(entry))
      continue;
    for (intptr_t i = 0; i < mlirBlockGetNumArguments(entry); ++i)
      if (mlirTypeIsATensor(mlirValueGetType(mlirBlockGetArgument(entry, i))))
        return true;
  }
  return false;
}

/* A memref.copy of ranked memrefs: left by bufferization (tensor.pad,
 * insert_slice, returned arguments) in any program lowered before solar
 * sees it (upstream convert-linalg-to-affine-loops, lower-affine, IREE).
 * solarRewriteMemrefCopies turns it into loops the graph reads, wherever
 * the pipeline hands the program over. */
static bool isRankedCopy(MlirOperation op) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  return name.length == 11 && strncmp(name.data, "memref.copy", 11) == 0 &&
         mlirTypeIsAMemRef(mlirValueGetType(mlirOperationGetOperand(op, 0))) &&
         mlirTypeIsAMemRef(mlirValueGetType(mlirOperationGetOperand(op, 1)));
}

typedef struct {
  bool found;
  bool copiesToo; /* memref.copy counts as not affine */
  MlirOperation first;
} Search;

static MlirWalkResult findNonAffine(MlirOperation op, void *userData) {
  Search *search = userData;
  if (isNonAffineDialect(op) || hasTensorValue(op) ||
      (search->copiesToo && isRankedCopy(op))) {
    search->found = true;
    search->first = op;
    return MlirWalkResultInterrupt;
  }
  return MlirWalkResultAdvance;
}

static bool search(MlirOperation op, bool copiesToo, MlirOperation *first) {
  Search search = {false, copiesToo, {NULL}};
  mlirOperationWalk(op, findNonAffine, &search, MlirWalkPreOrder);
  if (first)
    *first = search.first;
  return search.found;
}

bool solarNeedsAffineLowering(MlirOperation op, MlirOperation *first) {
  return search(op, true, first);
}

typedef struct {
  char text[1024];
} ErrorText;

static void collect(MlirStringRef chunk, void *userData) {
  ErrorText *err = userData;
  size_t used = strlen(err->text);
  size_t room = sizeof(err->text) - 1 - used;
  size_t n = chunk.length < room ? chunk.length : room;
  memcpy(err->text + used, chunk.data, n);
  err->text[used + n] = '\0';
}

static bool runStage(MlirOperation moduleOp, const char *elements) {
  MlirContext ctx = mlirOperationGetContext(moduleOp);
  MlirPassManager pm = mlirPassManagerCreateOnOperation(
      ctx, mlirStringRefCreateFromCString("builtin.module"));
  ErrorText err = {""};
  bool ok = mlirLogicalResultIsSuccess(mlirOpPassManagerAddPipeline(
      mlirPassManagerGetAsOpPassManager(pm),
      mlirStringRefCreateFromCString(elements), collect, &err));
  /* The module is verified once after the stage rather than after each
   * of its passes: a whole-module walk per pass was a quarter of the
   * lowering's instructions. */
  mlirPassManagerEnableVerifier(pm, false);
  if (!ok)
    solarEmitError(mlirOperationGetLocation(moduleOp),
                   "solar-lower-to-affine: invalid pipeline: %s", err.text);
  else
    ok = mlirLogicalResultIsSuccess(mlirPassManagerRunOnOp(pm, moduleOp)) &&
         mlirOperationVerify(moduleOp);
  mlirPassManagerDestroy(pm);
  return ok;
}

static bool isModule(MlirOperation op) {
  return solarOpIs(op, "builtin.module");
}

bool solarLowerToAffine(MlirOperation moduleOp) {
  if (!isModule(moduleOp)) {
    solarEmitError(mlirOperationGetLocation(moduleOp),
                   "solar-lower-to-affine must run on a builtin.module "
                   "(bufferization crosses function boundaries)");
    return false;
  }
  /* The upstream passes report their own failures with locations. */
  solarSplitSharedEmpties(moduleOp);
  solarFoldConstantCasts(moduleOp);
  solarFrameworkOpsToLocations(moduleOp);
  /* A program already on memrefs (affine or scf loops, bufferized linalg)
   * is not bufferized again: its copies and linalg ops are lowered. */
  bool onTensors = search(moduleOp, false, NULL);
  bool lowered = !onTensors || runStage(moduleOp, solarBufferizePipeline);
  if (lowered && onTensors)
    lowered = runStage(moduleOp, solarDeallocStraightLine(moduleOp)
                                     ? solarDeallocStraightLineCleanup
                                     : solarDeallocPipeline);
  if (lowered) {
    solarRewriteMemrefCopies(moduleOp);
    lowered = runStage(moduleOp, solarLinalgToAffinePipeline);
  }
  solarFrameworkOpsFromLocations(moduleOp);
  if (!lowered)
    return false;
  MlirOperation left;
  if (solarNeedsAffineLowering(moduleOp, &left)) {
    MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(left));
    solarEmitError(mlirOperationGetLocation(left),
                   "solar-lower-to-affine: '%.*s' has no deterministic "
                   "lowering to affine loops (left after bufferization and "
                   "convert-linalg-to-affine-loops); lower it before solar, "
                   "or translate the program with `solar translate`",
                   (int)name.length, name.data);
    return false;
  }
  return true;
}

bool solarLowerToAffineIfNeeded(MlirOperation anchor) {
  MlirOperation first;
  if (!solarNeedsAffineLowering(anchor, &first))
    return true;
  if (!isModule(anchor)) {
    MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(first));
    solarEmitError(mlirOperationGetLocation(first),
                   "'%.*s' is not affine: run solar's analysis passes at "
                   "builtin.module level so that --solar-lower-to-affine can "
                   "run first",
                   (int)name.length, name.data);
    return false;
  }
  return solarLowerToAffine(anchor);
}

static MlirWalkResult findUtilFunc(MlirOperation op, void *userData) {
  if (solarOpIs(op, "util.func")) {
    *(bool *)userData = true;
    return MlirWalkResultInterrupt;
  }
  return MlirWalkResultAdvance;
}

bool solarNeedsAnalysisCopy(MlirOperation op) {
  bool util = false;
  mlirOperationWalk(op, findUtilFunc, &util, MlirWalkPreOrder);
  return util || solarNeedsAffineLowering(op, NULL);
}

bool solarPrepareForAnalysis(MlirOperation op) {
  solarConvertIreeFuncs(op);
  return solarLowerToAffineIfNeeded(op);
}
