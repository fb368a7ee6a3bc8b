/* Fuzz target over the executed-IR path: what `solar-opt --solar-verify`
 * (and an LLM reply in `solar translate`) runs on untrusted IR. The input is
 * MLIR text; its first function with a body is checked for forbidden
 * external calls, lowered to LLVM, JIT-compiled and called inside the
 * verify sandbox (a child under CPU-time and address-space limits) on
 * arguments made from its own signature, as the verifier would with a
 * reference's data. Each input must end in a diagnostic or a completed
 * call whose results have the shapes the signature states; a crash or
 * sanitizer report of this process (the parent), a hang or wrong result
 * shapes are findings. What the executed code does inside the child is
 * contained by design and is not a finding. */
#include "fuzz_sol_chain.h"

#include "solar/solar.h"
#include "solar/verify/verify_dtype.h"
#include "solar/verify/verify_externals.h"
#include "solar/verify/verify_sandbox.h"
#include "solar/verify/verify_signature.h"

#include "mlir-c/BuiltinAttributes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
  kMaxInputBytes = 1 << 16,
  kDynamicExtent = 3,        /* what a '?' dimension gets */
  kMaxArgumentBytes = 1 << 24, /* all arguments together */
};

/* One run is small: the limits keep a looping or allocating input short. */
static const double kFuzzCpuSeconds = 2;
static const double kFuzzMemoryBytes = 256.0 * 1024 * 1024;

int solarFuzzReachedSol;
const char solarFuzzReachedWhat[] = "ran";

static MlirContext fuzzContext;

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  fuzzContext = solarContextCreate();
  if (mlirContextIsNull(fuzzContext)) {
    fprintf(stderr, "solar-fuzz-exec: cannot create the MLIR context\n");
    exit(2);
  }
  return 0;
}

void solarFuzzShutdown(void) {
  if (!mlirContextIsNull(fuzzContext))
    mlirContextDestroy(fuzzContext);
  fuzzContext = (MlirContext){NULL};
}

/* The first func.func of the module that has a body. */
static MlirOperation firstDefinedFunc(MlirOperation moduleOp) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(moduleOp, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    MlirIdentifier name = mlirOperationGetName(op);
    MlirStringRef text = mlirIdentifierStr(name);
    if (text.length == 9 && memcmp(text.data, "func.func", 9) == 0 &&
        mlirOperationGetNumRegions(op) == 1 &&
        !mlirBlockIsNull(
            mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0))))
      return op;
  }
  return (MlirOperation){NULL};
}

/* Argument i of the signature with a deterministic, small-valued content
 * (integers 0..6, floats multiples of 0.5): false when the arguments
 * together would exceed kMaxArgumentBytes. */
static bool makeArgument(const SolarVerifySlot *slot, SolarNpyArray *out,
                         size_t *totalBytes) {
  memset(out, 0, sizeof(*out));
  out->dtype = slot->dtype;
  out->rank = slot->rank;
  out->count = 1;
  if (slot->rank > 0) {
    out->shape = calloc((size_t)slot->rank, sizeof(int64_t));
    if (!out->shape)
      return false;
  }
  for (int64_t d = 0; d < slot->rank; ++d) {
    int64_t extent = slot->dims[d] < 0 ? kDynamicExtent : slot->dims[d];
    out->shape[d] = extent;
    if (extent > 0 && out->count > (size_t)kMaxArgumentBytes / (size_t)extent)
      return false;
    out->count *= (size_t)extent;
  }
  size_t elementBytes = solarVerifyDtypeSize(slot->dtype);
  if (elementBytes == 0 || out->count > kMaxArgumentBytes / elementBytes)
    return false;
  size_t bytes = out->count * elementBytes;
  if (*totalBytes + bytes > kMaxArgumentBytes)
    return false;
  *totalBytes += bytes;
  out->data = calloc(bytes ? bytes : 1, 1);
  if (!out->data)
    return false;
  for (size_t i = 0; i < out->count; ++i) {
    char *element = (char *)out->data + i * elementBytes;
    if (slot->dtype == SOLAR_DTYPE_FP32) {
      float v = 0.5f * (float)(i % 5);
      memcpy(element, &v, sizeof(v));
    } else if (slot->dtype == SOLAR_DTYPE_FP64) {
      double v = 0.5 * (double)(i % 5);
      memcpy(element, &v, sizeof(v));
    } else if (!solarVerifyDtypeIsFloat(slot->dtype)) {
      element[0] = (char)(slot->dtype == SOLAR_DTYPE_BOOL ? i % 2 : i % 7);
    }
  }
  return true;
}

