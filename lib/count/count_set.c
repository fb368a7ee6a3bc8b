/* Symbolic point counting with isl (see count.h).
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
#include "count_qpoly.h"
#include "solar/support/grow.h"
#include "solar/count/count.h"

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

/* More limits (with kMaxPeriod and kMaxDegree of count_qpoly.h). */
enum {
  kMaxWork = 4096,  /* fibres summed per count */
  kMaxSplits = 2,   /* nested residue splits of one cell */
};
/* isl operations (simplex pivots) per count (isl_ctx_set_max_operations):
 * every count of the test suite fits in half of it (checked by running the
 * suite with 200000), every count of the six bench/model_zoo.sh networks in
 * a quarter; a pathological parametric set (test/Fuzz/slow-count-budget.test)
 * spends it in about 0.3 s, pivoting on large constants. */
static const unsigned long kMaxIslOperations = 400000;

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
  list->items =
      solarGrow(list->items, &list->capacity, list->count, sizeof(Entry));
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
  CountQpRebuild rb = {.ma = embed, .newSpace = outerSpace, .skip = last,
                .normPos = -1};
  bool ok = countQpRebuild(g, &rb);
  isl_multi_aff_free(embed);
  if (!ok)
    return NULL;
  isl_qpolynomial *F[kMaxDegree + 1];
  countFaulhaber(T, rb.maxExponent, F);
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
  isl_qpolynomial *onLattice = countQpPullback(f, toLattice, kSpace, last);
  isl_multi_aff_free(toLattice);
  isl_aff *T = isl_aff_scale_down_val(isl_aff_sub(b, a), isl_val_copy(s));

  long period = onLattice ? countQpPeriod(onLattice, last) : 1;
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
        g = countQpPullback(onLattice, toClass, kSpace, last);
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
  /* sets and affs grow together. */
  size_t capacity = (size_t)list->capacity;
  list->sets = solarGrow(list->sets, &capacity, (size_t)list->count,
                         sizeof(*list->sets));
  capacity = (size_t)list->capacity;
  list->affs = solarGrow(list->affs, &capacity, (size_t)list->count,
                         sizeof(*list->affs));
  list->capacity = (int)capacity;
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
    long p = div ? countFloorPeriod(div, pos) : kMaxPeriod + 1;
    isl_aff_free(div);
    if (p > 1) {
      isl_val *l = countValLcm(isl_val_int_from_si(ctx, period),
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
    isl_qpolynomial *classF = countQpPullback(f, toClass, kSpace, last);
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

static __isl_give isl_pw_qpolynomial *assemble(EntryList *entries,
                                               __isl_take isl_space *params) {
  isl_pw_qpolynomial *total = isl_pw_qpolynomial_from_qpolynomial(
      isl_qpolynomial_zero_on_domain(isl_space_set_from_params(params)));
  /* Bounded: on symbolic sizes the cells' floors pile up in the sum, and
   * isl's cost per add grows steeply with them (count.h). NULL
   * then, and the caller falls back to the bounding box. */
  for (size_t i = 0; i < entries->count && total; ++i) {
    Entry *e = &entries->items[i];
    total = solarCountPwQpolynomialAddBounded(
        total, isl_pw_qpolynomial_alloc(isl_set_from_basic_set(e->cell), e->f));
    e->cell = NULL;
    e->f = NULL;
  }
  if (!total)
    return NULL;
  /* Counts are functions of the parameters alone; print them that way. */
  return isl_pw_qpolynomial_project_domain_on_params(
      isl_pw_qpolynomial_coalesce(total));
}

unsigned long solarCountDefaultBudget(void) {
  return kMaxIslOperations;
}

bool solarCountSet(__isl_keep isl_set *set, SolarCount *out) {
  return solarCountSetBudgeted(set, 0, out, NULL);
}

bool solarCountSetBudgeted(__isl_keep isl_set *set, unsigned long budget,
                        SolarCount *out, bool *exhausted) {
  if (exhausted)
    *exhausted = false;
  out->count = NULL;
  out->exact = true;
  if (solarCountBox(set, out) || solarCountByComponents(NULL, set, budget, out))
    return true;
  return solarCountSetSummed(set, budget, out, exhausted);
}

bool solarCountSetSummed(__isl_keep isl_set *set, unsigned long budget,
                      SolarCount *out, bool *exhausted) {
  if (exhausted)
    *exhausted = false;
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
  isl_ctx_set_max_operations(ctx, budget ? budget : solarCountDefaultBudget());

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
  if (exhausted)
    *exhausted = isl_ctx_last_error(ctx) == isl_error_quota;
  isl_ctx_set_max_operations(ctx, previousBudget);
  isl_ctx_reset_operations(ctx);
  isl_ctx_reset_error(ctx);
  isl_options_set_on_error(ctx, previous);
  if (!out->count)
    return solarCountBoundingBox(set, out);
  return true;
}
