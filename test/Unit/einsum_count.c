/* unit-einsum_count: point counting without enumeration.
 *
 * Fixed cases give an isl set, the expected count (an integer, or isl's
 * printed form of the parametric count) and whether it must be exact.
 * Parametric cases are also checked against brute force for small parameter
 * values: isl_set_count_val enumerates, which is fine for a test on sets of a
 * few hundred points and is exactly what solar itself never does. With
 * arguments, counts the sets named on the command line and prints the
 * results (used by bench/). */
#include "solar/count/count.h"

#include <isl/ctx.h>
#include <isl/point.h>
#include <isl/polynomial.h>
#include <isl/set.h>
#include <isl/val.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  const char *set;
  const char *expected; /* decimal integer or isl pw_qpolynomial text */
  int exact;
} Case;

/* Expected values by hand:
 * box: 64*32*16; triangle: sum_{i=0}^{9} (i+1) = 55; strided: i in
 * {0,3,6,9} -> 4; mod holes: i mod 4 < 2 over 0..99 -> 50; lattice diagonal:
 * j = 2e + i over 0<=j<=i<10 -> sum_i (floor(i/2)+1) = 30; tiled: ii in
 * {0,32,..,992}, i in ii..ii+31 -> 1024; ragged tiles: 1000; overlapping
 * union [0,9] U [5,14] = 15; empty: 0; 4096^3 box; conv 2*8*15*15*3*3*3;
 * window image h = 2p + r, p < 15, r < 3 -> 0..30 = 31; h = 2p -> 15;
 * tetrahedron sum_{i<8} (i+1)(i+2)/2 = 120; n(n+1)/2; ceil(n/2). */
static const Case cases[] = {
    {"{ S[i,j,k] : 0 <= i < 64 and 0 <= j < 32 and 0 <= k < 16 }", "32768", 1},
    {"{ S[i,j] : 0 <= i < 10 and 0 <= j <= i }", "55", 1},
    {"{ S[i] : exists e: i = 3e and 0 <= i < 10 }", "4", 1},
    {"{ S[i] : 0 <= i < 100 and i mod 4 < 2 }", "50", 1},
    {"{ S[i,j] : 0 <= j <= i < 10 and exists e: j = 2e + i }", "30", 1},
    {"{ S[ii,i] : exists e: ii = 32e and 0 <= ii < 1024 and ii <= i < ii + 32 }", "1024", 1},
    {"{ S[ii,i] : exists e: ii = 32e and 0 <= ii < 1000 and ii <= i < ii + 32 and i < 1000 }", "1000", 1},
    {"{ S[i] : 0 <= i < 10 or 5 <= i < 15 }", "15", 1},
    {"{ S[i] : 0 <= i < 10 and i > 20 }", "0", 1},
    {"{ S[i,j,k] : 0 <= i < 4096 and 0 <= j < 4096 and 0 <= k < 4096 }", "68719476736", 1},
    {"{ S[b,o,p,q,c,r,s] : 0 <= b < 2 and 0 <= o < 8 and 0 <= p < 15 and 0 <= q < 15 and 0 <= c < 3 and 0 <= r < 3 and 0 <= s < 3 }", "97200", 1},
    {"{ A[h] : exists p, r: h = 2p + r and 0 <= p < 15 and 0 <= r < 3 }", "31", 1},
    {"{ A[h] : exists p: h = 2p and 0 <= p < 15 }", "15", 1},
    {"{ S[i,j,k] : 0 <= i < 8 and 0 <= j <= i and 0 <= k <= j }", "120", 1},
    {"[n] -> { S[i,j] : 0 <= i < n and 0 <= j <= i }", "[n] -> { (1/2 * n + 1/2 * n^2) : n > 0 }", 1},
    {"[n] -> { S[i] : 0 <= i < n and exists e: i = 2e }", "[n] -> { (n - floor((n)/2)) : n > 0 }", 1},
};

