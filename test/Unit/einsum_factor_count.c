/* unit-einsum_factor_count: egCountByFactors (lib/einsum/
 * einsum_factor_count.c), the count of a necessary set by its unlinked
 * groups of dimensions, against counts derived by hand and against isl's
 * enumeration (isl_set_count_val, fine for a test of small sets). Prints
 * each case's count or "not counted" for the sets it must leave to isl. */
#include "../../lib/einsum/einsum_factor_count.h"

#include <isl/ctx.h>
#include <isl/set.h>
#include <isl/val.h>

#include <stdio.h>
#include <stdlib.h>

typedef struct {
  const char *set;
  long expected; /* -1: not counted here */
} Case;

/* Derived by hand in test/EinsumGraph/factor-count-unit.test. */
static const Case cases[] = {
    /* 0: ResNet-18's stem convolution (7x7, stride 2, pad 3) less its
     * padding reads, as isl coalesces it: two pieces. */
    {"{ S3[0, i1, i2, i3, i4, i5, i6] : 0 <= i1 <= 63 and 0 <= i2 <= 111 and "
     "0 <= i3 <= 110 and 0 <= i4 <= 2 and i5 >= 0 and 3 - 2i2 <= i5 <= 226 - "
     "2i2 and i5 <= 6 and i6 >= 0 and 3 - 2i3 <= i6 <= 6; S3[0, i1, i2, i3 = "
     "111, i4, i5, i6] : 0 <= i1 <= 63 and 0 <= i2 <= 111 and 0 <= i4 <= 2 "
     "and i5 >= 0 and 3 - 2i2 <= i5 <= 226 - 2i2 and i5 <= 6 and 0 <= i6 <= "
     "4 }",
     116214528},
    /* 1: two overlapping pieces */
    {"{ [i, j] : 0 <= i < 10 and 0 <= j < 5; [i, j] : 5 <= i < 15 and "
     "0 <= j < 5 }",
     75},
    /* 2: a triangle and an independent dim */
    {"{ [i, j, k] : 0 <= i < 10 and 0 <= j <= i and 0 <= k < 3 }", 165},
    /* 3: an equality */
    {"{ [i, j] : i = 2j and 0 <= i < 10 }", 5},
    /* 4: negative coordinates, empty rows */
    {"{ [i, j] : -5 <= i <= 5 and -i <= j <= i }", 36},
    /* 5: rational bounds on both sides */
    {"{ [i, j] : 0 <= i <= 6 and 2j >= i - 3 and 3j <= i + 1 }", 12},
    /* 6: empty (no piece): left to the count memo as before */
    {"{ [i, j] : 0 <= i < 4 and i < j < i }", -1},
    /* 7: a parameter the set does not involve */
    {"[n] -> { [i, j] : 0 <= i < 4 and 0 <= j < 3 }", 12},
    /* 8-11: left to isl: a parameter, unbounded, an existential, too
     * many values to enumerate */
    {"[n] -> { [i] : 0 <= i < n }", -1},
    {"{ [i, j] : i >= 0 and 0 <= j < 4 }", -1},
    {"{ [i] : exists e: i = 3e + 1 and 0 <= i < 10 }", -1},
    {"{ [i, j] : 0 <= i < 100000 and 0 <= j <= i }", -1},
};

int main(void) {
  isl_ctx *ctx = isl_ctx_alloc();
  int failures = 0;
  for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); ++c) {
    isl_set *set = isl_set_read_from_str(ctx, cases[c].set);
    int64_t count = -1;
    bool counted = egCountByFactors(set, &count);
    if (counted)
      printf("case %zu: %lld\n", c, (long long)count);
    else
      printf("case %zu: not counted\n", c);
    bool ok = counted ? count == cases[c].expected : cases[c].expected < 0;
    /* isl enumerates parameter-free sets: it must agree */
    if (counted && count < 1000000 && isl_set_dim(set, isl_dim_param) == 0) {
      isl_val *v = isl_set_count_val(set);
      ok = ok && isl_val_get_num_si(v) == count;
      isl_val_free(v);
    }
    if (!ok) {
      printf("FAIL case %zu: expected %ld\n", c, cases[c].expected);
      ++failures;
    }
    isl_set_free(set);
  }
  printf("%d failure(s)\n", failures);
  isl_ctx_free(ctx);
  return failures != 0;
}
