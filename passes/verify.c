/* solar-verify: executes a function of the analyzed IR on the inputs that
 * a framework reference (tools/python/solar_reference.py) recorded and compares
 * every output with the framework's. A translation counts only once it
 * computes what the framework computes.
 *
 * The analyzed IR is only read: a copy is lowered and JIT-compiled in a
 * private context (lib/verify_lowering.c). The outcome is attached to the
 * function as `solar.verified = #solar.verified<{...}>`; a mismatch fails
 * the pass with an error naming the output and the first wrong index. */
#include "solar/support/diagnostics.h"
#include "solar/support/dtype.h"
#include "solar/support/funcs.h"
#include "solar/passes/passes.h"
#include "solar/verify/verify_compare.h"
#include "solar/verify/verify_externals.h"
#include "solar/verify/verify_invoke.h"
#include "solar/verify/verify_lowering.h"
#include "solar/verify/verify_manifest.h"
#include "solar/verify/verify_npy.h"
#include "solar/verify/verify_report.h"
#include "solar/verify/verify_sandbox.h"
#include "solar/verify/verify_signature.h"
#include "solar/verify/verify_text.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  const char *manifestPath;
  const char *function;  /* NULL: from the manifest, else the only public one */
  const char *outputDir; /* NULL: do not write the computed outputs */
  bool haveRtol, haveAtol;
  double rtol, atol;
  SolarVerifyLimits limits; /* timeout=, memory= (0: the defaults) */
} VerifyOptions;

/* ---- options ------------------------------------------------------------ */

static bool parseTolerance(const SolarOptions *options, const char *key,
                           bool *have, double *value, MlirLocation loc) {
  const char *text = solarOptionsGet(options, key);
  *have = text != NULL;
  if (!text)
    return true;
  char *end = NULL;
  errno = 0;
  *value = strtod(text, &end);
  if (!*text || *end || errno || !isfinite(*value) || *value < 0) {
    solarEmitError(loc,
                   "solar-verify: option '%s' must be a non-negative number, "
                   "got '%s'",
                   key, text);
    return false;
  }
  return true;
}

static bool readOptions(const SolarOptions *options, MlirLocation loc,
                        VerifyOptions *out) {
  memset(out, 0, sizeof(*out));
  out->manifestPath = solarOptionsGet(options, "manifest");
  out->function = solarOptionsGet(options, "function");
  out->outputDir = solarOptionsGet(options, "output-dir");
  if (!out->manifestPath || !*out->manifestPath) {
    solarEmitError(loc, "solar-verify: no manifest given; use "
                        "--solar-verify=MANIFEST or solar-verify{manifest=...}");
    return false;
  }
  const char *timeout = solarOptionsGet(options, "timeout");
  if (timeout && !solarVerifyParseSeconds(timeout, &out->limits.cpuSeconds)) {
    solarEmitError(loc, "solar-verify: option 'timeout' must be CPU seconds "
                        "in (0, 1e6], got '%s'",
                   timeout);
    return false;
  }
  const char *memory = solarOptionsGet(options, "memory");
  if (memory && !solarVerifyParseBytes(memory, &out->limits.memoryBytes)) {
    solarEmitError(loc, "solar-verify: option 'memory' must be a size such "
                        "as 512MiB or 4GiB, got '%s'",
                   memory);
    return false;
  }
  return parseTolerance(options, "rtol", &out->haveRtol, &out->rtol, loc) &&
         parseTolerance(options, "atol", &out->haveAtol, &out->atol, loc);
}

/* ---- choosing the function ------------------------------------------------ */

static bool isPublicDefinition(MlirOperation func) {
  MlirAttribute visibility = mlirOperationGetAttributeByName(
      func, mlirStringRefCreateFromCString("sym_visibility"));
  if (!mlirAttributeIsNull(visibility)) {
    MlirStringRef v = mlirStringAttrGetValue(visibility);
    if (v.length != 6 || strncmp(v.data, "public", 6) != 0)
      return false;
  }
  MlirRegion body = mlirOperationGetRegion(func, 0);
  return !mlirBlockIsNull(mlirRegionGetFirstBlock(body));
}

