/* The verifier's JIT (verify_lowering.h): the copy pruned to the function
 * and what it calls, lowered to LLVM and handed to the ExecutionEngine. */
#include "solar/verify/verify_lowering.h"
#include "solar/verify/verify_assert.h"
#include "solar/verify/verify_chunk.h"
#include "solar/verify/verify_ciface.h"
#include "solar/verify/verify_extract.h"
#include "solar/verify/verify_outline.h"
#include "solar/verify/verify_share.h"
#include "solar/verify/verify_inbounds.h"
#include "solar/verify/verify_interchange.h"
#include "solar/verify/verify_noalias.h"
#include "solar/support/funcs.h"
#include "solar/support/grow.h"

#include "solar/dialect/context.h"
#include "solar/support/diagnostics.h"
#include "solar/verify/verify_externals.h"
#include "solar/verify/verify_target.h"
#include "solar/verify/verify_text.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/Pass.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Executed IR is untrusted: an access outside its memref (an affine store
 * at %i - 1 from i = 0, found by fuzz campaign 7) would write into the
 * allocator's own memory and end the child with a corrupted heap, or worse
 * pass with garbage next to the buffers. generate-runtime-verification puts
 * a bounds assertion before every memref access, subview and reshape (on
 * the memref ops lower-affine leaves, before expand-strided-metadata
 * rewrites the views), so such a run ends at the first bad access with
 * its source location. Each check is two compares per index; the cost to
 * the verification run's speed has not been measured (LLVM's optimizer
 * drops the ones it can prove, which it is not relied upon to do).
 * expand-strided-metadata emits affine.apply, so lower-affine runs again
 * after it. canonicalize then folds the checks whose operands are
 * constants (a static subview's: generate-runtime-verification emits an
 * scf.if and a cf.assert per dimension even then): DenseNet-201's top-level
 * function held 16,008 such scf.ifs in one block of 100,000 ops, and
 * convert-scf-to-cf's dialect conversion, which splits the block at each
 * and logs every op moved until the pass ends, grew as ifs x ops to 17.9
 * GiB. The checks left are lowered by verify_assert.h (linear, where
 * convert-cf-to-llvm is not) between the two pipelines; math-to-libm picks up what math-to-llvm leaves (tanh, erf,
 * ...) as calls into the process's libm; arith-expand removes the arith ops
 * that have no direct LLVM lowering (ceildivsi, floordivsi, ...).
 * Narrow floats never reach LLVM as arithmetic: bf16 and f16 arith and math
 * ops compute in f32 between an extension and a rounding (the result of one
 * IEEE operation rounded once more to 8 or 11 bits is the correctly rounded
 * narrow result, as 24 >= 2p + 2), and arith-expand turns the bf16
 * conversions (and the f8E8M0 / f4E2M1 ones) into integer arithmetic, so no
 * instruction or runtime function of the host decides the result
 * (verify_target.h; f16 conversions stay LLVM's, which on a CPU without F16C
 * calls libgcc's __truncsfhf2 / __extendhfsf2). */
const char *const solarVerifyAffineLowering =
    "builtin.module("
    "lower-affine,"
    "generate-runtime-verification{verbose-level=0})";
const char *const solarVerifyChecksPipeline =
    "builtin.module("
    "expand-strided-metadata,"
    "lower-affine,"
    "canonicalize)";

const char *const solarVerifyLoweringPipeline =
    "builtin.module("
    "convert-scf-to-cf,"
    "arith-emulate-unsupported-floats{source-types=bf16,f16 target-type=f32},"
    "math-extend-to-supported-types{target-type=f32},"
    "arith-expand{include-bf16=true include-f8e8m0=true include-f4e2m1=true},"
    "convert-math-to-llvm,"
    "convert-math-to-libm,"
    "finalize-memref-to-llvm,"
    "convert-arith-to-llvm,"
    "convert-index-to-llvm,"
    "convert-func-to-llvm,"
    "convert-cf-to-llvm,"
    "reconcile-unrealized-casts)";

/* ---- pruning the copy to what the function needs ---------------------- */

typedef struct {
  MlirOperation *items;
  size_t count;
  size_t capacity;
} OpList;

static bool listContains(const OpList *list, MlirOperation op) {
  for (size_t i = 0; i < list->count; ++i)
    if (mlirOperationEqual(list->items[i], op))
      return true;
  return false;
}

static void listPush(OpList *list, MlirOperation op) {
  list->items = solarGrow(list->items, &list->capacity, list->count,
                          sizeof(MlirOperation));
  list->items[list->count++] = op;
}

typedef struct {
  MlirModule module;
  OpList *reachable;
} CalleeSearch;

static MlirWalkResult addCallees(MlirOperation op, void *userData) {
  CalleeSearch *search = userData;
  if (!solarOpIs(op, "func.call"))
    return MlirWalkResultAdvance;
  MlirAttribute callee =
      mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("callee"));
  if (mlirAttributeIsNull(callee) || !mlirAttributeIsAFlatSymbolRef(callee))
    return MlirWalkResultAdvance;
  MlirOperation func = solarFindFunc(mlirModuleGetOperation(search->module),
                                     mlirFlatSymbolRefAttrGetValue(callee));
  if (!mlirOperationIsNull(func) && !listContains(search->reachable, func))
    listPush(search->reachable, func);
  return MlirWalkResultAdvance;
}

