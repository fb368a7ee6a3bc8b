/* Forward half of the necessary-work analysis: which elements of each
 * tensor are known to hold 0, -inf, true, or an affine function of their
 * indices, propagated over the nodes in program order; and per node, the
 * points whose contribution to its reduction is the identity (a product
 * with a known zero added in, a -inf max-ed in). docs/sol-model.md
 * ("Necessary work") gives the rules and why each is sound.
 *
 * Soundness of the order: each top-level op of the function (normally one
 * loop nest) holding a single node runs entirely after the ones before it,
 * so its reads see exactly the state left by them. When several nodes share
 * a top-level op their interleaving is unknown: their reads do not trust
 * anything the group writes, and their writes only forget. */
#include "einsum_edge_memo.h"
#include "einsum_known.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <isl/aff.h>
#include <isl/local_space.h>
#include <isl/space.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Expression trees are small; the limit only guards pathological DAGs. */
#define EG_KNOWN_MAX_DEPTH 64

void egKnownClear(EgKnown *known) {
  isl_set_free(known->zero);
  isl_set_free(known->negInf);
  isl_set_free(known->truth);
  isl_pw_aff_free(known->affine);
  memset(known, 0, sizeof(*known));
}

/* ---- set helpers: NULL is the empty set ---------------------------------
 *
 * isl simplifies the sets it works on in place; the attribute's text of the
 * graph's sets is printed before this runs (egGraphFreezeText). A fact with
 * too many pieces is dropped (knowing less is always sound), which bounds
 * the cost. */

#define EG_KNOWN_MAX_PIECES 32

static __isl_give isl_set *copySet(__isl_keep isl_set *s) {
  return s ? isl_set_copy(s) : NULL;
}

/* s coalesced, or NULL (nothing known) when it keeps more pieces than
 * the analysis carries. */
static __isl_give isl_set *capped(__isl_take isl_set *s) {
  s = isl_set_coalesce(s);
  if (isl_set_n_basic_set(s) > EG_KNOWN_MAX_PIECES) {
    isl_set_free(s);
    return NULL;
  }
  return s;
}

static __isl_give isl_set *unite(__isl_take isl_set *a, __isl_take isl_set *b) {
  if (!a)
    return b;
  if (!b)
    return a;
  return capped(isl_set_union(a, b));
}

static __isl_give isl_set *meet(__isl_take isl_set *a, __isl_take isl_set *b) {
  if (!a || !b) {
    isl_set_free(a);
    isl_set_free(b);
    return NULL;
  }
  return isl_set_intersect(a, b);
}

static __isl_give isl_set *minus(__isl_take isl_set *a, __isl_take isl_set *b) {
  if (!a || !b) {
    isl_set_free(b);
    return a;
  }
  return capped(isl_set_subtract(a, b));
}

/* unite() inside an evaluation. Under a zero-factor hypothesis
 * (EgKnownEval.zeroRead) the result only answers whether the node's domain
 * lies in the contribution's zero set, and every rule is pointwise, so a
 * fact matters only on the domain: a union with the domain object itself
 * is the domain, without isl's union and coalescing (a product of the
 * hypothesis' operand with a padded read: 1-2 M instructions each). */
static __isl_give isl_set *uniteIn(const EgKnownEval *e, __isl_take isl_set *a,
                                   __isl_take isl_set *b) {
  isl_set *domain = e->node->domain;
  if (e->zeroRead && a && b && (a == domain || b == domain)) {
    isl_set_free(a == domain ? b : a);
    return a == domain ? a : b;
  }
  return unite(a, b);
}

/* An empty set is stored as NULL, so "known" means non-empty. */
static __isl_give isl_set *nonEmpty(__isl_take isl_set *s) {
  if (s && isl_set_is_empty(s) != isl_bool_false) {
    isl_set_free(s);
    return NULL;
  }
  return s;
}

/* Whether the node's domain has a point: its count is exact and positive
 * (a count is exact only where isl's set was counted as it is). */
static bool domainHasPoints(const EgNode *node) {
  int64_t count;
  return node->points.exact && solarCountConstant(&node->points, &count) &&
         count > 0;
}

