/* unit-einsum_shape_memo: the lift's memo of isl results by shape
 * (lib/einsum/einsum_shape_memo.c) and the premises its users rely on.
 *
 * - The table finds every key stored, with its latest payload, across
 *   growths, and frees what it owns (run under ASan by the suite).
 * - Integer pieces of a key read like printf's %ld.
 * - A copy handed out by egShapeMemoFresh* is equal to the original and
 *   prints exactly as the original renamed the way the lift names it
 *   (what the lift printed before the memo), and is a different object
 *   from the stored one.
 * - Equations name the one affine piece they print instead of the whole
 *   multi_pw_aff (einsum_equation.c): both print the same text. */
#include "../../lib/einsum/einsum_shape_memo.h"

#include <isl/aff.h>
#include <isl/ctx.h>
#include <isl/map.h>
#include <isl/set.h>

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures = 0;

static void check(int ok, const char *what, const char *detail) {
  if (!ok) {
    printf("FAIL: %s (%s)\n", what, detail);
    failures++;
  }
}

static int freed = 0;
static void freePayload(void *payload) {
  free(payload);
  freed++;
}

static void tableCases(void) {
  enum { N = 700 }; /* grows 64 -> 2048 slots */
  EgShapeMemo *memo = egShapeMemoCreate(freePayload);
  char key[64];
  for (int i = 0; i < N; ++i) {
    snprintf(key, sizeof(key), "loop|%d|", i);
    int *value = malloc(sizeof(int));
    *value = i;
    egShapeMemoPut(memo, key, value);
  }
  for (int i = 0; i < N; i += 7) { /* replacing frees the old payload */
    snprintf(key, sizeof(key), "loop|%d|", i);
    int *value = malloc(sizeof(int));
    *value = -i;
    egShapeMemoPut(memo, key, value);
  }
  for (int i = 0; i < N; ++i) {
    snprintf(key, sizeof(key), "loop|%d|", i);
    int *value = egShapeMemoGet(memo, key);
    check(value && *value == (i % 7 ? i : -i), "stored key found", key);
  }
  check(!egShapeMemoGet(memo, "loop|700|"), "absent key", "loop|700|");
  check(!egShapeMemoGet(NULL, "x"), "NULL memo", "x");
  egShapeMemoDestroy(memo);
  /* 700 payloads, plus the 100 replaced (i = 0, 7, ..., 693). */
  check(freed == N + 100, "payloads freed", "700 + 100");
}

static void integerCases(void) {
  const long values[] = {0, 7, -7, 10, 1234567890L, LONG_MAX, LONG_MIN};
  for (size_t i = 0; i < sizeof(values) / sizeof(values[0]); ++i) {
    EgShapeKey key = {0};
    egShapeKeyAddInt(&key, values[i]);
    char expected[64];
    snprintf(expected, sizeof(expected), "%ld|", values[i]);
    check(strcmp(key.text, expected) == 0, "integer piece", expected);
    free(key.text);
  }
}

static void freshSetCase(isl_ctx *ctx, const char *text) {
  isl_set *set = isl_set_read_from_str(ctx, text);
  isl_set *stored = egShapeMemoFreshSet(set, EG_SHAPE_MEMO_STORED);
  isl_set *copy = egShapeMemoFreshSet(stored, "S3");
  isl_set *renamed = isl_set_set_tuple_name(isl_set_copy(set), "S3");
  char *a = isl_set_to_str(copy), *b = isl_set_to_str(renamed);
  check(a && b && strcmp(a, b) == 0, "fresh set prints as renamed", text);
  check(isl_set_is_equal(copy, renamed) == isl_bool_true, "fresh set equal",
        text);
  check(copy != stored, "fresh set is another object", text);
  isl_set *anonymous = egShapeMemoFreshSet(stored, NULL);
  char *c = isl_set_to_str(anonymous), *d = isl_set_to_str(set);
  check(c && d && strcmp(c, d) == 0, "anonymous copy prints as original",
        text);
  free(a), free(b), free(c), free(d);
  isl_set_free(set), isl_set_free(stored), isl_set_free(copy);
  isl_set_free(renamed), isl_set_free(anonymous);
}

static void freshMapCase(isl_ctx *ctx, const char *text) {
  isl_map *map = isl_map_read_from_str(ctx, text);
  isl_map *stored = egShapeMemoFreshMap(map, EG_SHAPE_MEMO_STORED, "A");
  isl_map *copy = egShapeMemoFreshMap(stored, "S9", "B");
  isl_map *renamed = isl_map_set_tuple_name(
      isl_map_set_tuple_name(isl_map_copy(map), isl_dim_in, "S9"),
      isl_dim_out, "B");
  char *a = isl_map_to_str(copy), *b = isl_map_to_str(renamed);
  check(a && b && strcmp(a, b) == 0, "fresh map prints as renamed", text);
  check(isl_map_is_equal(copy, renamed) == isl_bool_true, "fresh map equal",
        text);
  check(copy != stored, "fresh map is another object", text);
  free(a), free(b);
  isl_map_free(map), isl_map_free(stored), isl_map_free(copy);
  isl_map_free(renamed);
}

