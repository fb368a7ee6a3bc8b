/* Symbolic point counting with isl (see einsum_count.h).
 *
 * A set is made disjoint and each basic set becomes an entry (cell, f) with
 * f = 1: "sum f over the points of cell". One level removes the last
 * dimension x of every entry:
 *   - isl gives the fibre of x over the outer dimensions: its minimum a and
 *     maximum b (piecewise quasi-affine) and its stride s (x = o mod s);
 *   - the fibre is the lattice segment {a, a+s, ..., b} exactly when that
 *     "lattice hull" equals the cell (isl_set_is_subset); if not, the cell
 *     is first split into residue classes of x (x = D*q + r), which removes
 *     the floor divisions that make holes; what is still not a segment is
 *     replaced by its hull (an over-approximation, recorded as inexact);
 *   - f(.., a + s*t) summed over t = 0..T, T = (b - a)/s, with Faulhaber's
 *     formula sum_{t=0}^{T} t^e = F_e(T); a term whose floor division still
 *     depends on t is first split into residue classes of t.
 * isl_qpolynomial_substitute refuses polynomials with floors and isl has no
 * quasi-polynomial pullback, so substitution is done here by rebuilding each
 * term from its factors (parameters, dimensions, floors). */
#include "solar/einsum/einsum_count.h"

#include <isl/aff.h>
#include <isl/ctx.h>
#include <isl/local_space.h>
#include <isl/map.h>
#include <isl/options.h>
#include <isl/point.h>
#include <isl/space.h>
#include <isl/stride_info.h>
#include <isl/val.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* Limits that keep pathological inputs from exploding; exceeding one falls
 * back to the bounding box (inexact), never to enumeration. */
enum {
  kMaxWork = 4096,  /* fibres summed per count */
  kMaxPeriod = 64,  /* residue classes per split */
  kMaxDegree = 24,  /* polynomial degree in one variable */
  kMaxSplits = 2,   /* nested residue splits of one cell */
};
/* isl operations per count (isl_ctx_set_max_operations): every count of
 * the test suite fits in a fifth of it (checked by running the suite with
 * 200000). */
static const unsigned long kMaxIslOperations = 1000000;

typedef struct {
  isl_basic_set *cell;
  isl_qpolynomial *f;
} Entry;

typedef struct {
  Entry *items;
  size_t count, capacity;
} EntryList;

typedef struct {
  bool exact;
  bool failed;
  size_t work;
} CountState;

static void entryListPush(CountState *state, EntryList *list,
                          __isl_take isl_basic_set *cell,
                          __isl_take isl_qpolynomial *f) {
  if (!cell || !f) {
    isl_basic_set_free(cell);
    isl_qpolynomial_free(f);
    state->failed = true;
    return;
  }
  if (list->count == list->capacity) {
    list->capacity = list->capacity ? 2 * list->capacity : 16;
    list->items = realloc(list->items, list->capacity * sizeof(Entry));
    if (!list->items)
      abort();
  }
  list->items[list->count++] = (Entry){cell, f};
}

static void entryListClear(EntryList *list) {
  for (size_t i = 0; i < list->count; ++i) {
    isl_basic_set_free(list->items[i].cell);
    isl_qpolynomial_free(list->items[i].f);
  }
  free(list->items);
  memset(list, 0, sizeof(*list));
}

/* ---- quasi-polynomial rebuilding ---------------------------------------- */

static __isl_give isl_qpolynomial *affToQp(__isl_take isl_aff *aff, int pos);

/* floor(inner) with the integral part of dimension `pos` taken out of the
 * floor: floor(k*x + r) = k*x + floor(r) for integer k. isl keeps such
 * floors unsimplified after a pullback, and a floor that depends on the
 * summation variable would block Faulhaber's formula. */
static __isl_give isl_qpolynomial *floorToQp(__isl_take isl_aff *inner,
                                             int pos) {
  if (pos >= 0 && inner) {
    isl_val *k = isl_aff_get_coefficient_val(inner, isl_dim_in, pos);
    if (k && isl_val_is_int(k) == isl_bool_true &&
        isl_val_is_zero(k) == isl_bool_false) {
      isl_aff *kx = isl_aff_var_on_domain(isl_aff_get_domain_local_space(inner),
                                          isl_dim_set, (unsigned)pos);
      kx = isl_aff_scale_val(kx, k);
      isl_aff *rest = isl_aff_sub(inner, isl_aff_copy(kx));
      return isl_qpolynomial_add(isl_qpolynomial_from_aff(kx),
                                 affToQp(isl_aff_floor(rest), pos));
    }
    isl_val_free(k);
  }
  return isl_qpolynomial_from_aff(isl_aff_floor(inner));
}

/* An affine expression (maybe with floors) as a quasi-polynomial whose
 * floors have had the integral part in dimension `pos` extracted. */
