/* Moving a reduction's output loop under its band in the verification
 * copy (verify_interchange.h). */
#include "solar/verify/verify_interchange.h"
#include "solar/support/funcs.h"
#include "solar/verify/verify_band.h"
#include "solar/verify/verify_inbounds.h"
#include "solar/verify/verify_noalias.h"

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The name of the location that carries the hint through lower-affine. */
static const char *const kVectorLoopName = "solar.verify.vector_loop";

/* Eight f64 lanes: one AVX-512 register, two AVX2 or four SSE2 ones. LLVM's
 * own cost model declines these loops (it weighs the f32 -> f64
 * conversions), so the width is given. A shorter loop would run only its
 * scalar remainder. */
enum { kVectorWidth = 8 };

typedef struct {
  MlirOperation store; /* the site's store of M's element */
  MlirValue memref;    /* M */
  MlirValue root;      /* M's buffer */
  const MlirValue *shadows;
  size_t shadowCount;
  MlirValue iv;    /* the output loop's induction variable */
  MlirBlock entry; /* the enclosing function's entry block */
  bool argsDistinct;
} Sink;

static MlirBlock bodyOf(MlirOperation loop) {
  return mlirRegionGetFirstBlock(mlirOperationGetRegion(loop, 0));
}

/* Where an affine access's index operands start (after the stored value
 * and the memref, or the memref). */
static intptr_t firstIndex(MlirOperation access) {
  return solarOpIs(access, "affine.store") ? 2 : 1;
}

static MlirAffineMap accessMap(MlirOperation access) {
  return mlirAffineMapAttrGetValue(mlirOperationGetAttributeByName(
      access, mlirStringRefCreateFromCString("map")));
}

/* The access reads or writes exactly the site's element. */
static bool atSiteElement(const Sink *s, MlirOperation access) {
  intptr_t first = firstIndex(access);
  intptr_t count = mlirOperationGetNumOperands(access) - first;
  if (count != mlirOperationGetNumOperands(s->store) - 2)
    return false;
  for (intptr_t i = 0; i < count; ++i)
    if (!mlirValueEqual(mlirOperationGetOperand(access, first + i),
                        mlirOperationGetOperand(s->store, 2 + i)))
      return false;
  return mlirAffineMapEqual(accessMap(access), accessMap(s->store));
}

static bool isWritten(const Sink *s, MlirValue memref) {
  if (mlirValueEqual(memref, s->memref))
    return true;
  for (size_t k = 0; k < s->shadowCount; ++k)
    if (mlirValueEqual(memref, s->shadows[k]))
      return true;
  return false;
}

/* How the access uses the output variable: -1 not at all, 1 as the whole
 * last index and in no other, 0 inside the last index only (an offset or
 * a stride, as a convolution's input column w + kw), -2 anywhere else. */
static int ivUse(const Sink *s, MlirOperation access) {
  MlirAffineMap map = accessMap(access);
  intptr_t first = firstIndex(access);
  intptr_t dims = mlirAffineMapGetNumDims(map);
  intptr_t results = mlirAffineMapGetNumResults(map);
  int use = -1;
  for (intptr_t i = 0; i + first < mlirOperationGetNumOperands(access); ++i) {
    if (!mlirValueEqual(mlirOperationGetOperand(access, first + i), s->iv))
      continue;
    if (i >= dims || use != -1 || results == 0)
      return -2;
    for (intptr_t r = 0; r + 1 < results; ++r)
      if (mlirAffineExprIsFunctionOfDim(mlirAffineMapGetResult(map, r), i))
        return -2;
    MlirAffineExpr last = mlirAffineMapGetResult(map, results - 1);
    if (!mlirAffineExprIsFunctionOfDim(last, i))
      return -2;
    use = mlirAffineExprIsADim(last) ? 1 : 0;
  }
  return use;
}

