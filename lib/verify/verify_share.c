/* One function for the outlined nests that differ only in their shapes, in
 * the verification copy (verify_share.h). */
#include "solar/verify/verify_share.h"
#include "solar/support/funcs.h"
#include "solar/support/grow.h"
#include "solar/support/hash.h"
#include "solar/support/text.h"
#include "solar/frontend/framework_op.h"
#include "solar/verify/verify_inbounds.h"

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  MlirOperation call, callee;
  char *key;   /* owned; NULL when the nest cannot be shared */
  size_t next; /* the next nest of its group, or SIZE_MAX */
} Nest;

static MlirBlock entryOf(MlirOperation func) {
  return mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
}

/* ---- which nests may be shared ----------------------------------------- */

/* A memref type whose differences from another of its rank the shared
 * function can take: a strided layout, the default memory space and a
 * scalar element (a vector's shape prints like a memref's). */
static bool generalizable(MlirType type) {
  if (!mlirTypeIsAMemRef(type) ||
      !mlirAttributeIsNull(mlirMemRefTypeGetMemorySpace(type)))
    return false;
  MlirType element = mlirShapedTypeGetElementType(type);
  if (!mlirTypeIsAFloat(element) && !mlirTypeIsAInteger(element) &&
      !mlirTypeIsAIndex(element))
    return false;
  int64_t rank = mlirShapedTypeGetRank(type);
  int64_t *strides = solarCalloc(rank ? (size_t)rank : 1, sizeof(int64_t));
  int64_t offset;
  bool strided = mlirLogicalResultIsSuccess(
      mlirMemRefTypeGetStridesAndOffset(type, strides, &offset));
  free(strides);
  return strided;
}

/* Memrefs only as the buffer of an access proven in bounds (nothing makes
 * or views one inside), so only those accesses see the types change;
 * affine.for without results, so a bound can be replaced in place. */
static MlirWalkResult checkOp(MlirOperation op, void *data) {
  bool *ok = data;
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i)
    if (mlirTypeIsAMemRef(mlirValueGetType(mlirOperationGetResult(op, i))))
      *ok = false;
  intptr_t buffer = solarOpIs(op, "affine.store") ? 1 : 0;
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i)
    if (mlirTypeIsAMemRef(mlirValueGetType(mlirOperationGetOperand(op, i))) &&
        (!solarOpIsAffineAccess(op) || i != buffer))
      *ok = false;
  if (solarOpIsAffineAccess(op) && !solarVerifyProvenInBounds(op))
    *ok = false;
  if (solarOpIs(op, "affine.for") && mlirOperationGetNumResults(op) != 0)
    *ok = false;
  return *ok ? MlirWalkResultAdvance : MlirWalkResultInterrupt;
}

static bool shareable(MlirOperation callee) {
  MlirRegion body = mlirOperationGetRegion(callee, 0);
  MlirBlock block = mlirRegionGetFirstBlock(body);
  if (mlirBlockIsNull(block) ||
      !mlirBlockIsNull(mlirBlockGetNextInRegion(block)))
    return false;
  for (intptr_t i = 0; i < mlirBlockGetNumArguments(block); ++i) {
    MlirType type = mlirValueGetType(mlirBlockGetArgument(block, i));
    if (mlirTypeIsAMemRef(type) && !generalizable(type))
      return false;
  }
  bool ok = true;
  mlirOperationWalk(callee, checkOp, &ok, MlirWalkPreOrder);
  return ok;
}

/* ---- the key: the function's text without its shapes -------------------- */

/* Copies `line` (length n) to out, with the constant bounds of an
 * affine.for ('#': the number after " = " or " to " on its line) left
 * out. */
static void appendNormalizedLine(SolarText *out, const char *line, size_t n) {
  bool loop = false;
  for (size_t i = 0; i + 11 <= n && !loop; ++i)
    loop = strncmp(line + i, "affine.for ", 11) == 0;
  for (size_t i = 0; i < n;) {
    bool bound = loop && isdigit((unsigned char)line[i]) &&
                 ((i >= 3 && strncmp(line + i - 3, " = ", 3) == 0) ||
                  (i >= 4 && strncmp(line + i - 4, " to ", 4) == 0));
    if (!bound) {
      solarTextAppend(out, line + i, 1);
      ++i;
      continue;
    }
    solarTextAppend(out, "#", 1);
    while (i < n && isdigit((unsigned char)line[i]))
      ++i;
  }
}

