/* Finding the reduction band of an accumulation site (verify_band.h). */
#include "solar/verify/verify_band.h"
#include "solar/support/funcs.h"
#include "solar/verify/verify_noalias.h"

#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

bool solarVerifyDependsOn(MlirValue value, MlirValue iv, int depth) {
  if (mlirValueEqual(value, iv))
    return true;
  if (depth == 0 || !mlirValueIsAOpResult(value))
    return false;
  MlirOperation def = mlirOpResultGetOwner(value);
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(def); ++i)
    if (solarVerifyDependsOn(mlirOperationGetOperand(def, i), iv, depth - 1))
      return true;
  return false;
}

static bool inside(MlirOperation op, MlirOperation ancestor) {
  for (; !mlirOperationIsNull(op); op = mlirOperationGetParentOperation(op))
    if (mlirOperationEqual(op, ancestor))
      return true;
  return false;
}

static MlirOperation owner(MlirValue value) {
  if (mlirValueIsAOpResult(value))
    return mlirOpResultGetOwner(value);
  return mlirBlockGetParentOperation(mlirBlockArgumentGetOwner(value));
}

static bool constantBound(MlirOperation loop, const char *name,
                          int64_t *value) {
  MlirAttribute map =
      mlirOperationGetAttributeByName(loop, mlirStringRefCreateFromCString(name));
  if (mlirAttributeIsNull(map) || !mlirAttributeIsAAffineMap(map) ||
      !mlirAffineMapIsSingleConstant(mlirAffineMapAttrGetValue(map)))
    return false;
  *value = mlirAffineMapGetSingleConstantResult(mlirAffineMapAttrGetValue(map));
  return true;
}

bool solarVerifyConstantLoop(MlirOperation loop, SolarVerifyLoopRange *range) {
  int64_t lower, upper;
  if (!solarOpIs(loop, "affine.for") ||
      !constantBound(loop, "lowerBoundMap", &lower) ||
      !constantBound(loop, "upperBoundMap", &upper))
    return false;
  MlirAttribute step =
      mlirOperationGetAttributeByName(loop, mlirStringRefCreateFromCString("step"));
  int64_t by = mlirAttributeIsAInteger(step) ? mlirIntegerAttrGetValueInt(step) : 0;
  if (by <= 0)
    return false;
  *range = (SolarVerifyLoopRange){
      lower, by, upper > lower ? (upper - lower + by - 1) / by : 0};
  return true;
}

/* An affine.for that runs its body at least once, whatever the values. */
static bool runsAtLeastOnce(MlirOperation loop) {
  SolarVerifyLoopRange range;
  return solarVerifyConstantLoop(loop, &range) && range.trips > 0;
}

typedef struct {
  MlirOperation load, store;
  MlirValue root;     /* M's buffer */
  MlirBlock entry;    /* the enclosing function's entry block */
  bool argsDistinct;  /* its memref arguments are distinct buffers */
  bool other;         /* found another access, or a pointer of unknown root */
} AccessSearch;

static MlirWalkResult findOtherAccess(MlirOperation op, void *userData) {
  AccessSearch *s = userData;
  if (mlirOperationEqual(op, s->load) || mlirOperationEqual(op, s->store))
    return MlirWalkResultAdvance;
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op) && !s->other;
       ++i) {
    MlirValue value = mlirOperationGetOperand(op, i);
    MlirType type = mlirValueGetType(value);
    if (mlirTypeIsAIndex(type) || mlirTypeIsAInteger(type) ||
        mlirTypeIsAFloat(type) || mlirTypeIsAVector(type))
      continue;
    MlirValue root = mlirTypeIsAMemRef(type)
                         ? solarVerifyRootBuffer(value, s->entry)
                         : (MlirValue){NULL};
    s->other = mlirValueIsNull(root) || mlirValueEqual(root, s->root) ||
               (!s->argsDistinct && mlirValueIsABlockArgument(root) &&
                mlirValueIsABlockArgument(s->root));
  }
  return s->other ? MlirWalkResultInterrupt : MlirWalkResultAdvance;
}

/* Whether `loop` may join the band: see solarVerifyReductionBand. */
static bool bandLoop(MlirOperation loop, AccessSearch *search) {
  if (!runsAtLeastOnce(loop))
    return false;
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(loop, 0));
  MlirValue iv = mlirBlockGetArgument(body, 0);
  /* The check before the band reads M[idx]: M and the indices are
   * defined before it. */
  for (intptr_t i = 1; i < mlirOperationGetNumOperands(search->store); ++i) {
    MlirValue operand = mlirOperationGetOperand(search->store, i);
    if (solarVerifyDependsOn(operand, iv, 8) || inside(owner(operand), loop))
      return false;
  }
  search->other = false;
  mlirOperationWalk(loop, findOtherAccess, search, MlirWalkPreOrder);
  return !search->other;
}

MlirOperation solarVerifyReductionBand(MlirOperation load, MlirOperation store,
                                       MlirOperation entryFunc) {
  MlirOperation func = mlirOperationGetParentOperation(store);
  while (!mlirOperationIsNull(func) && !solarIsFunc(func))
    func = mlirOperationGetParentOperation(func);
  MlirOperation band = {NULL};
  if (mlirOperationIsNull(func))
    return band;
  AccessSearch search = {
      load, store, {NULL},
      mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0)),
      mlirOperationEqual(func, entryFunc), false};
  search.root = solarVerifyRootBuffer(mlirOperationGetOperand(store, 1),
                                      search.entry);
  if (mlirValueIsNull(search.root))
    return band;
  for (MlirOperation loop = mlirOperationGetParentOperation(store);
       !mlirOperationIsNull(loop) && bandLoop(loop, &search);
       loop = mlirOperationGetParentOperation(loop))
    band = loop;
  return band;
}

int64_t solarVerifyBandTerms(MlirOperation band, MlirOperation store) {
  int64_t terms = 1;
  for (MlirOperation loop = mlirOperationGetParentOperation(store);;
       loop = mlirOperationGetParentOperation(loop)) {
    SolarVerifyLoopRange range;
    terms *= solarVerifyConstantLoop(loop, &range) ? range.trips : 0;
    if (mlirOperationEqual(loop, band))
      return terms;
  }
}
