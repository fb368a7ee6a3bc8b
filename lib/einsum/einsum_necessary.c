/* Backward half of the necessary-work analysis, and its driver: which
 * elements of each tensor are ever used (needed), over the nodes in reverse
 * program order, and per node the points that compute a needed element with
 * a contribution that is not the identity. docs/sol-model.md ("Necessary
 * work") gives the rules and why excluding the other points keeps the SOL
 * time a lower bound.
 *
 * Over-approximating "needed" is always safe (fewer points excluded): a
 * tensor the function does not own (an argument, a global, a returned
 * buffer) is needed whole; a group of nodes sharing a top-level op keeps
 * all its points and reads everything it touches. */
#include "einsum_edge_memo.h"
#include "einsum_factor_count.h"
#include "einsum_isl_flags.h"
#include "einsum_known.h"

#include "mlir-c/BuiltinTypes.h"

#include <isl/constraint.h>
#include <isl/space.h>
#include <isl/val.h>

#include <stdlib.h>
#include <string.h>

typedef struct {
  isl_set *needed; /* NULL: nothing (when !all) */
  bool all;        /* the whole tensor */
  /* What is known of `needed` without isl: it holds every element of the
   * tensor's (static) box, it lies inside the box. */
  bool full, inBox;
} EgNeed;

typedef struct {
  const void *value;
  isl_set *demand;
} Demand;

typedef struct {
  EgNecessaryWork *work;
  EgNode *node;
  const EgNodeKnown *nk;
  Demand *demands;
  int demandCount, demandCapacity;
  /* The domain less the skippable points, when the node's whole domain is
   * demanded (kept; NULL otherwise). */
  isl_set *unskipped;
  isl_set **reads;  /* per access: demanded points (NULL: none) */
  bool *reached;    /* per access: the walk got there */
  /* The points being demanded lie in `unskipped` (the walk is below the
   * contribution, whose points were cut to it): none is skippable. */
  bool inside;
  /* egCountByFactors of `unskipped` once the walk normalized it (counted:
   * it gave one), for recordNecessary; and the whole domain cut to it when
   * that count is positive, known not to be empty (a reference; NULL:
   * none). */
  bool counted;
  int64_t unskippedPoints;
  isl_set *nonEmpty;
} Walk;

static void needAll(EgNeed *need) {
  isl_set_free(need->needed);
  need->needed = NULL;
  need->all = true;
  need->full = need->inBox = false;
}

/* isl operations per stretch of the analysis between two counts. */
static const unsigned long kNecessaryIslOperations = 2000000;

/* A need with too many pieces becomes the whole tensor (always sound). */
#define EG_NEED_MAX_PIECES 32

/* Adds elements an exact access reaches (inside the tensor's box, as
 * egAccessInsideBox says); `whole`: they are the whole tensor. */
static void needElements(EgNeed *need, __isl_take isl_set *elements,
                         bool whole) {
  if (need->all || !elements) {
    isl_set_free(elements);
    return;
  }
  if (!need->needed)
    need->inBox = true;
  need->full = need->full || whole;
  /* One contribution in several pieces is coalesced too: the image of a
   * window read (a convolution's) comes in one piece per kernel offset and
   * is most often one box, which lets the writer take its fast path. */
  if (need->needed)
    need->needed = isl_set_coalesce(isl_set_union(need->needed, elements));
  else if (isl_set_n_basic_set(elements) > 1)
    need->needed = isl_set_coalesce(elements);
  else
    need->needed = elements;
  if (isl_set_n_basic_set(need->needed) > EG_NEED_MAX_PIECES)
    needAll(need);
}

static __isl_give isl_set *subtractOpt(__isl_take isl_set *a,
                                       __isl_keep isl_set *b) {
  return b ? isl_set_subtract(a, isl_set_copy(b)) : a;
}

static int accessOfLoad(EgNode *node, MlirOperation load) {
  for (int i = 0; i < node->accessCount; ++i)
    if (!node->accesses[i].write &&
        mlirOperationEqual(node->accesses[i].op, load))
      return i;
  return -1;
}

