/* One node per store: the backward slice of the stored value.
 *
 * The slice stops at loads (reads), constants and block arguments. It goes
 * through the results of affine.for / scf.for with iter_args and of
 * affine.parallel reductions into their bodies: the node's domain is then
 * the innermost reduction body (a matmul written with iter_args gets the
 * same 3-d domain as one written with `load C; add; store C`). Accesses and
 * ops at other levels are related to the node domain through their common
 * enclosing loops, and ops are counted on the domain where they execute, so
 * totals stay exact. Each op is counted by the first node that reaches it. */
#include "einsum_access_build.h"
#include "einsum_internal.h"

#include "solar/support/diagnostics.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <isl/ilp.h>
#include <isl/val.h>
#include <isl/space.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  MlirOperation op;       /* null for an implicit reduction combiner */
  EgScope *scope;
  SolarOpClass cls;
  char dtype[64];
  int64_t lanes;
  bool skip;              /* merged into a MAC */
} PendingOp;

typedef struct {
  EgBuilder *b;
  EgNode *node;
  MlirOperation *visited;
  int visitedCount, visitedCapacity;
  EgRawAccess *raw;
  int rawCount, rawCapacity;
  PendingOp *ops;
  int opCount, opCapacity;
  EgScope *deepest;
  MlirOperation deepestAnchor; /* op in deepest's block giving the position */
  const char *reductionOp;     /* from iter_args or affine.parallel */
  MlirOperation combiner;      /* op combining an accumulator */
  bool exact;
} Slice;

static bool markVisited(Slice *s, MlirOperation op) {
  for (int i = 0; i < s->visitedCount; ++i)
    if (mlirOperationEqual(s->visited[i], op))
      return false;
  egGrow((void **)&s->visited, &s->visitedCapacity, s->visitedCount,
         sizeof(MlirOperation));
  s->visited[s->visitedCount++] = op;
  return true;
}

static void addPending(Slice *s, MlirOperation op, EgScope *scope,
                       SolarOpClass cls, const char *dtype, int64_t lanes) {
  egGrow((void **)&s->ops, &s->opCapacity, s->opCount, sizeof(PendingOp));
  PendingOp *p = &s->ops[s->opCount++];
  memset(p, 0, sizeof(*p));
  p->op = op;
  p->scope = scope;
  p->cls = cls;
  snprintf(p->dtype, sizeof(p->dtype), "%s", dtype);
  p->lanes = lanes;
}

static void addRaw(Slice *s, MlirOperation op, bool write) {
  egGrow((void **)&s->raw, &s->rawCapacity, s->rawCount, sizeof(EgRawAccess));
  if (!egMakeRawAccess(s->b, op, write, &s->raw[s->rawCount++]))
    s->exact = false;
}

static int useCount(MlirValue value) {
  int n = 0;
  for (MlirOpOperand use = mlirValueGetFirstUse(value);
       !mlirOpOperandIsNull(use); use = mlirOpOperandGetNextUse(use))
    n++;
  return n;
}

/* Follows a chain into a deeper reduction body when it nests inside the
 * current one; an unrelated (sibling) reduction keeps its own domain. */
static void deepen(Slice *s, EgScope *body, MlirOperation anchor) {
  if (body && body->depth > s->deepest->depth &&
      egScopeIsAncestor(s->deepest, body)) {
    s->deepest = body;
    s->deepestAnchor = anchor;
  }
}

static void visitValue(Slice *s, MlirValue value);