static bool unitLastStride(MlirValue memref) {
  MlirType type = mlirValueGetType(memref);
  intptr_t rank = mlirShapedTypeGetRank(type);
  if (rank == 0)
    return false;
  int64_t *strides = calloc((size_t)rank, sizeof(int64_t));
  if (!strides)
    abort();
  int64_t offset;
  bool unit = mlirLogicalResultIsSuccess(
                  mlirMemRefTypeGetStridesAndOffset(type, strides, &offset)) &&
              strides[rank - 1] == 1;
  free(strides);
  return unit;
}

static bool usesIv(const Sink *s, MlirOperation op) {
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i)
    if (mlirValueEqual(mlirOperationGetOperand(op, i), s->iv))
      return true;
  return false;
}

static bool hasPrefix(MlirOperation op, const char *prefix) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  size_t length = strlen(prefix);
  return name.length > length && strncmp(name.data, prefix, length) == 0;
}

/* Whether `op`, before the band (inBand false) or at the site, may run for
 * every element first and then for every element again: it computes
 * without memory (arith, math) and without the output variable, reads a
 * buffer nothing in the loop writes, or accesses exactly the site's element
 * of M or a shadow. In the band, a read that moves with the output variable
 * must do so along its last, stride-1 index, so the vector loop reads
 * contiguous memory. */
static bool independentPerElement(const Sink *s, MlirOperation op,
                                  bool inBand) {
  /* What LLVM vectorizes without a call: a loop it is told to vectorize
   * and cannot (frem, a libm function) draws a warning. */
  if (!solarOpIsAffineAccess(op))
    return ((hasPrefix(op, "arith.") && !solarOpIs(op, "arith.remf")) ||
            solarOpIs(op, "math.absf")) &&
           mlirOperationGetNumRegions(op) == 0 && !usesIv(s, op);
  MlirValue memref = mlirOperationGetOperand(op, firstIndex(op) - 1);
  if (isWritten(s, memref))
    return atSiteElement(s, op);
  if (solarOpIs(op, "affine.store"))
    return false;
  MlirValue root = solarVerifyRootBuffer(memref, s->entry);
  if (mlirValueIsNull(root) || mlirValueEqual(root, s->root) ||
      (!s->argsDistinct && mlirValueIsABlockArgument(root) &&
       mlirValueIsABlockArgument(s->root)))
    return false;
  int use = ivUse(s, op);
  if (use == -2)
    return false;
  return !inBand || use == -1 || unitLastStride(memref);
}

/* Whether the value is defined in `block` (by one of its ops). */
static bool definedIn(MlirValue value, MlirBlock block) {
  return mlirValueIsAOpResult(value) &&
         mlirBlockEqual(mlirOperationGetBlock(mlirOpResultGetOwner(value)),
                        block);
}

/* The band's innermost loop when the band is a perfect nest (each loop's
 * body is the next loop and its terminator) ending at the site's loop;
 * null otherwise. */
static MlirOperation perfectBandEnd(MlirOperation band, MlirOperation store) {
  MlirOperation inner = mlirOperationGetParentOperation(store);
  for (MlirOperation loop = band; !mlirOperationEqual(loop, inner);) {
    MlirOperation first = mlirBlockGetFirstOperation(bodyOf(loop));
    if (!solarOpIs(first, "affine.for") ||
        !mlirOperationEqual(mlirOperationGetNextInBlock(first),
                            mlirBlockGetTerminator(bodyOf(loop))))
      return (MlirOperation){NULL};
    loop = first;
  }
  return inner;
}

/* A step-1 affine.for with constant bounds that runs at least
 * kVectorWidth times. */
static bool vectorLoop(MlirOperation loop) {
  SolarVerifyLoopRange range;
  return mlirOperationGetNumResults(loop) == 0 &&
         solarVerifyConstantLoop(loop, &range) && range.step == 1 &&
         range.trips >= kVectorWidth;
}

typedef struct {
  MlirOperation *items;
  size_t count;
} Ops;

