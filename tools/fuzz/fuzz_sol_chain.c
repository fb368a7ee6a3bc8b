/* Fuzz target over the whole --solar-sol chain: parse -> einsum graph ->
 * fusion groups -> cache traffic -> SOL times, in one process. The input is
 * MLIR text; each input either fails with a diagnostic or leaves a
 * solar.sol attribute that must make sense (finite, non-negative times in
 * the order the model guarantees, docs/sol-model.md). A crash, a sanitizer
 * report, a hang or nonsense is a finding.
 *
 * Built as a libFuzzer target (LLVMFuzzerTestOneInput) when the compiler is
 * clang and SOLAR_FUZZ=ON; otherwise fuzz_standalone_main.c drives it
 * (docs/reliability.md). SOLAR_FUZZ_ARCH names the hardware file (default
 * H100_SXM). */
#include "fuzz_sol_chain.h"

#include "solar/solar.h"
#include "solar/dialect/dialect_attr.h"
#include "solar/sol/sol_symbolic.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/Pass.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Inputs above this size are skipped: the harness looks for logic errors,
 * not for the (linear) cost of parsing a big file. */
enum { kMaxInputBytes = 1 << 16 };

int solarFuzzReachedSol;

static MlirContext fuzzContext;
static MlirPassManager fuzzPassManager;

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  fuzzContext = solarContextCreate();
  if (mlirContextIsNull(fuzzContext)) {
    fprintf(stderr, "solar-fuzz: cannot create the MLIR context\n");
    exit(2);
  }
  const char *arch = getenv("SOLAR_FUZZ_ARCH");
  SolarOptions options;
  solarOptionsInit(&options);
  solarOptionsSet(&options, "arch", arch && *arch ? arch : "H100_SXM");
  fuzzPassManager = mlirPassManagerCreateOnOperation(
      fuzzContext, mlirStringRefCreateFromCString("builtin.module"));
  mlirPassManagerAddOwnedPass(fuzzPassManager,
                              solarPassCreate(&solarSolPass, &options));
  solarOptionsDestroy(&options);
  return 0;
}

void solarFuzzShutdown(void) {
  if (!mlirPassManagerIsNull(fuzzPassManager))
    mlirPassManagerDestroy(fuzzPassManager);
  if (!mlirContextIsNull(fuzzContext))
    mlirContextDestroy(fuzzContext);
  fuzzPassManager = (MlirPassManager){NULL};
  fuzzContext = (MlirContext){NULL};
}

typedef struct {
  char *text;
  size_t length, capacity;
} TextBuffer;

static void appendText(MlirStringRef chunk, void *userData) {
  TextBuffer *b = userData;
  if (b->length + chunk.length + 1 > b->capacity) {
    b->capacity = 2 * (b->length + chunk.length + 1);
    b->text = realloc(b->text, b->capacity);
    if (!b->text)
      abort();
  }
  memcpy(b->text + b->length, chunk.data, chunk.length);
  b->length += chunk.length;
  b->text[b->length] = '\0';
}

/* The value of `key = NUMBER : f64|i64` in the printed attribute; NAN when
 * absent. */
static double field(const char *text, const char *key) {
  char pattern[64];
  snprintf(pattern, sizeof(pattern), " %s = ", key);
  const char *at = strstr(text, pattern);
  if (!at)
    return NAN;
  return strtod(at + strlen(pattern), NULL);
}

static void checkSol(const char *funcName, const char *sol) {
  /* MLIR prints a non-finite f64 as its bit pattern. */
  if (strstr(sol, "0x7FF") || strstr(sol, "0xFFF"))
    solarFuzzNonsense(funcName, "an infinite or NaN value", sol);
  static const char *const times[] = {"time_unfused_s", "time_fused_s",
                                      "time_cache_s", "time_ideal_s"};
  double t[4];
  for (int i = 0; i < 4; ++i) {
    t[i] = field(sol, times[i]);
    if (!isfinite(t[i]) || t[i] < 0)
      solarFuzzNonsense(funcName, times[i], sol);
  }
  double unfusedBytes = field(sol, "bytes_unfused");
  double fusedBytes = field(sol, "bytes_fused");
  double cacheBytes = field(sol, "bytes_cache");
  double idealBytes = field(sol, "bytes_ideal");
  const double slack = 1 - 1e-12;
  if (!(t[0] >= t[1] * slack))
    solarFuzzNonsense(funcName, "time_unfused_s < time_fused_s", sol);
  if (!(t[1] >= t[3] * slack))
    solarFuzzNonsense(funcName, "time_fused_s < time_ideal_s", sol);
  if (!(t[2] >= t[1] * slack))
    solarFuzzNonsense(funcName, "time_cache_s < time_fused_s", sol);
  if (!(unfusedBytes >= fusedBytes && fusedBytes >= idealBytes &&
        cacheBytes >= fusedBytes * slack))
    solarFuzzNonsense(funcName, "bytes out of order", sol);
}

