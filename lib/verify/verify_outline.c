/* One function per top-level loop nest in the verification copy, so that
 * LLVM compiles many small functions rather than one huge one
 * (verify_outline.h). */
#include "solar/verify/verify_outline.h"
#include "solar/verify/verify_noalias.h"
#include "solar/support/funcs.h"
#include "solar/support/grow.h"
#include "solar/support/op_list.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The values a nest uses from outside, each once, in first-use order:
 * `outer` as the caller sees it, `inner` what replaces it in the new
 * function (a block argument, or a clone of its constant). */
typedef struct {
  MlirValue *outer, *inner;
  size_t count, capacity, innerCapacity;
  MlirOperation nest;
} Captures;

static bool isNest(MlirOperation op) {
  return mlirOperationGetNumResults(op) == 0 &&
         (solarOpIs(op, "affine.for") || solarOpIs(op, "affine.parallel") ||
          solarOpIs(op, "scf.for") || solarOpIs(op, "scf.parallel"));
}

static MlirOperation definingOp(MlirValue value) {
  if (mlirValueIsAOpResult(value))
    return mlirOpResultGetOwner(value);
  return mlirBlockGetParentOperation(mlirBlockArgumentGetOwner(value));
}

static bool insideNest(MlirOperation op, MlirOperation nest) {
  for (; !mlirOperationIsNull(op); op = mlirOperationGetParentOperation(op))
    if (mlirOperationEqual(op, nest))
      return true;
  return false;
}

static size_t captureIndex(const Captures *c, MlirValue value) {
  for (size_t i = 0; i < c->count; ++i)
    if (mlirValueEqual(c->outer[i], value))
      return i;
  return c->count;
}

static MlirWalkResult collect(MlirOperation op, void *data) {
  Captures *c = data;
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i) {
    MlirValue value = mlirOperationGetOperand(op, i);
    if (insideNest(definingOp(value), c->nest) ||
        captureIndex(c, value) < c->count)
      continue;
    c->outer = solarGrow(c->outer, &c->capacity, c->count, sizeof(MlirValue));
    c->outer[c->count++] = value;
  }
  return MlirWalkResultAdvance;
}

static MlirWalkResult remap(MlirOperation op, void *data) {
  Captures *c = data;
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i) {
    size_t k = captureIndex(c, mlirOperationGetOperand(op, i));
    if (k < c->count)
      mlirOperationSetOperand(op, i, c->inner[k]);
  }
  return MlirWalkResultAdvance;
}

static bool isConstant(MlirValue value) {
  return mlirValueIsAOpResult(value) &&
         solarOpIs(mlirOpResultGetOwner(value), "arith.constant");
}

static MlirNamedAttribute named(MlirContext ctx, const char *name,
                                MlirAttribute value) {
  return mlirNamedAttributeGet(
      mlirIdentifierGet(ctx, mlirStringRefCreateFromCString(name)), value);
}

MlirAttribute solarVerifyInternalLinkage(MlirContext ctx) {
  return mlirAttributeParseGet(
      ctx, mlirStringRefCreateFromCString("#llvm.linkage<internal>"));
}

/* The empty function `name` taking the non-constant captures, with the
 * constants cloned into its one block before its func.return. */
