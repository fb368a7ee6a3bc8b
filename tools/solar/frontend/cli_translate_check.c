/* Judging one candidate LLM translation against the IR contract and the
 * reference (cli_translate_check.h). */
#include "cli_translate_check.h"

#include "solar/dialect/context.h"
#include "solar/support/diagnostics.h"
#include "solar/support/parse.h"
#include "solar/passes/passes.h"
#include "solar/verify/verify_signature.h"
#include "solar/verify/verify_text.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/Pass.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *translateCheckKindName(TranslateCheckKind kind) {
  switch (kind) {
  case TranslateCheckOk:
    return "verified";
  case TranslateCheckParse:
    return "parse error";
  case TranslateCheckContract:
    return "outside the IR contract";
  case TranslateCheckSignature:
    return "wrong signature";
  case TranslateCheckMismatch:
    return "verification failed";
  }
  return "?";
}

void translateArgumentDecl(const SolarManifestArg *arg, char *buf,
                           size_t size) {
  char name[256];
  snprintf(name, sizeof(name), "%s", arg->name);
  for (char *c = name; *c; ++c)
    if (!isalnum((unsigned char)*c) && *c != '_')
      *c = '_';
  int used = snprintf(buf, size, "%%%s: memref<", name);
  for (int64_t d = 0; d < arg->rank && used >= 0 && (size_t)used < size; ++d)
    used += snprintf(buf + used, size - (size_t)used, "%lldx",
                     (long long)arg->shape[d]);
  if (used >= 0 && (size_t)used < size)
    snprintf(buf + used, size - (size_t)used, "%s>",
             solarVerifyDtypeName(arg->dtype));
}

char *translateRequiredSignature(const SolarManifest *manifest,
                                 const char *function) {
  SolarText text = {0};
  solarTextAppendF(&text, "func.func @%s(", function);
  for (size_t i = 0; i < manifest->argCount; ++i) {
    char decl[512];
    translateArgumentDecl(&manifest->args[i], decl, sizeof(decl));
    solarTextAppendF(&text, "%s%s", i ? ", " : "", decl);
  }
  solarTextAppendF(&text, ")");
  return text.text;
}

static char *copyText(const char *text) {
  char *copy = strdup(text);
  if (!copy)
    abort();
  return copy;
}

static void fail(TranslateCheckResult *result, TranslateCheckKind kind,
                 char *ownedMessage) {
  result->kind = kind;
  result->message = ownedMessage;
}

static bool nameEquals(MlirStringRef name, const char *text) {
  return name.length == strlen(text) && !strncmp(name.data, text, name.length);
}

typedef struct {
  SolarText problems;
  size_t funcCount;
  MlirOperation func;
  int shown;
} ContractWalk;

static bool dialectAllowed(MlirStringRef opName) {
  static const char *const allowed[] = {"builtin", "func",  "affine",
                                        "arith",   "math", "memref"};
  const char *dot = memchr(opName.data, '.', opName.length);
  size_t length = dot ? (size_t)(dot - opName.data) : opName.length;
  for (size_t i = 0; i < sizeof(allowed) / sizeof(allowed[0]); ++i)
    if (strlen(allowed[i]) == length &&
        !strncmp(allowed[i], opName.data, length))
      return true;
  return false;
}

static MlirWalkResult walkContract(MlirOperation op, void *userData) {
  ContractWalk *walk = userData;
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  char where[512];
  solarLocationFormat(mlirOperationGetLocation(op), where, sizeof(where));
  if (nameEquals(name, "func.func")) {
    if (walk->funcCount++ == 0)
      walk->func = op;
  } else if (nameEquals(name, "func.call") ||
             nameEquals(name, "memref.global") ||
             nameEquals(name, "memref.get_global") || !dialectAllowed(name)) {
    if (walk->shown++ < 8)
      solarTextAppendF(&walk->problems,
              "%s: error: '%.*s' is outside the IR contract (allowed: affine, "
              "arith, math, memref ops and one func.func, no calls, no "
              "globals)\n",
              where, (int)name.length, name.data);
  }
  return MlirWalkResultAdvance;
}

static bool checkContract(MlirModule module, const TranslateTarget *target,
                          MlirOperation *func, TranslateCheckResult *result) {
  ContractWalk walk = {{NULL, 0, 0}, 0, {NULL}, 0};
  mlirOperationWalk(mlirModuleGetOperation(module), walkContract, &walk,
                    MlirWalkPreOrder);
  if (walk.funcCount != 1)
    solarTextAppendF(&walk.problems,
            "error: the module has %zu func.func operations; the contract "
            "asks for exactly one, @%s\n",
            walk.funcCount, target->function);
  else {
    MlirStringRef name = mlirStringAttrGetValue(mlirOperationGetAttributeByName(
        walk.func, mlirSymbolTableGetSymbolAttributeName()));
    if (!nameEquals(name, target->function)) {
      char where[512];
      solarLocationFormat(mlirOperationGetLocation(walk.func), where,
                          sizeof(where));
      solarTextAppendF(&walk.problems, "%s: error: the function is @%.*s; it must be "
                              "@%s\n",
              where, (int)name.length, name.data, target->function);
    }
  }
  if (walk.problems.text) {
    fail(result, TranslateCheckContract, walk.problems.text);
    return false;
  }
  *func = walk.func;
  return true;
}