/* select(x > acc, x, acc) and friends: a max/min written with cmp+select. */
static const char *selectKind(MlirOperation select, MlirValue acc) {
  MlirOperation cmp = egValueDefiningOp(mlirOperationGetOperand(select, 0));
  if (!solarOpIs(cmp, "arith.cmpf") && !solarOpIs(cmp, "arith.cmpi"))
    return NULL;
  MlirValue t = mlirOperationGetOperand(select, 1);
  MlirValue f = mlirOperationGetOperand(select, 2);
  MlirValue a = mlirOperationGetOperand(cmp, 0);
  MlirValue c = mlirOperationGetOperand(cmp, 1);
  if (!mlirValueEqual(t, acc) && !mlirValueEqual(f, acc))
    return NULL;
  bool same = mlirValueEqual(a, t) && mlirValueEqual(c, f);
  bool swapped = mlirValueEqual(a, f) && mlirValueEqual(c, t);
  if (!same && !swapped)
    return NULL;
  int64_t p = mlirIntegerAttrGetValueInt(mlirOperationGetAttributeByName(
      cmp, mlirStringRefCreateFromCString("predicate")));
  bool greater, less;
  if (solarOpIs(cmp, "arith.cmpf")) { /* ogt oge ugt uge / olt ole ult ule */
    greater = p == 2 || p == 3 || p == 9 || p == 10;
    less = p == 4 || p == 5 || p == 11 || p == 12;
  } else { /* sgt sge ugt uge / slt sle ult ule */
    greater = p == 4 || p == 5 || p == 8 || p == 9;
    less = p == 2 || p == 3 || p == 6 || p == 7;
  }
  if (!greater && !less)
    return NULL;
  /* select(a > c, a, c) is max(a, c); swapping the arms flips it. */
  return (greater == same) ? "max" : "min";
}

/* The reduction kind when `op` combines `acc` with something else. */
static const char *combineKind(MlirOperation op, MlirValue acc) {
  if (mlirOperationIsNull(op))
    return NULL;
  if (solarOpIs(op, "arith.select"))
    return selectKind(op, acc);
  if (mlirOperationGetNumOperands(op) == 2 &&
      (mlirValueEqual(mlirOperationGetOperand(op, 0), acc) ||
       mlirValueEqual(mlirOperationGetOperand(op, 1), acc)))
    return egCombinerKind(op);
  return NULL;
}

/* The op producing `yielded` that combines it with accumulator `acc`. */
static void findCombiner(Slice *s, MlirValue yielded, MlirValue acc) {
  MlirOperation op = egValueDefiningOp(yielded);
  const char *kind = combineKind(op, acc);
  if (kind) {
    s->reductionOp = kind;
    s->combiner = op;
  } else if (!s->reductionOp) {
    s->reductionOp = "recurrence";
  }
}

static intptr_t iterArgInitOperand(MlirOperation loop, intptr_t result) {
  if (solarOpIs(loop, "scf.for"))
    return 3 + result;
  MlirAttribute segments = mlirOperationGetAttributeByName(
      loop, mlirStringRefCreateFromCString("operandSegmentSizes"));
  return mlirDenseI32ArrayGetElement(segments, 0) +
         mlirDenseI32ArrayGetElement(segments, 1) + result;
}

static void visitLoopResult(Slice *s, MlirOperation loop, intptr_t result) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(loop, 0));
  MlirOperation yield = mlirBlockGetTerminator(body);
  MlirValue yielded = mlirOperationGetOperand(yield, result);
  deepen(s, egScopeOfBlock(s->b, body), yield);
  findCombiner(s, yielded, mlirBlockGetArgument(body, 1 + result));
  visitValue(s, yielded);
  visitValue(s, mlirOperationGetOperand(loop, iterArgInitOperand(loop, result)));
}