/* Other functions of the analyzed module (another translation, a linalg
 * version, einsum-graph ops of earlier solar passes) need not lower for this
 * one to run, so the copy keeps only the function, what it calls and the
 * globals it may read. */
static void pruneToFunction(MlirModule module, MlirOperation func) {
  OpList reachable = {NULL, 0, 0};
  listPush(&reachable, func);
  CalleeSearch search = {module, &reachable};
  for (size_t i = 0; i < reachable.count; ++i)
    mlirOperationWalk(reachable.items[i], addCallees, &search,
                      MlirWalkPreOrder);
  MlirBlock body = mlirModuleGetBody(module);
  MlirOperation op = mlirBlockGetFirstOperation(body);
  while (!mlirOperationIsNull(op)) {
    MlirOperation next = mlirOperationGetNextInBlock(op);
    MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
    bool keep = listContains(&reachable, op) ||
                solarOpIs(op, "memref.global") ||
                (name.length > 5 && strncmp(name.data, "llvm.", 5) == 0);
    if (!keep)
      mlirOperationDestroy(op);
    op = next;
  }
  free(reachable.items);
}


typedef struct {
  MlirOperation firstForeign;
} ForeignSearch;

static bool hasDialectPrefix(MlirOperation op, const char *const *dialects) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  for (const char *const *d = dialects; *d; ++d) {
    size_t length = strlen(*d);
    if (name.length > length && strncmp(name.data, *d, length) == 0 &&
        name.data[length] == '.')
      return true;
  }
  return false;
}

/* What the pipeline lowers; anything else would fail inside an upstream
 * pass with a message about that pass rather than about the op. */
static const char *const loweredDialects[] = {
    "affine", "scf", "arith", "math", "memref", "func", "cf", "index",
    "llvm", "builtin", "ub", NULL};
static const char *const llvmDialect[] = {"llvm", NULL};

static MlirWalkResult findNotLowered(MlirOperation op, void *userData) {
  ForeignSearch *search = userData;
  if (hasDialectPrefix(op, loweredDialects))
    return MlirWalkResultAdvance;
  search->firstForeign = op;
  return MlirWalkResultInterrupt;
}

static MlirWalkResult findNonLLVM(MlirOperation op, void *userData) {
  ForeignSearch *search = userData;
  if (hasDialectPrefix(op, llvmDialect) || solarOpIs(op, "builtin.module"))
    return MlirWalkResultAdvance;
  search->firstForeign = op;
  return MlirWalkResultInterrupt;
}

static bool reportForeign(MlirOperation op, char *err, size_t errSize) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  char where[512];
  solarLocationFormat(mlirOperationGetLocation(op), where, sizeof(where));
  snprintf(err, errSize,
           "cannot execute '%.*s' (at %s): the lowering handles the affine, "
           "scf, arith, math, memref, index, cf and func dialects",
           (int)name.length, name.data, where);
  return false;
}


/* Printing (with locations) and parsing again is the one way the C API
 * offers to move IR between contexts. The custom form is the one every
 * dialect guarantees to round-trip (the generic form of some named linalg
 * ops, for one, does not parse back). */
static MlirModule copyIntoContext(MlirOperation source, MlirContext ctx) {
  SolarText text = {0};
  MlirOpPrintingFlags flags = mlirOpPrintingFlagsCreate();
  mlirOpPrintingFlagsEnableDebugInfo(flags, true, false);
  mlirOperationPrintWithFlags(source, flags, solarTextAppendChunk, &text);
  mlirOpPrintingFlagsDestroy(flags);
  MlirModule module = mlirModuleCreateParse(
      ctx, mlirStringRefCreate(text.text ? text.text : "", text.length));
  free(text.text);
  return module;
}

/* False with `err` when the copy is not valid IR `when` (the MLIR
 * verifier's diagnostics say why). */