typedef struct {
  isl_aff *aff;
} Piece;

static isl_stat takePiece(__isl_take isl_set *set, __isl_take isl_aff *aff,
                          void *user) {
  isl_set_free(set);
  isl_aff_free(((Piece *)user)->aff);
  ((Piece *)user)->aff = aff;
  return isl_stat_ok;
}

static char *printPiece(__isl_take isl_pw_aff *pa) {
  Piece piece = {NULL};
  isl_pw_aff_foreach_piece(pa, takePiece, &piece);
  isl_pw_aff_free(pa);
  char *text = isl_aff_to_str(piece.aff);
  isl_aff_free(piece.aff);
  return text;
}

/* What einsum_equation.c printed before (names on the multi_pw_aff) and
 * what it prints now (names on the piece), for the first `named` dims. */
static void equationCase(isl_ctx *ctx, const char *text, int named) {
  static const char *const labels[] = {"B", "O", "P", "Q", "R", "S"};
  isl_multi_pw_aff *mpa = isl_multi_pw_aff_read_from_str(ctx, text);
  isl_multi_pw_aff *whole = isl_multi_pw_aff_copy(mpa);
  for (int d = 0; d < named; ++d)
    whole = isl_multi_pw_aff_set_dim_name(whole, isl_dim_in, (unsigned)d,
                                          labels[d]);
  isl_size rank = isl_multi_pw_aff_dim(mpa, isl_dim_out);
  for (int i = 0; i < rank; ++i) {
    char *before = printPiece(isl_multi_pw_aff_get_at(whole, i));
    Piece piece = {NULL};
    isl_pw_aff *pa = isl_multi_pw_aff_get_at(mpa, i);
    isl_pw_aff_foreach_piece(pa, takePiece, &piece);
    isl_pw_aff_free(pa);
    for (int d = 0; d < named; ++d)
      piece.aff = isl_aff_set_dim_name(piece.aff, isl_dim_in, (unsigned)d,
                                       labels[d]);
    char *after = isl_aff_to_str(piece.aff);
    isl_aff_free(piece.aff);
    check(before && after && strcmp(before, after) == 0,
          "piece named like the whole", after ? after : text);
    free(before);
    free(after);
  }
  isl_multi_pw_aff_free(mpa);
  isl_multi_pw_aff_free(whole);
}

int main(void) {
  tableCases();
  integerCases();
  isl_ctx *ctx = isl_ctx_alloc();
  freshSetCase(ctx, "{ [i0, i1] : 0 <= i0 < 64 and 0 <= i1 <= 31 }");
  freshSetCase(ctx, "[N] -> { [i0] : 0 <= i0 < N and i0 mod 3 = 0 }");
  freshSetCase(ctx, "{ [i0, i1] : 0 <= i0 < 8 and i0 <= i1 < 8; "
                    "[i0, i1] : i0 = 9 and i1 = 0 }");
  freshSetCase(ctx, "{ [i0, i1, i2] : i0 = 0 and 0 <= i1 < 3 and "
                    "2i2 = i1 + 1 }");
  freshMapCase(ctx, "{ [i0, i1, i2, i3] -> T[o0, o1, o2, o3] : o0 = i0 and "
                    "o1 = i1 and o2 = 1 + i2 and o3 = 1 + i3 and "
                    "0 <= i0 < 1 and 0 <= i1 < 32 and 0 <= i2 < 112 and "
                    "0 <= i3 < 112 }");
  freshMapCase(ctx, "[K] -> { [i0, i1] -> [o0] : 4o0 <= i0 + i1 <= 4o0 + 3 "
                    "and 0 <= i0 < K and 0 <= i1 < 4 }");
  equationCase(ctx, "{ [i0, i1, i2, i3] -> [(i0), (i1), (2i2 + i3), "
                    "(floor((i3)/4)), (i3 mod 4)] }", 4);
  equationCase(ctx, "[N, M] -> { [i0, i1, i2] -> [(N - 1 - i0), (i1 + M), "
                    "(3i2)] }", 2);
  equationCase(ctx, "{ [i0, i1] -> [(floor((i0 + 2i1)/3)), (0)] }", 2);
  isl_ctx_free(ctx);
  printf("%d failure(s)\n", failures);
  return failures != 0;
}
