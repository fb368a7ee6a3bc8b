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
  MlirOperation op;
  EgScope *scope;
  int tensor;
  bool write;
  isl_multi_pw_aff *indices; /* NULL: not affine */
} RawAccess;

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
  RawAccess *raw;
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

/* Converts the access of a load/store; false (after a warning) when it is
 * not affine and is over-approximated. */
static bool makeRaw(EgBuilder *b, MlirOperation op, bool write,
                    RawAccess *r) {
  memset(r, 0, sizeof(*r));
  r->op = op;
  r->scope = egScopeOfOp(b, op);
  r->write = write;
  EgFailure why = {{0}};
  if (egAccessIndices(b, r->scope, op, &r->tensor, &r->indices, &why))
    return true;
  char name[64];
  egOpName(op, name, sizeof(name));
  egWarn(b, mlirOperationGetLocation(op),
         "non-affine access in '%s' (%s); its footprint is over-approximated "
         "by the whole tensor",
         name, why.text);
  return false;
}

static void addRaw(Slice *s, MlirOperation op, bool write) {
  egGrow((void **)&s->raw, &s->rawCapacity, s->rawCount, sizeof(RawAccess));
  if (!makeRaw(s->b, op, write, &s->raw[s->rawCount++]))
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
  if (!egOpIs(cmp, "arith.cmpf") && !egOpIs(cmp, "arith.cmpi"))
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
  if (egOpIs(cmp, "arith.cmpf")) { /* ogt oge ugt uge / olt ole ult ule */
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
  if (egOpIs(op, "arith.select"))
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
  if (egOpIs(loop, "scf.for"))
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
      (egOpIs(producer, "arith.mulf") || egOpIs(producer, "arith.muli")) &&
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
  if (egOpIs(op, "affine.for") || egOpIs(op, "scf.for")) {
    visitLoopResult(s, op, result);
    return;
  }
  if (egOpIs(op, "affine.parallel")) {
    visitParallelResult(s, op, result);
    return;
  }
  if (egOpIs(op, "affine.if") || egOpIs(op, "scf.if")) {
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
    egWarn(s->b, mlirOperationGetLocation(op),
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

/* node domain -> raw access scope: equal on the common loops. */
static __isl_give isl_map *relateScopes(EgBuilder *b, EgNode *node,
                                        EgScope *scope) {
  EgScope *common = egScopeCommonAncestor(node->scope, scope);
  int shared = common ? common->depth : 0;
  isl_space *space = isl_space_map_from_domain_and_range(
      egScopeSpace(b, node->scope), egScopeSpace(b, scope));
  isl_map *rel = isl_map_universe(space);
  for (int i = 0; i < shared; ++i)
    rel = isl_map_equate(rel, isl_dim_in, i, isl_dim_out, i);
  rel = isl_map_intersect_domain(rel, isl_set_copy(node->scope->domain));
  return isl_map_intersect_range(rel, isl_set_copy(scope->domain));
}

static char *statementName(int id) { return solarFormat("S%d", id); }

/* The least and greatest index of dimension d of the image. */
static void dimExtremes(__isl_keep isl_set *image, int d, int rank,
                        isl_val **lowest, isl_val **highest) {
  isl_set *line = isl_set_project_out(
      isl_set_project_out(isl_set_copy(image), isl_dim_set, (unsigned)d + 1,
                          (unsigned)(rank - d - 1)),
      isl_dim_set, 0, (unsigned)d);
  *lowest = isl_set_dim_min_val(isl_set_copy(line), 0);
  *highest = isl_set_dim_max_val(line, 0);
}

/* An error when the extreme indices of dimension d (taken) leave it. The
 * indices are compared as isl values: bounds built from the extent would
 * overflow isl's small-integer path at extents near 2^63. */
static bool reportOutOfBounds(EgBuilder *b, const RawAccess *raw,
                              const EgTensor *t, int d,
                              __isl_take isl_val *lowest,
                              __isl_take isl_val *highest) {
  bool high = highest && isl_val_is_int(highest) &&
              isl_val_cmp_si(highest, (long)(t->shape[d] - 1)) > 0;
  bool low = lowest && isl_val_is_int(lowest) && isl_val_cmp_si(lowest, 0) < 0;
  isl_val_free(lowest);
  isl_val_free(highest);
  if (!high && !low)
    return false;
  solarEmitError(mlirOperationGetLocation(raw->op),
                 "inconsistent shapes: %s %s %s in dimension %d, which "
                 "has size %lld (are the sizes given to "
                 "--solar-bind-shapes the ones the loops use?)",
                 t->name, raw->write ? "is written" : "is read",
                 high ? "past its end" : "before its start", d,
                 (long long)t->shape[d]);
  b->failed = true;
  return true;
}

/* Whether an error was reported. An access past a static extent is
 * undefined behaviour; it is also what a
 * --solar-bind-shapes binding that disagrees with the loops produces (a
 * 1000-element tensor read at the 4096 indices of a loop bound to another
 * argument). Counting it would bound a program that cannot run, so it is an
 * error naming the tensor and the dimension. Parametric images are left
 * alone: their extent is only known once bound. */
static bool checkInBounds(EgBuilder *b, const RawAccess *raw,
                          __isl_keep isl_set *image) {
  const EgTensor *t = &b->tensors[raw->tensor];
  for (int d = 0; d < t->rank; ++d)
    if (t->shape[d] < 0)
      return false;
  if (isl_set_involves_dims(image, isl_dim_param, 0,
                            isl_set_dim(image, isl_dim_param)) != isl_bool_false)
    return false;
  /* A box image (most are) shows its extreme indices in its constraints;
   * projecting each dimension out costs more than the rest of the access. */
  isl_val **boxLo = calloc((size_t)t->rank + 1, sizeof(isl_val *));
  isl_val **boxHi = calloc((size_t)t->rank + 1, sizeof(isl_val *));
  if (!boxLo || !boxHi)
    abort();
  bool box = isl_set_dim(image, isl_dim_set) == t->rank &&
             egSetBoxBounds(image, boxLo, boxHi);
  bool reported = false;
  for (int d = 0; d < t->rank && !reported; ++d) {
    isl_val *lowest = box ? isl_val_copy(boxLo[d]) : NULL;
    isl_val *highest = box ? isl_val_copy(boxHi[d]) : NULL;
    if (!box)
      dimExtremes(image, d, t->rank, &lowest, &highest);
    reported = reportOutOfBounds(b, raw, t, d, lowest, highest);
  }
  for (int d = 0; d < t->rank; ++d) {
    isl_val_free(boxLo[d]);
    isl_val_free(boxHi[d]);
  }
  free(boxLo);
  free(boxHi);
  return reported;
}

/* An access relation, its image and the image's count, computed once per
 * shape: the key (accessKey) names everything they depend on up to the
 * tuple names, and the in-bounds check passed for the tensor shape the key
 * names. */
typedef struct {
  isl_map *map;   /* domain tuple EG_SHAPE_MEMO_STORED */
  isl_set *image; /* tuple EG_SHAPE_MEMO_STORED */
  bool counted;   /* what egCountSetCached answered */
  EgCount footprint;
} AccessShape;

static void freeAccessShape(void *payload) {
  AccessShape *entry = payload;
  isl_map_free(entry->map);
  isl_set_free(entry->image);
  egCountClear(&entry->footprint);
  free(entry);
}

static void copyFootprint(const EgCount *from, EgCount *to) {
  to->count = isl_pw_qpolynomial_copy(from->count);
  to->exact = from->exact;
}

/* The node's and the access's scope shapes and how they nest, the
 * parameters known (every relation is on their space), the tensor's shape
 * (the in-bounds check) and the index expressions without the tensor's
 * name. NULL for an access that is not affine (rare; not memoized). */
static char *accessKey(EgBuilder *b, EgNode *node, const RawAccess *raw) {
  if (!raw->indices)
    return NULL;
  EgShapeKey key = {0};
  egShapeKeyAdd(&key, "access");
  egShapeKeyAddInt(&key, node->scope->shape);
  egShapeKeyAddInt(&key, raw->scope->shape);
  if (raw->scope != node->scope) {
    EgScope *common = egScopeCommonAncestor(node->scope, raw->scope);
    egShapeKeyAddInt(&key, common ? common->depth : 0);
  }
  egShapeKeyAddInt(&key, b->paramCount);
  const EgTensor *t = &b->tensors[raw->tensor];
  egShapeKeyAddInt(&key, t->rank);
  for (int d = 0; d < t->rank; ++d)
    egShapeKeyAddInt(&key, (long)t->shape[d]);
  /* The tensor's name is its range tuple, the first "-> NAME[" after the
   * opening brace (isl identifiers are unique among tensors and
   * parameters): cut out of the text, it leaves the indices alone. */
  char *printed = isl_multi_pw_aff_to_str(raw->indices);
  char *brace = printed ? strchr(printed, '{') : NULL;
  char *tuple = NULL;
  if (brace) {
    char *arrow = solarFormat("-> %s[", t->islName);
    tuple = strstr(brace, arrow);
    if (tuple)
      memmove(tuple + 3, tuple + strlen(arrow) - 1,
              strlen(tuple + strlen(arrow) - 1) + 1);
    free(arrow);
  }
  if (!tuple) {
    free(printed);
    free(key.text);
    return NULL;
  }
  egShapeKeyAddPrinted(&key, printed);
  return key.text;
}

/* Fills a from the memo; false when the shape is new. */
static bool takeKnownAccess(EgBuilder *b, EgNode *node, const RawAccess *raw,
                            const char *key, EgAccess *a) {
  AccessShape *entry = key ? egShapeMemoGet(b->accessMemo, key) : NULL;
  if (!entry)
    return false;
  const char *tensorName = b->tensors[raw->tensor].islName;
  char *name = statementName(node->id);
  a->map = egShapeMemoFreshMap(entry->map, name, tensorName);
  free(name);
  if (!raw->write)
    egHandleMapPut(&b->accessedLoads, raw->op.ptr, 1);
  a->image = egShapeMemoFreshSet(entry->image, tensorName);
  copyFootprint(&entry->footprint, &a->footprint);
  if (!entry->counted)
    a->footprint.exact = false;
  return true;
}

static void rememberAccess(EgBuilder *b, const char *key, const EgAccess *a,
                           bool counted) {
  AccessShape *entry = calloc(1, sizeof(*entry));
  if (!entry)
    abort();
  entry->map = egShapeMemoFreshMap(a->map, EG_SHAPE_MEMO_STORED,
                                   isl_map_get_tuple_name(a->map, isl_dim_out));
  entry->image = egShapeMemoFreshSet(a->image, EG_SHAPE_MEMO_STORED);
  entry->counted = counted;
  copyFootprint(&a->footprint, &entry->footprint);
  egShapeMemoPut(b->accessMemo, key, entry);
}

static void buildAccess(EgBuilder *b, EgNode *node, RawAccess *raw) {
  egGrow((void **)&node->accesses, &node->accessCapacity, node->accessCount,
         sizeof(EgAccess));
  EgAccess *a = &node->accesses[node->accessCount++];
  memset(a, 0, sizeof(*a));
  a->tensor = raw->tensor;
  a->write = raw->write;
  a->op = raw->op;
  a->exact = raw->indices != NULL;
  if (raw->indices && egScopeIsAncestor(raw->scope, node->scope))
    a->indices = isl_multi_pw_aff_copy(raw->indices);
  if (!b->accessMemo)
    b->accessMemo = egShapeMemoCreate(freeAccessShape);
  char *key = accessKey(b, node, raw);
  if (takeKnownAccess(b, node, raw, key, a)) {
    free(key);
    return;
  }
  isl_map *access;
  if (raw->indices) {
    /* Most indices are plain affine: isl_map_from_multi_aff skips the
     * piecewise machinery (a third of the cost of an access). */
    isl_multi_pw_aff *indices = isl_multi_pw_aff_copy(raw->indices);
    isl_map *relation =
        isl_multi_pw_aff_isa_multi_aff(indices) == isl_bool_true
            ? isl_map_from_multi_aff(isl_multi_pw_aff_as_multi_aff(indices))
            : isl_map_from_multi_pw_aff(indices);
    access = isl_map_intersect_domain(relation,
                                      isl_set_copy(raw->scope->domain));
  } else {
    access = isl_map_from_domain_and_range(isl_set_copy(raw->scope->domain),
                                           egTensorBox(b, raw->tensor));
  }
  /* In the node's own scope the relation is the identity on its domain,
   * which the access is already restricted to; it would only have brought
   * in every parameter known so far. */
  isl_map *map =
      raw->scope == node->scope
          ? isl_map_align_params(access, isl_space_copy(b->paramSpace))
          : isl_map_apply_range(relateScopes(b, node, raw->scope), access);
  char *name = statementName(node->id);
  map = isl_map_set_tuple_name(map, isl_dim_in, name);
  free(name);
  a->map = isl_map_coalesce(isl_map_detect_equalities(map));
  if (!raw->write)
    egHandleMapPut(&b->accessedLoads, raw->op.ptr, 1);
  a->image = isl_set_apply(isl_set_copy(node->domain), isl_map_copy(a->map));
  bool inBounds = true;
  if (a->exact)
    inBounds = !checkInBounds(b, raw, a->image);
  bool counted = egCountSetCached(b->counts, a->image, &a->footprint);
  if (key && inBounds)
    rememberAccess(b, key, a, counted);
  free(key);
  if (!counted)
    a->footprint.exact = false;
  if (!a->exact)
    a->footprint.exact = false;
}

/* `load C[f]; op; store C[f]`: the read is the accumulator. */
static void findAccumulator(Slice *s, EgNode *node, int writeIndex) {
  EgAccess *w = &node->accesses[writeIndex];
  bool selfRead = false;
  for (int i = 0; i < node->accessCount; ++i) {
    EgAccess *r = &node->accesses[i];
    if (r->write || r->tensor != w->tensor || !r->exact || !w->exact ||
        isl_map_is_equal(r->map, w->map) != isl_bool_true)
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
  if (!s->combiner.ptr || (!egOpIs(s->combiner, "arith.addf") &&
                           !egOpIs(s->combiner, "arith.addi")))
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
    if ((!egOpIs(mul, "arith.mulf") && !egOpIs(mul, "arith.muli")) ||
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
  char *name = statementName(node->id);
  node->domain = isl_set_set_tuple_name(isl_set_copy(s.deepest->domain), name);
  free(name);
  if (!egCountSetCached(b->counts, node->domain, &node->points))
    egWarn(b, node->loc, "the iteration domain of this store is unbounded");
  node->exact = s.exact && node->scope->exact && node->points.exact;
  if (!node->scope->exact)
    node->points.exact = false;

  for (int i = 0; i < s.rawCount; ++i)
    buildAccess(b, node, &s.raw[i]);
  if (egFindReductionDims(node, &node->accesses[0])) {
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
  RawAccess raw;
  bool exact = makeRaw(b, op, false, &raw);
  buildAccess(b, node, &raw);
  node->accesses[node->accessCount - 1].address = true;
  if (!exact)
    node->exact = false;
  isl_multi_pw_aff_free(raw.indices);
  return MlirWalkResultAdvance;
}

void egAttachAddressLoads(EgBuilder *b) {
  LoadSearch search = {b};
  mlirOperationWalk(b->func, attachIfOrphan, &search, MlirWalkPreOrder);
  /* The last phase that builds accesses. */
  egShapeMemoDestroy(b->accessMemo);
  b->accessMemo = NULL;
}
