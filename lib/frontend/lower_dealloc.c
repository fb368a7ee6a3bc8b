/* Buffer deallocation of straight-line functions in linear time.
 *
 * Upstream's buffer-deallocation-pipeline puts one bufferization.dealloc
 * of every buffer a block owns before its terminator, then simplifies it
 * with patterns that compare every pair of its memrefs for a common
 * allocation (BufferOriginAnalysis) and split one memref off per step:
 * cubic in a function's buffers. A network bufferized into one function
 * has hundreds of them (GPT-2 x32 blocks: most of the lowering's
 * instructions). For a function whose buffers never leave its one block
 * (no memref in a nested region, none returned, none made by an op that
 * could hand over ownership: a call, a realloc), what the pipeline
 * produces is known: `memref.dealloc %alloc` of every memref.alloc of the
 * block, in the order of the allocations, just before the terminator.
 * That is written here directly; any other function sends the whole
 * module to the upstream pipeline. */
#include "solar/frontend/lower_to_affine.h"
#include "solar/support/op_list.h"
#include "solar/support/funcs.h"

#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>

static bool isMemRef(MlirType type) {
  return mlirTypeIsAMemRef(type) || mlirTypeIsAUnrankedMemRef(type);
}

static bool anyMemRefValue(MlirOperation op) {
  return solarOpHasValueOf(op, isMemRef);
}

/* Memref results that own nothing, or alias a buffer of the block. */
static bool ownsNothing(MlirOperation op) {
  static const char *const views[] = {
      "memref.alloca",        "memref.get_global",     "memref.subview",
      "memref.expand_shape",  "memref.collapse_shape", "memref.cast",
      "memref.reinterpret_cast", "memref.transpose",   "memref.view",
      NULL};
  for (int i = 0; views[i]; ++i)
    if (solarOpIs(op, views[i]))
      return true;
  return false;
}

typedef struct {
  bool simple;
  MlirOperation top; /* the top-level op being walked */
} NestedCheck;

/* Inside a top-level op's regions nothing may touch a memref: those
 * bodies (linalg payloads) compute on scalars. */
static MlirWalkResult checkNested(MlirOperation op, void *userData) {
  NestedCheck *check = userData;
  if (mlirOperationEqual(op, check->top))
    return MlirWalkResultAdvance;
  bool memref = anyMemRefValue(op);
  for (intptr_t r = 0; !memref && r < mlirOperationGetNumRegions(op); ++r)
    for (MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r));
         !memref && !mlirBlockIsNull(b); b = mlirBlockGetNextInRegion(b))
      for (intptr_t a = 0; a < mlirBlockGetNumArguments(b); ++a)
        memref |= isMemRef(mlirValueGetType(mlirBlockGetArgument(b, a)));
  if (memref) {
    check->simple = false;
    return MlirWalkResultInterrupt;
  }
  return MlirWalkResultAdvance;
}

/* The function's allocations in order, or false when it is not
 * straight-line in the sense above. */
static bool straightLine(MlirOperation func, SolarOpList *allocs) {
  MlirRegion body = mlirOperationGetRegion(func, 0);
  MlirBlock block = mlirRegionGetFirstBlock(body);
  if (mlirBlockIsNull(block))
    return true; /* a declaration */
  if (!mlirBlockIsNull(mlirBlockGetNextInRegion(block)))
    return false;
  MlirOperation terminator = mlirBlockGetTerminator(block);
  if (mlirOperationIsNull(terminator) || anyMemRefValue(terminator))
    return false;
  for (MlirOperation op = mlirBlockGetFirstOperation(block);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    if (solarOpIs(op, "memref.dealloc") || solarOpIs(op, "bufferization.dealloc"))
      return false; /* the pipeline refuses these; let it say so */
    bool results = false;
    for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i)
      results |= isMemRef(mlirValueGetType(mlirOperationGetResult(op, i)));
    if (solarOpIs(op, "memref.alloc"))
      solarOpListPush(allocs, op);
    else if (results && !ownsNothing(op))
      return false;
    NestedCheck check = {true, op};
    mlirOperationWalk(op, checkNested, &check, MlirWalkPreOrder);
    if (!check.simple)
      return false;
  }
  return true;
}

static void insertDeallocs(MlirOperation func, const SolarOpList *allocs) {
  MlirBlock block =
      mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  MlirOperation terminator = mlirBlockGetTerminator(block);
  MlirLocation loc = mlirOperationGetLocation(terminator);
  for (size_t i = 0; i < allocs->count; ++i) {
    MlirOperationState state = mlirOperationStateGet(
        mlirStringRefCreateFromCString("memref.dealloc"), loc);
    MlirValue buffer = mlirOperationGetResult(allocs->items[i], 0);
    mlirOperationStateAddOperands(&state, 1, &buffer);
    mlirBlockInsertOwnedOperationBefore(block, terminator,
                                        mlirOperationCreate(&state));
  }
}

typedef struct {
  SolarOpList funcs;
  bool simple;
} FuncScan;

static MlirWalkResult scanModuleLevel(MlirOperation op, void *userData) {
  FuncScan *scan = userData;
  if (solarOpIs(op, "func.func"))
    solarOpListPush(&scan->funcs, op);
  else if (solarOpIs(op, "builtin.module"))
    return MlirWalkResultAdvance;
  else if (mlirOperationGetNumRegions(op) > 0)
    /* Anything else at module level that holds buffers: upstream's case. */
    scan->simple = false;
  return MlirWalkResultSkip;
}

bool solarDeallocStraightLine(MlirOperation moduleOp) {
  FuncScan scan = {{NULL, 0, 0}, true};
  mlirOperationWalk(moduleOp, scanModuleLevel, &scan, MlirWalkPreOrder);
  SolarOpList *allocs = calloc(scan.funcs.count ? scan.funcs.count : 1,
                          sizeof(SolarOpList));
  if (!allocs)
    abort();
  for (size_t i = 0; scan.simple && i < scan.funcs.count; ++i)
    scan.simple = straightLine(scan.funcs.items[i], &allocs[i]);
  /* Nothing is rewritten unless every function qualifies. */
  for (size_t i = 0; scan.simple && i < scan.funcs.count; ++i)
    insertDeallocs(scan.funcs.items[i], &allocs[i]);
  for (size_t i = 0; i < scan.funcs.count; ++i)
    free(allocs[i].items);
  free(allocs);
  free(scan.funcs.items);
  return scan.simple;
}