static const EgKnown *known(Walk *w, MlirValue v) {
  return egNodeKnownOf(w->nk, v);
}

static void demand(Walk *w, MlirValue value, __isl_take isl_set *points);

/* `points` less a fact of the node. Below the contribution the points lie
 * in the domain less the skippable set, so taking that set itself away
 * (the object: the contribution's fact and, by a product, often its
 * operand's) removes nothing, and isl would find them disjoint and hand
 * `points` back unchanged, after intersecting them with each of its pieces
 * and testing each meet for emptiness (a padded convolution's four
 * borders in 7 dims: most of the walk's cost). What isl's subtraction also
 * does in place, normalizing `points`, the next subtraction does first
 * (the fresh part in demand(), or a later fact's): the text is the same. */
static __isl_give isl_set *subtractFact(const Walk *w,
                                        __isl_take isl_set *points,
                                        __isl_keep isl_set *fact) {
  if (w->inside && fact && fact == w->nk->skippable)
    return points;
  return subtractOpt(points, fact);
}

/* Where `value` is known constant its operands are not needed. */
static __isl_give isl_set *unknownPart(Walk *w, MlirValue value,
                                       __isl_take isl_set *points) {
  const EgKnown *k = known(w, value);
  if (!k)
    return points;
  points = subtractFact(w, points, k->zero);
  points = subtractFact(w, points, k->negInf);
  return subtractFact(w, points, k->truth);
}

static void demandOperands(Walk *w, MlirOperation op,
                           __isl_take isl_set *points) {
  if (egIsLoad(op)) {
    int a = accessOfLoad(w->node, op);
    if (a >= 0) {
      w->reached[a] = true;
      w->reads[a] = w->reads[a] ? isl_set_union(w->reads[a], points) : points;
    } else {
      isl_set_free(points);
    }
    return;
  }
  /* Loops and conditionals: their bodies are not walked; the loads in them
   * stay unreached and are read whole. */
  if (mlirOperationGetNumRegions(op) > 0) {
    isl_set_free(points);
    return;
  }
  if (solarOpIs(op, "arith.select")) {
    const EgKnown *c = known(w, mlirOperationGetOperand(op, 0));
    demand(w, mlirOperationGetOperand(op, 0), isl_set_copy(points));
    isl_set *onTrue = subtractFact(w, isl_set_copy(points), c ? c->zero : NULL);
    isl_set *onFalse = subtractFact(w, points, c ? c->truth : NULL);
    demand(w, mlirOperationGetOperand(op, 1), onTrue);
    demand(w, mlirOperationGetOperand(op, 2), onFalse);
    return;
  }
  intptr_t n = mlirOperationGetNumOperands(op);
  for (intptr_t i = 0; i < n; ++i)
    demand(w, mlirOperationGetOperand(op, i), isl_set_copy(points));
  isl_set_free(points);
}

/* The whole domain cut to the unskipped one: isl_set_intersect step by
 * step. For two one-piece sets of more than one constraint each, isl's
 * map_intersect_internal (isl_map.c) tests them for plain equality, which
 * normalizes both in place, intersects their pieces, and tests the meet
 * for emptiness: a sample (half a million instructions in a padded
 * convolution's 7 dims) that only caches a point of the meet or marks it
 * empty, which the set it is added to then drops. Here the unskipped
 * domain is counted between the normalization and the intersection, as
 * recordNecessary would count it (the same object in the same state, kept
 * for it), and a positive count makes the sample moot: the meet is the
 * unskipped domain. Same steps otherwise, so the same set and text. isl
 * marks its meet disjoint (a flag later unions and applies pass on) only
 * when both sets are, and a one-piece set from isl_set_from_basic_set
 * always is: the shortcut is taken only where both are marked
 * (einsum_isl_flags.h), as every cut on the zoo, DenseNet-201 and test/
 * is (164), and isl intersects otherwise. */