/* Parametric sets checked against brute force for n = 0..kMaxN. */
static const char *const parametric[] = {
    "[n] -> { S[i,j] : 0 <= i < n and 0 <= j <= i }",
    "[n] -> { S[i,j] : 0 <= i < n and i <= j < n and exists e: j = i + 2e }",
    "[n] -> { S[ii,i] : exists e: ii = 8e and 0 <= ii < n and ii <= i < ii + 8 and i < n }",
    "[n] -> { S[i,j] : 0 <= i < n and 0 <= j < n and (i + j) mod 3 = 0 }",
    "[n] -> { S[i,j,k] : 0 <= i < n and 0 <= j <= i and 0 <= k <= j }",
    "[n, m] -> { S[i,j] : 0 <= i < n and 0 <= j < m and j <= i + 2 }",
    "[n] -> { S[i,j] : 0 <= i < n and 0 <= j < n and i mod 4 < 2 and j >= i }",
    "[n] -> { S[i] : 0 <= i < n and ((exists e: i = 3e) or (exists f: i = 2f)) }",
};
enum { kMaxN = 13 };

static char *countText(const SolarCount *count) {
  int64_t value = 0;
  if (solarCountConstant(count, &value)) {
    char buffer[64];
    snprintf(buffer, sizeof(buffer), "%lld", (long long)value);
    return strdup(buffer);
  }
  return solarCountToStr(count);
}

static int runCase(isl_ctx *ctx, const Case *c, int check) {
  isl_set *set = isl_set_read_from_str(ctx, c->set);
  SolarCount count;
  if (!solarCountSet(set, &count)) {
    printf("FAIL count failed: %s\n", c->set);
    isl_set_free(set);
    return 1;
  }
  char *text = countText(&count);
  int failed = check && (strcmp(text, c->expected) != 0 ||
                         count.exact != !!c->exact);
  printf("%s %s -> %s%s\n", failed ? "FAIL" : "ok", c->set, text,
         count.exact ? "" : " (upper bound)");
  if (failed)
    printf("  expected %s%s\n", c->expected, c->exact ? "" : " (upper bound)");
  free(text);
  solarCountClear(&count);
  isl_set_free(set);
  return failed;
}

/* Value of the parametric count at all parameters = n. */
static int64_t evaluateAt(__isl_keep isl_pw_qpolynomial *count, int n) {
  isl_point *point = isl_point_zero(isl_pw_qpolynomial_get_domain_space(count));
  isl_size params = isl_pw_qpolynomial_dim(count, isl_dim_param);
  for (int p = 0; p < params; ++p)
    point = isl_point_set_coordinate_val(
        point, isl_dim_param, p,
        isl_val_int_from_si(isl_pw_qpolynomial_get_ctx(count), n));
  int64_t value = -1;
  if (!solarCountValToInt64(isl_pw_qpolynomial_eval(isl_pw_qpolynomial_copy(count),
                                            point),
                    &value))
    value = -1;
  return value;
}

static int runParametric(isl_ctx *ctx, const char *text) {
  isl_set *set = isl_set_read_from_str(ctx, text);
  SolarCount count;
  int failures = 0;
  if (!solarCountSet(set, &count) || !count.exact) {
    printf("FAIL not exact: %s\n", text);
    solarCountClear(&count);
    isl_set_free(set);
    return 1;
  }
  for (int n = 0; n <= kMaxN; ++n) {
    isl_set *fixed = isl_set_copy(set);
    isl_size params = isl_set_dim(fixed, isl_dim_param);
    for (int p = 0; p < params; ++p)
      fixed = isl_set_fix_si(fixed, isl_dim_param, (unsigned)p, n);
    int64_t brute = -1;
    solarCountValToInt64(isl_set_count_val(fixed), &brute);
    isl_set_free(fixed);
    int64_t symbolic = evaluateAt(count.count, n);
    if (brute != symbolic) {
      printf("FAIL %s at n=%d: %lld, brute force %lld\n", text, n,
             (long long)symbolic, (long long)brute);
      failures++;
    }
  }
  char *printed = solarCountToStr(&count);
  printf("%s %s -> %s\n", failures ? "FAIL" : "ok", text, printed);
  free(printed);
  solarCountClear(&count);
  isl_set_free(set);
  return failures ? 1 : 0;
}

