/* unit-einsum_shortcuts: the facts the dataflow and the necessary-work
 * analysis read without isl's set operations (lib/einsum/einsum_injective.c,
 * einsum_box_cache.c) against isl's own answers on the same relations.
 *
 * Expected values by hand, over the box 0 <= i < 4, 0 <= j < 5, 0 <= k < 3
 * (k fixed to 0 where the case says "k narrow"):
 *   [i,j]        k wide, column k zero: (i,j,0), (i,j,1) collide -> 0
 *   [i,j,k]      every dimension its own row -> 1
 *   [i+j,k]      i and j share their only row: not decided -> -1
 *   [2i,j,k]     own rows, coefficient 2 -> 1
 *   [i,j] k narrow: k is a constant -> 1
 *   [floor(i/2),j,k]  a floor: not decided -> -1
 *   [4i+j,k]     shared row: not decided -> -1 (isl: (1,0) and (0,4) meet)
 * Boxes: 1 <= i < 3 lies in 0 <= i < 4 (j alike) -> 1; the other way -> 0;
 * a triangle is no box -> 0 (not shown); a parametric bound -> 0.
 * Whole tensor: a [4,5] tensor read at [i,j] over 4x5 -> 1; over 1..3 x 5
 * -> 0 (12 of 20); a dynamic extent -> 0. */
#include "../../lib/einsum/einsum_edge_memo.h"
#include "../../lib/einsum/einsum_known.h"

#include <isl/aff.h>
#include <isl/ctx.h>
#include <isl/map.h>
#include <isl/set.h>

#include <stdio.h>
#include <string.h>

static int failures;

static void expect(const char *what, int got, int want) {
  printf("%s %s: %d (want %d)\n", got == want ? "ok" : "FAIL", what, got,
         want);
  failures += got != want;
}

static const char *kBox =
    "{ S0[i,j,k] : 0 <= i < 4 and 0 <= j < 5 and 0 <= k < 3 }";
static const char *kNarrow =
    "{ S0[i,j,k] : 0 <= i < 4 and 0 <= j < 5 and k = 0 }";

/* A node over `domain` with one exact access through `indices`. */
static void injectiveCase(isl_ctx *ctx, const char *domain,
                          const char *indices, int want) {
  EgScope scope;
  memset(&scope, 0, sizeof(scope));
  scope.depth = 3;
  EgNode node;
  memset(&node, 0, sizeof(node));
  node.scope = &scope;
  node.domain = isl_set_read_from_str(ctx, domain);
  EgAccess access;
  memset(&access, 0, sizeof(access));
  access.exact = true;
  access.indices = isl_multi_pw_aff_read_from_str(ctx, indices);
  access.map = isl_map_intersect_domain(
      isl_map_set_tuple_name(
          isl_map_from_multi_pw_aff(isl_multi_pw_aff_copy(access.indices)),
          isl_dim_in, "S0"),
      isl_set_copy(node.domain));
  int fast = egAccessInjectiveByIndices(&node, &access);
  char what[256];
  snprintf(what, sizeof(what), "injective %s", indices);
  expect(what, fast, want);
  if (fast >= 0) {
    int slow = isl_map_is_injective(access.map) == isl_bool_true;
    snprintf(what, sizeof(what), "injective %s agrees with isl", indices);
    expect(what, fast, slow);
  }
  EgAccess same = access;
  snprintf(what, sizeof(what), "same relation %s", indices);
  expect(what, egAccessSameRelation(&access, &same), 1);
  isl_map_free(access.map);
  isl_multi_pw_aff_free(access.indices);
  isl_set_free(node.domain);
}

static void boxCase(isl_ctx *ctx, const char *outer, const char *inner,
                    int want) {
  EgBoxCache *cache = egBoxCacheCreate();
  isl_set *o = isl_set_read_from_str(ctx, outer);
  isl_set *i = isl_set_read_from_str(ctx, inner);
  int got = egBoxCacheContains(cache, o, i);
  /* Asked twice: the second answer comes from the cache. */
  int again = egBoxCacheContains(cache, o, i);
  char what[512];
  snprintf(what, sizeof(what), "box %s holds %s", outer, inner);
  expect(what, got, want);
  expect("box answer cached", again, got);
  if (got)
    expect("box agrees with isl", isl_set_is_subset(i, o) == isl_bool_true, 1);
  isl_set_free(o);
  isl_set_free(i);
  egBoxCacheDestroy(cache);
}

static void wholeCase(isl_ctx *ctx, const char *image, int64_t rows,
                      int want) {
  int64_t shape[2] = {rows, 5};
  EgTensor tensor;
  memset(&tensor, 0, sizeof(tensor));
  tensor.rank = 2;
  tensor.shape = shape;
  EgBuilder b;
  memset(&b, 0, sizeof(b));
  b.tensors = &tensor;
  b.tensorCount = 1;
  EgAccess access;
  memset(&access, 0, sizeof(access));
  access.exact = true;
  access.image = isl_set_read_from_str(ctx, image);
  if (!solarCountBox(access.image, &access.footprint))
    access.footprint.exact = false;
  char what[256];
  snprintf(what, sizeof(what), "whole tensor [%lld,5] %s", (long long)rows,
           image);
  expect(what, egAccessCoversTensor(&b, &access), want);
  solarCountClear(&access.footprint);
  isl_set_free(access.image);
}

int main(void) {
  isl_ctx *ctx = isl_ctx_alloc();
  injectiveCase(ctx, kBox, "{ [i,j,k] -> [(i), (j)] }", 0);
  injectiveCase(ctx, kBox, "{ [i,j,k] -> [(i), (j), (k)] }", 1);
  injectiveCase(ctx, kBox, "{ [i,j,k] -> [(i + j), (k)] }", -1);
  injectiveCase(ctx, kBox, "{ [i,j,k] -> [(2i), (j), (k)] }", 1);
  injectiveCase(ctx, kNarrow, "{ [i,j,k] -> [(i), (j)] }", 1);
  injectiveCase(ctx, kBox, "{ [i,j,k] -> [(floor(i/2)), (j), (k)] }", -1);
  injectiveCase(ctx, kBox, "{ [i,j,k] -> [(4i + j), (k)] }", -1);

  boxCase(ctx, "{ A[i,j] : 0 <= i < 4 and 0 <= j < 5 }",
          "{ A[i,j] : 1 <= i < 3 and 0 <= j < 5 }", 1);
  boxCase(ctx, "{ A[i,j] : 1 <= i < 3 and 0 <= j < 5 }",
          "{ A[i,j] : 0 <= i < 4 and 0 <= j < 5 }", 0);
  boxCase(ctx, "{ A[i,j] : 0 <= i < 4 and 0 <= j < 5 }",
          "{ A[i,j] : 0 <= j <= i < 4 }", 0);
  boxCase(ctx, "[n] -> { A[i,j] : 0 <= i < n and 0 <= j < 5 }",
          "{ A[i,j] : 1 <= i < 3 and 0 <= j < 5 }", 0);

  wholeCase(ctx, "{ A[i,j] : 0 <= i < 4 and 0 <= j < 5 }", 4, 1);
  wholeCase(ctx, "{ A[i,j] : 1 <= i < 4 and 0 <= j < 5 }", 4, 0);
  wholeCase(ctx, "{ A[i,j] : 0 <= i < 4 and 0 <= j < 5 }", -1, 0);

  isl_ctx_free(ctx);
  printf("%d failure(s)\n", failures);
  return failures != 0;
}