static __isl_give isl_set *cutDomain(Walk *w, __isl_take isl_set *domain) {
  isl_set *unskipped = w->unskipped;
  isl_basic_set *pa = egIslOnlyPiece(domain);
  isl_basic_set *pb = pa ? egIslOnlyPiece(unskipped) : NULL;
  bool plain =
      pb && isl_set_plain_is_universe(domain) == isl_bool_false &&
      isl_set_plain_is_universe(unskipped) == isl_bool_false &&
      isl_basic_set_n_constraint(pa) > 1 && isl_basic_set_n_constraint(pb) > 1 &&
      egIslDisjointFlagReadable(isl_set_get_ctx(domain)) &&
      egIslMarkedDisjoint(domain) && egIslMarkedDisjoint(unskipped);
  isl_basic_set_free(pa);
  isl_basic_set_free(pb);
  if (!plain)
    return isl_set_intersect(domain, isl_set_copy(unskipped));
  isl_bool equal = isl_set_plain_is_equal(domain, unskipped);
  if (equal != isl_bool_false)
    return equal == isl_bool_true ? domain : isl_set_free(domain);
  w->counted = egCountByFactors(unskipped, &w->unskippedPoints);
  pa = egIslOnlyPiece(domain);
  pb = egIslOnlyPiece(unskipped);
  isl_set_free(domain);
  isl_basic_set *meet = isl_basic_set_intersect(pa, pb);
  bool nonEmpty = w->counted && w->unskippedPoints > 0;
  if (!nonEmpty && isl_basic_set_is_empty(meet) == isl_bool_error)
    meet = isl_basic_set_free(meet);
  isl_set *cut = isl_set_from_basic_set(meet);
  if (nonEmpty)
    w->nonEmpty = isl_set_copy(cut);
  return cut;
}

static void demand(Walk *w, MlirValue value, __isl_take isl_set *points) {
  if (mlirValueIsABlockArgument(value)) {
    isl_set_free(points);
    return;
  }
  /* A load the walk reaches reads only what it demands, nothing where its
   * value is known (a mask built from indices): reached even when that is
   * nothing, or it would be read whole. */
  MlirOperation owner = mlirOpResultGetOwner(value);
  if (egIsLoad(owner)) {
    int a = accessOfLoad(w->node, owner);
    if (a >= 0)
      w->reached[a] = true;
  }
  /* Demanded points are points of the domain, so less the skippable ones
   * they are their intersection with the unskipped domain, which is one
   * piece where the difference is one per kernel offset. */
  bool outer = w->inside;
  if (mlirValueEqual(value, w->nk->contribution)) {
    if (w->unskipped && points == w->node->domain && !w->counted &&
        !w->nonEmpty) {
      points = cutDomain(w, points);
      w->inside = true;
    } else if (w->unskipped) {
      points = isl_set_intersect(points, isl_set_copy(w->unskipped));
      w->inside = true;
    } else {
      points = subtractOpt(points, w->nk->skippable);
    }
  }
  points = unknownPart(w, value, points);
  /* Only the part not demanded before is new. */
  Demand *d = NULL;
  for (int i = 0; i < w->demandCount && !d; ++i)
    if (w->demands[i].value == value.ptr)
      d = &w->demands[i];
  if (!d) {
    egGrow((void **)&w->demands, &w->demandCapacity, w->demandCount,
           sizeof(Demand));
    d = &w->demands[w->demandCount++];
    d->value = value.ptr;
    d->demand = isl_set_empty(isl_set_get_space(points));
  }
  isl_set *fresh = isl_set_subtract(points, isl_set_copy(d->demand));
  if (fresh != w->nonEmpty && isl_set_is_empty(fresh) != isl_bool_false) {
    isl_set_free(fresh);
    w->inside = outer;
    return;
  }
  d->demand = isl_set_union(d->demand, isl_set_copy(fresh));
  demandOperands(w, mlirOpResultGetOwner(value), fresh);
  w->inside = outer;
}

/* Whether nothing is known about any value of the node (no zero, -inf or
 * truth anywhere, no skippable point): every value is then demanded at the
 * same points. */