/* The memo (solarCountSetCached) keys on the constraints with names removed:
 * a renamed copy (other tuple, named dims) must get the same count as the
 * original, a different set its own. By hand: 10*20 = 200; the triangle
 * 0 <= j <= i < 10 has 55 points; with n = 10 the parametric box counts n^2
 * and evaluates to 100. */
static int runCache(isl_ctx *ctx) {
  static const struct {
    const char *set;
    const char *expected;
  } sets[] = {
      {"{ S0[i, j] : 0 <= i < 10 and 0 <= j < 20 }", "200"},
      {"{ A[x, y] : 0 <= x < 10 and 0 <= y < 20 }", "200"},
      {"{ [i, j] : 0 <= i < 10 and 0 <= j < 20 }", "200"},
      {"{ S1[i, j] : 0 <= i < 10 and 0 <= j <= i }", "55"},
      {"{ S0[i, j] : 0 <= i < 10 and 0 <= j < 20 }", "200"},
      {"[n] -> { S2[i, j] : 0 <= i < n and 0 <= j < n }",
       "[n] -> { n^2 : n > 0 }"},
      {"[n] -> { T[a, b] : 0 <= a < n and 0 <= b < n }",
       "[n] -> { n^2 : n > 0 }"},
  };
  int failures = 0;
  SolarCountCache *cache = solarCountCacheCreate();
  for (int round = 0; round < 2; ++round)
    for (size_t i = 0; i < sizeof(sets) / sizeof(sets[0]); ++i) {
      isl_set *set = isl_set_read_from_str(ctx, sets[i].set);
      SolarCount count = {NULL, true};
      bool ok = solarCountSetCached(cache, set, &count);
      char *text = countText(&count);
      bool match = ok && count.exact && strcmp(text, sets[i].expected) == 0;
      if (!match) {
        printf("FAIL cache %s -> %s (want %s)\n", sets[i].set, text,
               sets[i].expected);
        failures++;
      }
      free(text);
      solarCountClear(&count);
      isl_set_free(set);
    }
  solarCountCacheDestroy(cache);
  printf("%s cache: renamed sets share counts\n", failures ? "FAIL" : "ok");
  return failures;
}

/* The shortcuts (count_product.c) must give what the summation
 * gives: the same printed count and exactness. `shortcut` says whether one
 * applies (it must then be taken). By hand: box 3*230*230 = 158700; the
 * union of an overlapping pair of boxes [0,9]x[0,3] U [5,14]x[0,3] = 60;
 * a padded frame (border of a 10x10 plane, 1 wide) 100 - 64 = 36; a
 * padded 3x3 window over h < 14, h + r - 1 in [0, 13], times 4 channels:
 * rows 14*3 - 2 = 40 per axis, 4 * 40 * 40 = 6400; a stride-2 window
 * (1 <= 2h + r <= 13: 2 + 5*3 + 2 = 19 pairs) times 4 channels, plus a
 * box row h = 7 of 4*2: 76 + 8 = 84; stride 2 over 0..54
 * per axis: 28 * 28 * 64 = 50176; a box in a space with an unused
 * parameter 4*5 = 20; a triangle and a diagonal-linked set have no
 * shortcut. Each is also counted through the memo (products count their
 * parts there). */