static __isl_give isl_qpolynomial *affToQp(__isl_take isl_aff *aff, int pos) {
  isl_size divs = aff ? isl_aff_dim(aff, isl_dim_div) : isl_size_error;
  if (divs <= 0 || pos < 0)
    return isl_qpolynomial_from_aff(aff);
  isl_aff *linear = isl_aff_copy(aff);
  isl_qpolynomial *floors = NULL;
  for (int j = 0; j < divs; ++j) {
    isl_val *c = isl_aff_get_coefficient_val(aff, isl_dim_div, j);
    if (!c || isl_val_is_zero(c) == isl_bool_true) {
      isl_val_free(c);
      continue;
    }
    linear = isl_aff_set_coefficient_si(linear, isl_dim_div, j, 0);
    isl_qpolynomial *q =
        isl_qpolynomial_scale_val(floorToQp(isl_aff_get_div(aff, j), pos), c);
    floors = floors ? isl_qpolynomial_add(floors, q) : q;
  }
  isl_aff_free(aff);
  isl_qpolynomial *result = isl_qpolynomial_from_aff(linear);
  return floors ? isl_qpolynomial_add(result, floors) : result;
}

typedef struct {
  isl_multi_aff *ma;    /* new space -> old space (kept) */
  isl_space *newSpace;  /* kept */
  int skip;             /* old dimension whose factor is left out, or -1 */
  int normPos;          /* new dimension to take out of floors, or -1 */
  isl_qpolynomial *groups[kMaxDegree + 1]; /* by exponent of `skip` */
  int maxExponent;
  bool failed;
} Rebuild;

static __isl_give isl_qpolynomial *power(__isl_take isl_qpolynomial *q,
                                         int e) {
  return e == 1 ? q : isl_qpolynomial_pow(q, (unsigned)e);
}

static isl_stat rebuildTerm(__isl_take isl_term *term, void *user) {
  Rebuild *rb = user;
  isl_qpolynomial *result = isl_qpolynomial_val_on_domain(
      isl_space_copy(rb->newSpace), isl_term_get_coefficient_val(term));
  int skipExponent = 0;
  isl_size params = isl_term_dim(term, isl_dim_param);
  for (int p = 0; p < params; ++p) {
    int e = isl_term_get_exp(term, isl_dim_param, (unsigned)p);
    if (e > 0)
      result = isl_qpolynomial_mul(
          result, power(isl_qpolynomial_var_on_domain(
                            isl_space_copy(rb->newSpace), isl_dim_param,
                            (unsigned)p),
                        e));
  }
  isl_size dims = isl_term_dim(term, isl_dim_set);
  for (int i = 0; i < dims; ++i) {
    int e = isl_term_get_exp(term, isl_dim_set, (unsigned)i);
    if (e <= 0)
      continue;
    if (i == rb->skip) {
      skipExponent = e;
      continue;
    }
    isl_aff *image = isl_multi_aff_get_at(rb->ma, i);
    result = isl_qpolynomial_mul(result, power(affToQp(image, rb->normPos), e));
  }
  isl_size divs = isl_term_dim(term, isl_dim_div);
  for (int j = 0; j < divs; ++j) {
    int e = isl_term_get_exp(term, isl_dim_div, (unsigned)j);
    if (e <= 0)
      continue;
    isl_aff *inner = isl_term_get_div(term, (unsigned)j);
    if (rb->skip >= 0 &&
        isl_aff_involves_dims(inner, isl_dim_in, (unsigned)rb->skip, 1) !=
            isl_bool_false) {
      isl_aff_free(inner);
      rb->failed = true;
      continue;
    }
    isl_aff *image =
        isl_aff_pullback_multi_aff(isl_aff_floor(inner),
                                   isl_multi_aff_copy(rb->ma));
    result = isl_qpolynomial_mul(result, power(affToQp(image, rb->normPos), e));
  }
  isl_term_free(term);
  if (!result || skipExponent > kMaxDegree) {
    isl_qpolynomial_free(result);
    rb->failed = true;
    return isl_stat_ok;
  }
  if (skipExponent > rb->maxExponent)
    rb->maxExponent = skipExponent;
  isl_qpolynomial **slot = &rb->groups[skipExponent];
  *slot = *slot ? isl_qpolynomial_add(*slot, result) : result;
  return isl_stat_ok;
}

/* Rebuilds f over rb->newSpace; on success rb->groups[e] holds the
 * coefficient of old dimension rb->skip to the power e (all of f in
 * groups[0] when skip < 0). */
static bool rebuild(__isl_keep isl_qpolynomial *f, Rebuild *rb) {
  rb->maxExponent = 0;
  rb->failed = false;
  memset(rb->groups, 0, sizeof(rb->groups));
  if (isl_qpolynomial_foreach_term(f, rebuildTerm, rb) < 0)
    rb->failed = true;
  for (int e = 0; e <= rb->maxExponent; ++e)
    if (!rb->groups[e])
      rb->groups[e] = isl_qpolynomial_zero_on_domain(
          isl_space_copy(rb->newSpace));
  if (rb->failed) {
    for (int e = 0; e <= kMaxDegree; ++e)
      rb->groups[e] = isl_qpolynomial_free(rb->groups[e]);
    return false;
  }
  return true;
}

/* f(ma(x)) as a quasi-polynomial on newSpace. */
static __isl_give isl_qpolynomial *pullback(__isl_keep isl_qpolynomial *f,
                                            __isl_keep isl_multi_aff *ma,
                                            __isl_keep isl_space *newSpace,
                                            int normPos) {
  Rebuild rb = {.ma = ma, .newSpace = newSpace, .skip = -1,
                .normPos = normPos};
  if (!rebuild(f, &rb))
    return NULL;
  return rb.groups[0];
}

