/* f64 shadow accumulation in the verification copy of the IR, and the
 * reduction statistics the tolerance scales with (verify_accumulate.h).
 *
 * Each site `%a = load M[idx]; %s = addf %a, %x; store %s, M[idx]` becomes
 *
 *   base = truncf(S[idx]) == %a ? S[idx] : extf(%a)     (S: f64 shadow of M)
 *   s64  = base + extf(%x);  S[idx] = s64;  %s = truncf(s64)
 *
 * plus the term count N[idx] and magnitude sum A[idx] beside it. The
 * shadow is used only while its rounding is what M holds: any other write
 * to M (an init, another loop, an aliasing view) restarts the chain from
 * M's value, so the rewrite never changes what a program computes by more
 * than the f32 rounding of each stored value, whatever the code around it
 * does. */
/* MAP_ANONYMOUS is not in POSIX 2008 (the project's feature level). */
#define _DEFAULT_SOURCE

#include "solar/verify/verify_accumulate.h"
#include "solar/support/funcs.h"
#include "solar/support/grow.h"
#include "solar/verify/verify_band.h"
#include "solar/verify/verify_interchange.h"
#include "solar/verify/verify_lowering.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

/* The longest run the references sum sequentially: numpy's pairwise sum
 * has leaves of 128, BLAS kernels k-blocks of a few hundred. */
static const double kSequentialBlock = 256.0;
/* Frameworks accumulate f32, f16 and bf16 in f32. */
static const double kF32UnitRoundoff = 0x1p-24;

static MlirNamedAttribute named(MlirContext ctx, const char *name,
                                MlirAttribute value) {
  return mlirNamedAttributeGet(
      mlirIdentifierGet(ctx, mlirStringRefCreateFromCString(name)), value);
}

/* ---- finding the sites --------------------------------------------------- */

typedef struct {
  MlirOperation load, combine, store;
  MlirValue memref;
  MlirValue term; /* the combine operand that is not the loaded value */
  bool subtract;
  MlirOperation band; /* verify_band.h; null: check M on every term */
  size_t shadowed;    /* the index of M's shadows */
} Site;

typedef struct {
  Site *items;
  size_t count;
  size_t capacity;
} SiteList;

static bool isNarrowFloat(MlirType type) {
  return mlirTypeIsAF32(type) || mlirTypeIsAF16(type) || mlirTypeIsABF16(type);
}

/* `load` reads exactly the element `store` writes: same kind, memref,
 * indices (and affine map). */
static bool sameElement(MlirOperation load, MlirOperation store) {
  bool affine = solarOpIs(store, "affine.store");
  if (!solarOpIs(load, affine ? "affine.load" : "memref.load"))
    return false;
  intptr_t indices = mlirOperationGetNumOperands(load) - 1;
  if (indices != mlirOperationGetNumOperands(store) - 2 ||
      !mlirValueEqual(mlirOperationGetOperand(load, 0),
                      mlirOperationGetOperand(store, 1)))
    return false;
  for (intptr_t i = 0; i < indices; ++i)
    if (!mlirValueEqual(mlirOperationGetOperand(load, i + 1),
                        mlirOperationGetOperand(store, i + 2)))
      return false;
  if (!affine)
    return true;
  MlirStringRef mapName = mlirStringRefCreateFromCString("map");
  MlirAttribute loadMap = mlirOperationGetAttributeByName(load, mapName);
  MlirAttribute storeMap = mlirOperationGetAttributeByName(store, mapName);
  return !mlirAttributeIsNull(loadMap) && !mlirAttributeIsNull(storeMap) &&
         mlirAttributeEqual(loadMap, storeMap);
}

static bool isLoop(MlirOperation op) {
  return solarOpIs(op, "affine.for") ||
         solarOpIs(op, "scf.for") ||
         solarOpIs(op, "affine.parallel") ||
         solarOpIs(op, "scf.parallel");
}

/* A reduction writes the same element on every iteration of some
 * enclosing loop: an induction variable the store's indices do not use.
 * An elementwise update in place (x[i] -= mean) is not one: its rounding
 * is the reference's, and shadowing a whole tensor would cost 6x its
 * memory. */