static bool nothingKnown(const EgNodeKnown *nk) {
  if (nk->skippable)
    return false;
  for (int i = 0; i < nk->count; ++i) {
    const EgKnown *k = &nk->entries[i]->known;
    if (k->zero || k->negInf || k->truth)
      return false;
  }
  return true;
}

/* The points of a lone node whose written element is needed later. When
 * every element it writes is needed (the whole tensor, or a box holding
 * its image), that is its whole domain, taken as is (*whole). */
static __isl_give isl_set *neededPoints(EgBuilder *b, EgBoxCache *boxes,
                                        EgNode *node,
                                        const EgNeed *need, bool *whole) {
  const EgAccess *write = &node->accesses[0];
  *whole = need->all || (need->full && egAccessInsideBox(b, write)) ||
           egBoxCacheContains(boxes, need->needed, write->image);
  if (*whole)
    return isl_set_copy(node->domain);
  if (!need->needed)
    return isl_set_empty(isl_set_get_space(node->domain));
  return isl_map_domain(isl_map_intersect_range(isl_map_copy(write->map),
                                                isl_set_copy(need->needed)));
}

/* A read of what the node itself wrote at another point: which of its own
 * values are used is not modelled. */
static bool readsOwnOutput(const EgNode *node) {
  for (int i = 1; i < node->accessCount; ++i)
    if (!node->accesses[i].write && !node->accesses[i].accumulator &&
        !egReadSeesOldValue(node, &node->accesses[i]))
      return true;
  return false;
}

static void readEverything(EgNecessaryWork *work, EgNode *node, EgNeed *needs) {
  for (int i = 0; i < node->accessCount; ++i) {
    const EgAccess *a = &node->accesses[i];
    if (a->write)
      continue;
    if (a->exact)
      needElements(&needs[a->tensor], isl_set_copy(a->image),
                   egAccessCoversTensor(work->b, a));
    else
      needAll(&needs[a->tensor]);
  }
}

/* An isl failure (the operation budget, most likely) may have turned a
 * needed set into NULL, which reads as "nothing needed": every result is
 * then dropped. Checked before each count, which clears isl's error. */
static bool islFailed(EgNecessaryWork *work) {
  if (isl_ctx_last_error(work->b->ctx) != isl_error_none)
    work->failed = true;
  return work->failed;
}

/* Dimensions linked by a constraint, as a union-find forest. */
typedef struct {
  int *parent;
  int dims;
} Linked;

static int rootOf(int *parent, int d) {
  while (parent[d] != d)
    d = parent[d] = parent[parent[d]];
  return d;
}

static isl_stat linkConstraint(__isl_take isl_constraint *c, void *user) {
  Linked *linked = user;
  int first = -1;
  for (int d = 0; d < linked->dims; ++d) {
    isl_val *v = isl_constraint_get_coefficient_val(c, isl_dim_set, d);
    bool used = !isl_val_is_zero(v);
    isl_val_free(v);
    if (!used)
      continue;
    if (first < 0)
      first = d;
    else
      linked->parent[rootOf(linked->parent, d)] =
          rootOf(linked->parent, first);
  }
  isl_constraint_free(c);
  return isl_stat_ok;
}

static isl_stat linkDims(__isl_take isl_basic_set *bset, void *user) {
  isl_stat ok = isl_basic_set_dim(bset, isl_dim_div) == 0
                    ? isl_basic_set_foreach_constraint(bset, linkConstraint,
                                                       user)
                    : isl_stat_error;
  isl_basic_set_free(bset);
  return ok;
}

/* The count of a necessary set that is a product of independent factors
 * (one convex piece without existential variables or parameters, whose
 * dimensions fall into groups no constraint links, as the windows of a
 * padded convolution: (row, kernel row), (column, kernel column), channel):
 * the product of the factors' counts, each the set projected onto one
 * group. The factors are small and recur from layer to layer, so the count
 * memo answers most of them; the product of exact counts is the exact
 * count, the value counting the whole set gives. Returns false (out
 * untouched) where this does not apply or some factor's count is not an
 * exact constant. */
