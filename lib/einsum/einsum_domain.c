/* Iteration domains: one scope per loop body or conditional region.
 *
 * A loop adds dimensions and intersects the parent's domain with its bounds
 * (max of the lower-bound map results <= iv < min of the upper-bound
 * results, and iv = lb + step*e for steps > 1); a conditional region
 * intersects with its condition (then) or subtracts it (else). Every scope
 * also gets a schedule prefix (block positions and loop dimensions) for the
 * dataflow analysis. Stores are collected in program order; constructs that
 * cannot be modelled exactly get a warning and a conservative domain. */
#include "einsum_access_build.h"
#include "einsum_internal.h"

#include "solar/support/diagnostics.h"

#include "mlir-c/AffineExpr.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <isl/space.h>
#include <isl/val.h>

#include <stdlib.h>
#include <string.h>

/* The first scope registered for a block stays its scope. */
static void registerBlock(EgBuilder *b, MlirBlock block, EgScope *scope) {
  intptr_t existing;
  if (!egHandleMapGet(&b->scopeOfBlock, block.ptr, &existing))
    egHandleMapPut(&b->scopeOfBlock, block.ptr, scope->id);
}

/* A child scope with `extraDims` new dimensions (unconstrained) and the
 * parent's schedule prefix followed by `position`. */
static EgScope *newScope(EgBuilder *b, EgScope *parent, int extraDims,
                         int position) {
  EgScope *scope = calloc(1, sizeof(EgScope));
  if (!scope)
    abort();
  scope->id = b->scopeCount;
  scope->shape = b->shapeCount++;
  scope->parent = parent;
  int parentDepth = parent ? parent->depth : 0;
  scope->depth = parentDepth + extraDims;
  scope->ivs = calloc((size_t)scope->depth + 1, sizeof(MlirValue));
  scope->loopOps = calloc((size_t)scope->depth + 1, sizeof(MlirOperation));
  int parentSched = parent ? parent->schedLength : 0;
  scope->sched = calloc((size_t)(parentSched + 2 * extraDims + 2),
                        sizeof(EgSchedItem));
  if (!scope->ivs || !scope->loopOps || !scope->sched)
    abort();
  if (parent) {
    memcpy(scope->ivs, parent->ivs, (size_t)parentDepth * sizeof(MlirValue));
    memcpy(scope->loopOps, parent->loopOps,
           (size_t)parentDepth * sizeof(MlirOperation));
    memcpy(scope->sched, parent->sched,
           (size_t)parentSched * sizeof(EgSchedItem));
    scope->domain = isl_set_add_dims(isl_set_copy(parent->domain),
                                     isl_dim_set, (unsigned)extraDims);
    scope->exact = parent->exact;
    scope->schedLength = parentSched;
    scope->sched[scope->schedLength++] = (EgSchedItem){false, position};
  } else {
    scope->domain = isl_set_universe(isl_space_set_alloc(b->ctx, 0, 0));
    scope->exact = true;
  }
  egGrow((void **)&b->scopes, &b->scopeCapacity, b->scopeCount,
         sizeof(EgScope *));
  b->scopes[b->scopeCount++] = scope;
  return scope;
}

static void addLoopDim(EgScope *scope, int dim, MlirValue iv,
                       MlirOperation loop) {
  scope->ivs[dim] = iv;
  scope->loopOps[dim] = loop;
  scope->sched[scope->schedLength++] = (EgSchedItem){true, dim};
}

static void restrictDomain(EgScope *scope, __isl_take isl_set *constraint) {
  scope->domain = isl_set_intersect(scope->domain, constraint);
}

static void walkBlock(EgBuilder *b, MlirBlock block, EgScope *scope);

static void walkRegions(EgBuilder *b, MlirOperation op, EgScope *scope) {
  intptr_t regions = mlirOperationGetNumRegions(op);
  for (intptr_t r = 0; r < regions; ++r) {
    MlirRegion region = mlirOperationGetRegion(op, r);
    for (MlirBlock block = mlirRegionGetFirstBlock(region);
         !mlirBlockIsNull(block); block = mlirBlockGetNextInRegion(block))
      walkBlock(b, block, scope);
  }
}

static MlirAttribute attr(MlirOperation op, const char *name) {
  return mlirOperationGetAttributeByName(op,
                                         mlirStringRefCreateFromCString(name));
}

static int64_t integerAttr(MlirOperation op, const char *name,
                           int64_t fallback) {
  MlirAttribute a = attr(op, name);
  return !mlirAttributeIsNull(a) && mlirAttributeIsAInteger(a)
             ? mlirIntegerAttrGetValueInt(a)
             : fallback;
}