/* The memref type of `type`'s rank and element with every size, stride
 * and the offset dynamic: what the key prints for each memref argument. */
static MlirType dynamicType(MlirType type) {
  int64_t rank = mlirShapedTypeGetRank(type);
  size_t n = rank ? (size_t)rank : 1;
  int64_t *shape = solarCalloc(n, sizeof(int64_t));
  int64_t *strides = solarCalloc(n, sizeof(int64_t));
  for (int64_t d = 0; d < rank; ++d) {
    shape[d] = mlirShapedTypeGetDynamicSize();
    strides[d] = mlirShapedTypeGetDynamicStrideOrOffset();
  }
  MlirAttribute layout = mlirStridedLayoutAttrGet(
      mlirTypeGetContext(type), mlirShapedTypeGetDynamicStrideOrOffset(),
      rank, strides);
  MlirType dynamic =
      mlirMemRefTypeGet(mlirShapedTypeGetElementType(type), rank, shape,
                        layout, mlirAttributeGetNull());
  free(shape);
  free(strides);
  return dynamic;
}

static MlirWalkResult appendMark(MlirOperation op, void *data) {
  MlirLocation loc = mlirOperationGetLocation(op);
  if (mlirLocationIsAName(loc)) {
    MlirStringRef name = mlirIdentifierStr(mlirLocationNameGetName(loc));
    solarTextAppend(data, name.data, name.length);
  }
  solarTextAppend(data, ";", 1);
  return MlirWalkResultAdvance;
}

/* The framework op a nest's ops came from is the analysis' to know (each
 * nest names its own, "conv2d_65"); the lowering to LLVM drops it, and in
 * the key it would keep apart nests that are the same code. */
static MlirWalkResult dropFrameworkOp(MlirOperation op, void *data) {
  (void)data;
  mlirOperationRemoveDiscardableAttributeByName(
      op, mlirStringRefCreateFromCString(SOLAR_FRAMEWORK_OP_ATTR));
  return MlirWalkResultAdvance;
}

/* Sets the callee's argument types (the function type and its entry
 * block's arguments) to `types`. */
static void setArgTypes(MlirOperation callee, const MlirType *types) {
  MlirBlock block = entryOf(callee);
  intptr_t n = mlirBlockGetNumArguments(block);
  for (intptr_t i = 0; i < n; ++i)
    mlirValueSetType(mlirBlockGetArgument(block, i), types[i]);
  mlirOperationSetAttributeByName(
      callee, mlirStringRefCreateFromCString("function_type"),
      mlirTypeAttrGet(mlirFunctionTypeGet(mlirOperationGetContext(callee), n,
                                          types, 0, NULL)));
}

/* The callee printed under one name and with dynamicType() for each memref
 * argument, in its own scope (its SSA names do not depend on the module),
 * without locations, its constant loop bounds left out; then the names of
 * its ops' marked locations (verify_inbounds.h: the vector loops, the
 * checks already proven), which printing leaves out. The callee is as
 * before when it returns, less its ops' framework-op names. */
static char *keyOf(MlirOperation callee) {
  mlirOperationWalk(callee, dropFrameworkOp, NULL, MlirWalkPreOrder);
  MlirContext ctx = mlirOperationGetContext(callee);
  MlirStringRef symName = mlirSymbolTableGetSymbolAttributeName();
  MlirAttribute name = mlirOperationGetAttributeByName(callee, symName);
  MlirBlock block = entryOf(callee);
  intptr_t n = mlirBlockGetNumArguments(block);
  MlirType *types = solarCalloc((size_t)n + 1, sizeof(MlirType));
  MlirType *keyTypes = solarCalloc((size_t)n + 1, sizeof(MlirType));
  for (intptr_t i = 0; i < n; ++i) {
    types[i] = mlirValueGetType(mlirBlockGetArgument(block, i));
    keyTypes[i] =
        mlirTypeIsAMemRef(types[i]) ? dynamicType(types[i]) : types[i];
  }
  setArgTypes(callee, keyTypes);
  mlirOperationSetAttributeByName(
      callee, symName,
      mlirStringAttrGet(ctx, mlirStringRefCreateFromCString("nest")));
  SolarText text = {0};
  MlirOpPrintingFlags flags = mlirOpPrintingFlagsCreate();
  mlirOpPrintingFlagsUseLocalScope(flags);
  mlirOpPrintingFlagsAssumeVerified(flags);
  mlirOperationPrintWithFlags(callee, flags, solarTextAppendChunk, &text);
  mlirOpPrintingFlagsDestroy(flags);
  mlirOperationSetAttributeByName(callee, symName, name);
  setArgTypes(callee, types);
  free(types);
  free(keyTypes);
  SolarText key = {0};
  for (size_t start = 0; start < text.length;) {
    const char *end = memchr(text.text + start, '\n', text.length - start);
    size_t len = end ? (size_t)(end - (text.text + start))
                     : text.length - start;
    appendNormalizedLine(&key, text.text + start, len);
    solarTextAppend(&key, "\n", 1);
    start += len + 1;
  }
  solarTextClear(&text);
  mlirOperationWalk(callee, appendMark, &key, MlirWalkPreOrder);
  return key.text;
}