static bool countProduct(SolarCountCache *cache, __isl_keep isl_set *set,
                         SolarCount *out) {
  isl_size params = isl_set_dim(set, isl_dim_param);
  isl_size dims = isl_set_dim(set, isl_dim_set);
  if (params < 0 || dims < 2 || isl_set_n_basic_set(set) != 1 ||
      isl_set_involves_dims(set, isl_dim_param, 0, (unsigned)params) !=
          isl_bool_false)
    return false;
  int parent[dims];
  for (int d = 0; d < dims; ++d)
    parent[d] = d;
  Linked linked = {parent, dims};
  if (isl_set_foreach_basic_set(set, linkDims, &linked) != isl_stat_ok)
    return false;
  int groups = 0;
  for (int d = 0; d < dims; ++d)
    groups += rootOf(parent, d) == d;
  if (groups < 2)
    return false;
  SolarCount first = {0};
  int64_t product = 1;
  bool ok = true;
  for (int g = 0; g < dims && ok; ++g) {
    if (rootOf(parent, g) != g)
      continue;
    isl_set *factor = isl_set_copy(set);
    for (int d = dims - 1; d >= 0; --d)
      if (rootOf(parent, d) != g)
        factor = isl_set_project_out(factor, isl_dim_set, (unsigned)d, 1);
    SolarCount count = {0};
    int64_t value = 0;
    ok = solarCountSetCached(cache, factor, &count) && count.exact &&
         solarCountConstant(&count, &value) && value >= 0;
    isl_set_free(factor);
    if (ok && !first.count)
      first = count;
    else {
      ok = ok && !__builtin_mul_overflow(product, value, &product);
      solarCountClear(&count);
    }
  }
  if (ok) {
    out->count = solarCountScaled(&first, product);
    out->exact = true;
    ok = out->count != NULL;
  }
  solarCountClear(&first);
  return ok;
}

/* A count known as an integer, as the count memo makes a constant: one
 * piece on the parameters (putCount writes its value). */
static __isl_give isl_pw_qpolynomial *constantCount(__isl_keep isl_set *set,
                                                   int64_t points) {
  isl_ctx *ctx = isl_set_get_ctx(set);
  return isl_pw_qpolynomial_from_qpolynomial(isl_qpolynomial_val_on_domain(
      isl_space_params(isl_set_get_space(set)),
      isl_val_int_from_si(ctx, (long)points)));
}

/* An inexact count is an upper bound (count.h: a fibre's hull, the
 * bounding box), and the necessary points bound from below the work any
 * implementation does (docs/sol-model.md, "Necessary work"): one that skips
 * exactly the skippable points runs the true number, which an upper bound
 * would overstate. Such a count becomes a lower bound of the points (the
 * largest one-dimensional projection, as the traffic model's footprints
 * do), still marked inexact (necessary_points_exact: false). */
static void lowerBoundCount(__isl_keep isl_set *necessary, SolarCount *count) {
  int64_t points = solarCountLowerBound(necessary);
  solarCountClear(count);
  count->count = constantCount(necessary, points);
  count->exact = false;
}

/* `differs`: the set is known to be smaller than the domain. `shape`: the
 * memo entry of an unskipped domain (egUnskippedDomain), whose count is
 * kept there once known; NULL for other sets. `factors`: what
 * egCountByFactors gave for `necessary` as it is (the demand walk's count
 * of an unskipped domain); NULL: not known. */
static void recordNecessary(EgNecessaryWork *work, EgNode *node,
                            __isl_take isl_set *necessary, bool differs,
                            bool coalesced, EgUnskipped *shape,
                            const int64_t *factors) {
  EgBuilder *b = work->b;
  if (islFailed(work) ||
      (!differs &&
       isl_set_is_equal(necessary, node->domain) != isl_bool_false)) {
    isl_set_free(necessary);
    return;
  }
  if (!coalesced)
    necessary = isl_set_coalesce(necessary);
  SolarCount count = {0};
  int64_t points = 0;
  if (egUnskippedCount(shape, &count)) {
    /* counted for an earlier node of the same shape */
  } else if (factors ? (points = *factors, true)
                     : egCountByFactors(necessary, &points)) {
    /* The isl paths below reset the analysis's operation counter when
     * they count afresh (count_set.c); resetting it here too keeps every
     * stretch of the budget at most as long as before. */
    isl_ctx_reset_operations(b->ctx);
    count.count = constantCount(necessary, points);
    count.exact = true;
    egUnskippedKeepCount(shape, &count);
  } else if (!countProduct(b->counts, necessary, &count) &&
             !solarCountSetCached(b->counts, necessary, &count)) {
    isl_set_free(necessary);
    return;
  } else {
    if (!count.exact)
      lowerBoundCount(necessary, &count);
    egUnskippedKeepCount(shape, &count);
  }
  node->necessary = necessary;
  node->necessaryPoints = count;
}