/* A symbolic solar.sol (dynamic sizes) evaluated at every parameter = v:
 * the figures must be finite, non-negative and in the model's order. */
static void checkSymbolicAt(const char *funcName, MlirAttribute dict,
                            const char *text, long v) {
  MlirAttribute params = mlirDictionaryAttrGetElementByName(
      dict, mlirStringRefCreateFromCString("parameters"));
  size_t count = !mlirAttributeIsNull(params) && mlirAttributeIsAArray(params)
                     ? (size_t)mlirArrayAttrGetNumElements(params)
                     : 0;
  const char **names = calloc(count + 1, sizeof(char *));
  SolarSymBinding at = {calloc(count + 1, sizeof(char *)),
                        calloc(count + 1, sizeof(long)), count};
  for (size_t i = 0; i < count; ++i) {
    MlirAttribute name = mlirDictionaryAttrGetElementByName(
        mlirArrayAttrGetElement(params, (intptr_t)i),
        mlirStringRefCreateFromCString("name"));
    MlirStringRef ref = mlirStringAttrGetValue(name);
    at.names[i] = strndup(ref.data, ref.length);
    names[i] = at.names[i];
    at.values[i] = v;
  }
  static const char *const keys[] = {
      "flops_expr",          "bytes_unfused_expr", "bytes_fused_expr",
      "bytes_ideal_expr",    "time_unfused_s_expr", "time_fused_s_expr",
      "time_ideal_s_expr"};
  double x[7];
  for (int k = 0; k < 7; ++k) {
    MlirAttribute e = mlirDictionaryAttrGetElementByName(
        dict, mlirStringRefCreateFromCString(keys[k]));
    char err[256];
    if (mlirAttributeIsNull(e) || !mlirAttributeIsAString(e) ||
        mlirStringAttrGetValue(e).length == 0 ||
        !solarSymEvaluate(mlirStringAttrGetValue(e).data, names, count, &at,
                          &x[k], err, sizeof(err)) ||
        !isfinite(x[k]) || x[k] < 0)
      solarFuzzNonsense(funcName, keys[k], text);
  }
  const double slack = 1 - 1e-12;
  if (!(x[1] >= x[2] && x[2] >= x[3]))
    solarFuzzNonsense(funcName, "symbolic bytes out of order", text);
  if (!(x[4] >= x[5] * slack && x[5] >= x[6] * slack))
    solarFuzzNonsense(funcName, "symbolic times out of order", text);
  free(names);
  solarSymBindingDestroy(&at);
}

static void checkFunctions(MlirOperation moduleOp) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(moduleOp, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    MlirAttribute sol = mlirOperationGetDiscardableAttributeByName(
        op, mlirStringRefCreateFromCString("solar.sol"));
    if (mlirAttributeIsNull(sol))
      continue;
    MlirAttribute name = mlirOperationGetAttributeByName(
        op, mlirStringRefCreateFromCString("sym_name"));
    char funcName[128] = "?";
    if (!mlirAttributeIsNull(name) && mlirAttributeIsAString(name)) {
      MlirStringRef ref = mlirStringAttrGetValue(name);
      snprintf(funcName, sizeof(funcName), "%.*s", (int)ref.length, ref.data);
    }
    TextBuffer text = {0};
    mlirAttributePrint(sol, appendText, &text);
    if (text.text && solarSolIsSymbolic(sol)) {
      checkSymbolicAt(funcName, solarDialectAttrOpen(sol, "sol"), text.text,
                      1);
      checkSymbolicAt(funcName, solarDialectAttrOpen(sol, "sol"), text.text,
                      5);
    } else if (text.text) {
      checkSol(funcName, text.text);
    }
    free(text.text);
  }
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
  if (mlirLogicalResultIsSuccess(
          mlirPassManagerRunOnOp(fuzzPassManager, moduleOp))) {
    checkFunctions(moduleOp);
    solarFuzzReachedSol = 1;
  }
  mlirModuleDestroy(module);
  solarDiagnosticsSetSource(fuzzContext, "fuzz-input", NULL, 0);
  return 0;
}
