/* Unroll-and-jam of outlined nests where their outer iterations write
 * disjoint elements (verify_jam.h). */
#include "solar/verify/verify_jam.h"
#include "solar/support/funcs.h"
#include "solar/support/grow.h"
#include "solar/verify/verify_noalias.h"

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Pass.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { kMaxJam = 4 };

static bool hasDialect(MlirOperation op, const char *prefix) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  size_t length = strlen(prefix);
  return name.length > length && strncmp(name.data, prefix, length) == 0;
}

static int64_t constantBound(MlirOperation loop, const char *name, bool *ok) {
  MlirAttribute attr =
      mlirOperationGetAttributeByName(loop, mlirStringRefCreateFromCString(name));
  if (mlirAttributeIsNull(attr) || !mlirAttributeIsAAffineMap(attr) ||
      !mlirAffineMapIsSingleConstant(mlirAffineMapAttrGetValue(attr))) {
    *ok = false;
    return 0;
  }
  return mlirAffineMapGetSingleConstantResult(mlirAffineMapAttrGetValue(attr));
}

/* The index position at which `access` (an affine.load or affine.store)
 * uses `iv` alone, or -1. */
static intptr_t ivPosition(MlirOperation access, MlirValue iv) {
  bool store = solarOpIs(access, "affine.store");
  intptr_t first = store ? 2 : 1; /* map operands start after the memref */
  MlirAttribute attr =
      mlirOperationGetAttributeByName(access, mlirStringRefCreateFromCString("map"));
  if (mlirAttributeIsNull(attr) || !mlirAttributeIsAAffineMap(attr))
    return -1;
  MlirAffineMap map = mlirAffineMapAttrGetValue(attr);
  for (intptr_t r = 0; r < mlirAffineMapGetNumResults(map); ++r) {
    MlirAffineExpr expr = mlirAffineMapGetResult(map, r);
    if (!mlirAffineExprIsADim(expr))
      continue;
    intptr_t operand = first + mlirAffineDimExprGetPosition(expr);
    if (operand < mlirOperationGetNumOperands(access) &&
        mlirValueEqual(mlirOperationGetOperand(access, operand), iv))
      return r;
  }
  return -1;
}

typedef struct {
  MlirBlock entry;   /* the function's block: its arguments are the memrefs */
  MlirValue iv;      /* the outer loop's induction variable */
  bool *written;     /* per argument: stored to in the nest */
  intptr_t *position; /* per argument: where its accesses use iv, or -1 */
  bool legal;
} JamCheck;

static intptr_t argIndex(const JamCheck *c, MlirValue value) {
  if (!mlirValueIsABlockArgument(value) ||
      !mlirBlockEqual(mlirBlockArgumentGetOwner(value), c->entry))
    return -1;
  return mlirBlockArgumentGetArgNumber(value);
}

/* First pass: what is written; every op is of a kind the jam cannot
 * reorder wrongly (no calls, no memory but affine accesses of arguments). */
static MlirWalkResult findWrites(MlirOperation op, void *userData) {
  JamCheck *c = userData;
  bool access = solarOpIs(op, "affine.load") || solarOpIs(op, "affine.store");
  if (!access && !hasDialect(op, "affine.") && !hasDialect(op, "arith.") &&
      !hasDialect(op, "math.")) {
    c->legal = false;
    return MlirWalkResultInterrupt;
  }
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i) {
    MlirValue value = mlirOperationGetOperand(op, i);
    if (!mlirTypeIsAMemRef(mlirValueGetType(value)))
      continue;
    intptr_t arg = argIndex(c, value);
    if (!access || arg < 0) {
      c->legal = false;
      return MlirWalkResultInterrupt;
    }
    if (solarOpIs(op, "affine.store"))
      c->written[arg] = true;
  }
  return MlirWalkResultAdvance;
}

/* Second pass: each access of a written argument has the iv alone at the
 * argument's one position. */
static MlirWalkResult checkPositions(MlirOperation op, void *userData) {
  JamCheck *c = userData;
  bool store = solarOpIs(op, "affine.store");
  if (!store && !solarOpIs(op, "affine.load"))
    return MlirWalkResultAdvance;
  intptr_t arg = argIndex(c, mlirOperationGetOperand(op, store ? 1 : 0));
  if (!c->written[arg])
    return MlirWalkResultAdvance;
  intptr_t position = ivPosition(op, c->iv);
  if (position < 0 ||
      (c->position[arg] >= 0 && c->position[arg] != position)) {
    c->legal = false;
    return MlirWalkResultInterrupt;
  }
  c->position[arg] = position;
  return MlirWalkResultAdvance;
}

