/* unit-einsum_edge_fact: facts of a map's constraints asked once per shape
 * (egEdgeMemoMapFact, lib/einsum/einsum_edge_memo.c), as the dataflow asks
 * its plain-access and injectivity tests.
 *
 * - Maps equal constraint for constraint up to their tuple names share one
 *   answer: the deciding function runs once for all of them.
 * - A map of another shape (other bounds, another index) is decided
 *   again, and kinds are kept apart.
 * - Every answer read through the memo is the one the deciding function
 *   gives for that map alone (isl's injectivity, here).
 * - Maps given a shape (egEdgeMemoShareKey, as the lift gives each access
 *   its shape's stored relation) share the facts of that relation object:
 *   decided once per shape object, another object decided again; and the
 *   edge memo finds an edge stored under one shaped pair through any pair
 *   of the same shapes' keys, made when first asked for. */
#include "../../lib/einsum/einsum_edge_memo.h"

#include <isl/ctx.h>
#include <isl/map.h>
#include <isl/space.h>

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

/* Facts and edges of maps with shapes. Shapes X and Y are two objects of
 * one relation (Y as another lift's memo would hold it). */
static void shapedMaps(isl_ctx *ctx) {
  EgEdgeMemo *memo = egEdgeMemoCreate();
  const char *relation =
      "{ S[i, j] -> T[i, j] : 0 <= i <= 7 and 0 <= j <= 3 }";
  isl_map *x = isl_map_read_from_str(ctx, relation);
  isl_map *y = isl_map_read_from_str(ctx, relation);
  isl_map *maps[4] = {
      isl_map_read_from_str(ctx, "{ S0[i, j] -> A[i, j] : 0 <= i <= 7 and "
                                 "0 <= j <= 3 }"),
      isl_map_read_from_str(ctx, "{ S1[i, j] -> B[i, j] : 0 <= i <= 7 and "
                                 "0 <= j <= 3 }"),
      isl_map_read_from_str(ctx, "{ S2[i, j] -> C[i, j] : 0 <= i <= 7 and "
                                 "0 <= j <= 3 }"),
      isl_map_read_from_str(ctx, "{ S3[i, j] -> D[i, j] : 0 <= i <= 7 and "
                                 "0 <= j <= 3 }")};
  isl_map *shapes[4] = {x, x, y, y};
  bool fresh[4] = {true, false, true, false};
  for (int i = 0; i < 4; ++i)
    egEdgeMemoShareKey(memo, maps[i], shapes[i]);
  for (int i = 0; i < 4; ++i) {
    int before = decided;
    bool memoised =
        egEdgeMemoMapFact(memo, EG_FACT_INJECTIVE, maps[i], injective);
    check((decided > before) == fresh[i], "decided once per shape object",
          i);
    check(memoised, "shaped answer is isl's", i);
    printf("shaped map %d: %s, %s\n", i,
           memoised ? "injective" : "not injective",
           decided > before ? "decided" : "from the memo");
  }
  /* An edge stored for (maps[0], maps[1]) is found for (maps[2], maps[3]):
   * the keys of X and Y are equal constraint for constraint. */
  EgEdgeShape stored = {isl_map_read_from_str(
                            ctx, "{ S0[i, j] -> S1[i, j] : 0 <= i <= 7 and "
                                 "0 <= j <= 3 }"),
                        {NULL, true}, false};
  egEdgeMemoStore(memo, maps[0], maps[1], &stored);
  EgEdgeShape found = {0};
  isl_space *space = isl_space_map_from_domain_and_range(
      isl_space_domain(isl_map_get_space(maps[2])),
      isl_space_domain(isl_map_get_space(maps[3])));
  bool hit = egEdgeMemoFind(memo, maps[2], maps[3], space, &found);
  char *text = hit && found.relation ? isl_map_to_str(found.relation) : NULL;
  check(hit && text, "edge found through the shapes' keys", 0);
  printf("shaped edge: %s\n", text ? text : "not found");
  free(text);
  egEdgeShapeClear(&found);
  egEdgeShapeClear(&stored);
  for (int i = 0; i < 4; ++i)
    isl_map_free(maps[i]);
  isl_map_free(x);
  isl_map_free(y);
  egEdgeMemoDestroy(memo);
}

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
  shapedMaps(ctx);
  isl_ctx_free(ctx);
  printf("%d failure(s)\n", failures);
  return failures != 0;
}