static __isl_give isl_val *lcm(__isl_take isl_val *a, __isl_take isl_val *b) {
  isl_val *g = isl_val_gcd(isl_val_copy(a), isl_val_copy(b));
  return isl_val_div(isl_val_mul(a, b), g);
}

/* A multiple of the period in dimension `pos` of the floor `inner`, or 0
 * when the floor does not depend on it. */
static long floorPeriod(__isl_keep isl_aff *inner, int pos) {
  if (isl_aff_involves_dims(inner, isl_dim_in, (unsigned)pos, 1) !=
      isl_bool_true)
    return 0;
  isl_val *c = isl_aff_get_coefficient_val(inner, isl_dim_in, pos);
  long period = c ? isl_val_get_den_si(c) : kMaxPeriod + 1;
  isl_val_free(c);
  isl_size nested = isl_aff_dim(inner, isl_dim_div);
  for (int j = 0; j < nested; ++j) {
    /* A local space lists every floor, also those inner does not use. */
    isl_val *uses = isl_aff_get_coefficient_val(inner, isl_dim_div, j);
    bool used = uses && isl_val_is_zero(uses) == isl_bool_false;
    isl_val_free(uses);
    if (!used)
      continue;
    isl_aff *div = isl_aff_get_div(inner, j);
    long p = floorPeriod(div, pos);
    isl_aff_free(div);
    if (p) {
      isl_val *den = isl_aff_get_denominator_val(inner);
      p *= den ? isl_val_get_num_si(den) : kMaxPeriod + 1;
      isl_val_free(den);
      isl_ctx *ctx = isl_aff_get_ctx(inner);
      isl_val *l = lcm(isl_val_int_from_si(ctx, period > 0 ? period : 1),
                       isl_val_int_from_si(ctx, p));
      period = isl_val_get_num_si(l);
      isl_val_free(l);
    }
    if (period > kMaxPeriod)
      return kMaxPeriod + 1;
  }
  return period;
}

typedef struct {
  int pos;
  long period;
} PeriodSearch;

static isl_stat termPeriod(__isl_take isl_term *term, void *user) {
  PeriodSearch *search = user;
  isl_size divs = isl_term_dim(term, isl_dim_div);
  for (int j = 0; j < divs; ++j) {
    if (isl_term_get_exp(term, isl_dim_div, (unsigned)j) <= 0)
      continue;
    isl_aff *inner = isl_term_get_div(term, (unsigned)j);
    long p = floorPeriod(inner, search->pos);
    isl_aff_free(inner);
    if (p > 1) {
      isl_ctx *ctx = isl_term_get_ctx(term);
      isl_val *l = lcm(isl_val_int_from_si(ctx, search->period),
                       isl_val_int_from_si(ctx, p));
      search->period = isl_val_get_num_si(l);
      isl_val_free(l);
    }
  }
  isl_term_free(term);
  return isl_stat_ok;
}

/* The number of residue classes of dimension pos that makes every floor of
 * f independent of it (1 when none depends on it). */
static long qpPeriod(__isl_keep isl_qpolynomial *f, int pos) {
  PeriodSearch search = {pos, 1};
  if (isl_qpolynomial_foreach_term(f, termPeriod, &search) < 0)
    return kMaxPeriod + 1;
  return search.period;
}

/* F_e(T) = sum_{t=0}^{T} t^e for e = 0..degree, from the telescoping sum
 * (T+1)^{e+1} = sum_{j<=e} C(e+1, j) F_j(T). Valid for every T >= -1. */
static void faulhaber(__isl_keep isl_aff *T, int degree,
                      isl_qpolynomial **F) {
  isl_ctx *ctx = isl_aff_get_ctx(T);
  isl_qpolynomial *next = isl_qpolynomial_from_aff(
      isl_aff_add_constant_si(isl_aff_copy(T), 1));
  for (int e = 0; e <= degree; ++e) {
    isl_qpolynomial *sum = power(isl_qpolynomial_copy(next), e + 1);
    long binomial = 1; /* C(e+1, j), built incrementally */
    for (int j = 0; j < e; ++j) {
      sum = isl_qpolynomial_sub(
          sum, isl_qpolynomial_scale_val(isl_qpolynomial_copy(F[j]),
                                         isl_val_int_from_si(ctx, binomial)));
      binomial = binomial * (e + 1 - j) / (j + 1);
    }
    F[e] = isl_qpolynomial_scale_down_val(sum, isl_val_int_from_si(ctx, e + 1));
  }
  isl_qpolynomial_free(next);
}

/* ---- one level of summation --------------------------------------------- */

/* The identity on `space` with dimension pos replaced by `image`. */
static __isl_give isl_multi_aff *substitution(__isl_keep isl_space *space,
                                              int pos,
                                              __isl_take isl_aff *image) {
  isl_multi_aff *ma =
      isl_multi_aff_identity_on_domain_space(isl_space_copy(space));
  return isl_multi_aff_set_at(ma, pos, image);
}