/* lb <= iv < ub for every lower / upper bound, and (iv - max lb) mod step
 * = 0. Bound arrays are taken. */
static void constrainDim(EgBuilder *b, EgScope *scope, int dim,
                         __isl_take isl_pw_aff **lbs, int lbCount,
                         __isl_take isl_pw_aff **ubs,
                         int ubCount, int64_t step) {
  isl_pw_aff *iv = egDimPwAff(b, scope, dim);
  isl_pw_aff *lbMax = NULL;
  for (int i = 0; i < lbCount; ++i) {
    restrictDomain(scope, isl_pw_aff_le_set(isl_pw_aff_copy(lbs[i]),
                                      isl_pw_aff_copy(iv)));
    lbMax = lbMax ? isl_pw_aff_max(lbMax, lbs[i]) : lbs[i];
  }
  for (int i = 0; i < ubCount; ++i)
    restrictDomain(scope, isl_pw_aff_lt_set(isl_pw_aff_copy(iv), ubs[i]));
  if (step > 1 && lbMax) {
    isl_pw_aff *offset = isl_pw_aff_sub(isl_pw_aff_copy(iv), lbMax);
    lbMax = NULL;
    restrictDomain(scope, isl_pw_aff_zero_set(isl_pw_aff_mod_val(
                        offset, isl_val_int_from_si(b->ctx, (long)step))));
  }
  isl_pw_aff_free(lbMax);
  isl_pw_aff_free(iv);
}

/* A bound that could not be converted: a fresh parameter stands for it, so
 * the domain stays bounded and the counts say what they depend on. */
static __isl_give isl_pw_aff *unknownBound(EgBuilder *b, EgScope *scope,
                                MlirOperation loop, const char *which,
                                const EgFailure *why) {
  char name[128];
  egOpName(loop, name, sizeof(name));
  egWarn(b, mlirOperationGetLocation(loop),
         "%s bound of '%s' is not affine (%s); it is modelled by a new "
         "symbolic parameter",
         which, name, why->text);
  char where[512], what[768];
  solarLocationFormat(mlirOperationGetLocation(loop), where, sizeof(where));
  snprintf(what, sizeof(what), "%s bound of %s at %s", which, name, where);
  scope->exact = false;
  return isl_pw_aff_param_on_domain_id(isl_set_universe(egScopeSpace(b, scope)),
                                       egUnknownParam(b, "bound", what));
}

static MlirValue *operandsOf(MlirOperation op, intptr_t first, intptr_t count) {
  MlirValue *values = calloc((size_t)count + 1, sizeof(MlirValue));
  if (!values)
    abort();
  for (intptr_t i = 0; i < count; ++i)
    values[i] = mlirOperationGetOperand(op, first + i);
  return values;
}

/* All results of `map` over `operands`, or one unknown bound on failure. */
static int boundsFromMap(EgBuilder *b, EgScope *scope, MlirOperation loop,
                         MlirAffineMap map, MlirValue *operands,
                         intptr_t count, const char *which,
                         __isl_give isl_pw_aff ***out, bool *unknown) {
  intptr_t results = mlirAffineMapGetNumResults(map);
  *out = calloc((size_t)results + 1, sizeof(isl_pw_aff *));
  EgFailure why = {{0}};
  if (egAffineMapApply(b, scope, map, operands, count, *out, &why))
    return (int)results;
  (*out)[0] = unknownBound(b, scope, loop, which, &why);
  *unknown = true;
  return 1;
}

/* What a loop scope's domain depends on: the parent's shape, the
 * parameters known so far (the bounds are built on their space), the
 * number of new dims, the bounds as isl prints them and the steps. */
typedef struct {
  EgShapeKey key;
} LoopKey;

static void loopKeyStart(EgBuilder *b, EgScope *scope, LoopKey *k) {
  memset(k, 0, sizeof(*k));
  egShapeKeyAdd(&k->key, "loop");
  egShapeKeyAddInt(&k->key, scope->parent->shape);
  egShapeKeyAddInt(&k->key, b->paramCount);
  egShapeKeyAddInt(&k->key, scope->depth);
}

static void loopKeyBounds(LoopKey *k, __isl_keep isl_pw_aff **bounds,
                          int count, int64_t step) {
  egShapeKeyAddInt(&k->key, count);
  for (int i = 0; i < count; ++i)
    egShapeKeyAddPrinted(&k->key, isl_pw_aff_to_str(bounds[i]));
  egShapeKeyAddInt(&k->key, (long)step);
}

