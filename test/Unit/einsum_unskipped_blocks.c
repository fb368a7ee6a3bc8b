/* unit-einsum_unskipped_blocks: a padded convolution's domain less its
 * padding reads by blocks of linked dimensions (egBlockShapeRead,
 * egBlocksSubtract, egBlocksCut; lib/einsum/einsum_unskipped_blocks.c),
 * against isl's subtraction and coalescing of the same sets, which the
 * necessary work printed before: the same text, or FAIL. Prints each
 * case's result and its point count (isl's enumeration, fine for a test
 * of small sets), "refused" for a difference left to isl, "not applicable"
 * where the rows do not allow blocks. The sets are those of the zoo's and
 * test/'s convolutions, at small sizes. */
#include "../../lib/einsum/einsum_unskipped_blocks.h"

#include <isl/ctx.h>
#include <isl/set.h>
#include <isl/val.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  const char *domain, *skippable;
} Case;

/* Derived by hand in test/EinsumGraph/unskipped-blocks-unit.test. */
static const Case cases[] = {
    /* 0: 3x3, stride 1, pad 1, 6x6 output, 4 output and 3 input channels
     * (output channel i1, rows i2/i5, columns i3/i6, input channel i4):
     * isl's pieces are the row borders and the column borders inside the
     * rows that read no padding. */
    {"{ S3[0, i1, i2, i3, i4, i5, i6] : 0 <= i1 <= 3 and 0 <= i2 <= 5 and "
     "0 <= i3 <= 5 and 0 <= i4 <= 2 and 0 <= i5 <= 2 and 0 <= i6 <= 2 }",
     "{ S3[0, i1, i2, 5, i4, i5, 2] : 0 <= i1 <= 3 and 0 <= i2 <= 5 and "
     "0 <= i4 <= 2 and i5 >= 0 and -i2 < i5 <= 6 - i2 and i5 <= 2; "
     "S3[0, i1, 5, i3, i4, 2, i6] : 0 <= i1 <= 3 and 0 <= i3 <= 5 and "
     "0 <= i4 <= 2 and 0 <= i6 <= 2; S3[0, i1, i2, 0, i4, i5, 0] : "
     "0 <= i1 <= 3 and 0 <= i2 <= 5 and 0 <= i4 <= 2 and i5 >= 0 and "
     "-i2 < i5 <= 6 - i2 and i5 <= 2; S3[0, i1, 0, i3, i4, 0, i6] : "
     "0 <= i1 <= 3 and 0 <= i3 <= 5 and 0 <= i4 <= 2 and 0 <= i6 <= 2 }"},
    /* 1: 3x3, stride 2, pad 1, 4x4 output (ResNet-18's downsampling): only
     * the top and left padding is read. */
    {"{ S4[0, i1, i2, i3, i4, i5, i6] : 0 <= i1 <= 1 and 0 <= i2 <= 3 and "
     "0 <= i3 <= 3 and 0 <= i4 <= 2 and 0 <= i5 <= 2 and 0 <= i6 <= 2 }",
     "{ S4[0, i1, i2, 0, i4, i5, 0] : 0 <= i1 <= 1 and i2 <= 3 and "
     "0 <= i4 <= 2 and i5 >= 0 and -2i2 < i5 <= 2; S4[0, i1, 0, i3, i4, 0, "
     "i6] : 0 <= i1 <= 1 and 0 <= i3 <= 3 and 0 <= i4 <= 2 and "
     "0 <= i6 <= 2 }"},
    /* 2: a stride-2 transposed convolution's zero-inserted input, 2x2
     * kernel, 4x4 output (U-Net's up-sampling): existential variables. */
    {"{ S5[0, i1, i2, i3, i4, i5, i6] : 0 <= i1 <= 1 and 0 <= i2 <= 3 and "
     "0 <= i3 <= 3 and 0 <= i4 <= 2 and 0 <= i5 <= 1 and 0 <= i6 <= 1 }",
     "{ S5[0, i1, i2, i3, i4, i5, i6] : 0 <= i1 <= 1 and 0 <= i2 <= 3 and "
     "0 <= i4 <= 2 and 0 <= i5 <= 1 and 0 <= i6 <= 1 and (((i3 + i6) mod 2 "
     "= 0 and 0 <= i3 <= 3) or ((i2 + i5) mod 2 = 0 and (1 + i3 + i6) mod 2 "
     "= 0 and -i3 < i6 <= 3 - i3)) }"},
    /* 3: ResNet-18's stem (7x7, stride 2, pad 3, 112x112 output), whose
     * last column reads less of the padding: isl's difference is two
     * pieces, left to isl. */
    {"{ S3[0, i1, i2, i3, i4, i5, i6] : 0 <= i1 <= 63 and 0 <= i2 <= 111 "
     "and 0 <= i3 <= 111 and 0 <= i4 <= 2 and 0 <= i5 <= 6 and "
     "0 <= i6 <= 6 }",
     "{ S3[0, i1, i2, i3, i4, i5, i6] : 0 <= i1 <= 63 and i2 >= 0 and "
     "i3 >= 0 and 0 <= i4 <= 2 and 0 <= i5 <= 226 - 2i2 and i6 >= 0 and "
     "((i3 <= 111 and i5 <= 2 - 2i2 and i6 <= 6) or (i2 <= 111 and 3 - 2i2 "
     "<= i5 <= 6 and i6 <= 2 - 2i3)); S3[0, i1, 111, i3, i4, i5, i6] : "
     "0 <= i1 <= 63 and 0 <= i3 <= 111 and 0 <= i4 <= 2 and 5 <= i5 <= 6 "
     "and 0 <= i6 <= 6; S3[0, i1, i2, 111, i4, i5, i6] : 0 <= i1 <= 63 and "
     "0 <= i2 <= 111 and 0 <= i4 <= 2 and i5 >= 0 and 3 - 2i2 <= i5 <= "
     "226 - 2i2 and i5 <= 6 and 5 <= i6 <= 6 }"},
    /* 4: a 1-D convolution (3 taps, pad 1, 8 outputs) over two batch and
     * channel dims. */
    {"{ S2[i0, i1, i2, i3] : 0 <= i0 <= 1 and 0 <= i1 <= 1 and 0 <= i2 <= 7 "
     "and 0 <= i3 <= 2 }",
     "{ S2[i0, i1, 7, 2] : 0 <= i0 <= 1 and 0 <= i1 <= 1; S2[i0, i1, 0, 0] "
     ": 0 <= i0 <= 1 and 0 <= i1 <= 1 }"},
    /* 5: a piece adding nothing to the domain (the difference is empty):
     * not applicable. */
    {"{ [i, j] : 0 <= i <= 3 and 0 <= j <= 3 }",
     "{ [i, j] : 0 <= i <= 3 and 0 <= j <= 3 }"},
    /* 6: parameters: not applicable. */
    {"[n] -> { [i, j] : 0 <= i < n and 0 <= j <= 3 }",
     "[n] -> { [i, j] : i = 0 and 0 <= j <= 3 }"},
    /* 7: two pieces that together cover a block (i <= 1, i >= 2): the
     * difference is empty, refused. */
    {"{ [i, j] : 0 <= i <= 3 and 0 <= j <= 3 }",
     "{ [i, j] : 0 <= i <= 1 and 0 <= j <= 3; [i, j] : 2 <= i <= 3 and "
     "0 <= j <= 3 }"},
};

