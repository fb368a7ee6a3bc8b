/* unit-einsum_edge_fact: facts of a map's constraints asked once per shape
 * (egEdgeMemoMapFact, lib/einsum/einsum_edge_memo.c), as the dataflow asks
 * its plain-access and injectivity tests.
 *
 * - Maps equal constraint for constraint up to their tuple names share one
 *   answer: the deciding function runs once for all of them.
 * - A map of another shape (other bounds, another index) is decided
 *   again, and kinds are kept apart.
 * - Every answer read through the memo is the one the deciding function
 *   gives for that map alone (isl's injectivity, here). */
#include "../../lib/einsum/einsum_edge_memo.h"

#include <isl/ctx.h>
#include <isl/map.h>

#include <stdio.h>
#include <stdlib.h>

static int failures = 0;
static int decided = 0;

static void check(int ok, const char *what, long detail) {
  if (!ok) {
    printf("FAIL: %s (%ld)\n", what, detail);
    failures++;
  }
}

static bool injective(__isl_keep isl_map *map) {
  decided++;
  return isl_map_is_injective(map) == isl_bool_true;
}

/* Maps in order; `fresh`: the memo has not seen the shape before (the
 * deciding function runs). Kind 1 unless `other`. */
typedef struct {
  const char *map;
  bool fresh;
  bool other;
} Case;

static const Case kCases[] = {
    /* one injective shape under three names */
    {"{ S0[i, j] -> A[i, j] : 0 <= i <= 7 and 0 <= j <= 3 }", true, false},
    {"{ S1[i, j] -> B[i, j] : 0 <= i <= 7 and 0 <= j <= 3 }", false, false},
    {"{ S9[i, j] -> alloc_3[i, j] : 0 <= i <= 7 and 0 <= j <= 3 }", false,
     false},
    /* other bounds, another index: other shapes */
    {"{ S2[i, j] -> A[i, j] : 0 <= i <= 8 and 0 <= j <= 3 }", true, false},
    {"{ S3[i, j] -> A[i + j] : 0 <= i <= 7 and 0 <= j <= 3 }", true, false},
    {"{ S4[i, j] -> C[i + j] : 0 <= i <= 7 and 0 <= j <= 3 }", false, false},
    /* the first shape, but another kind of fact */
    {"{ S5[i, j] -> D[i, j] : 0 <= i <= 7 and 0 <= j <= 3 }", true, true},
    {"{ S6[i, j] -> E[i, j] : 0 <= i <= 7 and 0 <= j <= 3 }", false, true},
};

int main(void) {
  isl_ctx *ctx = isl_ctx_alloc();
  EgEdgeMemo *memo = egEdgeMemoCreate();
  int count = (int)(sizeof(kCases) / sizeof(kCases[0]));
  isl_map *maps[sizeof(kCases) / sizeof(kCases[0])];
  for (int i = 0; i < count; ++i) {
    maps[i] = isl_map_read_from_str(ctx, kCases[i].map);
    int kind = kCases[i].other ? EG_FACT_PLAIN_ACCESS : EG_FACT_INJECTIVE;
    int before = decided;
    bool memoised = egEdgeMemoMapFact(memo, kind, maps[i], injective);
    check((decided > before) == kCases[i].fresh, "decided once per shape", i);
    bool direct = isl_map_is_injective(maps[i]) == isl_bool_true;
    check(memoised == direct, "memo answer is isl's for this map", i);
    printf("map %d: %s, %s\n", i, memoised ? "injective" : "not injective",
           decided > before ? "decided" : "from the memo");
  }
  /* Asked again: from the memo, the same answers. */
  int before = decided;
  for (int i = 0; i < count; ++i) {
    int kind = kCases[i].other ? EG_FACT_PLAIN_ACCESS : EG_FACT_INJECTIVE;
    check(egEdgeMemoMapFact(memo, kind, maps[i], injective) ==
              (isl_map_is_injective(maps[i]) == isl_bool_true),
          "second answer", i);
  }
  check(decided == before, "nothing decided twice", decided - before);
  for (int i = 0; i < count; ++i)
    isl_map_free(maps[i]);
  egEdgeMemoDestroy(memo);
  isl_ctx_free(ctx);
  printf("%d failure(s)\n", failures);
  return failures != 0;
}
