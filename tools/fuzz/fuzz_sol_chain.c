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
const char solarFuzzReachedWhat[] = "reached SOL";

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
  double t[SOLAR_FIDELITY_COUNT], bytes[SOLAR_FIDELITY_COUNT];
  for (int f = 0; f < SOLAR_FIDELITY_COUNT; ++f) {
    t[f] = field(sol, solarFidelityTimeKey(f));
    if (!isfinite(t[f]) || t[f] < 0)
      solarFuzzNonsense(funcName, solarFidelityTimeKey(f), sol);
    bytes[f] = field(sol, solarFidelityBytesKey(f));
  }
  double unfusedBytes = bytes[SOLAR_FIDELITY_UNFUSED];
  double fusedBytes = bytes[SOLAR_FIDELITY_FUSED];
  double cacheBytes = bytes[SOLAR_FIDELITY_CACHE];
  double idealBytes = bytes[SOLAR_FIDELITY_IDEAL];
  const double slack = 1 - 1e-12;
  if (!(t[SOLAR_FIDELITY_UNFUSED] >= t[SOLAR_FIDELITY_FUSED] * slack))
    solarFuzzNonsense(funcName, "unfused time < fused time", sol);
  if (!(t[SOLAR_FIDELITY_FUSED] >= t[SOLAR_FIDELITY_IDEAL] * slack))
    solarFuzzNonsense(funcName, "fused time < ideal time", sol);
  if (!(t[SOLAR_FIDELITY_CACHE] >= t[SOLAR_FIDELITY_FUSED] * slack))
    solarFuzzNonsense(funcName, "cache-aware time < fused time", sol);
  if (!(unfusedBytes >= fusedBytes && fusedBytes >= idealBytes &&
        cacheBytes >= fusedBytes * slack))
    solarFuzzNonsense(funcName, "bytes out of order", sol);
  /* Last-level-cache residency only ever lowers a figure: never above the
   * DRAM round trip beside it (docs/sol-model.md). */
  for (int f = 0; f < SOLAR_FIDELITY_COUNT; ++f)
    if (solarFidelityDramKey(f) &&
        !(bytes[f] <= field(sol, solarFidelityDramKey(f))))
      solarFuzzNonsense(funcName, "bytes above the DRAM round trip", sol);
}

/* A symbolic solar.sol (dynamic sizes) evaluated at every parameter = v:
 * the figures must be finite, non-negative and in the model's order. */
static void checkSymbolicAt(const char *funcName, MlirAttribute attr,
                            const char *text, long v) {
  SolarSymSol sym;
  char err[256];
  if (!solarSymSolFromAttribute(attr, &sym, err, sizeof(err))) {
    solarFuzzNonsense(funcName, err, text);
    return;
  }
  SolarSymBinding at = {calloc(sym.paramCount + 1, sizeof(char *)),
                        calloc(sym.paramCount + 1, sizeof(long)),
                        sym.paramCount};
  for (size_t i = 0; i < sym.paramCount; ++i) {
    at.names[i] = strdup(sym.params[i]);
    at.values[i] = v;
  }
  const char *const *names = (const char *const *)sym.params;
  double flops, bytes[SOLAR_FIDELITY_COUNT], time[SOLAR_FIDELITY_COUNT];
  if (!solarSymEvaluate(sym.flops, names, sym.paramCount, &at, &flops, err,
                        sizeof(err)) ||
      !isfinite(flops) || flops < 0)
    solarFuzzNonsense(funcName, "flops_expr", text);
  for (int f = 0; f < SOLAR_FIDELITY_COUNT; ++f) {
    if (!solarFidelityIsSymbolic(f))
      continue;
    if (!solarSymEvaluate(sym.bytes[f], names, sym.paramCount, &at,
                          &bytes[f], err, sizeof(err)) ||
        !isfinite(bytes[f]) || bytes[f] < 0)
      solarFuzzNonsense(funcName, solarFidelityBytesKey(f), text);
    if (!solarSymEvaluate(sym.time[f], names, sym.paramCount, &at, &time[f],
                          err, sizeof(err)) ||
        !isfinite(time[f]) || time[f] < 0)
      solarFuzzNonsense(funcName, solarFidelityTimeKey(f), text);
  }
  const double slack = 1 - 1e-12;
  if (!(bytes[SOLAR_FIDELITY_UNFUSED] >= bytes[SOLAR_FIDELITY_FUSED] &&
        bytes[SOLAR_FIDELITY_FUSED] >= bytes[SOLAR_FIDELITY_IDEAL]))
    solarFuzzNonsense(funcName, "symbolic bytes out of order", text);
  if (!(time[SOLAR_FIDELITY_UNFUSED] >= time[SOLAR_FIDELITY_FUSED] * slack &&
        time[SOLAR_FIDELITY_FUSED] >= time[SOLAR_FIDELITY_IDEAL] * slack))
    solarFuzzNonsense(funcName, "symbolic times out of order", text);
  solarSymBindingDestroy(&at);
  solarSymSolDestroy(&sym);
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
      checkSymbolicAt(funcName, sol, text.text, 1);
      checkSymbolicAt(funcName, sol, text.text, 5);
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
