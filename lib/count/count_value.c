/* Point counts as values: the bounding-box fallback, constants, printing
 * and scaling (see count.h). */
#include "solar/count/count.h"

#include <isl/aff.h>
#include <isl/point.h>
#include <isl/polynomial.h>
#include <isl/set.h>
#include <isl/val.h>

#include <errno.h>
#include <limits.h>
#include <stdlib.h>

bool solarCountBoundingBox(__isl_keep isl_set *set, SolarCount *out) {
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
  if (out->count && !solarCountPwQpolynomialWithinLimit(out->count))
    out->count = isl_pw_qpolynomial_free(out->count);
  if (isl_set_plain_is_empty(set) == isl_bool_true) {
    out->exact = true;
  } else if (dims == 0) {
    out->exact = true;
  }
  return out->count != NULL;
}

/* How many counts solarCountValToInt64 saturated: the einsum-graph writer compares
 * it before and after writing a node to warn about that node (the context,
 * and with it the lifting, is single-threaded). */
static unsigned long saturatedCounts = 0;

unsigned long solarCountSaturatedTotal(void) { return saturatedCounts; }

bool solarCountValToInt64(__isl_take isl_val *v, int64_t *out) {
  if (!v || isl_val_is_int(v) != isl_bool_true) {
    isl_val_free(v);
    return false;
  }
  /* Strictly inside long's range the value reads off directly; the text
   * below is for the ends, where strtoll's saturation decides. */
  if (sizeof(long) == sizeof(int64_t) && isl_val_cmp_si(v, LONG_MAX) < 0 &&
      isl_val_cmp_si(v, LONG_MIN) > 0) {
    *out = (int64_t)isl_val_get_num_si(v);
    isl_val_free(v);
    return true;
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

bool solarCountPwQpolynomialConstant(__isl_keep isl_pw_qpolynomial *pwqp,
                             int64_t *value) {
  if (!pwqp)
    return false;
  /* One piece on the universe whose polynomial is an integer constant: its
   * value anywhere, without building a point and evaluating (counts are
   * read this way thousands of times per network). */
  if (isl_pw_qpolynomial_isa_qpolynomial(pwqp) == isl_bool_true) {
    isl_qpolynomial *qp =
        isl_pw_qpolynomial_as_qpolynomial(isl_pw_qpolynomial_copy(pwqp));
    isl_val *constant = isl_qpolynomial_get_constant_val(qp);
    isl_qpolynomial_free(qp);
    if (constant && isl_val_is_int(constant) == isl_bool_true)
      return solarCountValToInt64(constant, value);
    isl_val_free(constant);
  }
  isl_pw_qpolynomial *reduced =
      isl_pw_qpolynomial_drop_unused_params(isl_pw_qpolynomial_copy(pwqp));
  if (isl_pw_qpolynomial_dim(reduced, isl_dim_param) != 0) {
    isl_pw_qpolynomial_free(reduced);
    return false;
  }
  isl_point *origin = isl_point_zero(isl_pw_qpolynomial_get_domain_space(reduced));
  return solarCountValToInt64(isl_pw_qpolynomial_eval(reduced, origin), value);
}

bool solarCountConstant(const SolarCount *count, int64_t *value) {
  return count && solarCountPwQpolynomialConstant(count->count, value);
}

char *solarCountToStr(const SolarCount *count) {
  return count && count->count ? isl_pw_qpolynomial_to_str(count->count) : NULL;
}

__isl_give isl_pw_qpolynomial *solarCountScaled(const SolarCount *count,
                                             int64_t factor) {
  if (!count || !count->count)
    return NULL;
  isl_ctx *ctx = isl_pw_qpolynomial_get_ctx(count->count);
  return isl_pw_qpolynomial_scale_val(isl_pw_qpolynomial_copy(count->count),
                                      isl_val_int_from_si(ctx, (long)factor));
}

void solarCountClear(SolarCount *count) {
  if (!count)
    return;
  isl_pw_qpolynomial_free(count->count);
  count->count = NULL;
  count->exact = false;
}