static bool isReductionStore(MlirOperation store) {
  intptr_t operands = mlirOperationGetNumOperands(store);
  for (MlirOperation loop = mlirOperationGetParentOperation(store);
       !mlirOperationIsNull(loop) && !solarIsFunc(loop);
       loop = mlirOperationGetParentOperation(loop)) {
    if (!isLoop(loop))
      continue;
    MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(loop, 0));
    for (intptr_t a = 0; a < mlirBlockGetNumArguments(body); ++a) {
      MlirValue iv = mlirBlockGetArgument(body, a);
      if (!mlirTypeIsAIndex(mlirValueGetType(iv)))
        continue;
      bool used = false;
      for (intptr_t i = 2; i < operands && !used; ++i)
        used = solarVerifyDependsOn(mlirOperationGetOperand(store, i), iv, 8);
      if (!used)
        return true;
    }
  }
  return false;
}

static MlirWalkResult collectSite(MlirOperation store, void *userData) {
  if (!solarOpIs(store, "affine.store") &&
      !solarOpIs(store, "memref.store"))
    return MlirWalkResultAdvance;
  MlirValue value = mlirOperationGetOperand(store, 0);
  MlirType element = mlirValueGetType(value);
  if (!isNarrowFloat(element) || !mlirValueIsAOpResult(value) ||
      !isReductionStore(store))
    return MlirWalkResultAdvance;
  MlirOperation combine = mlirOpResultGetOwner(value);
  bool subtract = solarOpIs(combine, "arith.subf");
  if ((!subtract && !solarOpIs(combine, "arith.addf")) ||
      !mlirBlockEqual(mlirOperationGetBlock(combine),
                      mlirOperationGetBlock(store)))
    return MlirWalkResultAdvance;
  /* x - acc is not an accumulation; acc + x and x + acc are. */
  for (intptr_t side = 0; side < (subtract ? 1 : 2); ++side) {
    MlirValue loaded = mlirOperationGetOperand(combine, side);
    if (!mlirValueIsAOpResult(loaded))
      continue;
    MlirOperation load = mlirOpResultGetOwner(loaded);
    if (!mlirBlockEqual(mlirOperationGetBlock(load),
                        mlirOperationGetBlock(store)) ||
        !sameElement(load, store))
      continue;
    SiteList *list = userData;
    list->items =
        solarGrow(list->items, &list->capacity, list->count, sizeof(Site));
    list->items[list->count++] =
        (Site){load,
               combine,
               store,
               mlirOperationGetOperand(store, 1),
               mlirOperationGetOperand(combine, 1 - side),
               subtract,
               {NULL},
               0};
    break;
  }
  return MlirWalkResultAdvance;
}

/* ---- building ops ----------------------------------------------------------
 */

/* New ops go before `anchor` when it is set, else after `cursor`, which
 * then moves to the new op. */
typedef struct {
  MlirBlock block;
  MlirOperation cursor; /* null: at the block's start */
  MlirLocation loc;
  MlirContext ctx;
  MlirOperation anchor;
} Builder;

static void place(Builder *b, MlirOperation op) {
  if (!mlirOperationIsNull(b->anchor)) {
    mlirBlockInsertOwnedOperationBefore(b->block, b->anchor, op);
    return;
  }
  if (mlirOperationIsNull(b->cursor))
    mlirBlockInsertOwnedOperation(b->block, 0, op);
  else
    mlirBlockInsertOwnedOperationAfter(b->block, b->cursor, op);
  b->cursor = op;
}

static MlirOperation emit(Builder *b, const char *name, intptr_t operandCount,
                          const MlirValue *operands, MlirType *resultType,
                          intptr_t attrCount, const MlirNamedAttribute *attrs) {
  MlirOperationState state =
      mlirOperationStateGet(mlirStringRefCreateFromCString(name), b->loc);
  mlirOperationStateAddOperands(&state, operandCount, operands);
  if (resultType)
    mlirOperationStateAddResults(&state, 1, resultType);
  mlirOperationStateAddAttributes(&state, attrCount, attrs);
  MlirOperation op = mlirOperationCreate(&state);
  place(b, op);
  return op;
}