/* The ops of `block` before `end` (its terminator when null). */
static Ops opsBefore(MlirBlock block, MlirOperation end) {
  if (mlirOperationIsNull(end))
    end = mlirBlockGetTerminator(block);
  Ops ops = {NULL, 0};
  for (MlirOperation op = mlirBlockGetFirstOperation(block);
       !mlirOperationEqual(op, end); op = mlirOperationGetNextInBlock(op))
    ++ops.count;
  ops.items = calloc(ops.count ? ops.count : 1, sizeof(MlirOperation));
  if (!ops.items)
    abort();
  size_t i = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(block);
       !mlirOperationEqual(op, end); op = mlirOperationGetNextInBlock(op))
    ops.items[i++] = op;
  return ops;
}

static bool legal(const Sink *s, MlirOperation output, Ops before, Ops site) {
  MlirBlock outputBody = bodyOf(output);
  for (size_t i = 0; i < before.count; ++i)
    if (!independentPerElement(s, before.items[i], false))
      return false;
  for (size_t i = 0; i < site.count; ++i) {
    MlirOperation op = site.items[i];
    if (!independentPerElement(s, op, true) ||
        (solarOpIsAffineAccess(op) && !solarVerifyProvenInBounds(op)))
      return false;
    /* What comes before the band stays in the first loop. */
    for (intptr_t k = 0; k < mlirOperationGetNumOperands(op); ++k)
      if (definedIn(mlirOperationGetOperand(op, k), outputBody))
        return false;
  }
  return true;
}

/* A copy of `loop` (bounds, step, location) with an empty body. */
static MlirOperation emptyCopy(MlirOperation loop) {
  MlirOperation copy = mlirOperationClone(loop);
  Ops body = opsBefore(bodyOf(copy), (MlirOperation){NULL});
  /* Users first: an op is destroyed after every op that uses it. */
  for (size_t i = body.count; i > 0; --i)
    mlirOperationDestroy(body.items[i - 1]);
  free(body.items);
  return copy;
}

static void moveInto(MlirOperation op, MlirOperation loop, MlirValue from) {
  mlirOperationMoveBefore(op, mlirBlockGetTerminator(bodyOf(loop)));
  MlirValue iv = mlirBlockGetArgument(bodyOf(loop), 0);
  for (intptr_t k = 0; k < mlirOperationGetNumOperands(op); ++k)
    if (mlirValueEqual(mlirOperationGetOperand(op, k), from))
      mlirOperationSetOperand(op, k, iv);
}

/* M's rounding of the sum is stored once per element after the band
 * (nothing in the band reads M) when it has no other use: a loop after the
 * band loads the sum shadow, rounds and stores. */
static void storeAfterBand(const Sink *s, MlirOperation output,
                           MlirOperation band, Ops site, MlirValue sum) {
  MlirValue rounded = mlirOperationGetOperand(s->store, 0);
  MlirOpOperand use = mlirValueGetFirstUse(rounded);
  if (!mlirValueIsAOpResult(rounded) ||
      !mlirOperationEqual(mlirOpOperandGetOwner(use), s->store) ||
      !mlirOpOperandIsNull(mlirOpOperandGetNextUse(use)))
    return;
  MlirOperation truncate = mlirOpResultGetOwner(rounded);
  MlirOperation sumLoad = {NULL};
  for (size_t i = 0; i < site.count && mlirOperationIsNull(sumLoad); ++i)
    if (solarOpIs(site.items[i], "affine.load") &&
        mlirValueEqual(mlirOperationGetOperand(site.items[i], 0), sum))
      sumLoad = site.items[i];
  if (!solarOpIs(truncate, "arith.truncf") || mlirOperationIsNull(sumLoad))
    return;
  MlirOperation after = emptyCopy(output);
  mlirBlockInsertOwnedOperationAfter(mlirOperationGetBlock(band), band, after);
  MlirOperation load = mlirOperationClone(sumLoad);
  mlirBlockInsertOwnedOperationBefore(bodyOf(after),
                                      mlirBlockGetTerminator(bodyOf(after)),
                                      load);
  for (intptr_t k = 1; k < mlirOperationGetNumOperands(load); ++k)
    if (mlirValueEqual(mlirOperationGetOperand(load, k), s->iv))
      mlirOperationSetOperand(load, k, mlirBlockGetArgument(bodyOf(after), 0));
  mlirOperationMoveBefore(truncate, mlirBlockGetTerminator(bodyOf(after)));
  mlirOperationSetOperand(truncate, 0, mlirOperationGetResult(load, 0));
  moveInto(s->store, after, s->iv);
}