/* nonEmpty() inside an evaluation. A fact that is the node's domain object
 * itself (a constant's, or the zero-factor hypothesis' read, handed on by
 * a product or a union with nothing) is not empty where the domain's count
 * says so: no isl emptiness test (a 7-D convolution domain's first one
 * costs about 0.3 M instructions, once per convolution's hypothesis). */
static __isl_give isl_set *nonEmptyIn(const EgKnownEval *e,
                                      __isl_take isl_set *s) {
  if (s && s == e->node->domain && domainHasPoints(e->node))
    return s;
  return nonEmpty(s);
}

/* ---- constants ---------------------------------------------------------- */

/* Classifies a scalar attribute (a constant, or a splat's element). */
static void classifyScalar(MlirAttribute value, bool *zero, bool *negInf,
                           bool *truth, bool *integer, int64_t *intValue) {
  *zero = *negInf = *truth = *integer = false;
  if (mlirAttributeIsAFloat(value)) {
    double v = mlirFloatAttrGetValueDouble(value);
    *zero = v == 0.0;
    *negInf = isinf(v) && v < 0;
  } else if (mlirAttributeIsAInteger(value)) {
    MlirType type = mlirAttributeGetType(value);
    bool isBool = mlirTypeIsAInteger(type) && mlirIntegerTypeGetWidth(type) == 1;
    int64_t v = isBool ? (int64_t)(mlirIntegerAttrGetValueUInt(value) & 1)
                       : mlirIntegerAttrGetValueInt(value);
    *zero = v == 0;
    *truth = isBool && v != 0;
    *integer = !isBool;
    *intValue = v;
  }
}

static void knownConstant(MlirAttribute value, __isl_keep isl_set *where,
                          EgKnown *out) {
  bool zero, negInf, truth, integer;
  int64_t v = 0;
  classifyScalar(value, &zero, &negInf, &truth, &integer, &v);
  if (zero)
    out->zero = isl_set_copy(where);
  if (negInf)
    out->negInf = isl_set_copy(where);
  if (truth)
    out->truth = isl_set_copy(where);
  if (integer)
    out->affine = isl_pw_aff_val_on_domain(
        isl_set_copy(where), isl_val_int_from_si(isl_set_get_ctx(where), v));
}

__isl_give isl_set *egTensorUniverse(EgBuilder *b, int tensor) {
  const EgTensor *t = &b->tensors[tensor];
  isl_space *space = isl_space_add_dims(
      isl_space_set_from_params(isl_space_copy(b->paramSpace)), isl_dim_set,
      (unsigned)t->rank);
  return isl_set_universe(
      isl_space_set_tuple_name(space, isl_dim_set, t->islName));
}

/* A constant global's splat initializer: the whole tensor is known. */
static void initialTensorState(EgBuilder *b, int t, EgKnown *out) {
  EgTensor *tensor = &b->tensors[t];
  memset(out, 0, sizeof(*out));
  if (!egTensorIsSplat(tensor))
    return;
  isl_set *box = egTensorUniverse(b, t);
  EgKnown k = {0};
  knownConstant(mlirDenseElementsAttrGetSplatValue(tensor->initialValue), box,
                &k);
  isl_set_free(box);
  isl_pw_aff_free(k.affine); /* integer tables stay unknown: rare, unneeded */
  k.affine = NULL;
  *out = k;
}

/* ---- the per-node memo -------------------------------------------------- */

void egNodeKnownClear(EgNodeKnown *nk) {
  for (int k = 0; k < nk->count; ++k) {
    egKnownClear(&nk->entries[k]->known);
    free(nk->entries[k]);
  }
  free(nk->entries);
  nk->skippable = isl_set_free(nk->skippable);
  *nk = (EgNodeKnown){0};
}

const EgKnown *egNodeKnownOf(const EgNodeKnown *nk, MlirValue value) {
  for (int i = 0; i < nk->count; ++i)
    if (nk->entries[i]->value == value.ptr)
      return &nk->entries[i]->known;
  return NULL;
}

static const EgKnown *remember(EgNodeKnown *nk, MlirValue value,
                               EgKnown known) {
  egGrow((void **)&nk->entries, &nk->capacity, nk->count,
         sizeof(EgKnownEntry *));
  EgKnownEntry *entry = malloc(sizeof(*entry));
  if (!entry)
    abort();
  *entry = (EgKnownEntry){value.ptr, known};
  nk->entries[nk->count++] = entry;
  return &entry->known;
}