/* A map without operands whose results are constants: "const" and the
 * values (the bounds egConstPwAff would build on the scope's space, which
 * the key already names). False for any other map. */
static bool loopKeyConstants(LoopKey *k, MlirAffineMap map) {
  if (mlirAffineMapGetNumInputs(map) != 0)
    return false;
  intptr_t results = mlirAffineMapGetNumResults(map);
  for (intptr_t r = 0; r < results; ++r)
    if (!mlirAffineExprIsAConstant(mlirAffineMapGetResult(map, r)))
      return false;
  egShapeKeyAdd(&k->key, "const");
  egShapeKeyAddInt(&k->key, (long)results);
  for (intptr_t r = 0; r < results; ++r)
    egShapeKeyAddInt(&k->key, (long)mlirAffineConstantExprGetValue(
                                  mlirAffineMapGetResult(map, r)));
  return true;
}

/* The value of a map without operands whose one result is a constant. */
static bool singleConstant(MlirAffineMap map, int64_t *value) {
  if (mlirAffineMapGetNumInputs(map) != 0 ||
      mlirAffineMapGetNumResults(map) != 1 ||
      !mlirAffineExprIsAConstant(mlirAffineMapGetResult(map, 0)))
    return false;
  *value = mlirAffineConstantExprGetValue(mlirAffineMapGetResult(map, 0));
  return true;
}

typedef struct {
  isl_set *domain; /* tuple EG_SHAPE_MEMO_STORED */
  int shape;
  /* Entries of scopeRows (no domain): the rows of a scope shape's
   * domain, when it is a box of that form. */
  bool haveRows;
  EgBoxRows rows;
} ScopeShape;

static void freeScopeShape(void *payload) {
  ScopeShape *entry = payload;
  isl_set_free(entry->domain);
  egBoxRowsClear(&entry->rows);
  free(entry);
}

static char *rowsKey(int shape) {
  EgShapeKey key = {0};
  egShapeKeyAdd(&key, "rows");
  egShapeKeyAddInt(&key, shape);
  return key.text;
}

/* The rows of the scope's domain (egBoxRowsRead), once per scope shape:
 * rows of that form are left as they are by isl's normalization in place,
 * so every domain of the shape has them. NULL for any other domain. */
static const EgBoxRows *scopeRows(EgBuilder *b, const EgScope *scope) {
  char *key = rowsKey(scope->shape);
  ScopeShape *entry = egShapeMemoGet(b->scopeMemo, key);
  if (!entry) {
    entry = calloc(1, sizeof(*entry));
    if (!entry)
      abort();
    entry->haveRows = egBoxRowsRead(scope->domain, &entry->rows);
    egShapeMemoPut(b->scopeMemo, key, entry);
  }
  free(key);
  return entry->haveRows ? &entry->rows : NULL;
}

/* The domain of a loop with constant bounds and step 1 in a box, written
 * down from the rows isl's bounds and intersections give it (the parent's
 * and the loop's, egBoxRowsAddLoop), its rows kept for the loops inside;
 * NULL where it is not written down. Half the cost of a new loop shape
 * was isl_pw_aff_le_set, isl_pw_aff_lt_set and the intersections. */
static __isl_give isl_set *loopBoxDomain(EgBuilder *b, EgScope *scope,
                                         MlirAffineMap lbMap,
                                         MlirAffineMap ubMap, int64_t step) {
  int64_t lo, hi;
  const EgBoxRows *parent = NULL;
  EgBoxRows rows;
  if (step != 1 || !singleConstant(lbMap, &lo) ||
      !singleConstant(ubMap, &hi) ||
      !(parent = scopeRows(b, scope->parent)) ||
      !egBoxRowsAddLoop(parent, lo, hi, &rows))
    return NULL;
  isl_space *space = isl_space_align_params(isl_set_get_space(scope->domain),
                                            isl_space_copy(b->paramSpace));
  isl_set *domain = egBoxRowsSet(space, &rows);
  if (!domain) {
    egBoxRowsClear(&rows);
    return NULL;
  }
  ScopeShape *entry = calloc(1, sizeof(*entry));
  if (!entry)
    abort();
  entry->haveRows = true;
  entry->rows = rows;
  egAccessKnownBox(b, scope->shape, &entry->rows);
  char *key = rowsKey(scope->shape);
  egShapeMemoPut(b->scopeMemo, key, entry);
  free(key);
  return domain;
}