static MlirOperation createCallee(MlirContext ctx, MlirLocation loc,
                                  const char *name, Captures *c) {
  MlirType *types = solarCalloc(c->count, sizeof(MlirType));
  MlirLocation *locs = solarCalloc(c->count, sizeof(MlirLocation));
  size_t args = 0;
  for (size_t i = 0; i < c->count; ++i)
    if (!isConstant(c->outer[i])) {
      types[args] = mlirValueGetType(c->outer[i]);
      locs[args++] = loc;
    }
  MlirBlock block = mlirBlockCreate((intptr_t)args, types, locs);
  MlirOperationState ret =
      mlirOperationStateGet(mlirStringRefCreateFromCString("func.return"), loc);
  MlirOperation returnOp = mlirOperationCreate(&ret);
  mlirBlockAppendOwnedOperation(block, returnOp);
  c->inner = solarCalloc(c->count ? c->count : 1, sizeof(MlirValue));
  size_t arg = 0;
  for (size_t i = 0; i < c->count; ++i) {
    if (!isConstant(c->outer[i])) {
      c->inner[i] = mlirBlockGetArgument(block, (intptr_t)arg++);
      continue;
    }
    MlirOperation clone = mlirOperationClone(mlirOpResultGetOwner(c->outer[i]));
    mlirBlockInsertOwnedOperationBefore(block, returnOp, clone);
    c->inner[i] = mlirOperationGetResult(
        clone, mlirOpResultGetResultNumber(c->outer[i]));
  }
  MlirRegion body = mlirRegionCreate();
  mlirRegionAppendOwnedBlock(body, block);
  MlirAttribute noinline =
      mlirStringAttrGet(ctx, mlirStringRefCreateFromCString("noinline"));
  MlirNamedAttribute attrs[] = {
      named(ctx, "sym_name",
            mlirStringAttrGet(ctx, mlirStringRefCreateFromCString(name))),
      named(ctx, "function_type",
            mlirTypeAttrGet(mlirFunctionTypeGet(ctx, (intptr_t)args, types, 0,
                                                NULL))),
      named(ctx, "sym_visibility",
            mlirStringAttrGet(ctx, mlirStringRefCreateFromCString("private"))),
      named(ctx, "passthrough", mlirArrayAttrGet(ctx, 1, &noinline)),
      named(ctx, "llvm.linkage", solarVerifyInternalLinkage(ctx)),
  };
  MlirOperationState state =
      mlirOperationStateGet(mlirStringRefCreateFromCString("func.func"), loc);
  mlirOperationStateAddAttributes(&state, 5, attrs);
  mlirOperationStateAddOwnedRegions(&state, 1, &body);
  free(types);
  free(locs);
  return mlirOperationCreate(&state);
}

static MlirOperation createCall(MlirContext ctx, MlirOperation nest,
                                const char *name, const Captures *c) {
  MlirValue *operands = solarCalloc(c->count, sizeof(MlirValue));
  size_t n = 0;
  for (size_t i = 0; i < c->count; ++i)
    if (!isConstant(c->outer[i]))
      operands[n++] = c->outer[i];
  MlirNamedAttribute callee = named(
      ctx, "callee",
      mlirFlatSymbolRefAttrGet(ctx, mlirStringRefCreateFromCString(name)));
  MlirOperationState state = mlirOperationStateGet(
      mlirStringRefCreateFromCString("func.call"), mlirOperationGetLocation(nest));
  mlirOperationStateAddOperands(&state, (intptr_t)n, operands);
  mlirOperationStateAddAttributes(&state, 1, &callee);
  MlirOperation call = mlirOperationCreate(&state);
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(nest), nest, call);
  free(operands);
  return call;
}

/* "<func>.nest<k>", with k raised past any symbol the module already has. */
static char *calleeName(MlirModule module, const char *funcName, size_t *k) {
  size_t size = strlen(funcName) + 32;
  char *name = malloc(size);
  MlirOperation anchor = mlirModuleGetOperation(module);
  do
    snprintf(name, size, "%s.nest%zu", funcName, (*k)++);
  while (!mlirOperationIsNull(
      solarFindFunc(anchor, mlirStringRefCreateFromCString(name))));
  return name;
}

