/* unit-einsum_int_empty: integer emptiness of small systems by exact
 * eliminations (egIntSystemEmpty, lib/einsum/einsum_int_empty.c), each
 * answer checked against isl's emptiness test of the same set (FAIL where
 * they differ; "unknown" is never checked, it sends the caller to isl). */
#include "../../lib/einsum/einsum_int_empty.h"

#include <isl/ctx.h>
#include <isl/set.h>

#include <stdio.h>

enum { VARS = 3, ROWS = 8 };

typedef struct {
  const char *isl; /* the same set, over [x, y, q] */
  int rows;
  bool eq[ROWS];
  int64_t c[ROWS][1 + VARS]; /* constant, x, y, q */
} Case;

/* Derived by hand in test/EinsumGraph/int-empty-unit.test. */
static const Case cases[] = {
    /* 0: a conv's row block less its first point, met with that point:
     * x + y >= 1 and x = y = 0 contradict. */
    {"{ [x, y, q] : 0 <= x <= 255 and 0 <= y <= 2 and x + y >= 1 and "
     "x = 0 and y = 0 and q = 0 }",
     6,
     {false, false, false, true, true, true},
     {{0, 1, 0, 0}, {2, 0, -1, 0}, {-1, 1, 1, 0}, {0, 1, 0, 0},
      {0, 0, 1, 0}, {0, 0, 0, 1}}},
    /* 1: the same block met with its last point (255, 2): not empty. */
    {"{ [x, y, q] : 0 <= x <= 255 and 0 <= y <= 2 and x + y >= 1 and "
     "x = 255 and y = 2 and q = 0 }",
     6,
     {false, false, false, true, true, true},
     {{0, 1, 0, 0}, {2, 0, -1, 0}, {-1, 1, 1, 0}, {-255, 1, 0, 0},
      {-2, 0, 1, 0}, {0, 0, 0, 1}}},
    /* 2: a stride-2 parity, 2q = x + y + 1, with x + y = 4: odd = even,
     * empty (x substituted away, then 2q = 5 has no integer q). */
    {"{ [x, y, q] : 2q = x + y + 1 and x + y = 4 and 0 <= y <= 1 }",
     4,
     {true, true, false, false},
     {{1, 1, 1, -2}, {-4, 1, 1, 0}, {0, 0, 1, 0}, {1, 0, -1, 0}}},
    /* 3: rationally not empty, no integer point: 1 <= 2x <= 1. */
    {"{ [x, y, q] : 1 <= 2x <= 1 and y = 0 and q = 0 }",
     4,
     {false, false, true, true},
     {{-1, 2, 0, 0}, {1, -2, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}}},
    /* 4: a triangle 0 <= y <= x <= 3 with x + y = 5 (y = 5 - x, then
     * 5 - x <= x: x >= 3, so x = 3, y = 2): not empty. */
    {"{ [x, y, q] : 0 <= y <= x <= 3 and x + y = 5 and q = 0 }",
     5,
     {false, false, false, true, true},
     {{0, 0, 1, 0}, {0, 1, -1, 0}, {3, -1, 0, 0}, {-5, 1, 1, 0},
      {0, 0, 0, 1}}},
    /* 5: 3x = 2y + 1: no +-1 coefficient, unknown (isl decides). */
    {"{ [x, y, q] : 3x = 2y + 1 and 0 <= x <= 9 and q = 0 }",
     4,
     {true, false, false, true},
     {{-1, 3, -2, 0}, {0, 1, 0, 0}, {9, -1, 0, 0}, {0, 0, 0, 1}}},
};

int main(void) {
  isl_ctx *ctx = isl_ctx_alloc();
  int failures = 0;
  for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); ++k) {
    const Case *c = &cases[k];
    EgIntSystem sys = {.vars = VARS};
    for (int r = 0; r < c->rows; ++r) {
      int64_t *row = egIntSystemRow(&sys, c->eq[r]);
      for (int j = 0; j <= VARS; ++j)
        row[j] = c->c[r][j];
    }
    EgIntAnswer answer = egIntSystemEmpty(&sys);
    isl_set *set = isl_set_read_from_str(ctx, c->isl);
    isl_bool empty = isl_set_is_empty(set);
    isl_set_free(set);
    const char *text = answer == EG_INT_EMPTY      ? "empty"
                       : answer == EG_INT_NONEMPTY ? "not empty"
                                                   : "unknown";
    printf("case %zu: %s\n", k, text);
    if (answer != EG_INT_UNKNOWN &&
        (empty == isl_bool_true) != (answer == EG_INT_EMPTY)) {
      printf("FAIL: isl says %s\n", empty ? "empty" : "not empty");
      ++failures;
    }
  }
  printf("%d failure(s)\n", failures);
  isl_ctx_free(ctx);
  return failures != 0;
}
