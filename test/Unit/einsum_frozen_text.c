/* unit-einsum_frozen_text: isl's text of the lift's domains and access
 * maps, once per representation (egTextMemo*, lib/einsum/
 * einsum_frozen_text.c).
 *
 * Every text the memo hands out must be the one isl prints for that object
 * (checked for each case), and the memo must print only where it has no
 * text of the same representation:
 * - maps and sets of one representation under other tuple and dimension
 *   names take the stored text with their names put in;
 * - another representation under the same key (other bounds; the same set
 *   with its constraints in another order) is printed, and stored beside
 *   the first;
 * - names isl would mark with primes (two dimensions alike, a dimension
 *   named like a parameter, or like a name isl makes up: "o0"), named
 *   range dimensions, existentials, and key 0 are printed by isl.
 *
 * And the classes (egTextMemoMapShape): one per representation under a
 * key, whatever the names; none (0) for an existential or key 0; and
 * asking for a class without a text prints nothing. */
#include "../../lib/einsum/einsum_frozen_text.h"

#include <isl/ctx.h>
#include <isl/map.h>
#include <isl/set.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures = 0;

static void same(const char *what, char *got, char *want) {
  if (!got || !want || strcmp(got, want) != 0) {
    printf("FAIL: %s\n  got:  %s\n  want: %s\n", what, got ? got : "(null)",
           want ? want : "(null)");
    failures++;
  }
  free(got);
  free(want);
}

static void map(EgTextMemo *memo, isl_ctx *ctx, uint64_t key,
                const char *text) {
  isl_map *m = isl_map_read_from_str(ctx, text);
  same(text, egTextMemoMap(memo, key, m), isl_map_to_str(m));
  isl_map_free(m);
}

static void set(EgTextMemo *memo, uint64_t key, __isl_take isl_set *s,
                const char *what) {
  same(what, egTextMemoSet(memo, key, s), isl_set_to_str(s));
  isl_set_free(s);
}

static void stats(EgTextMemo *memo, const char *after) {
  long reused, printed;
  egTextMemoStats(memo, &reused, &printed);
  printf("%s: reused %ld printed %ld\n", after, reused, printed);
}

int main(void) {
  isl_ctx *ctx = isl_ctx_alloc();
  EgTextMemo *memo = egTextMemoCreate();

  /* One representation under three sets of names: printed once. */
  map(memo, ctx, 1,
      "{ S0[n, c] -> A[n, 1 + c] : 0 <= n <= 3 and 0 <= c <= 7 }");
  map(memo, ctx, 1,
      "{ S7[b, k] -> X_1[b, 1 + k] : 0 <= b <= 3 and 0 <= k <= 7 }");
  map(memo, ctx, 1,
      "{ S12[row, col] -> W[row, 1 + col] : 0 <= row <= 3 and "
      "0 <= col <= 7 }");
  stats(memo, "one shape");

  /* Other bounds, the same key: another representation. */
  map(memo, ctx, 1,
      "{ S1[n, c] -> A[n, 1 + c] : 0 <= n <= 3 and 0 <= c <= 8 }");
  /* Names isl would prime or that look like its own: printed. */
  map(memo, ctx, 1,
      "{ S2[n, n] -> A[n, 1 + n] : 0 <= n <= 3 }");
  map(memo, ctx, 1,
      "{ S3[o0, c] -> A[o0, 1 + c] : 0 <= o0 <= 3 and 0 <= c <= 7 }");
  map(memo, ctx, 1,
      "[N] -> { S4[N, c] -> A[N, 1 + c] : 0 <= N <= 3 and 0 <= c <= 7 }");
  /* A named range dimension, and key 0: printed. */
  map(memo, ctx, 1,
      "{ S5[n, c] -> A[x = n, 1 + c] : 0 <= n <= 3 and 0 <= c <= 7 }");
  map(memo, ctx, 0,
      "{ S6[n, c] -> A[n, 1 + c] : 0 <= n <= 3 and 0 <= c <= 7 }");
  stats(memo, "names");

  /* Parameters, and a map of two pieces: reused under other names. */
  map(memo, ctx, 2,
      "[N] -> { S0[i] -> B[i] : 0 <= i < N; S0[i] -> B[0] : i >= N + 4 }");
  map(memo, ctx, 2,
      "[N] -> { S9[j] -> C[j] : 0 <= j < N; S9[j] -> C[0] : j >= N + 4 }");
  stats(memo, "pieces");

  /* A set; its copy under other names, before and after isl_set_is_equal
   * normalized it in place; the same set with its constraints in another
   * order (another representation, printed). */
  set(memo, 3,
      isl_set_read_from_str(ctx, "{ S0[h, w] : 0 <= w <= 9 and 0 <= h <= 4 "
                                 "and h <= w }"),
      "set");
  isl_set *s = isl_set_read_from_str(
      ctx, "{ S1[a, b] : 0 <= b <= 9 and 0 <= a <= 4 and a <= b }");
  set(memo, 3, isl_set_copy(s), "the same shape");
  isl_set *other = isl_set_read_from_str(
      ctx, "{ S1[a, b] : a <= b and 0 <= a <= 4 and b <= 9 }");
  isl_bool equal = isl_set_is_equal(s, other);
  if (equal != isl_bool_true) {
    printf("FAIL: the sets are equal\n");
    failures++;
  }
  set(memo, 3, s, "normalized in place");
  set(memo, 3, other, "normalized in place");
  /* An existential: printed. */
  set(memo, 3,
      isl_set_read_from_str(ctx, "{ S2[a, b] : exists (e : a = 2e) and "
                                 "0 <= b <= 9 and 0 <= a <= 4 }"),
      "existential");
  stats(memo, "sets");

  egTextMemoDestroy(memo);

  /* Classes, in a memo of their own. */
  memo = egTextMemoCreate();
  const char *texts[] = {
      "{ S0[n, c] -> A[n, 1 + c] : 0 <= n <= 3 and 0 <= c <= 7 }",
      /* the same representation, other names (also ones isl primes) */
      "{ S7[o0, o1] -> B[o0, 1 + o1] : 0 <= o0 <= 3 and 0 <= o1 <= 7 }",
      /* other bounds */
      "{ S1[n, c] -> A[n, 1 + c] : 0 <= n <= 3 and 0 <= c <= 8 }",
      /* an existential */
      "{ S2[a, b] -> A[a, b] : exists (e : a = 2e) and 0 <= b <= 9 }"};
  uint32_t classes[4];
  for (int i = 0; i < 4; ++i) {
    isl_map *m = isl_map_read_from_str(ctx, texts[i]);
    classes[i] = egTextMemoMapShape(memo, 5, m, NULL);
    isl_map_free(m);
  }
  isl_map *m = isl_map_read_from_str(ctx, texts[0]);
  uint32_t unkeyed = egTextMemoMapShape(memo, 0, m, NULL);
  char *text = NULL;
  uint32_t again = egTextMemoMapShape(memo, 5, m, &text);
  same("a class's text", text, isl_map_to_str(m));
  isl_map_free(m);
  printf("classes %u %u %u %u, key 0: %u, again: %u\n", classes[0],
         classes[1], classes[2], classes[3], unkeyed, again);
  stats(memo, "classes");
  egTextMemoDestroy(memo);
  isl_ctx_free(ctx);
  printf("%d failure(s)\n", failures);
  return failures != 0;
}