int main(void) {
  isl_ctx *ctx = isl_ctx_alloc();
  EgShapeMemo *steps = egBlockStepsCreate();
  int failures = 0;
  for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); ++c) {
    isl_set *domain = isl_set_read_from_str(ctx, cases[c].domain);
    isl_set *skippable = isl_set_read_from_str(ctx, cases[c].skippable);
    isl_set *byIsl = isl_set_coalesce(
        isl_set_subtract(isl_set_copy(domain), isl_set_copy(skippable)));
    EgBlockShape shape;
    EgShapeKey key = {0};
    if (!egBlockShapeRead(domain, skippable, &shape, &key)) {
      printf("case %zu: not applicable\n", c);
    } else {
      isl_set *blocks[EG_BLOCK_MAX_DIMS];
      int count = 0;
      EgBlocksResult result =
          egBlocksSubtract(domain, skippable, &shape, steps, blocks, &count);
      if (result == EG_BLOCKS_REFUSED) {
        printf("case %zu: refused\n", c);
      } else if (result == EG_BLOCKS_FAILED) {
        printf("case %zu: FAIL (isl failed)\n", c);
        ++failures;
      } else {
        isl_set *cut = egBlocksCut(domain, blocks, count);
        char *text = isl_set_to_str(cut), *expected = isl_set_to_str(byIsl);
        isl_val *points = isl_set_count_val(cut);
        printf("case %zu: %ld %s\n", c, isl_val_get_num_si(points), text);
        if (strcmp(text, expected) != 0) {
          printf("FAIL: isl gives %s\n", expected);
          ++failures;
        }
        isl_val_free(points);
        free(text);
        free(expected);
        isl_set_free(cut);
        for (int b = 0; b < count; ++b)
          isl_set_free(blocks[b]);
      }
    }
    free(key.text);
    egBlockShapeFree(&shape);
    isl_set_free(byIsl);
    isl_set_free(domain);
    isl_set_free(skippable);
  }
  printf("%d failure(s)\n", failures);
  egShapeMemoDestroy(steps);
  isl_ctx_free(ctx);
  return failures != 0;
}