/* A scope of a known shape takes a fresh copy of its domain. */
static bool takeKnownShape(EgBuilder *b, EgScope *scope, const LoopKey *k) {
  ScopeShape *entry = egShapeMemoGet(b->scopeMemo, k->key.text);
  if (!entry)
    return false;
  isl_set_free(scope->domain);
  scope->domain = egShapeMemoFreshSet(entry->domain, NULL);
  scope->shape = entry->shape;
  return true;
}

static void rememberShape(EgBuilder *b, EgScope *scope, const LoopKey *k) {
  ScopeShape *entry = calloc(1, sizeof(*entry));
  if (!entry)
    abort();
  entry->domain = egShapeMemoFreshSet(scope->domain, EG_SHAPE_MEMO_STORED);
  entry->shape = scope->shape;
  egShapeMemoPut(b->scopeMemo, k->key.text, entry);
}

/* A loop's bounds and the operands they were built from. */
typedef struct {
  MlirValue *lbOperands, *ubOperands;
  isl_pw_aff **lbs, **ubs; /* nl and nu entries, owned until consumed */
  int nl, nu;
  bool unknown; /* some map failed and became an unknown bound */
} LoopBounds;

/* The bounds of `op`, whose operands are the lower maps' lbInputs then the
 * upper maps' ubInputs. */
static void readLoopBounds(EgBuilder *b, EgScope *scope, MlirOperation op,
                           MlirAffineMap lbMap, intptr_t lbInputs,
                           MlirAffineMap ubMap, intptr_t ubInputs,
                           LoopBounds *out) {
  memset(out, 0, sizeof(*out));
  out->lbOperands = operandsOf(op, 0, lbInputs);
  out->ubOperands = operandsOf(op, lbInputs, ubInputs);
  out->nl = boundsFromMap(b, scope, op, lbMap, out->lbOperands, lbInputs,
                          "lower", &out->lbs, &out->unknown);
  out->nu = boundsFromMap(b, scope, op, ubMap, out->ubOperands, ubInputs,
                          "upper", &out->ubs, &out->unknown);
}

/* Frees the bounds not consumed: those from lbFrom and ubFrom on. */
static void freeLoopBounds(LoopBounds *lb, int lbFrom, int ubFrom) {
  for (int i = lbFrom; i < lb->nl; ++i)
    isl_pw_aff_free(lb->lbs[i]);
  for (int i = ubFrom; i < lb->nu; ++i)
    isl_pw_aff_free(lb->ubs[i]);
  free(lb->lbs);
  free(lb->ubs);
  free(lb->lbOperands);
  free(lb->ubOperands);
}

static void walkAffineFor(EgBuilder *b, MlirOperation op, EgScope *parent,
                          int position) {
  MlirAttribute segments = attr(op, "operandSegmentSizes");
  intptr_t lbCount = mlirDenseI32ArrayGetElement(segments, 0);
  intptr_t ubCount = mlirDenseI32ArrayGetElement(segments, 1);
  MlirAffineMap lbMap = mlirAffineMapAttrGetValue(attr(op, "lowerBoundMap"));
  MlirAffineMap ubMap = mlirAffineMapAttrGetValue(attr(op, "upperBoundMap"));
  int64_t step = integerAttr(op, "step", 1);
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  EgScope *scope = newScope(b, parent, 1, position);
  int dim = scope->depth - 1;
  addLoopDim(scope, dim, mlirBlockGetArgument(body, 0), op);
  /* Constant bounds (most loops) are keyed without building them. */
  LoopKey k;
  loopKeyStart(b, scope, &k);
  bool constant = loopKeyConstants(&k, lbMap) && loopKeyConstants(&k, ubMap);
  if (constant) {
    egShapeKeyAddInt(&k.key, (long)step);
    isl_set *direct = NULL;
    bool known = takeKnownShape(b, scope, &k);
    if (!known && (direct = loopBoxDomain(b, scope, lbMap, ubMap, step))) {
      isl_set_free(scope->domain);
      scope->domain = direct;
      rememberShape(b, scope, &k);
    }
    if (known || direct) {
      free(k.key.text);
      registerBlock(b, body, scope);
      walkBlock(b, body, scope);
      return;
    }
  }
  LoopBounds lb;
  readLoopBounds(b, scope, op, lbMap, lbCount, ubMap, ubCount, &lb);
  /* An unknown bound made a parameter of its own: no shape to share. */
  bool memo = !lb.unknown;
  if (memo && !constant) {
    free(k.key.text);
    loopKeyStart(b, scope, &k);
    loopKeyBounds(&k, lb.lbs, lb.nl, step);
    loopKeyBounds(&k, lb.ubs, lb.nu, 0);
  }
  if (memo && !constant && takeKnownShape(b, scope, &k)) {
    freeLoopBounds(&lb, 0, 0);
  } else {
    constrainDim(b, scope, dim, lb.lbs, lb.nl, lb.ubs, lb.nu, step);
    freeLoopBounds(&lb, lb.nl, lb.nu);
    if (memo)
      rememberShape(b, scope, &k);
  }
  free(k.key.text);
  registerBlock(b, body, scope);
  walkBlock(b, body, scope);
}