typedef EgKnownEval Eval;

static const EgKnown *evaluate(Eval *e, MlirValue value);

const EgKnown *egKnownEvaluate(EgKnownEval *e, MlirValue value) {
  return evaluate(e, value);
}

static __isl_give isl_set *domainCopy(Eval *e) {
  return isl_set_copy(e->node->domain);
}

const EgAccess *egKnownLoadAccess(EgNode *node, MlirOperation load) {
  for (int i = 0; i < node->accessCount; ++i) {
    const EgAccess *a = &node->accesses[i];
    if (!a->write && a->exact && mlirOperationEqual(a->op, load))
      return a;
  }
  return NULL;
}

/* Elements of `tensor` written by the other nodes of this node's group. */
static __isl_give isl_set *groupWrites(Eval *e, int tensor) {
  EgBuilder *b = e->work->b;
  int id = e->node->id;
  isl_set *written = NULL;
  for (int n = e->work->groupStart[id]; n < e->work->groupEnd[id]; ++n)
    for (int i = 0; i < b->nodes[n].accessCount; ++i) {
      EgAccess *a = &b->nodes[n].accesses[i];
      if (a->write && a->tensor == tensor)
        written = unite(written, isl_set_copy(a->image));
    }
  return written;
}

static __isl_give isl_set *pullBackNow(__isl_keep isl_map *access,
                                       __isl_keep isl_set *elements,
                                       __isl_keep isl_set *hidden) {
  isl_set *visible = minus(isl_set_copy(elements), copySet(hidden));
  if (!visible)
    return NULL;
  return nonEmpty(isl_map_domain(
      isl_map_intersect_range(isl_map_copy(access), visible)));
}

/* The points whose read through `access` loads one of `elements` (less
 * `hidden`), by shape when nothing is hidden (einsum_known_memo.c). */
static __isl_give isl_set *pullBack(Eval *e, __isl_keep isl_map *access,
                                    __isl_keep isl_set *elements,
                                    __isl_keep isl_set *hidden) {
  if (!elements)
    return NULL;
  if (hidden)
    return pullBackNow(access, elements, hidden);
  EgShapeKey key = {0};
  egShapeKeyAdd(&key, "pull");
  egKnownKeyMap(&key, access);
  egKnownKeySet(&key, elements);
  isl_set *points;
  if (!egKnownMemoFind(e->work, key.text, isl_set_get_tuple_name(e->node->domain),
                       &points)) {
    points = pullBackNow(access, elements, hidden);
    egKnownMemoKeep(e->work, key.text, points);
  }
  free(key.text);
  return points;
}

bool egReadSeesOldValue(const EgNode *node, const EgAccess *read) {
  const EgAccess *write = &node->accesses[0];
  if (read->tensor != write->tensor)
    return true;
  return write->exact && read->exact && node->reductionOp &&
         strcmp(node->reductionOp, "none") == 0 &&
         egAccessSameRelation(read, write);
}

/* Whether the node's group writes an argument other than `tensor`, an
 * argument itself: the two may be one buffer, so the read may see those
 * writes. */
static bool aliasedByGroupWrite(Eval *e, int tensor) {
  EgBuilder *b = e->work->b;
  if (!b->tensors[tensor].isArgument)
    return false;
  int id = e->node->id;
  for (int n = e->work->groupStart[id]; n < e->work->groupEnd[id]; ++n)
    for (int i = 0; i < b->nodes[n].accessCount; ++i) {
      const EgAccess *w = &b->nodes[n].accesses[i];
      if (w->write && w->tensor != tensor && b->tensors[w->tensor].isArgument)
        return true;
    }
  return false;
}