/* ---- grouping ------------------------------------------------------------ */

typedef struct {
  const char *key;
  size_t first, last;
} Group;

static bool groupEqual(const void *entry, const void *key) {
  return strcmp(((const Group *)entry)->key, key) == 0;
}

static const SolarHashKind kGroupKind = {sizeof(Group), groupEqual};

/* ---- generalizing a group's first function ------------------------------ */

static MlirType argType(MlirOperation func, intptr_t i) {
  return mlirValueGetType(mlirBlockGetArgument(entryOf(func), i));
}

/* The type that agrees with every member's memref at argument `arg` where
 * they all agree, dynamic elsewhere. */
static MlirType joinedType(const Nest *nests, const size_t *members,
                           size_t count, intptr_t arg) {
  MlirType first = argType(nests[members[0]].callee, arg);
  int64_t rank = mlirShapedTypeGetRank(first);
  size_t n = rank ? (size_t)rank : 1;
  int64_t *shape = solarCalloc(n, sizeof(int64_t));
  int64_t *strides = solarCalloc(n, sizeof(int64_t));
  int64_t *other = solarCalloc(n, sizeof(int64_t));
  int64_t offset, otherOffset;
  int64_t dynamic = mlirShapedTypeGetDynamicSize();
  int64_t dynamicStride = mlirShapedTypeGetDynamicStrideOrOffset();
  mlirMemRefTypeGetStridesAndOffset(first, strides, &offset);
  for (int64_t d = 0; d < rank; ++d)
    shape[d] = mlirShapedTypeGetDimSize(first, d);
  for (size_t m = 1; m < count; ++m) {
    MlirType type = argType(nests[members[m]].callee, arg);
    mlirMemRefTypeGetStridesAndOffset(type, other, &otherOffset);
    for (int64_t d = 0; d < rank; ++d) {
      if (mlirShapedTypeGetDimSize(type, d) != shape[d])
        shape[d] = dynamic;
      if (other[d] != strides[d])
        strides[d] = dynamicStride;
    }
    if (otherOffset != offset)
      offset = dynamicStride;
  }
  MlirContext ctx = mlirTypeGetContext(first);
  MlirAttribute layout = mlirStridedLayoutAttrGet(ctx, offset, rank, strides);
  MlirType joined = mlirMemRefTypeGet(mlirShapedTypeGetElementType(first),
                                      rank, shape, layout, mlirAttributeGetNull());
  free(shape);
  free(strides);
  free(other);
  return joined;
}

static MlirWalkResult collectLoop(MlirOperation op, void *data) {
  if (solarOpIs(op, "affine.for"))
    solarOpListPush(data, op);
  return MlirWalkResultAdvance;
}

static MlirWalkResult markAccess(MlirOperation op, void *data) {
  (void)data;
  if (solarOpIsAffineAccess(op))
    solarVerifyMarkInBounds(op);
  return MlirWalkResultAdvance;
}

/* The constant of a bound map with no operands, or false. */
static bool constantBound(MlirOperation loop, const char *which,
                          int64_t *value) {
  MlirAffineMap map = mlirAffineMapAttrGetValue(mlirOperationGetAttributeByName(
      loop, mlirStringRefCreateFromCString(which)));
  if (!mlirAffineMapIsSingleConstant(map) || mlirAffineMapGetNumDims(map) ||
      mlirAffineMapGetNumSymbols(map))
    return false;
  *value = mlirAffineMapGetSingleConstantResult(map);
  return true;
}

/* The bounds the group's calls pass: per new argument, one per member. */
typedef struct {
  int64_t **rows; /* owned: count rows of `members` values, each owned */
  size_t count, capacity, members;
} BoundArgs;