static MlirValue emitValue(Builder *b, const char *name, intptr_t count,
                           const MlirValue *operands, MlirType type) {
  return mlirOperationGetResult(emit(b, name, count, operands, &type, 0, NULL),
                                0);
}

static MlirValue emitConstant(Builder *b, MlirAttribute value) {
  MlirType type = mlirAttributeGetType(value);
  MlirNamedAttribute attr = named(b->ctx, "value", value);
  return mlirOperationGetResult(
      emit(b, "arith.constant", 0, NULL, &type, 1, &attr), 0);
}

static MlirValue emitIndex(Builder *b, int64_t value) {
  return emitConstant(b, mlirIntegerAttrGet(mlirIndexTypeGet(b->ctx), value));
}

static MlirValue emitF64(Builder *b, double value) {
  return emitConstant(
      b, mlirFloatAttrDoubleGet(b->ctx, mlirF64TypeGet(b->ctx), value));
}

static MlirValue emitBinary(Builder *b, const char *name, MlirValue lhs,
                            MlirValue rhs) {
  MlirValue operands[2] = {lhs, rhs};
  return emitValue(b, name, 2, operands, mlirValueGetType(lhs));
}

static MlirValue emitCast(Builder *b, const char *name, MlirValue value,
                          MlirType type) {
  return emitValue(b, name, 1, &value, type);
}

/* arith.cmpf predicates (their integer values). */
enum { kCmpOeq = 1, kCmpUno = 14 };

static MlirValue emitCompare(Builder *b, int64_t predicate, MlirValue lhs,
                             MlirValue rhs) {
  MlirValue operands[2] = {lhs, rhs};
  MlirNamedAttribute attr =
      named(b->ctx, "predicate",
            mlirIntegerAttrGet(mlirIntegerTypeGet(b->ctx, 64), predicate));
  MlirType i1 = mlirIntegerTypeGet(b->ctx, 1);
  return mlirOperationGetResult(emit(b, "arith.cmpf", 2, operands, &i1, 1, &attr),
                                0);
}

/* A copy of a load or store of the site's element, on `memref`. */
static MlirOperation emitClone(Builder *b, MlirOperation op, intptr_t memrefPos,
                               MlirValue memref) {
  MlirOperation clone = mlirOperationClone(op);
  mlirOperationSetOperand(clone, memrefPos, memref);
  place(b, clone);
  return clone;
}

static MlirValue emitShadowLoad(Builder *b, MlirOperation load,
                                MlirValue shadow) {
  MlirValue result = mlirOperationGetResult(emitClone(b, load, 0, shadow), 0);
  mlirValueSetType(result, mlirF64TypeGet(b->ctx));
  return result;
}

static void emitShadowStore(Builder *b, MlirOperation store, MlirValue shadow,
                            MlirValue value) {
  MlirOperation clone = emitClone(b, store, 1, shadow);
  mlirOperationSetOperand(clone, 0, value);
}

static MlirValue emitPointer(Builder *b, const void *address) {
  MlirType i64 = mlirIntegerTypeGet(b->ctx, 64);
  MlirValue value =
      emitConstant(b, mlirIntegerAttrGet(i64, (int64_t)(uintptr_t)address));
  return emitCast(
      b, "llvm.inttoptr", value,
      mlirTypeParseGet(b->ctx, mlirStringRefCreateFromCString("!llvm.ptr")));
}

/* *slot = max(*slot, value): maxnumf drops a NaN sum instead of keeping it. */
static void emitRecordMax(Builder *b, double *slot, MlirValue value) {
  MlirValue pointer = emitPointer(b, slot);
  MlirValue old =
      emitValue(b, "llvm.load", 1, &pointer, mlirF64TypeGet(b->ctx));
  MlirValue larger = emitBinary(b, "arith.maxnumf", old, value);
  MlirValue operands[2] = {larger, pointer};
  emit(b, "llvm.store", 2, operands, NULL, 0, NULL);
}