static void evaluateLoad(Eval *e, MlirOperation load, EgKnown *out) {
  const EgAccess *a = egKnownLoadAccess(e->node, load);
  if (!a || !egReadSeesOldValue(e->node, a) ||
      aliasedByGroupWrite(e, a->tensor))
    return;
  const EgKnown *state = &e->work->tensors[a->tensor];
  isl_set *hidden = groupWrites(e, a->tensor);
  bool shared = e->work->groupEnd[e->node->id] - e->work->groupStart[e->node->id] > 1;
  if (!shared) {
    isl_set_free(hidden);
    hidden = NULL;
  }
  if (a == e->zeroRead && !hidden) {
    out->zero = domainCopy(e);
    return;
  }
  out->zero = pullBack(e, a->map, state->zero, hidden);
  out->negInf = pullBack(e, a->map, state->negInf, hidden);
  out->truth = pullBack(e, a->map, state->truth, hidden);
  if (state->affine) {
    isl_pw_aff *fn = isl_pw_aff_copy(state->affine);
    if (hidden)
      fn = isl_pw_aff_subtract_domain(fn, isl_set_copy(hidden));
    isl_pw_multi_aff *index = isl_pw_multi_aff_from_map(isl_map_copy(a->map));
    out->affine = isl_pw_aff_pullback_pw_multi_aff(fn, index);
  }
  isl_set_free(hidden);
}

/* A loop dimension of the node's domain used as a value. */
static void evaluateBlockArgument(Eval *e, MlirValue value, EgKnown *out) {
  int dim = egScopeDimOf(e->node->scope, value);
  if (dim < 0)
    return;
  isl_set *domain = domainCopy(e);
  isl_local_space *ls = isl_local_space_from_space(isl_set_get_space(domain));
  isl_pw_aff *iv = isl_pw_aff_var_on_domain(ls, isl_dim_set, (unsigned)dim);
  out->affine = isl_pw_aff_intersect_domain(iv, domain);
}

static __isl_give isl_pw_aff *copyAffine(const EgKnown *k) {
  return k && k->affine ? isl_pw_aff_copy(k->affine) : NULL;
}

/* op(a, b) of two values' affine forms, or NULL when either has none. */
static __isl_give isl_pw_aff *
combineAffine(const EgKnown *a, const EgKnown *b,
              __isl_give isl_pw_aff *(*op)(__isl_take isl_pw_aff *,
                                           __isl_take isl_pw_aff *)) {
  isl_pw_aff *x = copyAffine(a), *y = copyAffine(b);
  if (x && y)
    return op(x, y);
  isl_pw_aff_free(x);
  isl_pw_aff_free(y);
  return NULL;
}

/* arith.cmpi of two affine values: true and false exactly where the
 * comparison says. Unsigned predicates only where both sides are
 * non-negative. */
static void evaluateCompare(Eval *e, MlirOperation op, EgKnown *out) {
  isl_pw_aff *lhs = copyAffine(evaluate(e, mlirOperationGetOperand(op, 0)));
  isl_pw_aff *rhs = copyAffine(evaluate(e, mlirOperationGetOperand(op, 1)));
  if (!lhs || !rhs) {
    isl_pw_aff_free(lhs);
    isl_pw_aff_free(rhs);
    return;
  }
  int64_t p = mlirIntegerAttrGetValueInt(mlirOperationGetAttributeByName(
      op, mlirStringRefCreateFromCString("predicate")));
  isl_set *where = isl_set_intersect(isl_pw_aff_domain(isl_pw_aff_copy(lhs)),
                                     isl_pw_aff_domain(isl_pw_aff_copy(rhs)));
  if (p >= 6)
    where = isl_set_intersect(
        where, isl_set_intersect(isl_pw_aff_nonneg_set(isl_pw_aff_copy(lhs)),
                                 isl_pw_aff_nonneg_set(isl_pw_aff_copy(rhs))));
  isl_set *truth;
  switch (p) {
  case 0: truth = isl_pw_aff_eq_set(lhs, rhs); break;
  case 1: truth = isl_pw_aff_ne_set(lhs, rhs); break;
  case 2: case 6: truth = isl_pw_aff_lt_set(lhs, rhs); break;
  case 3: case 7: truth = isl_pw_aff_le_set(lhs, rhs); break;
  case 4: case 8: truth = isl_pw_aff_gt_set(lhs, rhs); break;
  case 5: case 9: truth = isl_pw_aff_ge_set(lhs, rhs); break;
  default:
    isl_pw_aff_free(lhs);
    isl_pw_aff_free(rhs);
    isl_set_free(where);
    return;
  }
  truth = isl_set_intersect(truth, isl_set_copy(where));
  out->zero = nonEmpty(isl_set_subtract(where, isl_set_copy(truth)));
  out->truth = nonEmpty(truth);
}