/* outer -> (outer, 0): used to move coefficients to the outer space. */
static __isl_give isl_multi_aff *embedding(__isl_keep isl_space *outer,
                                           __isl_keep isl_space *inner) {
  isl_multi_aff *ma = isl_multi_aff_zero(isl_space_map_from_domain_and_range(
      isl_space_copy(outer), isl_space_copy(inner)));
  isl_size dims = isl_space_dim(outer, isl_dim_set);
  isl_local_space *ls = isl_local_space_from_space(isl_space_copy(outer));
  for (int i = 0; i < dims; ++i)
    ma = isl_multi_aff_set_at(
        ma, i,
        isl_aff_var_on_domain(isl_local_space_copy(ls), isl_dim_set,
                              (unsigned)i));
  isl_local_space_free(ls);
  return ma;
}

/* sum_{t=0}^{T} g(outer, t) where t is the last dimension of g's space. */
static __isl_give isl_qpolynomial *sumPolynomial(
    __isl_keep isl_qpolynomial *g, __isl_keep isl_aff *T,
    __isl_keep isl_space *kSpace, __isl_keep isl_space *outerSpace, int last) {
  isl_multi_aff *embed = embedding(outerSpace, kSpace);
  Rebuild rb = {.ma = embed, .newSpace = outerSpace, .skip = last,
                .normPos = -1};
  bool ok = rebuild(g, &rb);
  isl_multi_aff_free(embed);
  if (!ok)
    return NULL;
  isl_qpolynomial *F[kMaxDegree + 1];
  faulhaber(T, rb.maxExponent, F);
  isl_qpolynomial *sum =
      isl_qpolynomial_zero_on_domain(isl_space_copy(outerSpace));
  for (int e = 0; e <= rb.maxExponent; ++e)
    sum = isl_qpolynomial_add(sum, isl_qpolynomial_mul(rb.groups[e], F[e]));
  return sum;
}

/* Sums f over {x_last = a + s*t : 0 <= t <= (b-a)/s} for outer points in P,
 * pushing the result (on P's basic sets) to `out`. Takes P, a, b. */
static void sumFibre(CountState *state, __isl_take isl_set *P,
                     __isl_take isl_aff *a, __isl_take isl_aff *b,
                     __isl_keep isl_val *s, __isl_keep isl_qpolynomial *f,
                     EntryList *out) {
  if (++state->work > kMaxWork) {
    state->failed = true;
    isl_set_free(P);
    isl_aff_free(a);
    isl_aff_free(b);
    return;
  }
  isl_space *outerSpace = isl_aff_get_domain_space(a);
  isl_space *kSpace = isl_qpolynomial_get_domain_space(f);
  int last = (int)isl_space_dim(kSpace, isl_dim_set) - 1;
  isl_ctx *ctx = isl_aff_get_ctx(a);

  isl_local_space *kls = isl_local_space_from_space(isl_space_copy(kSpace));
  isl_aff *t = isl_aff_var_on_domain(isl_local_space_copy(kls), isl_dim_set,
                                     (unsigned)last);
  isl_aff *shifted = isl_aff_add(isl_aff_add_dims(isl_aff_copy(a), isl_dim_in, 1),
                                 isl_aff_scale_val(t, isl_val_copy(s)));
  isl_multi_aff *toLattice = substitution(kSpace, last, shifted);
  isl_qpolynomial *onLattice = pullback(f, toLattice, kSpace, last);
  isl_multi_aff_free(toLattice);
  isl_aff *T = isl_aff_scale_down_val(isl_aff_sub(b, a), isl_val_copy(s));

  long period = onLattice ? qpPeriod(onLattice, last) : 1;
  isl_qpolynomial *sum = NULL;
  if (!onLattice || period > kMaxPeriod) {
    state->failed = true;
  } else {
    sum = isl_qpolynomial_zero_on_domain(isl_space_copy(outerSpace));
    for (long r = 0; r < period && sum; ++r) {
      isl_qpolynomial *g = isl_qpolynomial_copy(onLattice);
      isl_aff *Tr = isl_aff_copy(T);
      if (period > 1) {
        isl_aff *q = isl_aff_var_on_domain(isl_local_space_copy(kls),
                                           isl_dim_set, (unsigned)last);
        q = isl_aff_add_constant_si(
            isl_aff_scale_val(q, isl_val_int_from_si(ctx, period)), (int)r);
        isl_multi_aff *toClass = substitution(kSpace, last, q);
        isl_qpolynomial_free(g);
        g = pullback(onLattice, toClass, kSpace, last);
        isl_multi_aff_free(toClass);
        Tr = isl_aff_floor(isl_aff_scale_down_ui(
            isl_aff_add_constant_si(Tr, -(int)r), (unsigned)period));
      }
      isl_qpolynomial *part =
          g ? sumPolynomial(g, Tr, kSpace, outerSpace, last) : NULL;
      isl_qpolynomial_free(g);
      isl_aff_free(Tr);
      if (!part) {
        state->failed = true;
        sum = isl_qpolynomial_free(sum);
      } else {
        sum = isl_qpolynomial_add(sum, part);
      }
    }
  }
  isl_aff_free(T);
  isl_qpolynomial_free(onLattice);
  isl_local_space_free(kls);
  isl_space_free(kSpace);
  isl_space_free(outerSpace);
  if (!sum) {
    isl_set_free(P);
    return;
  }
  P = isl_set_make_disjoint(P);
  isl_basic_set_list *cells = isl_set_get_basic_set_list(P);
  isl_size n = isl_basic_set_list_n_basic_set(cells);
  for (int i = 0; i < n; ++i)
    entryListPush(state, out, isl_basic_set_list_get_at(cells, i),
                  isl_qpolynomial_copy(sum));
  isl_basic_set_list_free(cells);
  isl_set_free(P);
  isl_qpolynomial_free(sum);
}