/* AtomicRMWKind numbering of affine.parallel's `reductions`. */
static const char *parallelKind(int64_t kind, SolarOpClass *cls) {
  static const struct {
    const char *name;
    SolarOpClass cls;
  } kinds[] = {
      {"add", SOLAR_OP_ADD},    {"add", SOLAR_OP_ADD},
      {"and", SOLAR_OP_OTHER},  {"assign", SOLAR_OP_OTHER},
      {"max", SOLAR_OP_MINMAX}, {"max", SOLAR_OP_MINMAX},
      {"max", SOLAR_OP_MINMAX}, {"max", SOLAR_OP_MINMAX},
      {"min", SOLAR_OP_MINMAX}, {"min", SOLAR_OP_MINMAX},
      {"min", SOLAR_OP_MINMAX}, {"min", SOLAR_OP_MINMAX},
      {"mul", SOLAR_OP_MUL},    {"mul", SOLAR_OP_MUL},
      {"or", SOLAR_OP_OTHER},   {"xor", SOLAR_OP_OTHER},
  };
  if (kind < 0 || kind >= (int64_t)(sizeof(kinds) / sizeof(kinds[0]))) {
    *cls = SOLAR_OP_OTHER;
    return "recurrence";
  }
  *cls = kinds[kind].cls;
  return kinds[kind].name;
}

static void visitParallelResult(Slice *s, MlirOperation par, intptr_t result) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(par, 0));
  MlirOperation yield = mlirBlockGetTerminator(body);
  MlirValue yielded = mlirOperationGetOperand(yield, result);
  EgScope *scope = egScopeOfBlock(s->b, body);
  deepen(s, scope, yield);
  MlirAttribute reductions = mlirOperationGetAttributeByName(
      par, mlirStringRefCreateFromCString("reductions"));
  SolarOpClass cls;
  s->reductionOp = parallelKind(
      mlirIntegerAttrGetValueInt(mlirArrayAttrGetElement(reductions, result)),
      &cls);
  /* The combine step is implicit: one op per point of the body. */
  char dtype[64];
  MlirType type = mlirValueGetType(yielded);
  egTypeString(type, dtype, sizeof(dtype));
  MlirOperation producer = egValueDefiningOp(yielded);
  if (cls == SOLAR_OP_ADD &&
      (solarOpIs(producer, "arith.mulf") ||
       solarOpIs(producer, "arith.muli")) &&
      useCount(yielded) == 1 && egClaimOp(s->b, producer)) {
    markVisited(s, producer);
    addPending(s, (MlirOperation){NULL}, scope, SOLAR_OP_MAC, dtype, 1);
    visitValue(s, mlirOperationGetOperand(producer, 0));
    visitValue(s, mlirOperationGetOperand(producer, 1));
    return;
  }
  addPending(s, (MlirOperation){NULL}, scope, cls, dtype, 1);
  visitValue(s, yielded);
}

/* Values yielded by a conditional: both arms, plus one select. */
static void visitConditionalResult(Slice *s, MlirOperation op,
                                   intptr_t result) {
  intptr_t regions = mlirOperationGetNumRegions(op);
  for (intptr_t r = 0; r < regions; ++r) {
    MlirBlock block = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r));
    if (mlirBlockIsNull(block))
      continue;
    MlirOperation yield = mlirBlockGetTerminator(block);
    if (mlirOperationGetNumOperands(yield) > result)
      visitValue(s, mlirOperationGetOperand(yield, result));
  }
  char dtype[64];
  egTypeString(mlirValueGetType(mlirOperationGetResult(op, result)), dtype,
               sizeof(dtype));
  addPending(s, op, egScopeOfOp(s->b, op), SOLAR_OP_SELECT, dtype, 1);
}