static __isl_give isl_set *zeroOf(const EgKnown *k) {
  return k ? copySet(k->zero) : NULL;
}
static __isl_give isl_set *negInfOf(const EgKnown *k) {
  return k ? copySet(k->negInf) : NULL;
}
static __isl_give isl_set *truthOf(const EgKnown *k) {
  return k ? copySet(k->truth) : NULL;
}

/* arith.cmpf where both sides are known -inf or 0 (-inf == -inf, -inf <
 * 0, 0 == 0 exactly): the ordered and unordered forms agree, no NaN being
 * involved. Predicates: 1 oeq, 2 ogt, 3 oge, 4 olt, 5 ole, 6 one, 8 ueq,
 * 9 ugt, 10 uge, 11 ult, 12 ule, 13 une. */
static void evaluateFloatCompare(Eval *e, MlirOperation op, EgKnown *out) {
  const EgKnown *a = evaluate(e, mlirOperationGetOperand(op, 0));
  const EgKnown *b = evaluate(e, mlirOperationGetOperand(op, 1));
  int64_t p = mlirIntegerAttrGetValueInt(mlirOperationGetAttributeByName(
      op, mlirStringRefCreateFromCString("predicate")));
  if (p >= 8)
    p -= 7;
  if (p < 1 || p > 6)
    return;
  /* Where both are equal (both -inf, both 0), a < b (-inf, 0), a > b. */
  isl_set *equal = uniteIn(e, meet(negInfOf(a), negInfOf(b)), meet(zeroOf(a), zeroOf(b)));
  isl_set *less = meet(negInfOf(a), zeroOf(b));
  isl_set *greater = meet(zeroOf(a), negInfOf(b));
  bool holds[7][3] = {/* equal, less, greater */
                      {0},           {1, 0, 0}, {0, 0, 1}, {1, 0, 1},
                      {0, 1, 0},     {1, 1, 0}, {0, 1, 1}};
  isl_set *cases[3] = {equal, less, greater};
  for (int c = 0; c < 3; ++c) {
    isl_set **into = holds[p][c] ? &out->truth : &out->zero;
    *into = uniteIn(e, *into, cases[c]);
  }
  out->truth = nonEmptyIn(e, out->truth);
  out->zero = nonEmptyIn(e, out->zero);
}

static void evaluateSelect(Eval *e, MlirOperation op, EgKnown *out) {
  const EgKnown *c = evaluate(e, mlirOperationGetOperand(op, 0));
  const EgKnown *t = evaluate(e, mlirOperationGetOperand(op, 1));
  const EgKnown *f = evaluate(e, mlirOperationGetOperand(op, 2));
  /* (c true and the true arm known) or (c false and the false arm known)
   * or (both arms known alike). */
  __isl_give isl_set *(*facts[3])(const EgKnown *) = {zeroOf, negInfOf,
                                                       truthOf};
  isl_set **into[3] = {&out->zero, &out->negInf, &out->truth};
  for (int i = 0; i < 3; ++i) {
    isl_set *s = uniteIn(e, meet(truthOf(c), facts[i](t)), meet(zeroOf(c), facts[i](f)));
    s = uniteIn(e, s, meet(facts[i](t), facts[i](f)));
    *into[i] = nonEmptyIn(e, s);
  }
}

static bool isAny(MlirOperation op, const char *const *names) {
  for (int i = 0; names[i]; ++i)
    if (solarOpIs(op, names[i]))
      return true;
  return false;
}

/* Casts that keep 0, -inf and truth (and integer values, when widening). */
static const char *const valueCasts[] = {
    "arith.extf", "arith.truncf", "arith.sitofp", "arith.uitofp",
    "arith.extsi", "arith.index_cast", "arith.index_castui", NULL};