typedef struct {
  isl_set **sets;
  isl_aff **affs;
  int count, capacity;
} PieceList;

static isl_stat collectPiece(__isl_take isl_set *set, __isl_take isl_aff *aff,
                             void *user) {
  PieceList *list = user;
  if (list->count == list->capacity) {
    list->capacity = list->capacity ? 2 * list->capacity : 8;
    list->sets = realloc(list->sets, (size_t)list->capacity * sizeof(*list->sets));
    list->affs = realloc(list->affs, (size_t)list->capacity * sizeof(*list->affs));
    if (!list->sets || !list->affs)
      abort();
  }
  list->sets[list->count] = set;
  list->affs[list->count] = aff;
  list->count++;
  return isl_stat_ok;
}

static void pieceListClear(PieceList *list) {
  for (int i = 0; i < list->count; ++i) {
    isl_set_free(list->sets[i]);
    isl_aff_free(list->affs[i]);
  }
  free(list->sets);
  free(list->affs);
}

/* Lattice hull of the fibre: {x : lo <= x_last <= hi, x_last = offset mod s}. */
static __isl_give isl_set *latticeHull(__isl_keep isl_pw_aff *lo,
                                       __isl_keep isl_pw_aff *hi,
                                       __isl_keep isl_val *s,
                                       __isl_keep isl_aff *offset,
                                       __isl_keep isl_space *kSpace) {
  int last = (int)isl_space_dim(kSpace, isl_dim_set) - 1;
  isl_pw_aff *x = isl_pw_aff_from_aff(isl_aff_var_on_domain(
      isl_local_space_from_space(isl_space_copy(kSpace)), isl_dim_set,
      (unsigned)last));
  isl_set *hull = isl_pw_aff_le_set(
      isl_pw_aff_add_dims(isl_pw_aff_copy(lo), isl_dim_in, 1),
      isl_pw_aff_copy(x));
  hull = isl_set_intersect(
      hull, isl_pw_aff_le_set(isl_pw_aff_copy(x),
                              isl_pw_aff_add_dims(isl_pw_aff_copy(hi),
                                                  isl_dim_in, 1)));
  if (isl_val_is_one(s) == isl_bool_false) {
    isl_pw_aff *off = isl_pw_aff_from_aff(
        isl_aff_add_dims(isl_aff_copy(offset), isl_dim_in, 1));
    isl_pw_aff *residue =
        isl_pw_aff_mod_val(isl_pw_aff_sub(isl_pw_aff_copy(x), off),
                           isl_val_copy(s));
    hull = isl_set_intersect(hull, isl_pw_aff_zero_set(residue));
  }
  isl_pw_aff_free(x);
  return hull;
}

/* Residue classes of dimension pos that remove the cell's floors in it. */
static long cellPeriod(__isl_keep isl_basic_set *cell, int pos) {
  isl_local_space *ls = isl_basic_set_get_local_space(cell);
  isl_size divs = isl_local_space_dim(ls, isl_dim_div);
  long period = 1;
  isl_ctx *ctx = isl_basic_set_get_ctx(cell);
  for (int j = 0; j < divs; ++j) {
    isl_aff *div = isl_local_space_get_div(ls, j);
    long p = div ? floorPeriod(div, pos) : kMaxPeriod + 1;
    isl_aff_free(div);
    if (p > 1) {
      isl_val *l = lcm(isl_val_int_from_si(ctx, period),
                       isl_val_int_from_si(ctx, p));
      period = isl_val_get_num_si(l);
      isl_val_free(l);
    }
    if (period > kMaxPeriod)
      break;
  }
  isl_local_space_free(ls);
  return period;
}

static void sumLastDim(CountState *state, __isl_take isl_basic_set *cell,
                       __isl_take isl_qpolynomial *f, EntryList *out,
                       int splitsLeft);