/* ---- shadows
 * ----------------------------------------------------------------- */

enum { kShadowSum, kShadowTerms, kShadowMagnitude, kShadowCount };

typedef struct {
  MlirValue memref;
  MlirValue shadows[kShadowCount];
} Shadowed;

/* Where new ops for `value` may go: after its definition, or at the start
 * of the block that owns the argument. */
static Builder builderAfterDefinition(MlirValue value) {
  Builder b;
  if (mlirValueIsABlockArgument(value)) {
    b.block = mlirBlockArgumentGetOwner(value);
    b.cursor = (MlirOperation){NULL};
    b.anchor = (MlirOperation){NULL};
    MlirOperation first = mlirBlockGetFirstOperation(b.block);
    b.loc = mlirOperationIsNull(first)
                ? mlirOperationGetLocation(mlirBlockGetParentOperation(b.block))
                : mlirOperationGetLocation(first);
  } else {
    MlirOperation def = mlirOpResultGetOwner(value);
    b.block = mlirOperationGetBlock(def);
    b.cursor = def;
    b.anchor = (MlirOperation){NULL};
    b.loc = mlirOperationGetLocation(def);
  }
  b.ctx = mlirLocationGetContext(b.loc);
  return b;
}

/* Three f64 arrays of M's shape: the sum starts as NaN (all bytes 0xFF),
 * never equal to a value of M, so a chain starts from M's own value; the
 * count and magnitude start as 0. */
static void createShadows(Shadowed *s) {
  Builder b = builderAfterDefinition(s->memref);
  MlirType type = mlirValueGetType(s->memref);
  intptr_t rank = mlirShapedTypeGetRank(type);
  int64_t *shape = malloc((size_t)(rank > 0 ? rank : 1) * sizeof(int64_t));
  MlirValue *dynamic =
      malloc((size_t)(rank > 0 ? rank : 1) * sizeof(MlirValue));
  if (!shape || !dynamic)
    abort();
  int32_t dynamicCount = 0;
  MlirValue bytes = emitIndex(&b, 8);
  for (intptr_t d = 0; d < rank; ++d) {
    shape[d] = mlirShapedTypeGetDimSize(type, d);
    MlirValue extent;
    if (mlirShapedTypeIsDynamicDim(type, d)) {
      MlirValue operands[2] = {s->memref, emitIndex(&b, d)};
      extent =
          emitValue(&b, "memref.dim", 2, operands, mlirIndexTypeGet(b.ctx));
      dynamic[dynamicCount++] = extent;
    } else {
      extent = emitIndex(&b, shape[d]);
    }
    bytes = emitBinary(&b, "arith.muli", bytes, extent);
  }
  MlirType shadowType = mlirMemRefTypeContiguousGet(
      mlirF64TypeGet(b.ctx), rank, shape, mlirAttributeGetNull());
  int32_t segments[2] = {dynamicCount, 0};
  MlirNamedAttribute segmentAttr = named(
      b.ctx, "operandSegmentSizes", mlirDenseI32ArrayGet(b.ctx, 2, segments));
  MlirType i64 = mlirIntegerTypeGet(b.ctx, 64);
  MlirValue length = emitCast(&b, "arith.index_cast", bytes, i64);
  for (int k = 0; k < kShadowCount; ++k) {
    s->shadows[k] =
        mlirOperationGetResult(emit(&b, "memref.alloc", dynamicCount, dynamic,
                                    &shadowType, 1, &segmentAttr),
                               0);
    MlirValue address = emitValue(&b, "memref.extract_aligned_pointer_as_index",
                                  1, &s->shadows[k], mlirIndexTypeGet(b.ctx));
    MlirValue pointer = emitCast(
        &b, "llvm.inttoptr", emitCast(&b, "arith.index_cast", address, i64),
        mlirTypeParseGet(b.ctx, mlirStringRefCreateFromCString("!llvm.ptr")));
    MlirValue fill =
        emitConstant(&b, mlirIntegerAttrGet(mlirIntegerTypeGet(b.ctx, 8),
                                            k == kShadowSum ? 0xFF : 0));
    MlirValue operands[3] = {pointer, fill, length};
    MlirNamedAttribute isVolatile =
        named(b.ctx, "isVolatile", mlirBoolAttrGet(b.ctx, 0));
    emit(&b, "llvm.intr.memset", 3, operands, NULL, 1, &isVolatile);
  }
  free(shape);
  free(dynamic);
}