/* Every element of the tensor, as a set writes are taken out of. A static
 * shape gives its box: an exact access outside it is an error of the graph
 * (egAccessInsideBox), so no element beyond it is ever read or written,
 * and the universe would keep, for every slice written, the moot pieces
 * beyond the box beside it (a sequence's output written step by step: two
 * pieces more per step, each subtraction dearer than the last). Without a
 * static shape the box would add parameters: the universe. */
static __isl_give isl_set *wholeTensor(EgBuilder *b, int tensor) {
  const EgTensor *t = &b->tensors[tensor];
  for (int d = 0; d < t->rank; ++d)
    if (t->shape[d] < 0)
      return egTensorUniverse(b, tensor);
  return egTensorBox(b, tensor);
}

/* One node alone in its top-level op. */
static void backwardNode(EgNecessaryWork *work, EgNode *node, EgNeed *needs) {
  EgBuilder *b = work->b;
  const EgAccess *write = &node->accesses[0];
  EgNeed *out = &needs[write->tensor];
  if (!write->exact || node->scope->depth < 1 || readsOwnOutput(node)) {
    readEverything(work, node, needs);
    return;
  }
  const EgNodeKnown *nk = &work->nodes[node->id];
  Walk w = {work, node, nk, NULL, 0, 0, NULL, NULL, NULL, false, false, 0,
            NULL};
  w.reads = calloc((size_t)node->accessCount, sizeof(isl_set *));
  w.reached = calloc((size_t)node->accessCount, sizeof(bool));
  if (!w.reads || !w.reached)
    abort();
  bool whole = false;
  isl_set *need = neededPoints(b, work->boxes, node, out, &whole);
  /* No element it writes is used: none of its reads is either. */
  bool dead = !whole && isl_set_is_empty(need) == isl_bool_true;
  /* A whole, non-empty domain and nothing known: every value is needed at
   * every point, so every read, reached by the walk or not, reads its whole
   * image (the apply of the domain that made it), and the necessary points
   * are the domain. */
  int64_t points = 0;
  bool nonEmpty = node->points.exact &&
                  solarCountConstant(&node->points, &points) && points > 0;
  bool uniform = whole && nonEmpty && nothingKnown(nk);
  /* The whole domain less skippable points, which are points of the domain
   * (every fact is over the domain) and some (a fact is never empty): not
   * the domain. */
  bool differs = whole && nonEmpty && nk->skippable;
  isl_set *necessary = NULL;
  EgUnskipped *shape = NULL;
  if (uniform) {
    isl_set_free(need);
  } else {
    if (differs)
      necessary = w.unskipped =
          egUnskippedDomain(work, node, nk->skippable, &shape);
    else if (!whole || nk->skippable)
      necessary = subtractOpt(isl_set_copy(need), nk->skippable);
    demand(&w, egStoredValue(node->anchor), need);
  }

  /* The write replaces what was there: the old value is needed only where
   * this node (or something before it) reads it. */
  if (out->all) {
    out->all = false;
    out->needed = wholeTensor(b, write->tensor);
    out->inBox = false;
  }
  if (out->needed &&
      ((out->inBox && egAccessCoversTensor(b, write)) ||
       egBoxCacheContains(work->boxes, write->image, out->needed)))
    out->needed = isl_set_free(out->needed);
  out->full = false;
  if (out->needed)
    out->needed = isl_set_subtract(out->needed, isl_set_copy(write->image));
  for (int i = 0; i < node->accessCount; ++i) {
    const EgAccess *a = &node->accesses[i];
    if (a->write || dead) {
      continue;
    } else if (!a->exact) {
      needAll(&needs[a->tensor]);
    } else if (!w.reached[i] || a->accumulator || a->address || uniform) {
      /* An accumulator's initial value is the result where every
       * contribution is skipped: always read. */
      needElements(&needs[a->tensor], isl_set_copy(a->image),
                   egAccessCoversTensor(b, a));
    } else if (w.reads[i] && !needs[a->tensor].all) {
      /* A tensor needed whole (an argument, a global: a layer's weights)
       * takes nothing more, so its image, an isl projection of a third of
       * a million instructions in a convolution's 7 dims, is not made. */
      needElements(&needs[a->tensor],
                   isl_set_apply(isl_set_copy(w.reads[i]),
                                 isl_map_copy(a->map)),
                   false);
    }
  }
  if (necessary)
    recordNecessary(work, node, necessary, differs, differs, shape,
                    w.counted ? &w.unskippedPoints : NULL);

  for (int i = 0; i < node->accessCount; ++i)
    isl_set_free(w.reads[i]);
  isl_set_free(w.nonEmpty);
  for (int i = 0; i < w.demandCount; ++i)
    isl_set_free(w.demands[i].demand);
  free(w.demands);
  free(w.reads);
  free(w.reached);
}