static void evaluateOp(Eval *e, MlirOperation op, EgKnown *out) {
  if (solarOpIs(op, "arith.constant")) {
    knownConstant(mlirOperationGetAttributeByName(
                      op, mlirStringRefCreateFromCString("value")),
                  e->node->domain, out);
    return;
  }
  if (egIsLoad(op)) {
    evaluateLoad(e, op, out);
    return;
  }
  if (solarOpIs(op, "arith.select")) {
    evaluateSelect(e, op, out);
    return;
  }
  if (solarOpIs(op, "arith.cmpi")) {
    evaluateCompare(e, op, out);
    return;
  }
  if (solarOpIs(op, "arith.cmpf")) {
    evaluateFloatCompare(e, op, out);
    return;
  }
  intptr_t n = mlirOperationGetNumOperands(op);
  if (n < 1 || n > 2 || mlirOperationGetNumResults(op) != 1)
    return;
  const EgKnown *a = evaluate(e, mlirOperationGetOperand(op, 0));
  const EgKnown *b = n == 2 ? evaluate(e, mlirOperationGetOperand(op, 1)) : NULL;
  if (n == 1) {
    if (isAny(op, valueCasts)) {
      out->zero = zeroOf(a);
      out->negInf = negInfOf(a);
      out->truth = truthOf(a);
      if (!solarOpIs(op, "arith.extf") && !solarOpIs(op, "arith.truncf"))
        out->affine = copyAffine(a);
    } else if (solarOpIs(op, "arith.negf")) {
      out->zero = zeroOf(a);
    } else if (solarOpIs(op, "math.exp") || solarOpIs(op, "math.exp2")) {
      out->zero = negInfOf(a); /* exp(-inf) = 0 exactly */
    }
    return;
  }
  if (solarOpIs(op, "arith.mulf") || solarOpIs(op, "arith.muli")) {
    /* x * 0 = 0 for finite x; -inf * 0 is NaN, so not there. */
    out->zero = nonEmptyIn(e, uniteIn(e, minus(zeroOf(a), negInfOf(b)),
                                      minus(zeroOf(b), negInfOf(a))));
    isl_pw_aff *x = copyAffine(a), *y = copyAffine(b);
    if (x && y && (isl_pw_aff_is_cst(x) == isl_bool_true ||
                   isl_pw_aff_is_cst(y) == isl_bool_true))
      out->affine = isl_pw_aff_mul(x, y);
    else {
      isl_pw_aff_free(x);
      isl_pw_aff_free(y);
    }
  } else if (solarOpIs(op, "arith.divf")) {
    /* 0 / y = 0 for y != 0 (finite or not). */
    out->zero = nonEmpty(minus(zeroOf(a), zeroOf(b)));
  } else if (solarOpIs(op, "arith.addf") || solarOpIs(op, "arith.addi")) {
    out->zero = nonEmpty(meet(zeroOf(a), zeroOf(b)));
    out->negInf = nonEmptyIn(e, uniteIn(e, negInfOf(a), negInfOf(b)));
    out->affine = combineAffine(a, b, isl_pw_aff_add);
  } else if (solarOpIs(op, "arith.subf") || solarOpIs(op, "arith.subi")) {
    out->zero = nonEmpty(meet(zeroOf(a), zeroOf(b)));
    /* -inf - finite = -inf; -inf - (-inf) is NaN. */
    out->negInf = nonEmpty(minus(negInfOf(a), negInfOf(b)));
    out->affine = combineAffine(a, b, isl_pw_aff_sub);
  } else if (solarOpIs(op, "arith.maximumf") ||
             solarOpIs(op, "arith.maxnumf")) {
    out->zero = nonEmpty(meet(zeroOf(a), zeroOf(b)));
    out->negInf = nonEmpty(meet(negInfOf(a), negInfOf(b)));
  } else if (solarOpIs(op, "arith.minimumf") ||
             solarOpIs(op, "arith.minnumf")) {
    out->zero = nonEmpty(meet(zeroOf(a), zeroOf(b)));
    out->negInf = nonEmptyIn(e, uniteIn(e, negInfOf(a), negInfOf(b)));
  } else if (solarOpIs(op, "arith.andi")) {
    out->zero = nonEmptyIn(e, uniteIn(e, zeroOf(a), zeroOf(b)));
    out->truth = nonEmpty(meet(truthOf(a), truthOf(b)));
  } else if (solarOpIs(op, "arith.ori")) {
    out->zero = nonEmpty(meet(zeroOf(a), zeroOf(b)));
    out->truth = nonEmptyIn(e, uniteIn(e, truthOf(a), truthOf(b)));
  }
}