static int runShortcuts(isl_ctx *ctx) {
  static const struct {
    const char *set;
    const char *expected;
    bool shortcut;
  } sets[] = {
      {"{ S[0, c, h, w] : 0 <= c <= 2 and 0 <= h <= 229 and 0 <= w <= 229 }",
       "158700", true},
      {"{ A[i, j] : 0 <= i <= 9 and 0 <= j <= 3; A[i, j] : 5 <= i <= 14 and "
       "0 <= j <= 3 }",
       "60", true},
      {"{ P[i, j] : 0 <= i <= 9 and 0 <= j <= 9 and (i = 0 or i = 9 or j = 0 "
       "or j = 9) }",
       "36", true},
      {"{ S[c, h, w, r, s] : 0 <= c <= 3 and 0 <= h <= 13 and 0 <= w <= 13 "
       "and 0 <= r <= 2 and 0 <= s <= 2 and 0 <= h + r - 1 <= 13 and "
       "0 <= w + s - 1 <= 13 }",
       "6400", true},
      {"{ S[c, h, r] : 0 <= c <= 3 and 0 <= h <= 6 and 0 <= r <= 2 and "
       "1 <= 2h + r <= 13; S[c, 7, r] : 0 <= c <= 3 and 0 <= r <= 1 }",
       "84", true},
      {"{ A[c, h, w] : 0 <= c <= 63 and 0 <= h <= 54 and 0 <= w <= 54 and "
       "h mod 2 = 0 and w mod 2 = 0 }",
       "50176", true},
      {"[n] -> { S[i, j] : 0 <= i <= 3 and 0 <= j <= 4 }", "20",
       true},
      {"{ S[i, j] : 0 <= i < 10 and 0 <= j <= i }", "55", false},
      {"{ S[i, j, k] : 0 <= i < 4 and 0 <= j < 4 and 0 <= k < 4 and "
       "i + j + k = 4 }",
       "12", false},
      {"[n] -> { S[i, j] : 0 <= i < n and 0 <= j <= 3 }",
       "[n] -> { 4 * n : n > 0 }", false},
  };
  int failures = 0;
  SolarCountCache *cache = solarCountCacheCreate();
  for (size_t i = 0; i < sizeof(sets) / sizeof(sets[0]); ++i) {
    isl_set *set = isl_set_read_from_str(ctx, sets[i].set);
    SolarCount fast = {NULL, true}, summed = {NULL, true}, probe = {NULL, true};
    SolarCount cached = {NULL, true};
    bool took = solarCountBox(set, &probe) || solarCountByComponents(NULL, set, 0, &probe);
    bool ok = solarCountSet(set, &fast) &&
              solarCountSetSummed(set, 0, &summed, NULL) &&
              solarCountSetCached(cache, set, &cached);
    char *fastText = countText(&fast), *summedText = countText(&summed);
    bool match = ok && took == sets[i].shortcut &&
                 strcmp(fastText, sets[i].expected) == 0 &&
                 strcmp(summedText, sets[i].expected) == 0 &&
                 fast.exact && summed.exact && cached.exact &&
                 isl_pw_qpolynomial_plain_is_equal(fast.count,
                                                   summed.count) ==
                     isl_bool_true &&
                 isl_pw_qpolynomial_plain_is_equal(cached.count,
                                                   summed.count) ==
                     isl_bool_true;
    printf("%s shortcut%s %s -> %s (summed %s)\n", match ? "ok" : "FAIL",
           took ? "" : " (none)", sets[i].set, fastText, summedText);
    failures += !match;
    free(fastText);
    free(summedText);
    solarCountClear(&fast);
    solarCountClear(&summed);
    solarCountClear(&probe);
    solarCountClear(&cached);
    isl_set_free(set);
  }
  solarCountCacheDestroy(cache);
  return failures;
}

int main(int argc, char **argv) {
  isl_ctx *ctx = isl_ctx_alloc();
  int failures = 0;
  if (argc > 1) {
    for (int i = 1; i < argc; ++i) {
      Case c = {argv[i], "", 1};
      runCase(ctx, &c, 0);
    }
  } else {
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); ++i)
      failures += runCase(ctx, &cases[i], 1);
    for (size_t i = 0; i < sizeof(parametric) / sizeof(parametric[0]); ++i)
      failures += runParametric(ctx, parametric[i]);
    failures += runCache(ctx);
    failures += runShortcuts(ctx);
    printf("%d failure(s)\n", failures);
  }
  isl_ctx_free(ctx);
  return failures ? 1 : 0;
}