/* Whether a node of a group is dead: nothing later uses what it writes
 * (an allocation no later node reads, as the argmax torch-mlir computes
 * beside a softmax's row max in one loop nest) and no other node of the
 * group reads that tensor. Its points are unnecessary and its reads
 * unused, whatever the order of the group's points. */
static bool deadInGroup(EgNecessaryWork *work, int n, int first, int last,
                        const EgNeed *needs) {
  EgBuilder *b = work->b;
  const EgAccess *write = &b->nodes[n].accesses[0];
  const EgNeed *need = &needs[write->tensor];
  if (!write->exact || need->all ||
      (need->needed && isl_set_is_disjoint(need->needed, write->image) !=
                           isl_bool_true))
    return false;
  for (int m = first; m <= last; ++m)
    for (int i = 0; m != n && i < b->nodes[m].accessCount; ++i)
      if (b->nodes[m].accesses[i].tensor == write->tensor)
        return false;
  return true;
}

/* Nodes sharing a top-level op: all their points and reads, except those
 * of dead nodes (deadInGroup), decided before any read of the group is
 * added. */
static void backwardGroup(EgNecessaryWork *work, int first, int last,
                          EgNeed *needs) {
  bool dead[last - first + 1];
  for (int n = first; n <= last; ++n)
    dead[n - first] = deadInGroup(work, n, first, last, needs);
  for (int n = first; n <= last; ++n) {
    EgNode *node = &work->b->nodes[n];
    if (!dead[n - first]) {
      readEverything(work, node, needs);
      continue;
    }
    recordNecessary(work, node,
                    isl_set_empty(isl_set_get_space(node->domain)), true,
                    true, NULL, NULL);
  }
}

/* The op directly in the function body that contains `op`. */
static MlirOperation topLevelOp(MlirOperation func, MlirOperation op) {
  for (;;) {
    MlirOperation parent = mlirOperationGetParentOperation(op);
    if (mlirOperationIsNull(parent) || mlirOperationEqual(parent, func))
      return op;
    op = parent;
  }
}

static void findGroups(EgNecessaryWork *work) {
  EgBuilder *b = work->b;
  int start = 0;
  for (int i = 0; i <= b->nodeCount; ++i) {
    bool boundary =
        i == b->nodeCount ||
        (i > start &&
         !mlirOperationEqual(topLevelOp(b->func, b->nodes[i].anchor),
                             topLevelOp(b->func, b->nodes[start].anchor)));
    if (!boundary)
      continue;
    for (int n = start; n < i; ++n) {
      work->groupStart[n] = start;
      work->groupEnd[n] = i;
    }
    start = i;
  }
}