/* A 1-d view of a shadow, `total` elements (the shadows are contiguous). */
static MlirValue emitFlat(Builder *b, MlirValue shadow, MlirValue total) {
  int64_t dynamic = mlirShapedTypeGetDynamicSize();
  MlirType flatType = mlirMemRefTypeContiguousGet(
      mlirF64TypeGet(b->ctx), 1, &dynamic, mlirAttributeGetNull());
  int64_t zero = 0, one = 1;
  int32_t segments[4] = {1, 0, 1, 0};
  MlirNamedAttribute attrs[4] = {
      named(b->ctx, "static_offsets", mlirDenseI64ArrayGet(b->ctx, 1, &zero)),
      named(b->ctx, "static_sizes", mlirDenseI64ArrayGet(b->ctx, 1, &dynamic)),
      named(b->ctx, "static_strides", mlirDenseI64ArrayGet(b->ctx, 1, &one)),
      named(b->ctx, "operandSegmentSizes",
            mlirDenseI32ArrayGet(b->ctx, 4, segments))};
  MlirValue operands[2] = {shadow, total};
  return mlirOperationGetResult(
      emit(b, "memref.reinterpret_cast", 2, operands, &flatType, 4, attrs), 0);
}

static MlirValue emitElementCount(Builder *b, MlirValue shadow) {
  MlirType type = mlirValueGetType(shadow);
  MlirValue total = emitIndex(b, 1);
  for (intptr_t d = 0; d < mlirShapedTypeGetRank(type); ++d) {
    MlirValue extent;
    if (mlirShapedTypeIsDynamicDim(type, d)) {
      MlirValue operands[2] = {shadow, emitIndex(b, d)};
      extent =
          emitValue(b, "memref.dim", 2, operands, mlirIndexTypeGet(b->ctx));
    } else {
      extent = emitIndex(b, mlirShapedTypeGetDimSize(type, d));
    }
    total = emitBinary(b, "arith.muli", total, extent);
  }
  return total;
}

/* Before the shadows die, the largest final sum, term count and magnitude
 * sum over their elements go to `stats` (a never-used element holds NaN,
 * 0, 0, which the maxima skip). A sum that a later op rescaled in M (a
 * mean's division) keeps its undivided value here, so the bound and the
 * sum it is relative to are in the same units. */
static void emitFinalStats(Builder *b, const Shadowed *s, double *stats) {
  MlirValue total = emitElementCount(b, s->shadows[kShadowSum]);
  MlirValue flat[kShadowCount];
  for (int k = 0; k < kShadowCount; ++k)
    flat[k] = emitFlat(b, s->shadows[k], total);
  MlirType index = mlirIndexTypeGet(b->ctx);
  MlirValue bounds[3] = {emitIndex(b, 0), total, emitIndex(b, 1)};
  MlirBlock body = mlirBlockCreate(1, &index, &b->loc);
  MlirOperationState yield = mlirOperationStateGet(
      mlirStringRefCreateFromCString("scf.yield"), b->loc);
  MlirOperation yieldOp = mlirOperationCreate(&yield);
  mlirBlockAppendOwnedOperation(body, yieldOp);
  MlirRegion region = mlirRegionCreate();
  mlirRegionAppendOwnedBlock(region, body);
  MlirOperationState loop =
      mlirOperationStateGet(mlirStringRefCreateFromCString("scf.for"), b->loc);
  mlirOperationStateAddOperands(&loop, 3, bounds);
  mlirOperationStateAddOwnedRegions(&loop, 1, &region);
  place(b, mlirOperationCreate(&loop));

  Builder inner = {body, {NULL}, b->loc, b->ctx, yieldOp};
  MlirValue i = mlirBlockGetArgument(body, 0);
  MlirType f64 = mlirF64TypeGet(b->ctx);
  static const int statOf[kShadowCount] = {kSolarAccumulationSum,
                                           kSolarAccumulationTerms,
                                           kSolarAccumulationMagnitude};
  MlirValue sum = {NULL};
  for (int k = 0; k < kShadowCount; ++k) {
    MlirValue operands[2] = {flat[k], i};
    MlirValue value = emitValue(&inner, "memref.load", 2, operands, f64);
    if (k == kShadowSum) {
      sum = value;
      value = emitCast(&inner, "math.absf", value, f64);
    } else {
      /* An element whose sum went NaN reports no terms or magnitude: how
       * many terms its chain counted after the NaN depends on whether M was
       * checked on every term or once per band (verify_band.h). */
      MlirValue isNaN = emitCompare(&inner, kCmpUno, sum, sum);
      MlirValue choose[3] = {isNaN, emitF64(&inner, 0.0), value};
      value = emitValue(&inner, "arith.select", 3, choose, f64);
    }
    emitRecordMax(&inner, &stats[statOf[k]], value);
  }
}

