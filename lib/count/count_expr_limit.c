/* Limits on the floors of symbolic counts (see count.h). */
#include "solar/count/count.h"

#include <isl/polynomial.h>
#include <isl/set.h>

#include <stdlib.h>
#include <string.h>

static isl_stat maxPieceDivs(__isl_take isl_set *domain,
                             __isl_take isl_qpolynomial *qp, void *user) {
  isl_size *most = user;
  isl_size divs = isl_qpolynomial_dim(qp, isl_dim_div);
  isl_set_free(domain);
  isl_qpolynomial_free(qp);
  if (divs < 0)
    return isl_stat_error;
  if (divs > *most)
    *most = divs;
  return isl_stat_ok;
}

isl_size solarCountPwQpolynomialDivs(__isl_keep isl_pw_qpolynomial *pw) {
  isl_size most = 0;
  if (!pw || isl_pw_qpolynomial_foreach_piece(pw, maxPieceDivs, &most) < 0)
    return isl_size_error;
  return most;
}

bool solarCountPwQpolynomialWithinLimit(__isl_keep isl_pw_qpolynomial *pw) {
  isl_size divs = solarCountPwQpolynomialDivs(pw);
  return divs >= 0 && divs <= SOLAR_COUNT_MAX_EXPRESSION_DIVS;
}

__isl_give isl_pw_qpolynomial *
solarCountPwQpolynomialAddBounded(__isl_take isl_pw_qpolynomial *a,
                          __isl_take isl_pw_qpolynomial *b) {
  isl_size da = solarCountPwQpolynomialDivs(a), db = solarCountPwQpolynomialDivs(b);
  /* On the operands: isl's add simplifies over the floors of both before
   * it can merge equal ones (two counts of 16 distinct floors on cells of
   * a union take seconds to add). A piece of the sum holds at most the
   * floors of its two summands, so the sum is within the limit too. */
  if (da < 0 || db < 0 || da + db > SOLAR_COUNT_MAX_EXPRESSION_DIVS) {
    isl_pw_qpolynomial_free(a);
    isl_pw_qpolynomial_free(b);
    return NULL;
  }
  return isl_pw_qpolynomial_add(a, b);
}

__isl_give isl_pw_qpolynomial *
solarCountPwQpolynomialAddOrKeep(__isl_take isl_pw_qpolynomial *a,
                         __isl_take isl_pw_qpolynomial *b, bool *dropped) {
  if (!a)
    return b;
  if (!b)
    return a;
  isl_pw_qpolynomial *sum =
      solarCountPwQpolynomialAddBounded(isl_pw_qpolynomial_copy(a), b);
  if (!sum) {
    *dropped = true;
    return a;
  }
  isl_pw_qpolynomial_free(a);
  return sum;
}

/* The balanced-parenthesis argument of the floor starting at `open` ('('),
 * as its length, or 0 when the text ends first. */
static size_t floorArgumentLength(const char *open) {
  int depth = 0;
  for (const char *p = open; *p; ++p) {
    if (*p == '(')
      ++depth;
    else if (*p == ')' && --depth == 0)
      return (size_t)(p - open) + 1;
  }
  return 0;
}

bool solarCountExpressionTextWithinLimit(const char *text) {
  /* isl prints every integer division as floor(...), each time it occurs;
   * the distinct ones are the divisions that reading the text creates. */
  const char *seen[SOLAR_COUNT_MAX_EXPRESSION_DIVS + 1];
  size_t seenLength[SOLAR_COUNT_MAX_EXPRESSION_DIVS + 1];
  size_t distinct = 0;
  for (const char *p = strstr(text, "floor("); p; p = strstr(p + 1, "floor(")) {
    const char *open = p + strlen("floor");
    size_t length = floorArgumentLength(open);
    if (length == 0)
      return true; /* malformed: isl's reader gives the diagnostic */
    bool known = false;
    for (size_t k = 0; k < distinct && !known; ++k)
      known = seenLength[k] == length && !memcmp(seen[k], open, length);
    if (known)
      continue;
    if (distinct == SOLAR_COUNT_MAX_EXPRESSION_DIVS)
      return false;
    seen[distinct] = open;
    seenLength[distinct++] = length;
  }
  return true;
}