/* The functions directly inside the anchor (or the anchor itself). */
static size_t collectFuncs(MlirOperation anchor, MlirOperation *funcs,
                           size_t capacity) {
  if (solarOpIs(anchor, "func.func")) {
    funcs[0] = anchor;
    return 1;
  }
  size_t count = 0;
  if (mlirOperationGetNumRegions(anchor) == 0)
    return 0;
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(anchor, 0));
  if (mlirBlockIsNull(body))
    return 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
    if (solarOpIs(op, "func.func") && count < capacity)
      funcs[count++] = op;
  return count;
}

static MlirOperation chooseFunc(MlirOperation anchor, const char *wanted,
                                MlirLocation loc) {
  if (wanted) {
    MlirOperation func =
        solarFindFunc(anchor, mlirStringRefCreateFromCString(wanted));
    if (!mlirOperationIsNull(func)) {
      if (!isPublicDefinition(func)) {
        solarEmitError(mlirOperationGetLocation(func),
                       "solar-verify: @%s is private or has no body; only "
                       "public function definitions can be executed",
                       wanted);
        return (MlirOperation){NULL};
      }
      return func;
    }
    solarEmitError(loc, "solar-verify: no function @%s in the module",
                   wanted);
    return (MlirOperation){NULL};
  }
  enum { kMaxFuncs = 256 };
  MlirOperation funcs[kMaxFuncs];
  size_t count = collectFuncs(anchor, funcs, kMaxFuncs);
  MlirOperation chosen = {NULL};
  char names[1024] = "";
  size_t publicCount = 0, used = 0;
  for (size_t i = 0; i < count; ++i) {
    if (!isPublicDefinition(funcs[i]))
      continue;
    MlirStringRef name = solarSymbolName(funcs[i]);
    if (used < sizeof(names))
      used += (size_t)snprintf(names + used, sizeof(names) - used, "%s@%.*s",
                               publicCount ? ", " : "", (int)name.length,
                               name.data);
    publicCount++;
    chosen = funcs[i];
  }
  if (publicCount == 1)
    return chosen;
  if (publicCount == 0)
    solarEmitError(loc, "solar-verify: the module has no public function to "
                        "execute");
  else
    solarEmitError(loc,
                   "solar-verify: the module has %zu public functions (%s); "
                   "choose one with solar-verify{function=NAME} or the "
                   "manifest's 'function'",
                   publicCount, names);
  return (MlirOperation){NULL};
}

/* ---- data ----------------------------------------------------------------- */

static bool shapesEqual(const int64_t *a, int64_t rankA, const int64_t *b,
                        int64_t rankB) {
  if (rankA != rankB)
    return false;
  for (int64_t d = 0; d < rankA; ++d)
    if (a[d] != b[d])
      return false;
  return true;
}

/* Loads the .npy file of manifest entry `arg` and checks it against the
 * entry's dtype and shape. */
static bool loadReference(const SolarManifestArg *arg, SolarNpyArray *out,
                          MlirLocation loc) {
  char err[1024];
  if (!solarNpyRead(arg->file, out, err, sizeof(err))) {
    solarEmitError(loc, "solar-verify: %s '%s': %s: %s",
                   solarArgRoleName(arg->role), arg->name, arg->file, err);
    return false;
  }
  if (out->dtype != arg->dtype ||
      !shapesEqual(out->shape, out->rank, arg->shape, arg->rank)) {
    char fileShape[256], manifestShape[256];
    solarFormatShape(out->shape, out->rank, fileShape, sizeof(fileShape));
    solarFormatShape(arg->shape, arg->rank, manifestShape, sizeof(manifestShape));
    solarEmitError(loc,
                   "solar-verify: %s '%s': %s holds %s %s but the manifest "
                   "says %s %s",
                   solarArgRoleName(arg->role), arg->name, arg->file,
                   solarVerifyDtypeName(out->dtype), fileShape,
                   solarVerifyDtypeName(arg->dtype), manifestShape);
    solarNpyArrayDestroy(out);
    return false;
  }
  return true;
}

/* Destination buffers start as poison, never zero: a framework returns a
 * fresh tensor, so a translation that accumulates into its output without
 * initializing it (a missing `C = 0` before `C += A * B`) is wrong, and a
 * zeroed buffer would hide exactly that bug. Every byte is 0xFF: NaN in
 * every float type (f64, f32, f16, bf16), -1 in every integer type, and an
 * i1 byte whose low bit is set (true). An element the function never
 * writes, or reads before writing, therefore shows up as a mismatch
 * ("got nan") instead of silently matching a zero reference. */