static void deallocBefore(const Shadowed *s, MlirOperation op, double *stats) {
  Builder b = {mlirOperationGetBlock(op),
               {NULL},
               mlirOperationGetLocation(op),
               mlirOperationGetContext(op),
               op};
  emitFinalStats(&b, s, stats);
  for (int k = 0; k < kShadowCount; ++k)
    emit(&b, "memref.dealloc", 1, &s->shadows[k], NULL, 0, NULL);
}

/* The shadows live as long as M: freed where M is deallocated, else at the
 * return of the function whose argument (or entry-block value) M is; their
 * statistics are read there. M made inside a loop without a dealloc keeps
 * its shadows allocated and reports nothing. */
static void freeShadows(const Shadowed *s, double *stats) {
  bool freed = false;
  for (MlirOpOperand use = mlirValueGetFirstUse(s->memref);
       !mlirOpOperandIsNull(use); use = mlirOpOperandGetNextUse(use)) {
    MlirOperation user = mlirOpOperandGetOwner(use);
    if (solarOpIs(user, "memref.dealloc")) {
      deallocBefore(s, user, stats);
      freed = true;
    }
  }
  if (freed)
    return;
  MlirBlock home = mlirValueIsABlockArgument(s->memref)
                       ? mlirBlockArgumentGetOwner(s->memref)
                       : mlirOperationGetBlock(mlirOpResultGetOwner(s->memref));
  MlirOperation terminator = mlirBlockGetTerminator(home);
  if (!mlirOperationIsNull(terminator) &&
      solarOpIs(terminator, "func.return"))
    deallocBefore(s, terminator, stats);
}

/* ---- the rewrite ------------------------------------------------------------
 */

/* The chain's sum, term count and magnitude to add the next term to:
 * the shadows' values while M holds the rounding of the sum (the chain is
 * unbroken), else M's own value, no terms, its magnitude. */
typedef struct {
  MlirValue sum, terms, magnitude;
} Chain;

static Chain emitChainStart(Builder *b, const Site *site, const Shadowed *s,
                            MlirValue loaded) {
  MlirType f64 = mlirF64TypeGet(b->ctx);
  MlirValue sum = emitShadowLoad(b, site->load, s->shadows[kShadowSum]);
  MlirValue terms = emitShadowLoad(b, site->load, s->shadows[kShadowTerms]);
  MlirValue magnitude =
      emitShadowLoad(b, site->load, s->shadows[kShadowMagnitude]);
  MlirValue loadedWide = emitCast(b, "arith.extf", loaded, f64);
  MlirValue rounded =
      emitCast(b, "arith.truncf", sum, mlirValueGetType(loaded));
  MlirValue current = emitCompare(b, kCmpOeq, rounded, loaded);
  MlirValue choose[3] = {current, sum, loadedWide};
  MlirValue chooseTerms[3] = {current, terms, emitF64(b, 0.0)};
  MlirValue chooseMagnitude[3] = {current, magnitude,
                                  emitCast(b, "math.absf", loadedWide, f64)};
  return (Chain){emitValue(b, "arith.select", 3, choose, f64),
                 emitValue(b, "arith.select", 3, chooseTerms, f64),
                 emitValue(b, "arith.select", 3, chooseMagnitude, f64)};
}