/* Replaces x_last by period*q + r in cell and f and sums each class. */
static void splitCell(CountState *state, __isl_take isl_basic_set *cell,
                      __isl_take isl_qpolynomial *f, long period,
                      EntryList *out, int splitsLeft) {
  isl_space *kSpace = isl_basic_set_get_space(cell);
  int last = (int)isl_space_dim(kSpace, isl_dim_set) - 1;
  isl_ctx *ctx = isl_basic_set_get_ctx(cell);
  isl_local_space *kls = isl_local_space_from_space(isl_space_copy(kSpace));
  for (long r = 0; r < period && !state->failed; ++r) {
    isl_aff *q = isl_aff_var_on_domain(isl_local_space_copy(kls), isl_dim_set,
                                       (unsigned)last);
    q = isl_aff_add_constant_si(
        isl_aff_scale_val(q, isl_val_int_from_si(ctx, period)), (int)r);
    isl_multi_aff *toClass = substitution(kSpace, last, q);
    isl_basic_set *classCell = isl_basic_set_preimage_multi_aff(
        isl_basic_set_copy(cell), isl_multi_aff_copy(toClass));
    isl_qpolynomial *classF = pullback(f, toClass, kSpace, last);
    isl_multi_aff_free(toClass);
    if (!classCell || !classF) {
      state->failed = true;
      isl_basic_set_free(classCell);
      isl_qpolynomial_free(classF);
      break;
    }
    if (isl_basic_set_is_empty(classCell) == isl_bool_true) {
      isl_basic_set_free(classCell);
      isl_qpolynomial_free(classF);
      continue;
    }
    sumLastDim(state, classCell, classF, out, splitsLeft - 1);
  }
  isl_local_space_free(kls);
  isl_space_free(kSpace);
  isl_basic_set_free(cell);
  isl_qpolynomial_free(f);
}

static void sumLastDim(CountState *state, __isl_take isl_basic_set *cell,
                       __isl_take isl_qpolynomial *f, EntryList *out,
                       int splitsLeft) {
  isl_space *kSpace = isl_basic_set_get_space(cell);
  int last = (int)isl_space_dim(kSpace, isl_dim_set) - 1;
  isl_set *cellSet = isl_set_from_basic_set(isl_basic_set_copy(cell));
  isl_map *fibres = isl_map_move_dims(isl_map_from_range(isl_set_copy(cellSet)),
                                      isl_dim_in, 0, isl_dim_out, 0,
                                      (unsigned)last);
  isl_stride_info *si = isl_map_get_range_stride_info(fibres, 0);
  isl_val *s = si ? isl_stride_info_get_stride(si) : NULL;
  isl_aff *offset = si ? isl_stride_info_get_offset(si) : NULL;
  isl_stride_info_free(si);
  isl_pw_aff *lo = isl_map_dim_min(isl_map_copy(fibres), 0);
  isl_pw_aff *hi = isl_map_dim_max(fibres, 0);
  isl_set *hull = (lo && hi && s && offset)
                      ? latticeHull(lo, hi, s, offset, kSpace)
                      : NULL;
  isl_bool exact = hull ? isl_set_is_subset(hull, cellSet) : isl_bool_error;
  isl_set_free(hull);
  isl_set_free(cellSet);
  isl_space_free(kSpace);
  long period = exact == isl_bool_false && splitsLeft > 0
                    ? cellPeriod(cell, last)
                    : 1;
  if (exact == isl_bool_error) {
    state->failed = true;
  } else if (period > 1 && period <= kMaxPeriod) {
    isl_pw_aff_free(lo);
    isl_pw_aff_free(hi);
    isl_val_free(s);
    isl_aff_free(offset);
    splitCell(state, cell, f, period, out, splitsLeft);
    return;
  } else {
    if (exact == isl_bool_false)
      state->exact = false;
    PieceList los = {0}, his = {0};
    isl_pw_aff_foreach_piece(lo, collectPiece, &los);
    isl_pw_aff_foreach_piece(hi, collectPiece, &his);
    for (int i = 0; i < los.count && !state->failed; ++i) {
      for (int j = 0; j < his.count && !state->failed; ++j) {
        isl_set *P = isl_set_intersect(isl_set_copy(los.sets[i]),
                                       isl_set_copy(his.sets[j]));
        if (isl_set_is_empty(P) != isl_bool_false) {
          isl_set_free(P);
          continue;
        }
        sumFibre(state, P, isl_aff_copy(los.affs[i]),
                 isl_aff_copy(his.affs[j]), s, f, out);
      }
    }
    pieceListClear(&los);
    pieceListClear(&his);
  }
  isl_pw_aff_free(lo);
  isl_pw_aff_free(hi);
  isl_val_free(s);
  isl_aff_free(offset);
  isl_basic_set_free(cell);
  isl_qpolynomial_free(f);
}

/* ---- entry points ------------------------------------------------------- */

/* The set on an anonymous space with unnamed dimensions, so that every
 * space derived during counting compares equal. */
static __isl_give isl_set *anonymous(__isl_keep isl_set *set) {
  isl_space *space = isl_set_get_space(set);
  isl_size dims = isl_space_dim(space, isl_dim_set);
  isl_space *plain = isl_space_set_from_params(isl_space_params(
      isl_space_copy(space)));
  plain = isl_space_add_dims(plain, isl_dim_set, (unsigned)dims);
  isl_multi_aff *rename = isl_multi_aff_identity(
      isl_space_map_from_domain_and_range(plain, space));
  return isl_set_preimage_multi_aff(isl_set_copy(set), rename);
}

/* The cache key of a set: its constraints as they are, on the anonymous
 * space. Renaming the space (no substitution, unlike anonymous()) is what
 * makes the cache cheap to ask. */
static __isl_give isl_set *cacheKey(__isl_keep isl_set *set) {
  isl_space *space = isl_set_get_space(set);
  isl_size dims = isl_space_dim(space, isl_dim_set);
  isl_space *plain = isl_space_add_dims(
      isl_space_set_from_params(isl_space_params(space)), isl_dim_set,
      (unsigned)dims);
  return isl_set_reset_space(isl_set_copy(set), plain);
}