enum { kDestinationPoisonByte = 0xFF };

static void poisonArrayLike(const SolarManifestArg *arg, SolarNpyArray *out) {
  out->dtype = arg->dtype;
  out->rank = arg->rank;
  out->shape = calloc((size_t)(arg->rank ? arg->rank : 1), sizeof(int64_t));
  if (!out->shape)
    abort();
  out->count = 1;
  for (int64_t d = 0; d < arg->rank; ++d) {
    out->shape[d] = arg->shape[d];
    out->count *= (size_t)arg->shape[d];
  }
  size_t bytes = out->count * solarVerifyDtypeSize(arg->dtype);
  out->data = malloc(bytes ? bytes : 1);
  if (!out->data)
    abort();
  memset(out->data, kDestinationPoisonByte, bytes ? bytes : 1);
}

/* Everything one verification owns, released by destroyRun. */
typedef struct {
  SolarManifest manifest;
  SolarVerifySignature sig;
  SolarNpyArray *argData;   /* per function argument */
  SolarNpyArray *results;   /* per function result */
  SolarNpyArray *expected;  /* per manifest entry (outputs only) */
  const char **argNames;
  SolarVerifyJit jit;
  char *funcName;
} VerifyRun;

static void destroyRun(VerifyRun *run) {
  for (size_t i = 0; run->argData && i < run->sig.argCount; ++i)
    solarNpyArrayDestroy(&run->argData[i]);
  for (size_t i = 0; run->results && i < run->sig.resultCount; ++i)
    solarNpyArrayDestroy(&run->results[i]);
  for (size_t i = 0; run->expected && i < run->manifest.argCount; ++i)
    solarNpyArrayDestroy(&run->expected[i]);
  free(run->argData);
  free(run->results);
  free(run->expected);
  free(run->argNames);
  free(run->funcName);
  solarVerifyJitDestroy(&run->jit);
  solarVerifySignatureDestroy(&run->sig);
  solarManifestDestroy(&run->manifest);
}

static bool loadData(VerifyRun *run, MlirLocation loc) {
  const SolarManifest *m = &run->manifest;
  run->argData = calloc(run->sig.argCount + 1, sizeof(SolarNpyArray));
  run->results = calloc(run->sig.resultCount + 1, sizeof(SolarNpyArray));
  run->expected = calloc(m->argCount + 1, sizeof(SolarNpyArray));
  run->argNames = calloc(run->sig.argCount + 1, sizeof(char *));
  if (!run->argData || !run->results || !run->expected || !run->argNames)
    abort();
  for (size_t i = 0; i < m->argCount; ++i)
    if (m->args[i].role == SolarArgRoleOutput &&
        !loadReference(&m->args[i], &run->expected[i], loc))
      return false;
  for (size_t i = 0; i < run->sig.argCount; ++i) {
    const SolarManifestArg *arg = &m->args[run->sig.argToManifest[i]];
    run->argNames[i] = arg->name;
    if (arg->role == SolarArgRoleOutput)
      poisonArrayLike(arg, &run->argData[i]);
    else if (!loadReference(arg, &run->argData[i], loc))
      return false;
  }
  return true;
}

/* ---- comparing and reporting ---------------------------------------------- */

/* reductionScale: what the run's reductions allow relative to the largest
 * value (verify_accumulate.h); it raises the scaled absolute part of the
 * float outputs, never a given atol. */
static SolarTolerance toleranceFor(SolarDtype dtype, const VerifyOptions *opts,
                                   double reductionScale) {
  SolarTolerance tol = solarDefaultTolerance(dtype);
  if (solarVerifyDtypeIsFloat(dtype) && reductionScale > tol.scale)
    tol.scale = reductionScale;
  if (opts->haveRtol)
    tol.rtol = opts->rtol;
  /* A given atol is taken literally: no scaled part. */
  if (opts->haveAtol) {
    tol.atol = opts->atol;
    tol.scale = 0;
  }
  return tol;
}