/* A null `chain.terms` is not stored (a band's count is, before it). */
static void emitChainStore(Builder *b, const Site *site, const Shadowed *s,
                           Chain chain) {
  emitShadowStore(b, site->store, s->shadows[kShadowSum], chain.sum);
  if (!mlirValueIsNull(chain.terms))
    emitShadowStore(b, site->store, s->shadows[kShadowTerms], chain.terms);
  emitShadowStore(b, site->store, s->shadows[kShadowMagnitude],
                  chain.magnitude);
}

/* In a band the chain is checked and stored once before its loops; each
 * term then continues from the shadows (which LLVM keeps in registers
 * where verify_noalias.h lets it). The band's term count does not depend
 * on the data (solarVerifyBandTerms), so it is added once there instead
 * of 1.0 per term: the same exact sum of small integers in f64. */
static void rewriteSite(const Site *site, const Shadowed *s) {
  Builder b = {mlirOperationGetBlock(site->combine),
               site->combine,
               mlirOperationGetLocation(site->combine),
               mlirOperationGetContext(site->combine),
               {NULL}};
  MlirType f64 = mlirF64TypeGet(b.ctx);
  MlirValue loaded = mlirOperationGetResult(site->load, 0);
  Chain base;
  if (mlirOperationIsNull(site->band)) {
    base = emitChainStart(&b, site, s, loaded);
  } else {
    Builder before = {mlirOperationGetBlock(site->band), {NULL},
                      mlirOperationGetLocation(site->band), b.ctx, site->band};
    MlirValue loadedBefore = mlirOperationGetResult(
        emitClone(&before, site->load, 0, site->memref), 0);
    Chain start = emitChainStart(&before, site, s, loadedBefore);
    start.terms = emitBinary(
        &before, "arith.addf", start.terms,
        emitF64(&before,
                (double)solarVerifyBandTerms(site->band, site->store)));
    emitChainStore(&before, site, s, start);
    base = (Chain){
        emitShadowLoad(&b, site->load, s->shadows[kShadowSum]),
        {NULL},
        emitShadowLoad(&b, site->load, s->shadows[kShadowMagnitude])};
  }
  MlirValue term = emitCast(&b, "arith.extf", site->term, f64);
  Chain next = {
      emitBinary(&b, site->subtract ? "arith.subf" : "arith.addf", base.sum,
                 term),
      mlirValueIsNull(base.terms)
          ? base.terms
          : emitBinary(&b, "arith.addf", base.terms, emitF64(&b, 1.0)),
      emitBinary(&b, "arith.addf", base.magnitude,
                 emitCast(&b, "math.absf", term, f64))};
  emitChainStore(&b, site, s, next);
  MlirValue result =
      emitCast(&b, "arith.truncf", next.sum, mlirValueGetType(loaded));
  mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(site->combine, 0),
                                result);
  mlirOperationDestroy(site->combine);
  /* In a band M's value is read once, before it. */
  if (!mlirOperationIsNull(site->band) &&
      mlirOpOperandIsNull(mlirValueGetFirstUse(loaded)))
    mlirOperationDestroy(site->load);
}