static MlirOperation outline(MlirModule module, MlirOperation func,
                             MlirOperation nest, const char *name) {
  MlirContext ctx = mlirOperationGetContext(nest);
  Captures c = {.nest = nest};
  mlirOperationWalk(nest, collect, &c, MlirWalkPreOrder);
  MlirOperation call = createCall(ctx, nest, name, &c);
  MlirOperation callee =
      createCallee(ctx, mlirOperationGetLocation(nest), name, &c);
  intptr_t passed = mlirOperationGetNumOperands(call);
  MlirValue *operands = solarCalloc(passed ? (size_t)passed : 1,
                                    sizeof(MlirValue));
  for (intptr_t i = 0; i < passed; ++i)
    operands[i] = mlirOperationGetOperand(call, i);
  solarVerifyMarkNoAlias(callee, nest, operands, (size_t)passed,
                         mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0)));
  free(operands);
  mlirBlockInsertOwnedOperationBefore(mlirModuleGetBody(module), func, callee);
  MlirBlock block = mlirRegionGetFirstBlock(mlirOperationGetRegion(callee, 0));
  mlirOperationMoveBefore(nest, mlirBlockGetTerminator(block));
  mlirOperationWalk(nest, remap, &c, MlirWalkPreOrder);
  free(c.outer);
  free(c.inner);
  return call;
}

static MlirWalkResult findLoop(MlirOperation op, void *data) {
  if (solarOpIs(op, "affine.for") || solarOpIs(op, "affine.parallel") ||
      solarOpIs(op, "scf.for") || solarOpIs(op, "scf.parallel") ||
      solarOpIs(op, "scf.while")) {
    *(bool *)data = true;
    return MlirWalkResultInterrupt;
  }
  return MlirWalkResultAdvance;
}

/* With every nest outlined, `func` is straight-line code run once: the
 * allocations, views and the calls in order. LLVM's SelectionDAG combiner
 * costs more than linearly in the calls of such a block (each passes its
 * memrefs' descriptors: MobileNetV2's 584 calls took 6.1 of the 9.3 CPU s of
 * code generation at -O2, 0.17 s at -O0), while the code it would improve
 * runs once. optnone (which LLVM allows only with noinline) compiles it at
 * -O0 and keeps the optimization pipeline out of it; the nests it calls are
 * compiled as before. A function that still holds a loop (one with results,
 * not outlined) keeps -O2: that loop may run long; so does one that has
 * passthrough flags of its own. */
static void compileOnceCodeUnoptimized(MlirOperation func) {
  bool loop = false;
  mlirOperationWalk(func, findLoop, &loop, MlirWalkPreOrder);
  MlirStringRef key = mlirStringRefCreateFromCString("passthrough");
  if (loop || !mlirAttributeIsNull(mlirOperationGetAttributeByName(func, key)))
    return;
  MlirContext ctx = mlirOperationGetContext(func);
  MlirAttribute flags[] = {
      mlirStringAttrGet(ctx, mlirStringRefCreateFromCString("noinline")),
      mlirStringAttrGet(ctx, mlirStringRefCreateFromCString("optnone")),
  };
  mlirOperationSetAttributeByName(func, key, mlirArrayAttrGet(ctx, 2, flags));

}

size_t solarVerifyOutlineNests(MlirModule module, MlirOperation func,
                               SolarOpList *calls) {
  char *funcName = solarFuncName(func);
  size_t outlined = 0, k = 0;
  MlirRegion body = mlirOperationGetRegion(func, 0);
  for (MlirBlock block = mlirRegionGetFirstBlock(body); !mlirBlockIsNull(block);
       block = mlirBlockGetNextInRegion(block)) {
    MlirOperation op = mlirBlockGetFirstOperation(block);
    while (!mlirOperationIsNull(op)) {
      MlirOperation next = mlirOperationGetNextInBlock(op);
      if (isNest(op)) {
        char *name = calleeName(module, funcName, &k);
        MlirOperation call = outline(module, func, op, name);
        if (calls)
          solarOpListPush(calls, call);
        free(name);
        ++outlined;
      }
      op = next;
    }
  }
  free(funcName);
  compileOnceCodeUnoptimized(func);
  return outlined;
}