static void walkAffineParallel(EgBuilder *b, MlirOperation op,
                               EgScope *parent, int position) {
  MlirAffineMap lbMap = mlirAffineMapAttrGetValue(attr(op, "lowerBoundsMap"));
  MlirAffineMap ubMap = mlirAffineMapAttrGetValue(attr(op, "upperBoundsMap"));
  MlirAttribute lbGroups = attr(op, "lowerBoundsGroups");
  MlirAttribute ubGroups = attr(op, "upperBoundsGroups");
  MlirAttribute steps = attr(op, "steps");
  int dims = (int)mlirElementsAttrGetNumElements(lbGroups);
  intptr_t lbInputs = mlirAffineMapGetNumInputs(lbMap);
  intptr_t ubInputs = mlirAffineMapGetNumInputs(ubMap);
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  EgScope *scope = newScope(b, parent, dims, position);
  int first = scope->depth - dims;
  for (int d = 0; d < dims; ++d)
    addLoopDim(scope, first + d, mlirBlockGetArgument(body, d), op);
  LoopBounds lb;
  readLoopBounds(b, scope, op, lbMap, lbInputs, ubMap, ubInputs, &lb);
  bool grouped = lb.nl == mlirAffineMapGetNumResults(lbMap) &&
                 lb.nu == mlirAffineMapGetNumResults(ubMap);
  bool memo = !lb.unknown && grouped;
  LoopKey k = {{0}};
  if (memo) {
    loopKeyStart(b, scope, &k);
    for (int d = 0; d < dims; ++d) {
      egShapeKeyAddInt(&k.key, mlirDenseElementsAttrGetInt32Value(lbGroups, d));
      egShapeKeyAddInt(&k.key, mlirDenseElementsAttrGetInt32Value(ubGroups, d));
    }
    loopKeyBounds(&k, lb.lbs, lb.nl, 0);
    loopKeyBounds(&k, lb.ubs, lb.nu, 0);
    for (int d = 0; d < dims; ++d)
      egShapeKeyAddInt(&k.key, (long)mlirIntegerAttrGetValueInt(
                                   mlirArrayAttrGetElement(steps, d)));
  }
  if (memo && takeKnownShape(b, scope, &k)) {
    freeLoopBounds(&lb, 0, 0);
  } else {
    int lbAt = 0, ubAt = 0;
    for (int d = 0; d < dims; ++d) {
      int lc = grouped ? mlirDenseElementsAttrGetInt32Value(lbGroups, d) : 0;
      int uc = grouped ? mlirDenseElementsAttrGetInt32Value(ubGroups, d) : 0;
      int64_t step =
          mlirIntegerAttrGetValueInt(mlirArrayAttrGetElement(steps, d));
      constrainDim(b, scope, first + d, lb.lbs + lbAt, lc, lb.ubs + ubAt, uc,
                   step);
      lbAt += lc;
      ubAt += uc;
    }
    /* A failed map leaves one unknown bound that constrains every dim. */
    for (int i = lbAt; i < lb.nl; ++i)
      for (int d = 0; d < dims; ++d)
        restrictDomain(scope, isl_pw_aff_le_set(isl_pw_aff_copy(lb.lbs[i]),
                                                egDimPwAff(b, scope, first + d)));
    for (int i = ubAt; i < lb.nu; ++i)
      for (int d = 0; d < dims; ++d)
        restrictDomain(scope, isl_pw_aff_lt_set(egDimPwAff(b, scope, first + d),
                                                isl_pw_aff_copy(lb.ubs[i])));
    freeLoopBounds(&lb, lbAt, ubAt);
    if (memo)
      rememberShape(b, scope, &k);
  }
  free(k.key.text);
  registerBlock(b, body, scope);
  walkBlock(b, body, scope);
}

/* The then- and else-regions of a conditional with condition `set` (NULL
 * when it could not be modelled: both regions keep the whole domain). */