static bool copyVerifies(SolarVerifyJit *jit, const char *when, char *err,
                         size_t errSize) {
  if (mlirOperationVerify(mlirModuleGetOperation(jit->module)))
    return true;
  snprintf(err, errSize, "internal error: the verification copy is not valid "
                         "IR %s (see the diagnostics above)",
           when);
  return false;
}

/* Runs `pipeline` on the copy; false with `err` when it fails. The copy is
 * verified once before the pipeline (it comes from solar's own rewrites)
 * rather than after each of its upstream passes, as a pass manager does
 * by default: those 17 whole-module verifier runs were 12% of
 * DenseNet-201's verification (docs/performance.md); the lowered module
 * is verified once more at the end (lower()). */
static bool runPipeline(SolarVerifyJit *jit, const char *pipeline, char *err,
                        size_t errSize) {
  char when[128];
  snprintf(when, sizeof(when), "before the pipeline '%.90s...'", pipeline);
  if (!copyVerifies(jit, when, err, errSize))
    return false;
  MlirPassManager pm = mlirPassManagerCreate(jit->ctx);
  mlirPassManagerEnableVerifier(pm, false);
  MlirOpPassManager opm = mlirPassManagerGetAsOpPassManager(pm);
  bool ok = mlirLogicalResultIsSuccess(mlirParsePassPipeline(
      opm, mlirStringRefCreateFromCString(pipeline), NULL, NULL));
  if (!ok)
    snprintf(err, errSize, "internal error: the lowering pipeline '%s' does "
                           "not parse",
             pipeline);
  if (ok && !mlirLogicalResultIsSuccess(mlirPassManagerRunOnOp(
                pm, mlirModuleGetOperation(jit->module)))) {
    snprintf(err, errSize, "lowering to the LLVM dialect failed (see the "
                           "diagnostics above)");
    ok = false;
  }
  mlirPassManagerDestroy(pm);
  return ok;
}

/* The longest block the upstream conversions see (verify_chunk.h): short
 * enough that renumbering one is cheap, long enough that the branches
 * between them are few. */
#define SOLAR_VERIFY_BLOCK_OPS 256

/* Long function blocks cut into chains first (verify_chunk.h), then affine, with the bounds checks, then the vector loops' hint
 * (verify_interchange.h), which lower-affine would drop, and the removal of
 * the checks proven redundant (verify_inbounds.h); then the constant checks
 * folded and the others lowered in linear time (verify_assert.h), then the
 * rest down to LLVM, and the function's body moved into its C interface
 * wrapper (verify_ciface.h). */
static bool lower(SolarVerifyJit *jit, const char *funcName, char *err,
                  size_t errSize) {
  ForeignSearch before = {{NULL}};
  mlirOperationWalk(mlirModuleGetOperation(jit->module), findNotLowered,
                    &before, MlirWalkPreOrder);
  if (!mlirOperationIsNull(before.firstForeign))
    return reportForeign(before.firstForeign, err, errSize);
  solarVerifySplitWideBf16Casts(jit->module);
  solarVerifySplitLongBlocks(jit->module, SOLAR_VERIFY_BLOCK_OPS);
  if (!runPipeline(jit, solarVerifyAffineLowering, err, errSize))
    return false;
  solarVerifyMarkVectorLoops(jit->module);
  solarVerifyDropProvenChecks(jit->module);
  if (!runPipeline(jit, solarVerifyChecksPipeline, err, errSize))
    return false;
  solarVerifyLowerAsserts(jit->module, &jit->checks);
  /* Again: canonicalize joined the chain into one block. */
  solarVerifySplitLongBlocks(jit->module, SOLAR_VERIFY_BLOCK_OPS);
  if (!runPipeline(jit, solarVerifyLoweringPipeline, err, errSize))
    return false;
  solarVerifyApplyNoAlias(jit->module);
  solarVerifyMergeEntryIntoInterface(jit->module, funcName);
  solarVerifyFoldDescriptorExtracts(jit->module);
  if (!copyVerifies(jit, "after its lowering to the LLVM dialect", err,
                    errSize))
    return false;
  ForeignSearch search = {{NULL}};
  mlirOperationWalk(mlirModuleGetOperation(jit->module), findNonLLVM, &search,
                    MlirWalkPreOrder);
  if (!mlirOperationIsNull(search.firstForeign))
    return reportForeign(search.firstForeign, err, errSize);
  return true;
}

/* True when the lowered module declares a function that this process does
 * not define (memrefCopy, the print helpers): only then is the runtime
 * library loaded. Loading it unconditionally costs a dlopen per
 * verification, and glibc's handling of its $ORIGIN runpath trips
 * valgrind's strncmp check at random heap addresses. */
