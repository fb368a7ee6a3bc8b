/* The allow-list of external functions executed IR may reach (see
 * verify_externals.h): everything else is refused before the JIT resolves
 * it against the process, where exit, system or fork would be found. */
#include "solar/verify/verify_externals.h"

#include "solar/support/diagnostics.h"
#include "solar/support/funcs.h"

#include "mlir-c/BuiltinAttributes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* libm (double and float forms: what convert-math-to-libm emits, and what
 * a translation may declare itself), the allocation functions of
 * finalize-memref-to-llvm, memrefCopy of libmlir_c_runner_utils, and
 * solar_verify_failed_check, which the copy's cf.asserts call when they fail
 * (verify_assert.h; torch-mlir asserts shapes, e.g. in cross_entropy), and
 * puts and abort, which convert-cf-to-llvm emits for cf.assert and a
 * translation may call: printing a message and ending the child (reported
 * as a failure naming SIGABRT) harm nothing. Sorted for bsearch. */
static const char *const kAllowed[] = {
    "abort",     "acos",      "acosf",      "acosh",   "acoshf",     "aligned_alloc",
    "asin",      "asinf",      "asinh",   "asinhf",     "atan",
    "atan2",     "atan2f",     "atanf",   "atanh",      "atanhf",
    "cbrt",      "cbrtf",      "ceil",    "ceilf",      "copysign",
    "copysignf", "cos",        "cosf",    "cosh",       "coshf",
    "erf",       "erfc",       "erfcf",   "erff",       "exp",
    "exp2",      "exp2f",      "expf",    "expm1",      "expm1f",
    "fabs",      "fabsf",      "floor",   "floorf",     "fma",
    "fmaf",      "fmax",       "fmaxf",   "fmin",       "fminf",
    "fmod",      "fmodf",      "free",    "log",        "log10",
    "log10f",    "log1p",      "log1pf",  "log2",       "log2f",
    "logf",      "malloc",     "memrefCopy", "pow",     "powf",
    "puts",      "round",     "roundeven",  "roundevenf", "roundf",  "sin",
    "sinf",      "sinh",       "sinhf",   "solar_verify_failed_check", "sqrt",       "sqrtf",
    "tan",       "tanf",       "tanh",    "tanhf",      "trunc",
    "truncf"};

static int compareName(const void *key, const void *entry) {
  return strcmp(key, *(const char *const *)entry);
}

bool solarVerifyExternalAllowed(const char *name, size_t length) {
  char buf[64];
  if (length >= sizeof(buf))
    return false;
  memcpy(buf, name, length);
  buf[length] = '\0';
  return bsearch(buf, kAllowed, sizeof(kAllowed) / sizeof(kAllowed[0]),
                 sizeof(kAllowed[0]), compareName) != NULL;
}

/* A function or global the module only declares: the JIT would take it
 * from the process. */
static bool isExternalDeclaration(MlirOperation op) {
  if (!solarOpIs(op, "func.func") && !solarOpIs(op, "llvm.func") &&
      !solarOpIs(op, "llvm.mlir.global"))
    return false;
  if (solarOpIs(op, "llvm.mlir.global") &&
      !mlirAttributeIsNull(mlirOperationGetAttributeByName(
          op, mlirStringRefCreateFromCString("value"))))
    return false;
  return mlirOperationGetNumRegions(op) == 0 ||
         mlirBlockIsNull(
             mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0)));
}

/* `symbols`: MLIR's symbol table of the enclosing module (a hash map
 * built once), not a scan of the module per reference: the lowered copy of
 * a network holds thousands of calls, globals and their uses (MobileNetV2's
 * 584 nests, one global message per bounds check). Null without a module. */
typedef struct {
  MlirSymbolTable symbols;
  MlirOperation found;
  char *err;
  size_t errSize;
} ForbiddenSearch;

/* Records `op` as the refused one: "refused before running: WHAT (at
 * LOCATION)WHY". */
static MlirWalkResult refuse(ForbiddenSearch *search, MlirOperation op,
                             const char *what, const char *why) {
  char where[512];
  solarLocationFormat(mlirOperationGetLocation(op), where, sizeof(where));
  snprintf(search->err, search->errSize,
           "refused before running: %s (at %s)%s", what, where, why);
  search->found = op;
  return MlirWalkResultInterrupt;
}

static MlirWalkResult findForbidden(MlirOperation op, void *userData) {
  ForbiddenSearch *search = userData;
  if (solarOpIs(op, "llvm.inline_asm"))
    return refuse(search, op, "inline assembly", " cannot be executed");
  const char *key = NULL;
  if (solarOpIs(op, "func.call") || solarOpIs(op, "llvm.call"))
    key = "callee";
  else if (solarOpIs(op, "llvm.mlir.addressof"))
    key = "global_name";
  if (!key)
    return MlirWalkResultAdvance;
  MlirAttribute callee =
      mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString(key));
  if (mlirAttributeIsNull(callee) || !mlirAttributeIsAFlatSymbolRef(callee))
    return refuse(search, op, "an indirect call", " cannot be executed");
  MlirStringRef name = mlirFlatSymbolRefAttrGetValue(callee);
  MlirOperation target = mlirSymbolTableIsNull(search->symbols)
                             ? (MlirOperation){NULL}
                             : mlirSymbolTableLookup(search->symbols, name);
  if (mlirOperationIsNull(target) || !isExternalDeclaration(target) ||
      solarVerifyExternalAllowed(name.data, name.length))
    return MlirWalkResultAdvance;
  char what[160];
  snprintf(what, sizeof(what), "the call of external function '%.*s'",
           (int)(name.length < 100 ? name.length : 100), name.data);
  return refuse(search, op, what,
                "; executed IR may call only libm functions and the memory "
                "helpers its lowering emits (docs/reliability.md)");
}

MlirOperation solarVerifyFindForbiddenExternal(MlirOperation root, char *err,
                                               size_t errSize) {
  MlirOperation scope = root;
  while (!mlirOperationIsNull(scope) && !solarOpIs(scope, "builtin.module"))
    scope = mlirOperationGetParentOperation(scope);
  ForbiddenSearch search = {{NULL}, {NULL}, err, errSize};
  if (!mlirOperationIsNull(scope))
    search.symbols = mlirSymbolTableCreate(scope);
  mlirOperationWalk(root, findForbidden, &search, MlirWalkPreOrder);
  if (!mlirSymbolTableIsNull(search.symbols))
    mlirSymbolTableDestroy(search.symbols);
  return search.found;
}