/* A memref made by anything but an allocation, a global or a view the
 * graph composes (memref.assume_alignment, an unrealized cast) is a second
 * name for a buffer: writes through it would be missed. */
static MlirWalkResult findAlias(MlirOperation op, void *userData) {
  static const char *const bases[] = {
      "memref.alloc", "memref.alloca", "memref.get_global", "memref.subview",
      "memref.collapse_shape", "memref.expand_shape",
      "memref.reinterpret_cast", "memref.cast", NULL};
  intptr_t results = mlirOperationGetNumResults(op);
  for (intptr_t r = 0; r < results; ++r) {
    if (!mlirTypeIsAMemRef(mlirValueGetType(mlirOperationGetResult(op, r))))
      continue;
    bool known = false;
    for (int i = 0; bases[i] && !known; ++i)
      known = solarOpIs(op, bases[i]);
    if (!known) {
      *(bool *)userData = true;
      return MlirWalkResultInterrupt;
    }
  }
  return MlirWalkResultAdvance;
}

void egComputeNecessaryWork(EgBuilder *b) {
  bool aliases = false;
  mlirOperationWalk(b->func, findAlias, &aliases, MlirWalkPreOrder);
  if (aliases || b->opaqueMemoryOps || b->nodeCount == 0)
    return;
  /* Like counting (count_set.c), the analysis runs under a budget of
   * isl operations; counts reset the counter, so it holds per stretch
   * between two counts. */
  unsigned long previousBudget = isl_ctx_get_max_operations(b->ctx);
  isl_ctx_reset_operations(b->ctx);
  isl_ctx_reset_error(b->ctx);
  isl_ctx_set_max_operations(b->ctx, kNecessaryIslOperations);
  EgNecessaryWork work = {0};
  work.b = b;
  work.boxes = egBoxCacheCreate();
  size_t nodes = (size_t)b->nodeCount, tensors = (size_t)b->tensorCount + 1;
  work.groupStart = calloc(nodes, sizeof(int));
  work.groupEnd = calloc(nodes, sizeof(int));
  work.tensors = calloc(tensors, sizeof(EgKnown));
  work.nodes = calloc(nodes, sizeof(EgNodeKnown));
  EgNeed *needs = calloc(tensors, sizeof(EgNeed));
  if (!work.groupStart || !work.groupEnd || !work.tensors || !work.nodes ||
      !needs)
    abort();
  findGroups(&work);
  egKnownValuesForward(&work);

  for (int t = 0; t < b->tensorCount; ++t) {
    const EgTensor *tensor = &b->tensors[t];
    needs[t].all = !tensor->isAlloc || tensor->isReturned;
  }
  for (int i = b->nodeCount - 1; i >= 0 && !islFailed(&work);) {
    int start = work.groupStart[i];
    if (i - start == 0)
      backwardNode(&work, &b->nodes[i], needs);
    else
      backwardGroup(&work, start, i, needs);
    i = start - 1;
  }

  for (int t = 0; t < b->tensorCount; ++t) {
    egKnownClear(&work.tensors[t]);
    isl_set_free(needs[t].needed);
  }
  for (int n = 0; n < b->nodeCount; ++n) {
    egNodeKnownClear(&work.nodes[n]);
  }
  egBoxCacheDestroy(work.boxes);
  egShapeMemoDestroy(work.unskippedMemo);
  free(work.nodes);
  free(work.tensors);
  free(work.groupStart);
  free(work.groupEnd);
  free(needs);
  if (islFailed(&work))
    for (int n = 0; n < b->nodeCount; ++n) {
      b->nodes[n].necessary = isl_set_free(b->nodes[n].necessary);
      solarCountClear(&b->nodes[n].necessaryPoints);
      for (int a = 0; a < b->nodes[n].accessCount; ++a)
        b->nodes[n].accesses[a].zeroSkips = false;
    }
  isl_ctx_set_max_operations(b->ctx, previousBudget);
  isl_ctx_reset_operations(b->ctx);
  isl_ctx_reset_error(b->ctx);
}