static bool knowsSomething(const EgKnown *k) {
  return k && (k->zero || k->negInf || k->truth || k->affine);
}

/* Under a zero-factor hypothesis, a load of another tensor than the
 * hypothesis' sees the state the node's own evaluation saw (the hypothesis
 * changes one tensor's state, read by that one access alone), so its facts
 * are the node's: copied from its memo, not pulled back again. Only where
 * that memo knows something: a value it knows nothing of may have been cut
 * by the depth limit, and a load knowing nothing costs no isl anyway. */
static bool reuseNodeLoad(Eval *e, MlirValue value, EgKnown *out) {
  if (!e->zeroRead || mlirValueIsABlockArgument(value))
    return false;
  MlirOperation op = mlirOpResultGetOwner(value);
  if (!egIsLoad(op))
    return false;
  const EgAccess *a = egKnownLoadAccess(e->node, op);
  if (!a || a->tensor == e->zeroRead->tensor)
    return false;
  const EgKnown *k = egNodeKnownOf(&e->work->nodes[e->node->id], value);
  if (!knowsSomething(k))
    return false;
  out->zero = copySet(k->zero);
  out->negInf = copySet(k->negInf);
  out->truth = copySet(k->truth);
  out->affine = k->affine ? isl_pw_aff_copy(k->affine) : NULL;
  return true;
}

static const EgKnown *evaluate(Eval *e, MlirValue value) {
  const EgKnown *memo = egNodeKnownOf(e->nk, value);
  if (memo)
    return memo;
  EgKnown k = {0};
  if (reuseNodeLoad(e, value, &k))
    return remember(e->nk, value, k);
  if (e->depth < EG_KNOWN_MAX_DEPTH) {
    e->depth++;
    if (mlirValueIsABlockArgument(value)) {
      evaluateBlockArgument(e, value, &k);
    } else {
      MlirOperation op = mlirOpResultGetOwner(value);
      EgScope *scope = egScopeOfOp(e->work->b, op);
      /* Values computed in a sibling loop nest are not functions of this
       * node's points: nothing is known about them. */
      if (scope && egScopeIsAncestor(scope, e->node->scope))
        evaluateOp(e, op, &k);
    }
    e->depth--;
  }
  /* Affine values are exact integers: in a narrow type they could wrap. */
  MlirType type = mlirValueGetType(value);
  if (k.affine && mlirTypeIsAInteger(type) && mlirIntegerTypeGetWidth(type) < 32)
    k.affine = isl_pw_aff_free(k.affine);
  return remember(e->nk, value, k);
}

/* ---- the pass ------------------------------------------------------------ */

/* Tracked: allocations of this function, constant globals, and the
 * function's arguments once it writes them (their initial values are the
 * caller's). Bufferization may use an output argument as scratch (a
 * transposed convolution's zero-filled input, copied out of the output
 * buffer). Arguments may alias one another, so what is known of one holds
 * only until the function writes another (argumentWritten), and a node
 * writing an argument trusts nothing of the others it reads
 * (aliasedByGroupWrite). */
static bool tracked(const EgTensor *t) {
  return t->isAlloc || t->isConstantGlobal || t->isArgument;
}

/* A fact less the elements a node writes, by shape
 * (einsum_known_memo.c): a padded buffer's box less its interior. */
static __isl_give isl_set *forgetFact(EgNecessaryWork *work,
                                      __isl_take isl_set *fact,
                                      __isl_keep isl_set *elements) {
  if (!fact)
    return NULL;
  isl_set *left;
  switch (egBoxMinus(fact, elements, &left)) {
  case EG_BOX_MINUS_EMPTY:
    isl_set_free(fact);
    return NULL;
  case EG_BOX_MINUS_DONE:
    isl_set_free(fact);
    return left;
  case EG_BOX_MINUS_REFUSED:
    break;
  }
  EgShapeKey key = {0};
  egShapeKeyAdd(&key, "forget");
  egKnownKeySet(&key, fact);
  egKnownKeySet(&key, elements);
  if (egKnownMemoFind(work, key.text, isl_set_get_tuple_name(fact), &left)) {
    isl_set_free(fact);
  } else {
    left = nonEmpty(minus(fact, isl_set_copy(elements)));
    egKnownMemoKeep(work, key.text, left);
  }
  free(key.text);
  return left;
}