bool solarVerifyAccumulateInF64(MlirModule module, MlirOperation entryFunc,
                                SolarVerifyAccumulation *acc, char *err,
                                size_t errSize) {
  memset(acc, 0, sizeof(*acc));
  SiteList sites = {NULL, 0, 0};
  mlirOperationWalk(mlirModuleGetOperation(module), collectSite, &sites,
                    MlirWalkPostOrder);
  if (sites.count == 0)
    return true;
  /* Bands are found before any site is rewritten: the rewrite adds
   * accesses of the shadows, never of an accumulated memref. */
  for (size_t i = 0; i < sites.count; ++i)
    sites.items[i].band = solarVerifyReductionBand(
        sites.items[i].load, sites.items[i].store, entryFunc);
  /* Ops of a registered but not yet loaded dialect would be created as
   * unknown ops; the input may use none of math or llvm. */
  MlirContext ctx = mlirModuleGetContext(module);
  static const char *const dialects[] = {"arith", "math", "memref", "scf",
                                         "llvm"};
  for (size_t d = 0; d < sizeof(dialects) / sizeof(dialects[0]); ++d)
    mlirContextGetOrLoadDialect(ctx,
                                mlirStringRefCreateFromCString(dialects[d]));
  acc->mappedBytes = sites.count * 3 * sizeof(double);
  void *mapping = mmap(NULL, acc->mappedBytes, PROT_READ | PROT_WRITE,
                       MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (mapping == MAP_FAILED) {
    snprintf(err, errSize,
             "cannot map %zu bytes for the accumulation "
             "statistics",
             acc->mappedBytes);
    free(sites.items);
    acc->mappedBytes = 0;
    return false;
  }
  acc->stats = mapping; /* zero-filled: every maximum starts at 0 */
  Shadowed *shadowed = calloc(sites.count, sizeof(Shadowed));
  if (!shadowed)
    abort();
  size_t shadowedCount = 0;
  for (size_t i = 0; i < sites.count; ++i) {
    size_t k = 0;
    while (k < shadowedCount &&
           !mlirValueEqual(shadowed[k].memref, sites.items[i].memref))
      ++k;
    if (k == shadowedCount) {
      shadowed[shadowedCount].memref = sites.items[i].memref;
      createShadows(&shadowed[shadowedCount]);
      freeShadows(&shadowed[shadowedCount], acc->stats + 3 * shadowedCount);
      ++shadowedCount;
    }
    rewriteSite(&sites.items[i], &shadowed[k]);
    sites.items[i].shadowed = k;
  }
  /* Once every site is rewritten, each band's chain check is in place
   * before it: the check stays in the output loop, the terms move. */
  for (size_t i = 0; i < sites.count; ++i) {
    const Site *site = &sites.items[i];
    const MlirValue *shadows = shadowed[site->shadowed].shadows;
    if (!mlirOperationIsNull(site->band))
      solarVerifySinkOutputLoop(site->band, site->store, shadows, kShadowCount,
                                shadows[kShadowSum], entryFunc);
  }
  acc->sites = shadowedCount;
  free(shadowed);
  free(sites.items);
  return true;
}

double solarReductionErrorTerms(double n) {
  if (!(n >= 1.0))
    return 0.0;
  double blocks = ceil(n / kSequentialBlock);
  return fmin(n, kSequentialBlock) + (blocks > 1.0 ? ceil(log2(blocks)) : 0.0);
}

/* A sum of n terms of magnitudes |x_i| computed in f32 by sequential blocks
 * of B combined pairwise is off by at most
 * (min(n, B) + ceil(log2 ceil(n / B))) * u * sum |x_i| (u = 2^-24; Higham,
 * Accuracy and Stability of Numerical Algorithms, 4.2 and 4.6). Relative to
 * the largest sum it is the share of an output's magnitude the reference
 * may be off by. */
double solarVerifyAccumulationScale(const SolarVerifyAccumulation *acc) {
  double scale = 0.0;
  for (size_t i = 0; i < acc->sites; ++i) {
    const double *site = acc->stats + 3 * i;
    if (!(site[kSolarAccumulationSum] > 0.0) ||
        !isfinite(site[kSolarAccumulationMagnitude]))
      continue;
    double bound = solarReductionErrorTerms(site[kSolarAccumulationTerms]) *
                   kF32UnitRoundoff * site[kSolarAccumulationMagnitude];
    scale = fmax(scale, bound / site[kSolarAccumulationSum]);
  }
  return scale;
}

void solarVerifyAccumulationDestroy(SolarVerifyAccumulation *acc) {
  if (acc->stats)
    munmap(acc->stats, acc->mappedBytes);
  memset(acc, 0, sizeof(*acc));
}
