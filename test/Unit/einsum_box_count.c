/* unit-einsum_box_count: egBoxCountOutside and egBoxMeet (lib/einsum/
 * einsum_box_count.c), the dataflow's counts of the elements an edge
 * carries when the images are boxes, against counts derived by hand
 * (test/EinsumGraph/box-count-unit.test) and against isl's enumeration of
 * the same set (isl_set_count_val, fine for small boxes). Prints each
 * case's count or "not decided". */
#include "../../lib/einsum/einsum_box_count.h"

#include <isl/ctx.h>
#include <isl/set.h>
#include <isl/val.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_OTHERS = 16 };

typedef struct {
  int rank;
  int64_t box[8];
  int others;
  int64_t other[MAX_OTHERS][8];
  long expected; /* -1: not decided */
} Case;

/* Derived by hand in test/EinsumGraph/box-count-unit.test. */
static const Case cases[] = {
    /* 0: a 10x10 padded buffer less its 8x8 interior: the border */
    {2, {0, 9, 0, 9}, 1, {{1, 8, 1, 8}}, 36},
    /* 1: nothing taken away */
    {2, {0, 3, 0, 4}, 0, {{0}}, 20},
    /* 2: two overlapping boxes taken away */
    {2, {0, 9, 0, 9}, 2, {{0, 4, 0, 9}, {3, 6, 0, 9}}, 30},
    /* 3: an other box missing it: no term */
    {1, {0, 9}, 1, {{20, 30}}, 10},
    /* 4: all of it taken away */
    {3, {0, 1, 0, 1, 0, 1}, 1, {{-5, 5, 0, 1, -1, 3}}, 0},
    /* 5: three overlapping boxes */
    {1, {0, 99}, 3, {{10, 19}, {15, 29}, {25, 39}}, 70},
    /* 6: rank 0: one point, taken away by the only other */
    {0, {0}, 1, {{0}}, 0},
    /* 7: a product beyond int64 */
    {3,
     {0, 4000000000LL, 0, 4000000000LL, 0, 4000000000LL},
     0,
     {{0}},
     -1},
    /* 8: 16 pairwise overlapping others: more than 4096 intersections */
    {1,
     {0, 99},
     16,
     {{0, 90}, {1, 91}, {2, 92}, {3, 93}, {4, 94}, {5, 95}, {6, 96},
      {7, 97}, {8, 98}, {9, 99}, {0, 89}, {1, 88}, {2, 87}, {3, 86},
      {4, 85}, {5, 84}},
     -1},
};

/* The box `bounds` of `rank` dimensions as an isl set. */
static isl_set *boxSet(isl_ctx *ctx, int rank, const int64_t *bounds) {
  char text[1024] = "{ [";
  for (int d = 0; d < rank; ++d)
    snprintf(text + strlen(text), sizeof(text) - strlen(text), "%si%d",
             d ? ", " : "", d);
  strcat(text, "] : ");
  for (int d = 0; d < rank; ++d)
    snprintf(text + strlen(text), sizeof(text) - strlen(text),
             "%lld <= i%d <= %lld and ", (long long)bounds[2 * d], d,
             (long long)bounds[2 * d + 1]);
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
  /* The meet of case 2's others, and of boxes that miss each other. */
  int64_t meet[4];
  const Case *two = &cases[2];
  bool met = egBoxMeet(two->other[0], two->other[1], 2, meet);
  printf("meet: %d [%lld, %lld] x [%lld, %lld]\n", met, (long long)meet[0],
         (long long)meet[1], (long long)meet[2], (long long)meet[3]);
  int64_t a[2] = {0, 4}, b[2] = {5, 9};
  printf("disjoint meet: %d, meet: %d, inside: %d %d\n",
         egBoxMeet(a, b, 1, meet), egBoxesMeet(a, b, 1),
         egBoxInside(two->other[1], two->box, 2),
         egBoxInside(two->box, two->other[1], 2));
  printf("%d failure(s)\n", failures);
  isl_ctx_free(ctx);
  return failures != 0;
}
