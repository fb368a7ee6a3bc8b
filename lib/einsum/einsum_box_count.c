/* Point counts of boxes and of a box less a union of boxes (see
 * einsum_box_count.h). */
#include "einsum_box_count.h"

#include <stdlib.h>

enum { MAX_RANK = 16, MAX_TERMS = 4096 };

bool egBoxesMeet(const int64_t *a, const int64_t *c, int rank) {
  for (int d = 0; d < rank; ++d)
    if (a[2 * d + 1] < c[2 * d] || c[2 * d + 1] < a[2 * d])
      return false;
  return true;
}

bool egBoxMeet(const int64_t *a, const int64_t *c, int rank, int64_t *meet) {
  for (int d = 0; d < rank; ++d) {
    meet[2 * d] = a[2 * d] > c[2 * d] ? a[2 * d] : c[2 * d];
    meet[2 * d + 1] = a[2 * d + 1] < c[2 * d + 1] ? a[2 * d + 1] : c[2 * d + 1];
    if (meet[2 * d] > meet[2 * d + 1])
      return false;
  }
  return true;
}

bool egBoxInside(const int64_t *inner, const int64_t *outer, int rank) {
  for (int d = 0; d < rank; ++d)
    if (inner[2 * d] < outer[2 * d] || inner[2 * d + 1] > outer[2 * d + 1])
      return false;
  return true;
}

/* The product of the extents, or -1 beyond int64. */
static int64_t boxSize(const int64_t *box, int rank) {
  int64_t size = 1;
  for (int d = 0; d < rank; ++d) {
    int64_t extent;
    if (__builtin_sub_overflow(box[2 * d + 1], box[2 * d], &extent) ||
        __builtin_add_overflow(extent, 1, &extent) ||
        __builtin_mul_overflow(size, extent, &size))
      return -1;
  }
  return size;
}

/* |box \ (others[next] u ...)| = |box \ rest| - |(box n others[next]) \
 * rest|, rest the others after `next`; *terms counts the boxes visited. */
static int64_t outside(const int64_t *box, const int64_t *const *others,
                       int next, int count, int rank, int *terms) {
  if (++*terms > MAX_TERMS)
    return -1;
  while (next < count && !egBoxesMeet(box, others[next], rank))
    ++next;
  if (next == count)
    return boxSize(box, rank);
  int64_t meet[2 * MAX_RANK];
  egBoxMeet(box, others[next], rank, meet);
  int64_t all = outside(box, others, next + 1, count, rank, terms);
  int64_t inner =
      all < 0 ? -1 : outside(meet, others, next + 1, count, rank, terms);
  return inner < 0 ? -1 : all - inner;
}

int64_t egBoxCountOutside(const int64_t *box, const int64_t *const *others,
                          int count, int rank) {
  if (rank < 0 || rank > MAX_RANK || count < 0)
    return -1;
  int terms = 0;
  return outside(box, others, 0, count, rank, &terms);
}