static void visitOp(Slice *s, MlirOperation op, MlirValue value) {
  if (!markVisited(s, op))
    return;
  if (egIsLoad(op)) {
    addRaw(s, op, false);
    return;
  }
  intptr_t result = mlirOpResultGetResultNumber(value);
  if (solarOpIs(op, "affine.for") || solarOpIs(op, "scf.for")) {
    visitLoopResult(s, op, result);
    return;
  }
  if (solarOpIs(op, "affine.parallel")) {
    visitParallelResult(s, op, result);
    return;
  }
  if (solarOpIs(op, "affine.if") || solarOpIs(op, "scf.if")) {
    visitConditionalResult(s, op, result);
    return;
  }
  SolarOpClass cls = SOLAR_OP_OTHER;
  EgOpKind kind = egClassifyOp(op, &cls);
  if (kind == EG_OP_NOT_COMPUTE)
    return;
  EgScope *scope = egScopeOfOp(s->b, op);
  if (!scope) {
    s->exact = false;
    return;
  }
  if (kind == EG_OP_UNKNOWN) {
    char name[128];
    egOpName(op, name, sizeof(name));
    egSkip(s->b, mlirOperationGetLocation(op),
           "unsupported operation '%s' computes a stored value; counted as "
           "one 'other' op and its inputs are not followed",
           name);
    s->exact = false;
    addPending(s, op, scope, SOLAR_OP_OTHER, "unknown", 1);
    return;
  }
  char dtype[64];
  int64_t lanes = 1;
  egOpDtype(op, dtype, sizeof(dtype), &lanes);
  addPending(s, op, scope, cls, dtype, lanes);
  intptr_t n = mlirOperationGetNumOperands(op);
  for (intptr_t i = 0; i < n; ++i)
    visitValue(s, mlirOperationGetOperand(op, i));
}

static void visitValue(Slice *s, MlirValue value) {
  if (mlirValueIsAOpResult(value))
    visitOp(s, mlirOpResultGetOwner(value), value);
  /* Block arguments (IVs used as data, accumulators, scalar arguments)
   * are leaves. */
}

/* `load C[f]; op; store C[f]`: the read is the accumulator. */
static void findAccumulator(Slice *s, EgNode *node, int writeIndex) {
  EgAccess *w = &node->accesses[writeIndex];
  bool selfRead = false;
  for (int i = 0; i < node->accessCount; ++i) {
    EgAccess *r = &node->accesses[i];
    if (r->write || r->tensor != w->tensor || !r->exact || !w->exact ||
        !egAccessMapsEqual(s->b, node, &s->raw[i], r, &s->raw[writeIndex],
                           w))
      continue;
    selfRead = true;
    r->accumulator = true;
    if (s->reductionOp)
      continue;
    /* The combining op has the load among its operands. */
    MlirOperation op = egValueDefiningOp(egStoredValue(node->anchor));
    const char *kind = combineKind(op, mlirOperationGetResult(r->op, 0));
    if (kind) {
      s->reductionOp = kind;
      s->combiner = op;
    }
  }
  node->reductionOp = s->reductionOp ? s->reductionOp
                      : selfRead     ? "recurrence"
                                     : "assign";
}

/* A mul whose only use is the reduction add: one MAC. */
static void fuseMac(Slice *s) {
  if (!s->combiner.ptr || (!solarOpIs(s->combiner, "arith.addf") &&
                           !solarOpIs(s->combiner, "arith.addi")))
    return;
  PendingOp *add = NULL;
  for (int i = 0; i < s->opCount; ++i)
    if (s->ops[i].op.ptr && mlirOperationEqual(s->ops[i].op, s->combiner))
      add = &s->ops[i];
  if (!add)
    return;
  for (int k = 0; k < 2; ++k) {
    MlirValue operand = mlirOperationGetOperand(s->combiner, k);
    MlirOperation mul = egValueDefiningOp(operand);
    if ((!solarOpIs(mul, "arith.mulf") && !solarOpIs(mul, "arith.muli")) ||
        useCount(operand) != 1)
      continue;
    for (int i = 0; i < s->opCount; ++i) {
      PendingOp *p = &s->ops[i];
      if (p->op.ptr && mlirOperationEqual(p->op, mul) && p->scope == add->scope) {
        p->skip = true;
        add->cls = SOLAR_OP_MAC;
        return;
      }
    }
  }
}

static void countOps(Slice *s, EgNode *node) {
  for (int i = 0; i < s->opCount; ++i) {
    PendingOp *p = &s->ops[i];
    if (p->skip)
      continue;
    if (p->op.ptr && !egClaimOp(s->b, p->op))
      continue;
    egNodeCountOp(s->b, node, p->scope, p->cls, p->dtype, p->lanes);
  }
}