static void walkConditional(EgBuilder *b, MlirOperation op, EgScope *parent,
                            int position, __isl_take isl_set *set) {
  intptr_t regions = mlirOperationGetNumRegions(op);
  for (intptr_t r = 0; r < regions && r < 2; ++r) {
    MlirBlock block = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r));
    if (mlirBlockIsNull(block))
      continue;
    EgScope *scope = newScope(b, parent, 0, position);
    scope->sched[scope->schedLength++] = (EgSchedItem){false, (int)r};
    if (set && r == 0)
      restrictDomain(scope, isl_set_copy(set));
    else if (set)
      scope->domain = isl_set_subtract(scope->domain, isl_set_copy(set));
    else
      scope->exact = false;
    registerBlock(b, block, scope);
    walkBlock(b, block, scope);
  }
  isl_set_free(set);
}

static void walkAffineIf(EgBuilder *b, MlirOperation op, EgScope *parent,
                         int position) {
  MlirIntegerSet condition = mlirIntegerSetAttrGetValue(attr(op, "condition"));
  intptr_t n = mlirOperationGetNumOperands(op);
  MlirValue *operands = operandsOf(op, 0, n);
  EgFailure why = {{0}};
  isl_set *set = egIntegerSetApply(b, parent, condition, operands, n, &why);
  free(operands);
  if (!set)
    egWarn(b, mlirOperationGetLocation(op),
           "condition of 'affine.if' is not affine (%s); both regions are "
           "counted over the whole enclosing domain",
           why.text);
  walkConditional(b, op, parent, position, set);
}

/* arith.cmpi predicates: eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge. */
static __isl_give isl_set *comparisonSet(EgBuilder *b, EgScope *scope,
                                         MlirValue condition,
                                         EgFailure *why) {
  MlirOperation op = egValueDefiningOp(condition);
  if (solarOpIs(op, "arith.andi")) {
    isl_set *lhs = comparisonSet(b, scope, mlirOperationGetOperand(op, 0), why);
    isl_set *rhs = lhs ? comparisonSet(b, scope, mlirOperationGetOperand(op, 1),
                                       why)
                       : NULL;
    return rhs ? isl_set_intersect(lhs, rhs) : isl_set_free(lhs);
  }
  if (!solarOpIs(op, "arith.cmpi")) {
    snprintf(why->text, sizeof(why->text),
             "the condition is not a comparison of affine indices");
    return NULL;
  }
  isl_pw_aff *lhs = NULL, *rhs = NULL;
  if (!egValueToPwAff(b, scope, mlirOperationGetOperand(op, 0), &lhs, why))
    return NULL;
  if (!egValueToPwAff(b, scope, mlirOperationGetOperand(op, 1), &rhs, why)) {
    isl_pw_aff_free(lhs);
    return NULL;
  }
  switch (integerAttr(op, "predicate", -1)) {
  case 0:
    return isl_pw_aff_eq_set(lhs, rhs);
  case 1:
    return isl_pw_aff_ne_set(lhs, rhs);
  case 2:
  case 6:
    return isl_pw_aff_lt_set(lhs, rhs);
  case 3:
  case 7:
    return isl_pw_aff_le_set(lhs, rhs);
  case 4:
  case 8:
    return isl_pw_aff_gt_set(lhs, rhs);
  case 5:
  case 9:
    return isl_pw_aff_ge_set(lhs, rhs);
  default:
    isl_pw_aff_free(lhs);
    isl_pw_aff_free(rhs);
    snprintf(why->text, sizeof(why->text), "unknown cmpi predicate");
    return NULL;
  }
}

static void walkScfIf(EgBuilder *b, MlirOperation op, EgScope *parent,
                      int position) {
  EgFailure why = {{0}};
  isl_set *set =
      comparisonSet(b, parent, mlirOperationGetOperand(op, 0), &why);
  if (!set)
    egWarn(b, mlirOperationGetLocation(op),
           "condition of 'scf.if' is data-dependent (%s); both regions are "
           "counted over the whole enclosing domain",
           why.text);
  walkConditional(b, op, parent, position, set);
}

