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
 * function's buffers), then the canonicalize the pipeline ends with. */
const char *const solarDeallocPipeline =
    "buffer-deallocation-pipeline,canonicalize";

/* Then linalg -> affine loops and clean-up, as the module-level pipeline
 *   func.func(convert-linalg-to-affine-loops),canonicalize,cse,
 *   fold-memref-alias-ops,canonicalize,cse
 * (runLinalgToAffine, below, leaves out what would change nothing).
 * fold-memref-alias-ops rewrites loads and stores through subview /
 * expand_shape / collapse_shape into accesses of the base buffer, which the
 * einsum graph reads directly. */

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

/* Runs the module-level pipeline `elements`. The verifier runs only where
 * `verify` asks (after the last stage): a whole-module walk per pass was a
 * quarter of the lowering's instructions, and one between stages another
 * 4% (the upstream passes hand over valid IR; what reaches the analysis is
 * verified once). */
static bool runStage(MlirOperation moduleOp, const char *elements,
                     bool verify) {
  MlirContext ctx = mlirOperationGetContext(moduleOp);
  MlirPassManager pm = mlirPassManagerCreateOnOperation(
      ctx, mlirStringRefCreateFromCString("builtin.module"));
  ErrorText err = {""};
  bool ok = mlirLogicalResultIsSuccess(mlirOpPassManagerAddPipeline(
      mlirPassManagerGetAsOpPassManager(pm),
      mlirStringRefCreateFromCString(elements), collect, &err));
  mlirPassManagerEnableVerifier(pm, false);
  if (!ok)
    solarEmitError(mlirOperationGetLocation(moduleOp),
                   "solar-lower-to-affine: invalid pipeline: %s", err.text);
  else
    ok = mlirLogicalResultIsSuccess(mlirPassManagerRunOnOp(pm, moduleOp)) &&
         (!verify || mlirOperationVerify(moduleOp));
  mlirPassManagerDestroy(pm);
  return ok;
}

typedef struct {
  bool multiBlock; /* some region holds more than one block */
  bool aliasUse;   /* an alias op's result used where fold-memref-alias-ops
                      could fold it */
} OpCensus;

static bool isAliasOp(MlirOperation op) {
  return solarOpIs(op, "memref.subview") ||
         solarOpIs(op, "memref.expand_shape") ||
         solarOpIs(op, "memref.collapse_shape");
}

/* Users of an alias op that fold-memref-alias-ops (LLVM 22) leaves alone:
 * its patterns fold memref/vector/gpu/nvgpu loads and stores and a subview
 * of a subview, not affine accesses or reshapes. Anything else counts as
 * foldable. */
static bool aliasUserIsInert(MlirOperation user, MlirOperation alias) {
  if (solarOpIs(user, "memref.subview"))
    return !solarOpIs(alias, "memref.subview");
  return solarOpIs(user, "affine.load") || solarOpIs(user, "affine.store") ||
         solarOpIs(user, "memref.expand_shape") ||
         solarOpIs(user, "memref.collapse_shape") ||
         solarOpIs(user, "memref.dealloc");
}

static MlirWalkResult censusOp(MlirOperation op, void *userData) {
  OpCensus *census = userData;
  for (intptr_t r = 0; r < mlirOperationGetNumRegions(op); ++r) {
    MlirBlock first = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r));
    if (!mlirBlockIsNull(first) &&
        !mlirBlockIsNull(mlirBlockGetNextInRegion(first)))
      census->multiBlock = true;
  }
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i) {
    MlirValue v = mlirOperationGetOperand(op, i);
    if (mlirValueIsAOpResult(v) &&
        isAliasOp(mlirOpResultGetOwner(v)) &&
        !aliasUserIsInert(op, mlirOpResultGetOwner(v)))
      census->aliasUse = true;
  }
  return MlirWalkResultAdvance;
}

static OpCensus takeCensus(MlirOperation op) {
  OpCensus census = {false, false};
  mlirOperationWalk(op, censusOp, &census, MlirWalkPreOrder);
  return census;
}

/* canonicalize's region simplification (unreachable blocks, dead block
 * arguments, identical blocks, region-wide DCE) finds nothing that the
 * greedy rewrites' own dead-op erasure does not when every region has one
 * block and no loop-carried values: then it is a whole-module walk per
 * iteration for nothing (4% of a GPT-2 network's lowering). */
static const char *canonicalizeFor(MlirOperation moduleOp) {
  return takeCensus(moduleOp).multiBlock
             ? "canonicalize"
             : "canonicalize{region-simplify=disabled}";
}

/* solarLinalgToAffinePipeline in two stages: fold-memref-alias-ops is a
 * greedy rewrite of the whole module (4% of a GPT-2 network's lowering)
 * and folds nothing when no alias op has a user it folds; the module it
 * would see has just been canonicalized and cse'd, the canonicalize after
 * it does the same folding and dead-op erasure, so leaving it out there
 * changes nothing. */
static bool runLinalgToAffine(MlirOperation moduleOp) {
  char first[160], second[160];
  const char *canonicalize = canonicalizeFor(moduleOp);
  snprintf(first, sizeof(first),
           "func.func(convert-linalg-to-affine-loops),%s,cse", canonicalize);
  if (!runStage(moduleOp, first, false))
    return false;
  OpCensus census = takeCensus(moduleOp);
  snprintf(second, sizeof(second), "%s%s,cse",
           census.aliasUse ? "fold-memref-alias-ops," : "", canonicalize);
  return runStage(moduleOp, second, true);
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
  bool lowered =
      !onTensors || runStage(moduleOp, solarBufferizePipeline, false);
  if (lowered && onTensors)
    lowered = solarDeallocStraightLine(moduleOp)
                  ? runStage(moduleOp, canonicalizeFor(moduleOp), false)
                  : runStage(moduleOp, solarDeallocPipeline, false);
  if (lowered) {
    solarRewriteMemrefCopies(moduleOp);
    lowered = runLinalgToAffine(moduleOp);
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