void egBuildNode(EgBuilder *b, EgNode *node) {
  Slice s;
  memset(&s, 0, sizeof(s));
  s.b = b;
  s.node = node;
  s.deepest = node->storeScope;
  s.exact = true;
  addRaw(&s, node->anchor, true);
  visitValue(&s, egStoredValue(node->anchor));

  node->scope = s.deepest;
  node->anchorPosition = s.deepestAnchor.ptr ? egOpPosition(s.deepestAnchor)
                                             : node->storePosition;
  char name[EG_STATEMENT_NAME_SIZE];
  egStatementName(node->id, name);
  node->domain = isl_set_set_tuple_name(isl_set_copy(s.deepest->domain), name);
  if (!egCountNodeDomain(b, node))
    egWarn(b, node->loc, "the iteration domain of this store is unbounded");
  node->exact = s.exact && node->scope->exact && node->points.exact;
  if (!node->scope->exact)
    node->points.exact = false;

  for (int i = 0; i < s.rawCount; ++i)
    egBuildAccess(b, node, &s.raw[i]);
  if (egFindReductionDimsOnce(b, node, &s.raw[0])) {
    findAccumulator(&s, node, 0);
  } else {
    node->reductionOp = node->accesses[0].exact ? "none" : "unknown";
    s.combiner = (MlirOperation){NULL};
  }
  fuseMac(&s);
  countOps(&s, node);
  for (int i = 0; i < node->accessCount; ++i)
    if (!node->accesses[i].exact || !node->accesses[i].footprint.exact)
      node->exact = false;

  char dtype[64];
  egTypeString(mlirValueGetType(egStoredValue(node->anchor)), dtype,
               sizeof(dtype));
  node->dtype = egStrdup(dtype);

  for (int i = 0; i < s.rawCount; ++i)
    isl_multi_pw_aff_free(s.raw[i].indices);
  free(s.raw);
  free(s.ops);
  free(s.visited);
}

typedef struct {
  EgBuilder *b;
} LoadSearch;

static bool isAccessed(EgBuilder *b, MlirOperation op) {
  intptr_t unused;
  return egHandleMapGet(&b->accessedLoads, op.ptr, &unused);
}

static MlirWalkResult attachIfOrphan(MlirOperation op, void *userData) {
  EgBuilder *b = ((LoadSearch *)userData)->b;
  if (!egIsLoad(op) || isAccessed(b, op) ||
      mlirOpOperandIsNull(mlirValueGetFirstUse(mlirOperationGetResult(op, 0))))
    return MlirWalkResultAdvance;
  EgScope *scope = egScopeOfOp(b, op);
  EgNode *node = NULL;
  for (int i = 0; scope && i < b->nodeCount && !node; ++i)
    if (egScopeIsAncestor(scope, b->nodes[i].scope))
      node = &b->nodes[i];
  if (!node) {
    char name[64];
    egOpName(op, name, sizeof(name));
    egWarn(b, mlirOperationGetLocation(op),
           "'%s' feeds no analyzed store; its traffic is not counted", name);
    return MlirWalkResultAdvance;
  }
  EgRawAccess raw;
  bool exact = egMakeRawAccess(b, op, false, &raw);
  egBuildAccess(b, node, &raw);
  node->accesses[node->accessCount - 1].address = true;
  if (!exact)
    node->exact = false;
  isl_multi_pw_aff_free(raw.indices);
  return MlirWalkResultAdvance;
}

void egAttachAddressLoads(EgBuilder *b) {
  LoadSearch search = {b};
  mlirOperationWalk(b->func, attachIfOrphan, &search, MlirWalkPreOrder);
  egAccessMemoFinish(b); /* the last phase that builds accesses */
}