static void walkScfFor(EgBuilder *b, MlirOperation op, EgScope *parent,
                       int position) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  EgScope *scope = newScope(b, parent, 1, position);
  int dim = scope->depth - 1;
  addLoopDim(scope, dim, mlirBlockGetArgument(body, 0), op);
  EgFailure why = {{0}};
  isl_pw_aff *lb = NULL, *ub = NULL;
  if (!egValueToPwAff(b, scope, mlirOperationGetOperand(op, 0), &lb, &why))
    lb = unknownBound(b, scope, op, "lower", &why);
  if (!egValueToPwAff(b, scope, mlirOperationGetOperand(op, 1), &ub, &why))
    ub = unknownBound(b, scope, op, "upper", &why);
  int64_t step = 1;
  MlirOperation stepOp = egValueDefiningOp(mlirOperationGetOperand(op, 2));
  if (!solarOpIs(stepOp, "arith.constant")) {
    egWarn(b, mlirOperationGetLocation(op),
           "step of 'scf.for' is not a constant; counted as step 1 (an "
           "upper bound on the trip count)");
    scope->exact = false;
  } else {
    step = integerAttr(stepOp, "value", 1);
  }
  constrainDim(b, scope, dim, &lb, 1, &ub, 1, step);
  registerBlock(b, body, scope);
  walkBlock(b, body, scope);
}

static void walkScfWhile(EgBuilder *b, MlirOperation op, EgScope *parent,
                         int position) {
  egWarn(b, mlirOperationGetLocation(op),
         "trip count of 'scf.while' is data-dependent; it is modelled by a "
         "new symbolic parameter");
  EgScope *scope = newScope(b, parent, 1, position);
  int dim = scope->depth - 1;
  addLoopDim(scope, dim, (MlirValue){NULL}, op);
  scope->exact = false;
  char where[512], what[768];
  solarLocationFormat(mlirOperationGetLocation(op), where, sizeof(where));
  snprintf(what, sizeof(what), "trip count of scf.while at %s", where);
  isl_pw_aff *trip = isl_pw_aff_param_on_domain_id(
      isl_set_universe(egScopeSpace(b, scope)), egUnknownParam(b, "trips", what));
  isl_pw_aff *zero = egConstPwAff(b, scope, 0);
  constrainDim(b, scope, dim, &zero, 1, &trip, 1, 1);
  intptr_t regions = mlirOperationGetNumRegions(op);
  for (intptr_t r = 0; r < regions; ++r) {
    MlirBlock block = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r));
    if (mlirBlockIsNull(block))
      continue;
    registerBlock(b, block, scope);
    walkBlock(b, block, scope);
  }
}

static void walkScfParallel(EgBuilder *b, MlirOperation op, EgScope *parent,
                            int position) {
  MlirAttribute segments = attr(op, "operandSegmentSizes");
  int dims = mlirDenseI32ArrayGetElement(segments, 0);
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  if (mlirOperationGetNumResults(op) > 0)
    egSkip(b, mlirOperationGetLocation(op),
           "reductions of 'scf.parallel' are not analyzed; only its stores "
           "are counted");
  EgScope *scope = newScope(b, parent, dims, position);
  int first = scope->depth - dims;
  for (int d = 0; d < dims; ++d) {
    addLoopDim(scope, first + d, mlirBlockGetArgument(body, d), op);
    EgFailure why = {{0}};
    isl_pw_aff *lb = NULL, *ub = NULL;
    if (!egValueToPwAff(b, scope, mlirOperationGetOperand(op, d), &lb, &why))
      lb = unknownBound(b, scope, op, "lower", &why);
    if (!egValueToPwAff(b, scope, mlirOperationGetOperand(op, dims + d), &ub,
                        &why))
      ub = unknownBound(b, scope, op, "upper", &why);
    MlirOperation stepOp =
        egValueDefiningOp(mlirOperationGetOperand(op, 2 * dims + d));
    int64_t step = solarOpIs(stepOp, "arith.constant")
                       ? integerAttr(stepOp, "value", 1)
                       : 1;
    constrainDim(b, scope, first + d, &lb, 1, &ub, 1, step);
  }
  registerBlock(b, body, scope);
  walkBlock(b, body, scope);
}

static void addStore(EgBuilder *b, MlirOperation op, EgScope *scope,
                     int position) {
  egGrow((void **)&b->stores, &b->storeCapacity, b->storeCount,
         sizeof(EgStoreSite));
  b->stores[b->storeCount++] = (EgStoreSite){op, scope, position};
}