static bool writeOutputs(const VerifyRun *run, const SolarVerifyReport *report,
                         const VerifyOptions *opts, MlirLocation loc) {
  for (size_t k = 0; k < report->outputCount; ++k) {
    const SolarManifestArg *ref = report->outputs[k].reference;
    size_t index = (size_t)(ref - run->manifest.args);
    const SolarNpyArray *actual = index < run->sig.argCount
                                      ? &run->argData[index]
                                      : &run->results[index - run->sig.argCount];
    size_t size = strlen(opts->outputDir) + strlen(ref->name) + 8;
    char *path = malloc(size);
    if (!path)
      abort();
    int prefix = snprintf(path, size, "%s/", opts->outputDir);
    snprintf(path + prefix, size - (size_t)prefix, "%s.npy", ref->name);
    /* Output names may be paths in the framework ("a/b"); files are flat. */
    for (char *c = path + prefix; *c; ++c)
      if (*c == '/')
        *c = '_';
    char err[512];
    bool ok = solarNpyWrite(path, actual, err, sizeof(err));
    if (!ok)
      solarEmitError(loc, "solar-verify: cannot write %s: %s", path, err);
    free(path);
    if (!ok)
      return false;
  }
  return true;
}

static MlirWalkResult addAllocBytes(MlirOperation op, void *userData) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  if (name.length != 12 || strncmp(name.data, "memref.alloc", 12) != 0)
    return MlirWalkResultAdvance;
  MlirType type = mlirValueGetType(mlirOperationGetResult(op, 0));
  int64_t rank = 0;
  int64_t *sizes = solarShapedTypeSizes(type, &rank);
  double bytes = solarDtypeStorageBytes(
      solarDtypeFromMlirType(mlirShapedTypeGetElementType(type)));
  for (int64_t d = 0; d < rank; ++d)
    bytes *= sizes[d] < 0 ? 0 : (double)sizes[d];
  free(sizes);
  *(double *)userData += bytes;
  return MlirWalkResultAdvance;
}

/* The bytes of every statically sized memref.alloc in `func`, each counted
 * once: the temporaries the program itself asks for (a whole network's
 * activations when it is verified at full size), which the default memory
 * limit lets it have besides its arguments. */
static double allocBytes(MlirOperation func) {
  double bytes = 0;
  mlirOperationWalk(func, addAllocBytes, &bytes, MlirWalkPreOrder);
  return bytes;
}

static bool compareAndReport(VerifyRun *run, MlirOperation func,
                             const VerifyOptions *opts) {
  MlirLocation loc = mlirOperationGetLocation(func);
  const SolarVerifySignature *sig = &run->sig;
  double reductionScale =
      solarVerifyAccumulationScale(&run->jit.accumulation);
  size_t outputCount = 0;
  for (size_t i = 0; i < run->manifest.argCount; ++i)
    outputCount += run->manifest.args[i].role == SolarArgRoleOutput;
  SolarVerifyOutputReport *outputs =
      calloc(outputCount + 1, sizeof(SolarVerifyOutputReport));
  if (!outputs)
    abort();
  size_t k = 0;
  for (size_t i = 0; i < sig->argCount; ++i) {
    const SolarManifestArg *ref = &run->manifest.args[sig->argToManifest[i]];
    if (ref->role != SolarArgRoleOutput)
      continue;
    SolarVerifyOutputReport *out = &outputs[k++];
    out->reference = ref;
    snprintf(out->where, sizeof(out->where), "argument #%zu", i);
    out->tol = toleranceFor(ref->dtype, opts, reductionScale);
    out->actualRank = run->argData[i].rank;
    out->actualShape = run->argData[i].shape;
    solarCompareArrays(&run->argData[i], &run->expected[sig->argToManifest[i]],
                       out->tol, &out->cmp);
  }
  for (size_t r = 0; r < sig->resultCount; ++r) {
    size_t index = sig->resultToManifest[r];
    SolarVerifyOutputReport *out = &outputs[k++];
    out->reference = &run->manifest.args[index];
    snprintf(out->where, sizeof(out->where), "result #%zu", r);
    out->tol = toleranceFor(out->reference->dtype, opts, reductionScale);
    out->actualRank = run->results[r].rank;
    out->actualShape = run->results[r].shape;
    solarCompareArrays(&run->results[r], &run->expected[index], out->tol,
                       &out->cmp);
  }
  SolarVerifyReport report = {&run->manifest, run->funcName, k, outputs};
  bool ok = solarVerifyReportOk(&report);
  MlirAttribute verified =
      solarVerifyReportAttribute(mlirOperationGetContext(func), &report);
  if (!mlirAttributeIsNull(verified))
    mlirOperationSetDiscardableAttributeByName(
        func, mlirStringRefCreateFromCString(SOLAR_VERIFIED_ATTR), verified);
  solarVerifyReportEmit(loc, &report);
  if (opts->outputDir && !writeOutputs(run, &report, opts, loc))
    ok = false;
  free(outputs);
  return ok;
}