static __isl_give isl_pw_qpolynomial *assemble(EntryList *entries,
                                               __isl_take isl_space *params) {
  isl_pw_qpolynomial *total = isl_pw_qpolynomial_from_qpolynomial(
      isl_qpolynomial_zero_on_domain(isl_space_set_from_params(params)));
  for (size_t i = 0; i < entries->count; ++i) {
    Entry *e = &entries->items[i];
    total = isl_pw_qpolynomial_add(
        total, isl_pw_qpolynomial_alloc(isl_set_from_basic_set(e->cell), e->f));
    e->cell = NULL;
    e->f = NULL;
  }
  /* Counts are functions of the parameters alone; print them that way. */
  return isl_pw_qpolynomial_project_domain_on_params(
      isl_pw_qpolynomial_coalesce(total));
}

bool egCountSet(__isl_keep isl_set *set, EgCount *out) {
  out->count = NULL;
  out->exact = true;
  if (!set || isl_set_is_bounded(set) != isl_bool_true)
    return false;
  isl_ctx *ctx = isl_set_get_ctx(set);
  int previous = isl_options_get_on_error(ctx);
  isl_options_set_on_error(ctx, ISL_ON_ERROR_CONTINUE);
  /* kMaxWork bounds the fibres summed here, not what isl does per fibre:
   * on some parametric sets (min/max bounds crossed with mods) isl's own
   * disjoint-making and coalescing run for minutes. A budget of isl
   * operations turns that into an error, and the bounding box below. */
  unsigned long previousBudget = isl_ctx_get_max_operations(ctx);
  isl_ctx_reset_operations(ctx);
  isl_ctx_set_max_operations(ctx, kMaxIslOperations);

  isl_set *work = isl_set_make_disjoint(isl_set_compute_divs(anonymous(set)));
  isl_size dims = isl_set_dim(work, isl_dim_set);
  CountState state = {.exact = true};
  EntryList current = {0};
  isl_basic_set_list *cells = isl_set_get_basic_set_list(work);
  isl_size n = isl_basic_set_list_n_basic_set(cells);
  if (n < 0 || dims < 0)
    state.failed = true;
  for (int i = 0; i < n; ++i) {
    isl_basic_set *cell = isl_basic_set_list_get_at(cells, i);
    entryListPush(&state, &current, cell,
                  isl_qpolynomial_one_on_domain(isl_basic_set_get_space(cell)));
  }
  isl_basic_set_list_free(cells);
  for (int k = dims; k > 0 && !state.failed; --k) {
    EntryList next = {0};
    for (size_t i = 0; i < current.count && !state.failed; ++i) {
      Entry *e = &current.items[i];
      sumLastDim(&state, e->cell, e->f, &next, kMaxSplits);
      e->cell = NULL;
      e->f = NULL;
    }
    entryListClear(&current);
    current = next;
  }
  if (!state.failed) {
    out->count = assemble(&current, isl_space_params(isl_set_get_space(work)));
    out->exact = state.exact;
  }
  entryListClear(&current);
  isl_set_free(work);
  isl_ctx_set_max_operations(ctx, previousBudget);
  isl_ctx_reset_operations(ctx);
  isl_ctx_reset_error(ctx);
  isl_options_set_on_error(ctx, previous);
  if (!out->count)
    return egCountBoundingBox(set, out);
  return true;
}

/* ---- memo ---------------------------------------------------------------- */

typedef struct {
  uint32_t hash;
  isl_set *key; /* anonymous set; NULL = free slot */
  bool ok;
  EgCount count;
} CacheSlot;

struct EgCountCache {
  CacheSlot *slots;
  size_t capacity; /* power of two */
  size_t used;
};

EgCountCache *egCountCacheCreate(void) {
  EgCountCache *cache = calloc(1, sizeof(*cache));
  if (!cache)
    abort();
  return cache;
}

void egCountCacheDestroy(EgCountCache *cache) {
  if (!cache)
    return;
  for (size_t i = 0; i < cache->capacity; ++i)
    if (cache->slots[i].key) {
      isl_set_free(cache->slots[i].key);
      egCountClear(&cache->slots[i].count);
    }
  free(cache->slots);
  free(cache);
}

static CacheSlot *findSlot(CacheSlot *slots, size_t capacity, uint32_t hash,
                           __isl_keep isl_set *key) {
  for (size_t i = hash & (capacity - 1);; i = (i + 1) & (capacity - 1)) {
    CacheSlot *slot = &slots[i];
    if (!slot->key)
      return slot;
    if (slot->hash == hash &&
        (!key || isl_set_plain_is_equal(slot->key, key) == isl_bool_true))
      return slot;
  }
}

static void growCache(EgCountCache *cache) {
  size_t capacity = cache->capacity ? 2 * cache->capacity : 64;
  CacheSlot *slots = calloc(capacity, sizeof(*slots));
  if (!slots)
    abort();
  for (size_t i = 0; i < cache->capacity; ++i)
    if (cache->slots[i].key)
      /* Distinct keys: any free slot along the probe sequence will do. */
      *findSlot(slots, capacity, cache->slots[i].hash, NULL) =
          cache->slots[i];
  free(cache->slots);
  cache->slots = slots;
  cache->capacity = capacity;
}