static void forget(EgNecessaryWork *work, EgKnown *state,
                   __isl_keep isl_set *elements) {
  state->zero = forgetFact(work, state->zero, elements);
  state->negInf = forgetFact(work, state->negInf, elements);
  state->truth = forgetFact(work, state->truth, elements);
  if (state->affine)
    state->affine = isl_pw_aff_subtract_domain(state->affine,
                                               isl_set_copy(elements));
}

static __isl_give isl_set *image(__isl_keep isl_set *points,
                                 __isl_keep isl_map *write) {
  return points ? nonEmpty(isl_set_apply(isl_set_copy(points),
                                         isl_map_copy(write)))
                : NULL;
}

/* The image of a fact under the node's write. A fact holding at every
 * point (a constant: the domain object itself, as knownConstant hands it
 * on) has the write's own image, which the access computed as the same
 * isl_set_apply of the same domain and map: it is taken as it is, without
 * applying again or testing emptiness (a domain with a positive exact
 * count is not empty). A tensor filled with 0 before each convolution and
 * accumulation. */
static __isl_give isl_set *factImage(const EgNode *node,
                                     __isl_keep isl_set *points,
                                     const EgAccess *write) {
  if (points && points == node->domain && write->image &&
      domainHasPoints(node))
    return isl_set_copy(write->image);
  return image(points, write->map);
}

/* After an exact, injective write: the written elements hold the stored
 * value's facts, the others keep theirs. */
static void assign(EgNecessaryWork *work, const EgNode *node, EgKnown *state,
                   const EgAccess *write, const EgKnown *v) {
  forget(work, state, write->image);
  state->zero = unite(state->zero, factImage(node, v->zero, write));
  state->negInf = unite(state->negInf, factImage(node, v->negInf, write));
  state->truth = unite(state->truth, factImage(node, v->truth, write));
  if (v->affine) {
    isl_pw_multi_aff *inverse =
        isl_pw_multi_aff_from_map(isl_map_reverse(isl_map_copy(write->map)));
    isl_pw_aff *fn =
        isl_pw_aff_pullback_pw_multi_aff(isl_pw_aff_copy(v->affine), inverse);
    state->affine = state->affine ? isl_pw_aff_union_add(state->affine, fn)
                                  : fn;
    if (isl_pw_aff_n_piece(state->affine) > EG_KNOWN_MAX_PIECES)
      state->affine = isl_pw_aff_free(state->affine);
  }
}

/* A write to one argument may change any other (they may alias): nothing
 * is known of the others any more. */
static void argumentWritten(EgNecessaryWork *work, int written) {
  for (int t = 0; t < work->b->tensorCount; ++t)
    if (t != written && work->b->tensors[t].isArgument)
      egKnownClear(&work->tensors[t]);
}

void egKnownValuesForward(EgNecessaryWork *work) {
  EgBuilder *b = work->b;
  for (int t = 0; t < b->tensorCount; ++t)
    initialTensorState(b, t, &work->tensors[t]);
  for (int i = 0; i < b->nodeCount; ++i) {
    EgNode *node = &b->nodes[i];
    Eval e = {work, node, &work->nodes[i], 0, NULL};
    const EgKnown *stored = evaluate(&e, egStoredValue(node->anchor));
    egFindSkippable(&e);
    EgAccess *write = &node->accesses[0];
    EgKnown *state = &work->tensors[write->tensor];
    bool alone = work->groupEnd[i] - work->groupStart[i] == 1;
    if (alone && write->exact && tracked(&b->tensors[write->tensor]) &&
        node->reductionOp && strcmp(node->reductionOp, "none") == 0 &&
        egAccessInjective(write))
      assign(work, node, state, write, stored);
    else
      forget(work, state, write->image);
    if (b->tensors[write->tensor].isArgument)
      argumentWritten(work, write->tensor);
  }
  egShapeMemoDestroy(work->knownMemo);
  work->knownMemo = NULL;
}
