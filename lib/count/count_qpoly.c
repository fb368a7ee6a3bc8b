/* Quasi-polynomial rebuilding, floor periods and Faulhaber sums for the
 * point counter (see count_qpoly.h and count_set.c). */
#include "count_qpoly.h"

#include <isl/ctx.h>
#include <isl/local_space.h>

#include <stdlib.h>
#include <string.h>

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


__isl_give isl_qpolynomial *countQpPower(__isl_take isl_qpolynomial *q,
                                         int e) {
  return e == 1 ? q : isl_qpolynomial_pow(q, (unsigned)e);
}

static isl_stat rebuildTerm(__isl_take isl_term *term, void *user) {
  CountQpRebuild *rb = user;
  isl_qpolynomial *result = isl_qpolynomial_val_on_domain(
      isl_space_copy(rb->newSpace), isl_term_get_coefficient_val(term));
  int skipExponent = 0;
  isl_size params = isl_term_dim(term, isl_dim_param);
  for (int p = 0; p < params; ++p) {
    int e = isl_term_get_exp(term, isl_dim_param, (unsigned)p);
    if (e > 0)
      result = isl_qpolynomial_mul(
          result, countQpPower(isl_qpolynomial_var_on_domain(
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
    result = isl_qpolynomial_mul(result, countQpPower(affToQp(image, rb->normPos), e));
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
    result = isl_qpolynomial_mul(result, countQpPower(affToQp(image, rb->normPos), e));
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
bool countQpRebuild(__isl_keep isl_qpolynomial *f, CountQpRebuild *rb) {
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
__isl_give isl_qpolynomial *countQpPullback(__isl_keep isl_qpolynomial *f,
                                            __isl_keep isl_multi_aff *ma,
                                            __isl_keep isl_space *newSpace,
                                            int normPos) {
  CountQpRebuild rb = {.ma = ma, .newSpace = newSpace, .skip = -1,
                .normPos = normPos};
  if (!countQpRebuild(f, &rb))
    return NULL;
  return rb.groups[0];
}

__isl_give isl_val *countValLcm(__isl_take isl_val *a, __isl_take isl_val *b) {
  isl_val *g = isl_val_gcd(isl_val_copy(a), isl_val_copy(b));
  return isl_val_div(isl_val_mul(a, b), g);
}

/* A multiple of the period in dimension `pos` of the floor `inner`, or 0
 * when the floor does not depend on it. */
long countFloorPeriod(__isl_keep isl_aff *inner, int pos) {
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
    long p = countFloorPeriod(div, pos);
    isl_aff_free(div);
    if (p) {
      isl_val *den = isl_aff_get_denominator_val(inner);
      p *= den ? isl_val_get_num_si(den) : kMaxPeriod + 1;
      isl_val_free(den);
      isl_ctx *ctx = isl_aff_get_ctx(inner);
      isl_val *l = countValLcm(isl_val_int_from_si(ctx, period > 0 ? period : 1),
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
    long p = countFloorPeriod(inner, search->pos);
    isl_aff_free(inner);
    if (p > 1) {
      isl_ctx *ctx = isl_term_get_ctx(term);
      isl_val *l = countValLcm(isl_val_int_from_si(ctx, search->period),
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
long countQpPeriod(__isl_keep isl_qpolynomial *f, int pos) {
  PeriodSearch search = {pos, 1};
  if (isl_qpolynomial_foreach_term(f, termPeriod, &search) < 0)
    return kMaxPeriod + 1;
  return search.period;
}

/* F_e(T) = sum_{t=0}^{T} t^e for e = 0..degree, from the telescoping sum
 * (T+1)^{e+1} = sum_{j<=e} C(e+1, j) F_j(T). Valid for every T >= -1. */
void countFaulhaber(__isl_keep isl_aff *T, int degree,
                      __isl_give isl_qpolynomial **F) {
  isl_ctx *ctx = isl_aff_get_ctx(T);
  isl_qpolynomial *next = isl_qpolynomial_from_aff(
      isl_aff_add_constant_si(isl_aff_copy(T), 1));
  for (int e = 0; e <= degree; ++e) {
    isl_qpolynomial *sum = countQpPower(isl_qpolynomial_copy(next), e + 1);
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