/* ---- the pass ------------------------------------------------------------- */

/* Errors before a function is chosen point at the first function: an
 * implicit module has no position of its own (it prints as line 0). */
static MlirLocation moduleErrorLocation(MlirOperation anchor) {
  MlirOperation funcs[1];
  if (collectFuncs(anchor, funcs, 1) == 1)
    return mlirOperationGetLocation(funcs[0]);
  return mlirOperationGetLocation(anchor);
}

static bool verify(MlirOperation anchor, const VerifyOptions *opts,
                   VerifyRun *run) {
  MlirLocation anchorLoc = moduleErrorLocation(anchor);
  char err[4096];
  if (!solarManifestLoad(opts->manifestPath, &run->manifest, err,
                         sizeof(err))) {
    solarEmitError(anchorLoc, "solar-verify: %s", err);
    return false;
  }
  const char *wanted = opts->function ? opts->function : run->manifest.function;
  MlirOperation func = chooseFunc(anchor, wanted, anchorLoc);
  if (mlirOperationIsNull(func))
    return false;
  MlirStringRef name = solarSymbolName(func);
  run->funcName = strndup(name.data, name.length);
  MlirLocation loc = mlirOperationGetLocation(func);
  if (!solarVerifySignatureRead(func, &run->sig, err, sizeof(err)) ||
      !solarVerifySignatureBind(&run->sig, &run->manifest, err, sizeof(err))) {
    solarEmitError(loc, "solar-verify: @%s: %s", run->funcName, err);
    return false;
  }
  if (!loadData(run, loc))
    return false;
  /* Refused at the call itself when the function makes it; calls made by
   * the functions it calls are caught on the lowered copy. */
  MlirOperation forbidden =
      solarVerifyFindForbiddenExternal(func, err, sizeof(err));
  if (!mlirOperationIsNull(forbidden)) {
    solarEmitError(mlirOperationGetLocation(forbidden),
                   "solar-verify: @%s: %s", run->funcName, err);
    return false;
  }
  if (!solarVerifyJitCreate(anchor, run->funcName, &run->jit, err,
                            sizeof(err))) {
    solarEmitError(loc, "solar-verify: @%s: %s", run->funcName, err);
    return false;
  }
  SolarVerifyLimits limits = opts->limits;
  for (size_t i = 0; i < run->manifest.argCount; ++i) {
    const SolarManifestArg *arg = &run->manifest.args[i];
    double elements = 1;
    for (int64_t d = 0; d < arg->rank; ++d)
      elements *= (double)arg->shape[d];
    limits.bufferBytes += elements * (double)solarVerifyDtypeSize(arg->dtype);
  }
  limits.allocBytes = allocBytes(func);
  if (!solarVerifyInvokeSandboxed(&run->jit, run->funcName, &run->sig,
                                  run->argData, run->argNames, run->results,
                                  &limits, err, sizeof(err))) {
    solarEmitError(loc, "solar-verify: @%s: %s", run->funcName, err);
    return false;
  }
  return compareAndReport(run, func, opts);
}

static void runVerify(MlirOperation op, MlirExternalPass pass,
                      const SolarOptions *options) {
  VerifyOptions opts;
  bool ok = readOptions(options, moduleErrorLocation(op), &opts);
  if (ok) {
    VerifyRun run;
    memset(&run, 0, sizeof(run));
    ok = verify(op, &opts, &run);
    destroyRun(&run);
  }
  if (!ok)
    mlirExternalPassSignalFailure(pass);
}

static const char *const verifyOptions[] = {
    "manifest", "function", "rtol", "atol", "output-dir", "timeout", "memory",
    NULL};

const SolarPassInfo solarVerifyPass = {
    .argument = "solar-verify",
    .description = "Execute a function (JIT) on a framework reference's "
                   "inputs and compare every output (attaches solar.verified)",
    .valueOption = "manifest",
    .optionNames = verifyOptions,
    .run = runVerify,
};