bool solarVerifySinkOutputLoop(MlirOperation band, MlirOperation store,
                               const MlirValue *shadows, size_t shadowCount,
                               MlirValue sum, MlirOperation entryFunc) {
  MlirOperation output = mlirOperationGetParentOperation(band);
  MlirOperation func = output;
  while (!mlirOperationIsNull(func) && !solarIsFunc(func))
    func = mlirOperationGetParentOperation(func);
  MlirOperation inner = perfectBandEnd(band, store);
  if (mlirOperationIsNull(func) || mlirOperationIsNull(inner) ||
      !vectorLoop(output) ||
      !mlirOperationEqual(mlirOperationGetNextInBlock(band),
                          mlirBlockGetTerminator(bodyOf(output))))
    return false;
  MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  MlirValue memref = mlirOperationGetOperand(store, 1);
  Sink s = {store,
            memref,
            solarVerifyRootBuffer(memref, entry),
            shadows,
            shadowCount,
            mlirBlockGetArgument(bodyOf(output), 0),
            entry,
            mlirOperationEqual(func, entryFunc)};
  /* f32 only: f16 conversions are library calls on CPUs without F16C. */
  if (mlirValueIsNull(s.root) || ivUse(&s, store) != 1 ||
      !unitLastStride(memref) ||
      !mlirTypeIsAF32(mlirShapedTypeGetElementType(mlirValueGetType(memref))))
    return false;
  Ops before = opsBefore(bodyOf(output), band);
  Ops site = opsBefore(bodyOf(inner), (MlirOperation){NULL});
  bool ok = legal(&s, output, before, site);
  if (ok) {
    mlirOperationMoveAfter(band, output);
    MlirOperation vector = emptyCopy(output);
    mlirBlockInsertOwnedOperationBefore(
        bodyOf(inner), mlirBlockGetTerminator(bodyOf(inner)), vector);
    for (size_t i = 0; i < site.count; ++i)
      moveInto(site.items[i], vector, s.iv);
    mlirOperationSetLocation(
        vector,
        solarVerifyMarkedLoc(mlirOperationGetLocation(vector), kVectorLoopName));
    for (size_t i = 0; i < site.count; ++i)
      if (solarOpIsAffineAccess(site.items[i]))
        solarVerifyMarkInBounds(site.items[i]);
    s.iv = mlirBlockGetArgument(bodyOf(vector), 0);
    storeAfterBand(&s, output, band, site, sum);
  }
  free(before.items);
  free(site.items);
  return ok;
}

static MlirWalkResult markVectorLoop(MlirOperation op, void *userData) {
  MlirLocation loc = mlirOperationGetLocation(op);
  if (!solarOpIs(op, "scf.for") || !solarVerifyLocIsMarked(loc, kVectorLoopName))
    return MlirWalkResultAdvance;
  MlirContext ctx = mlirOperationGetContext(op);
  char text[160];
  snprintf(text, sizeof(text),
           "#llvm.loop_annotation<vectorize = #llvm.loop_vectorize<disable "
           "= false, width = %d : i32>>",
           kVectorWidth);
  mlirOperationSetDiscardableAttributeByName(
      op, mlirStringRefCreateFromCString("loop_annotation"),
      mlirAttributeParseGet(ctx, mlirStringRefCreateFromCString(text)));
  mlirOperationSetLocation(op, mlirLocationNameGetChildLoc(loc));
  ++*(size_t *)userData;
  return MlirWalkResultAdvance;
}

size_t solarVerifyMarkVectorLoops(MlirModule module) {
  mlirContextGetOrLoadDialect(mlirModuleGetContext(module),
                              mlirStringRefCreateFromCString("llvm"));
  size_t marked = 0;
  mlirOperationWalk(mlirModuleGetOperation(module), markVectorLoop, &marked,
                    MlirWalkPreOrder);
  return marked;
}
