/* unit-einsum_box_count: egBoxCountOutside and egBoxMeet (lib/einsum/
 * einsum_box_count.c), the dataflow's counts of the elements an edge
 * carries when the images are progression boxes, against counts derived
 * by hand (test/EinsumGraph/box-count-unit.test) and against isl's
 * enumeration of the same set (isl_set_count_val, fine for small boxes).
 * Prints each case's count or "not decided". */
#include "../../lib/einsum/einsum_box_count.h"

#include <isl/ctx.h>
#include <isl/set.h>
#include <isl/val.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_OTHERS = 16, MAX_ENTRIES = 12 };

typedef struct {
  int rank;
  int64_t box[MAX_ENTRIES]; /* lo, hi, step per dimension */
  int others;
  int64_t other[MAX_OTHERS][MAX_ENTRIES];
  long expected; /* -1: not decided */
} Case;

/* Derived by hand in test/EinsumGraph/box-count-unit.test. */
static const Case cases[] = {
    /* 0: a 10x10 padded buffer less its 8x8 interior: the border */
    {2, {0, 9, 1, 0, 9, 1}, 1, {{1, 8, 1, 1, 8, 1}}, 36},
    /* 1: nothing taken away */
    {2, {0, 3, 1, 0, 4, 1}, 0, {{0}}, 20},
    /* 2: two overlapping boxes taken away */
    {2,
     {0, 9, 1, 0, 9, 1},
     2,
     {{0, 4, 1, 0, 9, 1}, {3, 6, 1, 0, 9, 1}},
     30},
    /* 3: an other box missing it: no term */
    {1, {0, 9, 1}, 1, {{20, 30, 1}}, 10},
    /* 4: all of it taken away */
    {3, {0, 1, 1, 0, 1, 1, 0, 1, 1}, 1, {{-5, 5, 1, 0, 1, 1, -1, 3, 1}}, 0},
    /* 5: three overlapping boxes */
    {1, {0, 99, 1}, 3, {{10, 19, 1}, {15, 29, 1}, {25, 39, 1}}, 70},
    /* 6: rank 0: one point, taken away by the only other */
    {0, {0}, 1, {{0}}, 0},
    /* 7: a product beyond int64 */
    {3,
     {0, 4000000000LL, 1, 0, 4000000000LL, 1, 0, 4000000000LL, 1},
     0,
     {{0}},
     -1},
    /* 8: 16 pairwise overlapping others: more than 4096 intersections */
    {1,
     {0, 99, 1},
     16,
     {{0, 90, 1}, {1, 91, 1}, {2, 92, 1}, {3, 93, 1}, {4, 94, 1},
      {5, 95, 1}, {6, 96, 1}, {7, 97, 1}, {8, 98, 1}, {9, 99, 1},
      {0, 89, 1}, {1, 88, 1}, {2, 87, 1}, {3, 86, 1}, {4, 85, 1},
      {5, 84, 1}},
     -1},
    /* 9: a dilated buffer's fill less the odd-odd scatter into it */
    {2, {0, 9, 1, 0, 9, 1}, 1, {{1, 9, 2, 1, 9, 2}}, 75},
    /* 10: the even points less the multiples of 3 */
    {1, {0, 28, 2}, 1, {{0, 27, 3}}, 10},
    /* 11: even points less odd ones: they never meet */
    {1, {0, 20, 2}, 1, {{1, 21, 2}}, 11},
    /* 12: a step of 2^21: the meet is not decided */
    {1, {0, 6291456, 2097152}, 1, {{0, 10, 1}}, -1},
    /* 13: steps 4 and 6 from different starts: 1 + 4k = 3 + 6j */
    {1, {1, 41, 4}, 1, {{3, 45, 6}}, 8},
};

/* The progression box of `rank` dimensions as an isl set. */
static isl_set *boxSet(isl_ctx *ctx, int rank, const int64_t *box) {
  char text[2048] = "{ [";
  for (int d = 0; d < rank; ++d)
    snprintf(text + strlen(text), sizeof(text) - strlen(text), "%si%d",
             d ? ", " : "", d);
  strcat(text, "] : ");
  for (int d = 0; d < rank; ++d)
    snprintf(text + strlen(text), sizeof(text) - strlen(text),
             "%lld <= i%d <= %lld and exists (e%d : i%d = %lld + %lld e%d) "
             "and ",
             (long long)box[3 * d], d, (long long)box[3 * d + 1], d, d,
             (long long)box[3 * d], (long long)box[3 * d + 2], d);
  strcat(text, "true }");
  return isl_set_read_from_str(ctx, text);
}

/* The box less the others as an isl set, to count by enumeration. */
static isl_set *asSet(isl_ctx *ctx, const Case *c) {
  isl_set *set = boxSet(ctx, c->rank, c->box);
  for (int o = 0; o < c->others; ++o)
    set = isl_set_subtract(set, boxSet(ctx, c->rank, c->other[o]));
  return set;
}

int main(void) {
  isl_ctx *ctx = isl_ctx_alloc();
  int failures = 0;
  for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); ++c) {
    const Case *k = &cases[c];
    const int64_t *others[MAX_OTHERS];
    for (int o = 0; o < k->others; ++o)
      others[o] = k->other[o];
    int64_t count = egBoxCountOutside(k->box, others, k->others, k->rank);
    if (count >= 0)
      printf("case %zu: %lld\n", c, (long long)count);
    else
      printf("case %zu: not decided\n", c);
    bool ok = count == k->expected;
    if (count >= 0) {
      isl_set *set = asSet(ctx, k);
      isl_val *v = isl_set_count_val(set);
      ok = ok && isl_val_get_num_si(v) == count;
      isl_val_free(v);
      isl_set_free(set);
    }
    if (!ok) {
      printf("FAIL case %zu: expected %ld\n", c, k->expected);
      ++failures;
    }
  }
  /* Meets: case 2's others, case 10's progressions, case 11's. */
  int64_t meet[6];
  int met = egBoxMeet(cases[2].other[0], cases[2].other[1], 2, meet);
  printf("meet 2: %d [%lld, %lld] x [%lld, %lld]\n", met, (long long)meet[0],
         (long long)meet[1], (long long)meet[3], (long long)meet[4]);
  met = egBoxMeet(cases[10].box, cases[10].other[0], 1, meet);
  printf("meet 10: %d %lld..%lld step %lld\n", met, (long long)meet[0],
         (long long)meet[1], (long long)meet[2]);
  printf("meet 11: %d\n", egBoxMeet(cases[11].box, cases[11].other[0], 1, meet));
  int64_t bounds[4] = {2, 5, -1, 3}, plain[6];
  egBoxFromBounds(bounds, 2, plain);
  printf("from bounds: %lld %lld %lld %lld %lld %lld\n", (long long)plain[0],
         (long long)plain[1], (long long)plain[2], (long long)plain[3],
         (long long)plain[4], (long long)plain[5]);
  printf("%d failure(s)\n", failures);
  isl_ctx_free(ctx);
  return failures != 0;
}