/* A completed call must return what the signature states: a memref result
 * of the stated rank whose static extents match and whose element count is
 * the product of its shape. */
static void checkResults(const char *funcName, const SolarVerifySignature *sig,
                         const SolarNpyArray *results) {
  for (size_t r = 0; r < sig->resultCount; ++r) {
    const SolarVerifySlot *slot = &sig->results[r];
    const SolarNpyArray *got = &results[r];
    char what[160];
    snprintf(what, sizeof(what), "result %zu: rank %lld, %zu elements", r,
             (long long)got->rank, got->count);
    if (got->rank != slot->rank)
      solarFuzzNonsense(funcName, "result rank differs from the signature",
                        what);
    size_t count = 1;
    for (int64_t d = 0; d < got->rank; ++d) {
      if (got->shape[d] < 0 ||
          (slot->dims[d] >= 0 && got->shape[d] != slot->dims[d]))
        solarFuzzNonsense(funcName, "result extent differs from the signature",
                          what);
      count *= (size_t)got->shape[d];
    }
    if (count != got->count || (count > 0 && !got->data))
      solarFuzzNonsense(funcName, "result element count or data wrong", what);
  }
}

static void runFunction(MlirOperation moduleOp, MlirOperation func) {
  MlirAttribute nameAttr = mlirOperationGetAttributeByName(
      func, mlirStringRefCreateFromCString("sym_name"));
  if (mlirAttributeIsNull(nameAttr) || !mlirAttributeIsAString(nameAttr))
    return;
  MlirStringRef nameRef = mlirStringAttrGetValue(nameAttr);
  char funcName[256];
  snprintf(funcName, sizeof(funcName), "%.*s", (int)nameRef.length,
           nameRef.data);
  char err[4096];
  SolarVerifySignature sig;
  memset(&sig, 0, sizeof(sig));
  if (!solarVerifySignatureRead(func, &sig, err, sizeof(err)))
    return;
  SolarNpyArray *args = calloc(sig.argCount + 1, sizeof(SolarNpyArray));
  SolarNpyArray *results = calloc(sig.resultCount + 1, sizeof(SolarNpyArray));
  const char **argNames = calloc(sig.argCount + 1, sizeof(char *));
  char (*nameStore)[24] = calloc(sig.argCount + 1, 24);
  if (!args || !results || !argNames || !nameStore)
    abort();
  bool ready = true;
  size_t totalBytes = 0;
  for (size_t i = 0; i < sig.argCount && ready; ++i) {
    snprintf(nameStore[i], 24, "arg%zu", i);
    argNames[i] = nameStore[i];
    ready = makeArgument(&sig.args[i], &args[i], &totalBytes);
  }
  SolarVerifyJit jit;
  memset(&jit, 0, sizeof(jit));
  if (ready &&
      mlirOperationIsNull(
          solarVerifyFindForbiddenExternal(func, err, sizeof(err))) &&
      solarVerifyJitCreate(moduleOp, funcName, &jit, err, sizeof(err))) {
    /* The memory limit is explicit, so the allocation estimate is unused. */
    SolarVerifyLimits limits = {.cpuSeconds = kFuzzCpuSeconds,
                                .memoryBytes = kFuzzMemoryBytes,
                                .bufferBytes = (double)totalBytes,
                                .allocBytes = 0};
    if (solarVerifyInvokeSandboxed(&jit, funcName, &sig, args, argNames,
                                   results, &limits, err, sizeof(err))) {
      checkResults(funcName, &sig, results);
      solarFuzzReachedSol = 1;
      for (size_t r = 0; r < sig.resultCount; ++r)
        solarNpyArrayDestroy(&results[r]);
    }
  }
  solarVerifyJitDestroy(&jit); /* harmless on a zeroed or failed one */
  for (size_t i = 0; i < sig.argCount; ++i)
    solarNpyArrayDestroy(&args[i]);
  free(args);
  free(results);
  free(argNames);
  free(nameStore);
  solarVerifySignatureDestroy(&sig);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  solarFuzzReachedSol = 0;
  if (size > kMaxInputBytes)
    return 0;
  MlirModule module =
      solarParseModule(fuzzContext, (const char *)data, size, "fuzz-input");
  if (mlirModuleIsNull(module))
    return 0;
  MlirOperation moduleOp = mlirModuleGetOperation(module);
  MlirOperation func = firstDefinedFunc(moduleOp);
  if (!mlirOperationIsNull(func))
    runFunction(moduleOp, func);
  mlirModuleDestroy(module);
  solarDiagnosticsSetSource(fuzzContext, "fuzz-input", NULL, 0);
  return 0;
}