/* Replaces the bounds of `loop` (the group's first function's) that differ
 * between the members with new index arguments of `block`. */
static void generalizeLoop(MlirOperation loop, MlirOperation *const *loops,
                           size_t j, size_t count, MlirBlock block,
                           BoundArgs *bounds) {
  static const char *const which[] = {"lowerBoundMap", "upperBoundMap"};
  MlirContext ctx = mlirOperationGetContext(loop);
  MlirValue operands[2];
  int32_t segments[3] = {0, 0, 0};
  intptr_t n = 0;
  int64_t first, value;
  for (int w = 0; w < 2; ++w)
    if (!constantBound(loop, which[w], &first))
      return; /* bounds with operands print alike only when equal */
  for (int w = 0; w < 2; ++w) {
    constantBound(loop, which[w], &first);
    bool differs = false;
    for (size_t m = 1; m < count; ++m)
      if (!constantBound(loops[m][j], which[w], &value) || value != first)
        differs = true;
    if (!differs)
      continue;
    bounds->rows = solarGrow(bounds->rows, &bounds->capacity, bounds->count,
                             sizeof(int64_t *));
    int64_t *row = solarCalloc(count, sizeof(int64_t));
    for (size_t m = 0; m < count; ++m)
      constantBound(loops[m][j], which[w], &row[m]);
    bounds->rows[bounds->count++] = row;
    MlirValue arg = mlirBlockAddArgument(block, mlirIndexTypeGet(ctx),
                                         mlirOperationGetLocation(loop));
    MlirAffineExpr symbol = mlirAffineSymbolExprGet(ctx, 0);
    mlirOperationSetAttributeByName(
        loop, mlirStringRefCreateFromCString(which[w]),
        mlirAffineMapAttrGet(mlirAffineMapGet(ctx, 0, 1, 1, &symbol)));
    operands[n++] = arg;
    segments[w] = 1;
  }
  if (n == 0)
    return;
  /* the loop had no operands: constant bounds and no results */
  mlirOperationSetOperands(loop, n, operands);
  mlirOperationSetAttributeByName(
      loop, mlirStringRefCreateFromCString("operandSegmentSizes"),
      mlirDenseI32ArrayGet(ctx, 3, segments));
}

static MlirOperation createOp(const char *name, MlirLocation loc,
                              intptr_t nOperands, const MlirValue *operands,
                              intptr_t nResults, const MlirType *results,
                              intptr_t nAttrs, const MlirNamedAttribute *attrs,
                              MlirOperation before) {
  MlirOperationState state =
      mlirOperationStateGet(mlirStringRefCreateFromCString(name), loc);
  mlirOperationStateAddOperands(&state, nOperands, operands);
  mlirOperationStateAddResults(&state, nResults, results);
  mlirOperationStateAddAttributes(&state, nAttrs, attrs);
  MlirOperation op = mlirOperationCreate(&state);
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(before), before,
                                      op);
  return op;
}

/* Member m's call of the shared function: its operands, cast where the
 * argument was generalized, then its bounds. */
static void rewriteCall(MlirOperation call, MlirOperation shared,
                        const BoundArgs *bounds, size_t m) {
  MlirContext ctx = mlirOperationGetContext(call);
  MlirLocation loc = mlirOperationGetLocation(call);
  MlirBlock block = entryOf(shared);
  intptr_t old = mlirOperationGetNumOperands(call);
  intptr_t total = mlirBlockGetNumArguments(block);
  MlirValue *operands = solarCalloc((size_t)total, sizeof(MlirValue));
  for (intptr_t i = 0; i < old; ++i) {
    MlirValue value = mlirOperationGetOperand(call, i);
    MlirType type = mlirValueGetType(mlirBlockGetArgument(block, i));
    operands[i] = value;
    if (!mlirTypeEqual(mlirValueGetType(value), type))
      operands[i] = mlirOperationGetResult(
          createOp("memref.cast", loc, 1, &value, 1, &type, 0, NULL, call), 0);
  }
  MlirType index = mlirIndexTypeGet(ctx);
  for (size_t b = 0; b < bounds->count; ++b) {
    MlirNamedAttribute value = mlirNamedAttributeGet(
        mlirIdentifierGet(ctx, mlirStringRefCreateFromCString("value")),
        mlirIntegerAttrGet(index, bounds->rows[b][m]));
    operands[old + (intptr_t)b] = mlirOperationGetResult(
        createOp("arith.constant", loc, 0, NULL, 1, &index, 1, &value, call),
        0);
  }
  MlirNamedAttribute callee = mlirNamedAttributeGet(
      mlirIdentifierGet(ctx, mlirStringRefCreateFromCString("callee")),
      mlirFlatSymbolRefAttrGet(ctx, solarSymbolName(shared)));
  createOp("func.call", loc, total, operands, 0, NULL, 1, &callee, call);
  mlirOperationDestroy(call);
  free(operands);
}