static void copyCount(const EgCount *from, EgCount *to) {
  to->count = from->count ? isl_pw_qpolynomial_copy(from->count) : NULL;
  to->exact = from->exact;
}

bool egCountSetCached(EgCountCache *cache, __isl_keep isl_set *set,
                      EgCount *out) {
  if (!cache || !set)
    return egCountSet(set, out);
  isl_set *key = cacheKey(set);
  if (!key)
    return egCountSet(set, out);
  uint32_t hash = isl_set_get_hash(key);
  if (2 * (cache->used + 1) > cache->capacity)
    growCache(cache);
  CacheSlot *slot = findSlot(cache->slots, cache->capacity, hash, key);
  if (slot->key) {
    isl_set_free(key);
    copyCount(&slot->count, out);
    return slot->ok;
  }
  bool ok = egCountSet(set, out);
  slot->hash = hash;
  slot->key = key;
  slot->ok = ok;
  copyCount(out, &slot->count);
  ++cache->used;
  return ok;
}

bool egCountBoundingBox(__isl_keep isl_set *set, EgCount *out) {
  out->count = NULL;
  out->exact = false;
  if (!set || isl_set_is_bounded(set) != isl_bool_true)
    return false;
  isl_size dims = isl_set_dim(set, isl_dim_set);
  isl_set *params = isl_set_params(isl_set_copy(set));
  isl_pw_qpolynomial *product = isl_pw_qpolynomial_alloc(
      isl_set_copy(params),
      isl_qpolynomial_one_on_domain(isl_set_get_space(params)));
  isl_set_free(params);
  for (int i = 0; i < dims; ++i) {
    isl_pw_aff *lo = isl_set_dim_min(isl_set_copy(set), i);
    isl_pw_aff *hi = isl_set_dim_max(isl_set_copy(set), i);
    isl_pw_aff *extent = isl_pw_aff_add_constant_val(
        isl_pw_aff_sub(hi, lo), isl_val_one(isl_set_get_ctx(set)));
    product = isl_pw_qpolynomial_mul(product,
                                     isl_pw_qpolynomial_from_pw_aff(extent));
  }
  out->count = isl_pw_qpolynomial_coalesce(product);
  if (isl_set_plain_is_empty(set) == isl_bool_true) {
    out->exact = true;
  } else if (dims == 0) {
    out->exact = true;
  }
  return out->count != NULL;
}

/* How many counts egValToInt64 saturated: the einsum-graph writer compares
 * it before and after writing a node to warn about that node (the context,
 * and with it the lifting, is single-threaded). */
static unsigned long saturatedCounts = 0;

unsigned long egSaturatedCountTotal(void) { return saturatedCounts; }

bool egValToInt64(__isl_take isl_val *v, int64_t *out) {
  if (!v || isl_val_is_int(v) != isl_bool_true) {
    isl_val_free(v);
    return false;
  }
  char *text = isl_val_to_str(v);
  isl_val_free(v);
  if (!text)
    return false;
  errno = 0;
  char *end = NULL;
  long long value = strtoll(text, &end, 10);
  /* A count past int64 is still a known count: strtoll saturates it at
   * LLONG_MAX/MIN with ERANGE, and so does solar (the caller warns). */
  bool ok = (errno == 0 || errno == ERANGE) && end && end != text &&
            *end == '\0';
  if (ok && errno == ERANGE)
    ++saturatedCounts;
  free(text);
  if (ok)
    *out = (int64_t)value;
  return ok;
}

bool egPwQpolynomialConstant(__isl_keep isl_pw_qpolynomial *pwqp,
                             int64_t *value) {
  if (!pwqp)
    return false;
  isl_pw_qpolynomial *reduced =
      isl_pw_qpolynomial_drop_unused_params(isl_pw_qpolynomial_copy(pwqp));
  if (isl_pw_qpolynomial_dim(reduced, isl_dim_param) != 0) {
    isl_pw_qpolynomial_free(reduced);
    return false;
  }
  isl_point *origin = isl_point_zero(isl_pw_qpolynomial_get_domain_space(reduced));
  return egValToInt64(isl_pw_qpolynomial_eval(reduced, origin), value);
}

bool egCountConstant(const EgCount *count, int64_t *value) {
  return count && egPwQpolynomialConstant(count->count, value);
}

char *egCountToStr(const EgCount *count) {
  return count && count->count ? isl_pw_qpolynomial_to_str(count->count) : NULL;
}

__isl_give isl_pw_qpolynomial *egCountScaled(const EgCount *count,
                                             int64_t factor) {
  if (!count || !count->count)
    return NULL;
  isl_ctx *ctx = isl_pw_qpolynomial_get_ctx(count->count);
  return isl_pw_qpolynomial_scale_val(isl_pw_qpolynomial_copy(count->count),
                                      isl_val_int_from_si(ctx, (long)factor));
}

void egCountClear(EgCount *count) {
  if (!count)
    return;
  isl_pw_qpolynomial_free(count->count);
  count->count = NULL;
  count->exact = false;
}