static bool checkSignature(MlirOperation func, const TranslateTarget *target,
                           TranslateCheckResult *result) {
  SolarVerifySignature sig;
  memset(&sig, 0, sizeof(sig));
  char err[2048] = "";
  bool ok = solarVerifySignatureRead(func, &sig, err, sizeof(err)) &&
            solarVerifySignatureBind(&sig, target->manifest, err, sizeof(err));
  if (ok && sig.resultCount > 0) {
    snprintf(err, sizeof(err),
             "the function returns %zu value(s); the contract is "
             "destination-passing: outputs are trailing memref arguments and "
             "the function returns nothing",
             sig.resultCount);
    ok = false;
  }
  for (size_t i = 0; ok && !target->shapeGeneric && i < sig.argCount; ++i)
    for (int64_t d = 0; ok && d < sig.args[i].rank; ++d)
      if (sig.args[i].dims[d] < 0) {
        snprintf(err, sizeof(err),
                 "argument #%zu has type %s: sizes must be static (no '?')",
                 i, sig.args[i].typeText);
        ok = false;
      }
  for (size_t i = 0; ok && i < sig.argCount; ++i)
    if (!sig.args[i].isMemRef) {
      snprintf(err, sizeof(err),
               "argument #%zu has type %s: every argument must be a memref",
               i, sig.args[i].typeText);
      ok = false;
    }
  solarVerifySignatureDestroy(&sig);
  if (ok)
    return true;
  char where[512];
  solarLocationFormat(mlirOperationGetLocation(func), where, sizeof(where));
  char *required =
      translateRequiredSignature(target->manifest, target->function);
  SolarText text = {0};
  solarTextAppendF(&text, "%s: error: signature: %s\nThe required signature is:\n  ",
          where, err);
  solarTextAppendChunk(mlirStringRefCreateFromCString(required), &text);
  solarTextAppendF(&text, "\n");
  free(required);
  fail(result, TranslateCheckSignature, text.text);
  return false;
}

static bool runVerify(MlirModule module,
                      const TranslateTarget *target,
                      TranslateCheckResult *result) {
  SolarOptions options;
  solarOptionsInit(&options);
  solarOptionsSet(&options, "manifest", target->manifestPath);
  solarOptionsSet(&options, "function", target->function);
  if (target->rtol)
    solarOptionsSet(&options, "rtol", target->rtol);
  if (target->atol)
    solarOptionsSet(&options, "atol", target->atol);
  solarCliVerifyLimitsApply(&target->verifyLimits, &options);
  MlirContext ctx = mlirModuleGetContext(module);
  solarDiagnosticsCaptureBegin(ctx);
  bool ok =
      solarRunPass(mlirModuleGetOperation(module), "solar-verify", &options);
  char *diagnostics = solarDiagnosticsCaptureEnd(ctx);
  solarOptionsDestroy(&options);
  if (ok) {
    free(diagnostics);
    return true;
  }
  fail(result, TranslateCheckMismatch, diagnostics);
  return false;
}

void translateCheck(const char *mlir, const TranslateTarget *target,
                    TranslateCheckResult *result) {
  memset(result, 0, sizeof(*result));
  MlirContext ctx = solarContextCreate();
  if (mlirContextIsNull(ctx)) {
    fail(result, TranslateCheckMismatch,
         copyText("error: cannot create an MLIR context"));
    return;
  }
  solarDiagnosticsCaptureBegin(ctx);
  MlirModule module =
      solarParseModule(ctx, mlir, strlen(mlir), target->bufferName);
  char *parseDiagnostics = solarDiagnosticsCaptureEnd(ctx);
  if (mlirModuleIsNull(module)) {
    fail(result, TranslateCheckParse, parseDiagnostics);
    mlirContextDestroy(ctx);
    return;
  }
  free(parseDiagnostics);
  MlirOperation func;
  if (checkContract(module, target, &func, result) &&
      checkSignature(func, target, result) &&
      runVerify(module, target, result)) {
    SolarText text = {0};
    mlirOperationPrint(mlirModuleGetOperation(module), solarTextAppendChunk,
                       &text);
    solarTextAppendChunk(mlirStringRefCreateFromCString("\n"), &text);
    result->kind = TranslateCheckOk;
    result->message = copyText("");
    result->verifiedText = text.text;
  }
  mlirModuleDestroy(module);
  mlirContextDestroy(ctx);
}

void translateCheckResultDestroy(TranslateCheckResult *result) {
  free(result->message);
  free(result->verifiedText);
  memset(result, 0, sizeof(*result));
}