static bool needsRunnerUtils(MlirModule module) {
  void *self = dlopen(NULL, RTLD_LAZY);
  bool missing = false;
  MlirBlock body = mlirModuleGetBody(module);
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op) && !missing;
       op = mlirOperationGetNextInBlock(op)) {
    if (!solarOpIs(op, "llvm.func") || !mlirBlockIsNull(mlirRegionGetFirstBlock(
                                           mlirOperationGetRegion(op, 0))))
      continue;
    MlirStringRef name = mlirStringAttrGetValue(mlirOperationGetAttributeByName(
        op, mlirSymbolTableGetSymbolAttributeName()));
    if (mlirStringRefEqual(name, mlirStringRefCreateFromCString(
                                     SOLAR_VERIFY_FAILED_CHECK)))
      continue; /* registered with the engine, not looked up */
    char *symbol = strndup(name.data, name.length);
    missing = !self || !dlsym(self, symbol);
    free(symbol);
  }
  if (self)
    dlclose(self);
  return missing;
}

bool solarVerifyJitCreate(MlirOperation source, const char *funcName,
                          SolarVerifyJit *jit, char *err, size_t errSize) {
  memset(jit, 0, sizeof(*jit));
  jit->ctx = solarContextCreate();
  if (mlirContextIsNull(jit->ctx)) {
    snprintf(err, errSize, "cannot create the execution context");
    return false;
  }
  jit->module = copyIntoContext(source, jit->ctx);
  if (mlirModuleIsNull(jit->module)) {
    snprintf(err, errSize, "internal error: the copy of the IR does not parse");
    solarVerifyJitDestroy(jit);
    return false;
  }
  MlirOperation func = solarFindFunc(mlirModuleGetOperation(jit->module),
                                     mlirStringRefCreateFromCString(funcName));
  if (mlirOperationIsNull(func)) {
    snprintf(err, errSize, "internal error: @%s is missing from the copy",
             funcName);
    solarVerifyJitDestroy(jit);
    return false;
  }
  pruneToFunction(jit->module, func);
  mlirOperationSetDiscardableAttributeByName(
      func, mlirStringRefCreateFromCString("llvm.emit_c_interface"),
      mlirUnitAttrGet(jit->ctx));
  /* Called only through that interface (_mlir_ciface_NAME, external). */
  mlirOperationSetDiscardableAttributeByName(
      func, mlirStringRefCreateFromCString("llvm.linkage"),
      solarVerifyInternalLinkage(jit->ctx));
  if (!solarVerifyAccumulateInF64(jit->module, func, &jit->accumulation, err,
                                  errSize)) {
    solarVerifyJitDestroy(jit);
    return false;
  }
  SolarOpList calls = {NULL, 0, 0};
  solarVerifyOutlineNests(jit->module, func, &calls);
  solarVerifyShareNests(jit->module, &calls);
  free(calls.items);
  if (!lower(jit, funcName, err, errSize) ||
      !mlirOperationIsNull(solarVerifyFindForbiddenExternal(
          mlirModuleGetOperation(jit->module), err, errSize)) ||
      !solarVerifyPinTargetCpu(jit->module, err, errSize)) {
    solarVerifyJitDestroy(jit);
    return false;
  }
  /* libmlir_c_runner_utils provides memrefCopy (memref.copy of non-trivial
   * layouts) and the printing helpers lowered IR may call. */
  MlirStringRef libs[] = {mlirStringRefCreateFromCString(
      SOLAR_LLVM_LIB_DIR "/libmlir_c_runner_utils.so")};
  int libCount = needsRunnerUtils(jit->module) ? 1 : 0;
  jit->engine = mlirExecutionEngineCreate(jit->module, 2, libCount, libs,
                                          false, false);
  if (mlirExecutionEngineIsNull(jit->engine)) {
    snprintf(err, errSize,
             "JIT compilation failed (translation to LLVM IR or an unresolved "
             "symbol; see the diagnostics above)");
    solarVerifyJitDestroy(jit);
    return false;
  }
  solarVerifyRegisterFailedCheck(jit->engine);
  return true;
}

void solarVerifyJitDestroy(SolarVerifyJit *jit) {
  if (!mlirExecutionEngineIsNull(jit->engine))
    mlirExecutionEngineDestroy(jit->engine);
  if (!mlirModuleIsNull(jit->module))
    mlirModuleDestroy(jit->module);
  if (!mlirContextIsNull(jit->ctx))
    mlirContextDestroy(jit->ctx);
  solarVerifyAccumulationDestroy(&jit->accumulation);
  solarVerifyChecksDestroy(&jit->checks);
  memset(jit, 0, sizeof(*jit));
}