static bool disjointIterations(MlirBlock entry, MlirOperation loop) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(loop, 0));
  intptr_t count = mlirBlockGetNumArguments(entry);
  JamCheck c = {entry, mlirBlockGetArgument(body, 0),
                solarCalloc(count ? (size_t)count : 1, sizeof(bool)),
                solarCalloc(count ? (size_t)count : 1, sizeof(intptr_t)),
                true};
  for (intptr_t i = 0; i < count; ++i)
    c.position[i] = -1;
  mlirOperationWalk(loop, findWrites, &c, MlirWalkPreOrder);
  if (c.legal)
    mlirOperationWalk(loop, checkPositions, &c, MlirWalkPreOrder);
  free(c.written);
  free(c.position);
  return c.legal;
}

/* The function's one loop, with the constants before it moved into its
 * body (they are pure; upstream jams only a function's first op); null
 * when the body is anything else or the loop's own operands use them. */
static MlirOperation soleLoop(MlirBlock entry) {
  MlirOperation loop = {NULL};
  for (MlirOperation op = mlirBlockGetFirstOperation(entry);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    if (solarOpIs(op, "arith.constant") || solarOpIs(op, "func.return"))
      continue;
    if (!mlirOperationIsNull(loop) || !solarOpIs(op, "affine.for"))
      return (MlirOperation){NULL};
    loop = op;
  }
  if (mlirOperationIsNull(loop) || mlirOperationGetNumOperands(loop) > 0 ||
      mlirOperationGetNumResults(loop) > 0)
    return (MlirOperation){NULL};
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(loop, 0));
  MlirOperation op = mlirBlockGetFirstOperation(entry);
  while (!mlirOperationEqual(op, loop)) {
    MlirOperation next = mlirOperationGetNextInBlock(op);
    mlirOperationMoveBefore(op, mlirBlockGetFirstOperation(body));
    op = next;
  }
  return loop;
}

/* The pipelines are fixed texts; a parse error is reported as a failed
 * jam, which leaves the nest as it was. */
static void ignoreText(MlirStringRef text, void *userData) {
  (void)text;
  (void)userData;
}

static bool jam(MlirOperation func, int64_t factor, MlirPassManager *pms) {
  MlirPassManager *pm = &pms[factor];
  if (mlirPassManagerIsNull(*pm)) {
    *pm = mlirPassManagerCreateOnOperation(
        mlirOperationGetContext(func),
        mlirStringRefCreateFromCString("func.func"));
    char pipeline[64];
    snprintf(pipeline, sizeof(pipeline),
             "func.func(affine-loop-unroll-jam{unroll-jam-factor=%d})",
             (int)factor);
    if (!mlirLogicalResultIsSuccess(mlirParsePassPipeline(
            mlirPassManagerGetAsOpPassManager(*pm),
            mlirStringRefCreateFromCString(pipeline), ignoreText, NULL)))
      return false;
  }
  return mlirLogicalResultIsSuccess(mlirPassManagerRunOnOp(*pm, func));
}

size_t solarVerifyJamNests(MlirModule module) {
  MlirPassManager pms[kMaxJam + 1];
  memset(pms, 0, sizeof(pms));
  size_t jammed = 0;
  MlirStringRef mark = mlirStringRefCreateFromCString(solarVerifyNoAliasAttr);
  MlirBlock body = mlirModuleGetBody(module);
  for (MlirOperation func = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(func); func = mlirOperationGetNextInBlock(func)) {
    if (!solarOpIs(func, "func.func") ||
        mlirAttributeIsNull(mlirOperationGetDiscardableAttributeByName(func, mark)))
      continue;
    MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
    MlirOperation loop = soleLoop(entry);
    if (mlirOperationIsNull(loop))
      continue;
    bool ok = true;
    int64_t lower = constantBound(loop, "lowerBoundMap", &ok);
    int64_t upper = constantBound(loop, "upperBoundMap", &ok);
    int64_t trips = upper - lower;
    MlirAttribute step =
        mlirOperationGetAttributeByName(loop, mlirStringRefCreateFromCString("step"));
    ok = ok && !mlirAttributeIsNull(step) && mlirAttributeIsAInteger(step) &&
         mlirIntegerAttrGetValueInt(step) == 1;
    if (!ok || trips < 2 || !disjointIterations(entry, loop))
      continue;
    if (jam(func, trips < kMaxJam ? trips : kMaxJam, pms))
      ++jammed;
  }
  for (int f = 0; f <= kMaxJam; ++f)
    if (!mlirPassManagerIsNull(pms[f]))
      mlirPassManagerDestroy(pms[f]);
  return jammed;
}
