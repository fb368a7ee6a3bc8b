#include "solar/verify_lowering.h"

#include "solar/context.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/Pass.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* expand-strided-metadata emits affine.apply, so it runs before
 * lower-affine; math-to-libm picks up what math-to-llvm leaves (tanh, erf,
 * ...) as calls into the process's libm; arith-expand removes the arith ops
 * that have no direct LLVM lowering (ceildivsi, floordivsi, ...). */
const char *const solarVerifyLoweringPipeline =
    "builtin.module("
    "expand-strided-metadata,"
    "lower-affine,"
    "convert-scf-to-cf,"
    "arith-expand,"
    "convert-math-to-llvm,"
    "convert-math-to-libm,"
    "finalize-memref-to-llvm,"
    "convert-arith-to-llvm,"
    "convert-index-to-llvm,"
    "convert-func-to-llvm,"
    "convert-cf-to-llvm,"
    "reconcile-unrealized-casts)";

typedef struct {
  char *text;
  size_t length;
} GrowingString;

static void appendChunk(MlirStringRef chunk, void *userData) {
  GrowingString *s = userData;
  char *grown = realloc(s->text, s->length + chunk.length + 1);
  if (!grown)
    abort();
  s->text = grown;
  memcpy(s->text + s->length, chunk.data, chunk.length);
  s->length += chunk.length;
  s->text[s->length] = '\0';
}

static bool nameIs(MlirOperation op, const char *name) {
  MlirStringRef text = mlirIdentifierStr(mlirOperationGetName(op));
  return text.length == strlen(name) &&
         strncmp(text.data, name, text.length) == 0;
}

static MlirOperation findFunc(MlirModule module, const char *funcName) {
  MlirBlock body = mlirModuleGetBody(module);
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    if (!nameIs(op, "func.func"))
      continue;
    MlirAttribute sym = mlirOperationGetAttributeByName(
        op, mlirSymbolTableGetSymbolAttributeName());
    MlirStringRef name = mlirStringAttrGetValue(sym);
    if (name.length == strlen(funcName) &&
        strncmp(name.data, funcName, name.length) == 0)
      return op;
  }
  return (MlirOperation){NULL};
}

typedef struct {
  MlirOperation firstForeign;
} ForeignSearch;

static MlirWalkResult findNonLLVM(MlirOperation op, void *userData) {
  ForeignSearch *search = userData;
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  bool isLLVM = name.length > 5 && strncmp(name.data, "llvm.", 5) == 0;
  if (isLLVM || nameIs(op, "builtin.module"))
    return MlirWalkResultAdvance;
  search->firstForeign = op;
  return MlirWalkResultInterrupt;
}

static void formatLocation(MlirLocation loc, char *buf, size_t size) {
  GrowingString s = {NULL, 0};
  mlirLocationPrint(loc, appendChunk, &s);
  snprintf(buf, size, "%s", s.text ? s.text : "?");
  free(s.text);
}

/* Printing (generic form, with locations) and parsing again is the one way
 * the C API offers to move IR between contexts. */
static MlirModule copyIntoContext(MlirOperation source, MlirContext ctx) {
  GrowingString text = {NULL, 0};
  MlirOpPrintingFlags flags = mlirOpPrintingFlagsCreate();
  mlirOpPrintingFlagsEnableDebugInfo(flags, true, false);
  mlirOpPrintingFlagsPrintGenericOpForm(flags);
  mlirOperationPrintWithFlags(source, flags, appendChunk, &text);
  mlirOpPrintingFlagsDestroy(flags);
  MlirModule module = mlirModuleCreateParse(
      ctx, mlirStringRefCreate(text.text ? text.text : "", text.length));
  free(text.text);
  return module;
}

static bool lower(SolarVerifyJit *jit, char *err, size_t errSize) {
  MlirPassManager pm = mlirPassManagerCreate(jit->ctx);
  MlirOpPassManager opm = mlirPassManagerGetAsOpPassManager(pm);
  bool ok = mlirLogicalResultIsSuccess(mlirParsePassPipeline(
      opm, mlirStringRefCreateFromCString(solarVerifyLoweringPipeline), NULL,
      NULL));
  if (!ok)
    snprintf(err, errSize, "internal error: the lowering pipeline '%s' does "
                           "not parse",
             solarVerifyLoweringPipeline);
  if (ok && !mlirLogicalResultIsSuccess(mlirPassManagerRunOnOp(
                pm, mlirModuleGetOperation(jit->module)))) {
    snprintf(err, errSize, "lowering to the LLVM dialect failed (see the "
                           "diagnostics above)");
    ok = false;
  }
  mlirPassManagerDestroy(pm);
  if (!ok)
    return false;
  ForeignSearch search = {{NULL}};
  mlirOperationWalk(mlirModuleGetOperation(jit->module), findNonLLVM, &search,
                    MlirWalkPreOrder);
  if (!mlirOperationIsNull(search.firstForeign)) {
    MlirStringRef name =
        mlirIdentifierStr(mlirOperationGetName(search.firstForeign));
    char where[512];
    formatLocation(mlirOperationGetLocation(search.firstForeign), where,
                   sizeof(where));
    snprintf(err, errSize,
             "cannot execute '%.*s' (at %s): the lowering handles the affine, "
             "scf, arith, math, memref, index, cf and func dialects",
             (int)name.length, name.data, where);
    return false;
  }
  return true;
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
  MlirOperation func = findFunc(jit->module, funcName);
  if (mlirOperationIsNull(func)) {
    snprintf(err, errSize, "internal error: @%s is missing from the copy",
             funcName);
    solarVerifyJitDestroy(jit);
    return false;
  }
  mlirOperationSetDiscardableAttributeByName(
      func, mlirStringRefCreateFromCString("llvm.emit_c_interface"),
      mlirUnitAttrGet(jit->ctx));
  if (!lower(jit, err, errSize)) {
    solarVerifyJitDestroy(jit);
    return false;
  }
  /* libmlir_c_runner_utils provides memrefCopy (memref.copy of non-trivial
   * layouts) and the printing helpers lowered IR may call. */
  MlirStringRef libs[] = {mlirStringRefCreateFromCString(
      SOLAR_LLVM_LIB_DIR "/libmlir_c_runner_utils.so")};
  jit->engine = mlirExecutionEngineCreate(jit->module, 2, 1, libs, false,
                                          false);
  if (mlirExecutionEngineIsNull(jit->engine)) {
    snprintf(err, errSize,
             "JIT compilation failed (translation to LLVM IR or an unresolved "
             "symbol; see the diagnostics above)");
    solarVerifyJitDestroy(jit);
    return false;
  }
  return true;
}

void solarVerifyJitDestroy(SolarVerifyJit *jit) {
  if (!mlirExecutionEngineIsNull(jit->engine))
    mlirExecutionEngineDestroy(jit->engine);
  if (!mlirModuleIsNull(jit->module))
    mlirModuleDestroy(jit->module);
  if (!mlirContextIsNull(jit->ctx))
    mlirContextDestroy(jit->ctx);
  memset(jit, 0, sizeof(*jit));
}