static void share(Nest *nests, const size_t *members, size_t count) {
  MlirOperation shared = nests[members[0]].callee;
  MlirBlock block = entryOf(shared);
  intptr_t args = mlirBlockGetNumArguments(block);
  for (intptr_t a = 0; a < args; ++a) {
    MlirType type = argType(shared, a);
    bool differs = false;
    for (size_t m = 1; m < count && !differs; ++m)
      differs = !mlirTypeEqual(type, argType(nests[members[m]].callee, a));
    if (differs)
      mlirValueSetType(mlirBlockGetArgument(block, a),
                       joinedType(nests, members, count, a));
  }
  SolarOpList *loops = solarCalloc(count, sizeof(SolarOpList));
  MlirOperation **items = solarCalloc(count, sizeof(MlirOperation *));
  for (size_t m = 0; m < count; ++m) {
    mlirOperationWalk(nests[members[m]].callee, collectLoop, &loops[m],
                      MlirWalkPreOrder);
    items[m] = loops[m].items;
  }
  BoundArgs bounds = {NULL, 0, 0, count};
  for (size_t j = 0; j < loops[0].count; ++j)
    generalizeLoop(loops[0].items[j], (MlirOperation *const *)items, j, count,
                   block, &bounds);
  intptr_t total = mlirBlockGetNumArguments(block);
  MlirType *types = solarCalloc((size_t)total + 1, sizeof(MlirType));
  for (intptr_t a = 0; a < total; ++a)
    types[a] = argType(shared, a);
  setArgTypes(shared, types);
  free(types);
  mlirOperationWalk(shared, markAccess, NULL, MlirWalkPreOrder);
  for (size_t m = 0; m < count; ++m) {
    rewriteCall(nests[members[m]].call, shared, &bounds, m);
    if (m > 0)
      mlirOperationDestroy(nests[members[m]].callee);
    free(loops[m].items);
  }
  free(loops);
  free(items);
  for (size_t b = 0; b < bounds.count; ++b)
    free(bounds.rows[b]);
  free(bounds.rows);
}

size_t solarVerifyShareNests(MlirModule module, const SolarOpList *calls) {
  Nest *nests = solarCalloc(calls->count ? calls->count : 1, sizeof(Nest));
  MlirSymbolTable symbols =
      mlirSymbolTableCreate(mlirModuleGetOperation(module));
  SolarHashTable groups = {0};
  for (size_t i = 0; i < calls->count; ++i) {
    nests[i].call = calls->items[i];
    nests[i].next = SIZE_MAX;
    MlirAttribute callee = mlirOperationGetAttributeByName(
        calls->items[i], mlirStringRefCreateFromCString("callee"));
    nests[i].callee = mlirSymbolTableLookup(
        symbols, mlirFlatSymbolRefAttrGetValue(callee));
    if (mlirOperationIsNull(nests[i].callee) || !shareable(nests[i].callee))
      continue;
    nests[i].key = keyOf(nests[i].callee);
    bool added;
    Group *group = solarHashInsert(&groups, &kGroupKind,
                                   solarHashString(nests[i].key),
                                   nests[i].key, &added);
    if (added) {
      *group = (Group){nests[i].key, i, i};
    } else {
      nests[group->last].next = i;
      group->last = i;
    }
  }
  mlirSymbolTableDestroy(symbols);
  size_t erased = 0;
  size_t *members = solarCalloc(calls->count ? calls->count : 1,
                                sizeof(size_t));
  size_t cursor = 0;
  for (Group *group; (group = solarHashNext(&groups, &cursor));) {
    size_t count = 0;
    for (size_t i = group->first; i != SIZE_MAX; i = nests[i].next)
      members[count++] = i;
    if (count < 2)
      continue;
    share(nests, members, count);
    erased += count - 1;
  }
  solarHashClear(&groups);
  for (size_t i = 0; i < calls->count; ++i)
    free(nests[i].key);
  free(nests);
  free(members);
  return erased;
}