/* Ops that neither compute nor touch memory in a way the graph misses. */
static bool isKnownOp(MlirOperation op) {
  char name[128];
  egOpName(op, name, sizeof(name));
  static const char *const dialects[] = {"arith.", "math.", "index.",
                                         "complex.", NULL};
  for (int i = 0; dialects[i]; ++i)
    if (strncmp(name, dialects[i], strlen(dialects[i])) == 0)
      return true;
  static const char *const names[] = {
      "affine.load", "affine.apply", "affine.min", "affine.max",
      "affine.linearize_index", "affine.delinearize_index",
      "affine.yield", "memref.load", "memref.alloc", "memref.alloca",
      "memref.dealloc", "memref.get_global", "memref.subview",
      "memref.collapse_shape", "memref.expand_shape",
      "memref.reinterpret_cast", "memref.cast", "memref.dim",
      "memref.assume_alignment", "func.return", "scf.yield", "scf.condition",
      "builtin.unrealized_conversion_cast",
      /* A runtime check (torch-mlir's index and shape asserts): it reads a
       * flag its scalar compare computed and writes nothing. */
      "cf.assert", NULL};
  for (int i = 0; names[i]; ++i)
    if (strcmp(name, names[i]) == 0)
      return true;
  return false;
}

static void walkOp(EgBuilder *b, MlirOperation op, EgScope *scope,
                   int position) {
  if (solarOpIs(op, "affine.for"))
    walkAffineFor(b, op, scope, position);
  else if (solarOpIs(op, "affine.parallel"))
    walkAffineParallel(b, op, scope, position);
  else if (solarOpIs(op, "affine.if"))
    walkAffineIf(b, op, scope, position);
  else if (solarOpIs(op, "scf.for"))
    walkScfFor(b, op, scope, position);
  else if (solarOpIs(op, "scf.if"))
    walkScfIf(b, op, scope, position);
  else if (solarOpIs(op, "scf.while"))
    walkScfWhile(b, op, scope, position);
  else if (solarOpIs(op, "scf.parallel"))
    walkScfParallel(b, op, scope, position);
  else if (solarOpIs(op, "scf.execute_region") ||
           solarOpIs(op, "memref.alloca_scope"))
    walkRegions(b, op, scope);
  else if (egIsStore(op))
    addStore(b, op, scope, position);
  else if (solarOpIs(op, "func.return")) {
    intptr_t n = mlirOperationGetNumOperands(op);
    for (intptr_t i = 0; i < n; ++i) {
      MlirValue v = mlirOperationGetOperand(op, i);
      if (mlirTypeIsAMemRef(mlirValueGetType(v)))
        b->tensors[egTensorOf(b, egBaseBuffer(v))].isReturned = true;
    }
  } else if (solarOpIs(op, "func.call")) {
    MlirAttribute callee = attr(op, "callee");
    MlirStringRef name = mlirAttributeIsNull(callee)
                             ? mlirStringRefCreateFromCString("?")
                             : mlirFlatSymbolRefAttrGetValue(callee);
    b->opaqueMemoryOps = true;
    egSkip(b, mlirOperationGetLocation(op),
           "call to @%.*s is not analyzed: its memory accesses and "
           "operations are unknown",
           (int)name.length, name.data);
  } else if (!isKnownOp(op)) {
    char name[128];
    egOpName(op, name, sizeof(name));
    b->opaqueMemoryOps = true;
    egSkip(b, mlirOperationGetLocation(op),
           "unsupported operation '%s' is not analyzed%s", name,
           mlirOperationGetNumRegions(op) > 0 ? " (nor the code it contains)"
                                              : "");
  }
}

static void walkBlock(EgBuilder *b, MlirBlock block, EgScope *scope) {
  if (!egScopeOfBlock(b, block))
    registerBlock(b, block, scope);
  int position = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(block);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
    walkOp(b, op, scope, position++);
}

void egBuildScopes(EgBuilder *b) {
  b->shapeCount = 1; /* 0 is no shape: what a zeroed struct says */
  EgScope *root = newScope(b, NULL, 0, 0);
  MlirRegion body = mlirOperationGetRegion(b->func, 0);
  MlirBlock entry = mlirRegionGetFirstBlock(body);
  if (mlirBlockIsNull(entry))
    return;
  /* Arguments first, so tensor ids follow the signature. */
  intptr_t args = mlirBlockGetNumArguments(entry);
  for (intptr_t i = 0; i < args; ++i) {
    MlirValue arg = mlirBlockGetArgument(entry, i);
    if (mlirTypeIsAMemRef(mlirValueGetType(arg)))
      egTensorOf(b, arg);
  }
  b->scopeMemo = egShapeMemoCreate(freeScopeShape);
  for (MlirBlock block = entry; !mlirBlockIsNull(block);
       block = mlirBlockGetNextInRegion(block))
    walkBlock(b, block, root);
  egShapeMemoDestroy(b->scopeMemo);
  b->scopeMemo = NULL;
}
