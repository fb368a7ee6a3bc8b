/* unit-einsum_known_box: a box fact less a box of written elements built
 * as isl builds it (egBoxMinus, lib/einsum/einsum_known_box.c), against
 * isl's subtraction and coalescing of the same sets, which the forward
 * known values computed before: every piece's equality and inequality
 * rows in isl's order, and the number of pieces, or FAIL. Prints each
 * case's result as isl prints it, "empty", or "refused" for a difference
 * left to isl. */
#include "../../lib/einsum/einsum_known.h"

#include <isl/ctx.h>
#include <isl/mat.h>
#include <isl/set.h>
#include <isl/val.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  const char *fact, *elements;
  bool split; /* the fact as two halves united and coalesced: not marked
                 disjoint, so isl sorts the pieces */
} Case;

/* Derived by hand in test/EinsumGraph/known-box-unit.test. */
static const Case cases[] = {
    /* 0: a 1-d padded buffer less its interior. */
    {"{ P[i] : 0 <= i <= 9 }", "{ P[i] : 1 <= i <= 8 }", false},
    /* 1: batch, 3 channels, 6x6 with a border of 1. */
    {"{ P[0, c, h, w] : 0 <= c <= 2 and 0 <= h <= 5 and 0 <= w <= 5 }",
     "{ P[0, c, h, w] : 0 <= c <= 2 and 1 <= h <= 4 and 1 <= w <= 4 }",
     false},
    /* 2: the same fact, not marked disjoint. */
    {"{ P[0, c, h, w] : 0 <= c <= 2 and 0 <= h <= 5 and 0 <= w <= 5 }",
     "{ P[0, c, h, w] : 0 <= c <= 2 and 1 <= h <= 4 and 1 <= w <= 4 }",
     true},
    /* 3: all of it written. */
    {"{ P[0, c] : 0 <= c <= 4 }", "{ P[0, c] : 0 <= c <= 4 }", false},
    /* 4: more than all of it written. */
    {"{ P[0, c] : 1 <= c <= 4 }", "{ P[0, c] : 0 <= c <= 9 }", false},
    /* 5: channels 0..3 of 0..4 written (a concatenation's first part). */
    {"{ P[0, c, h] : 0 <= c <= 4 and 0 <= h <= 2 }",
     "{ P[0, c, h] : 0 <= c <= 3 and 0 <= h <= 2 }", false},
    /* 6: a border of 2: refused (isl orders the inequalities). */
    {"{ P[h, w] : 0 <= h <= 9 and 0 <= w <= 9 }",
     "{ P[h, w] : 2 <= h <= 7 and 2 <= w <= 7 }", false},
    /* 7: an interior one element wide: refused (a slice of F; borders
     * could coalesce). */
    {"{ P[h, w] : 0 <= h <= 2 and 0 <= w <= 5 }",
     "{ P[h, w] : h = 1 and 1 <= w <= 4 }", false},
    /* 8: every other element written (a transposed convolution's
     * zero-inserted input): refused. */
    {"{ P[h] : 0 <= h <= 8 }",
     "{ P[h] : (1 + h) mod 2 = 0 and 1 <= h <= 7 }", false},
    /* 9: disjoint: refused. */
    {"{ P[h] : 0 <= h <= 3 }", "{ P[h] : 5 <= h <= 7 }", false},
};

/* The rows of every piece, in isl's order. */
static isl_stat appendRows(__isl_take isl_basic_set *bset, void *user) {
  char *out = user;
  isl_mat *mats[2] = {
      isl_basic_set_equalities_matrix(bset, isl_dim_set, isl_dim_div,
                                      isl_dim_param, isl_dim_cst),
      isl_basic_set_inequalities_matrix(bset, isl_dim_set, isl_dim_div,
                                        isl_dim_param, isl_dim_cst)};
  strcat(out, "|");
  for (int k = 0; k < 2; ++k) {
    for (int r = 0; r < isl_mat_rows(mats[k]); ++r) {
      strcat(out, k ? " in" : " eq");
      for (int c = 0; c < isl_mat_cols(mats[k]); ++c) {
        isl_val *v = isl_mat_get_element_val(mats[k], r, c);
        char cell[32];
        snprintf(cell, sizeof(cell), " %ld", isl_val_get_num_si(v));
        isl_val_free(v);
        strcat(out, cell);
      }
    }
    isl_mat_free(mats[k]);
  }
  isl_basic_set_free(bset);
  return isl_stat_ok;
}

static void rows(__isl_keep isl_set *set, char *out) {
  out[0] = 0;
  if (set)
    isl_set_foreach_basic_set(set, appendRows, out);
}

/* Both inputs normalized in place, as isl_set_subtract leaves them. */
static void readCase(isl_ctx *ctx, const Case *c, isl_set **fact,
                     isl_set **elements) {
  *fact = isl_set_read_from_str(ctx, c->fact);
  if (c->split) {
    isl_set *low = isl_set_upper_bound_si(isl_set_copy(*fact), isl_dim_set,
                                          2, 2);
    isl_set *high = isl_set_lower_bound_si(*fact, isl_dim_set, 2, 3);
    *fact = isl_set_coalesce(isl_set_union(low, high));
  }
  *elements = isl_set_read_from_str(ctx, c->elements);
  isl_set_plain_is_equal(*fact, *elements);
}

int main(void) {
  isl_ctx *ctx = isl_ctx_alloc();
  int failures = 0;
  static char mine[1 << 16], ref[1 << 16];
  for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); ++i) {
    isl_set *fact, *elements;
    readCase(ctx, &cases[i], &fact, &elements);
    isl_set *result = NULL;
    EgBoxMinus r = egBoxMinus(fact, elements, &result);
    /* isl's, on inputs read again (egBoxMinus keeps them as they are). */
    isl_set *f2, *e2;
    readCase(ctx, &cases[i], &f2, &e2);
    isl_set *expected = isl_set_coalesce(isl_set_subtract(f2, e2));
    if (isl_set_is_empty(expected) == isl_bool_true)
      expected = isl_set_free(expected);
    if (r == EG_BOX_MINUS_REFUSED) {
      printf("case %zu: refused\n", i);
    } else {
      rows(result, mine);
      rows(expected, ref);
      if (strcmp(mine, ref) != 0 || (r == EG_BOX_MINUS_EMPTY) != !expected) {
        printf("FAIL case %zu:\n  mine %s\n  isl  %s\n", i, mine, ref);
        ++failures;
      }
      char *text = expected ? isl_set_to_str(expected) : NULL;
      printf("case %zu: %s\n", i, text ? text : "empty");
      free(text);
    }
    isl_set_free(result);
    isl_set_free(expected);
    isl_set_free(fact);
    isl_set_free(elements);
  }
  printf("%d failure(s)\n", failures);
  isl_ctx_free(ctx);
  return failures != 0;
}
