/* Point counts of progression boxes (see einsum_box_count.h). */
#include "einsum_box_count.h"

#include "einsum_int_empty.h"

#include <stdlib.h>

enum { MAX_RANK = 16, MAX_TERMS = 4096 };

static const int64_t kMaxStep = (int64_t)1 << 20;
static const int64_t kMaxBound = (int64_t)1 << 40;

void egBoxFromBounds(const int64_t *bounds, int rank, int64_t *box) {
  for (int d = 0; d < rank; ++d) {
    box[EG_BOX_STRIDE * d] = bounds[2 * d];
    box[EG_BOX_STRIDE * d + 1] = bounds[2 * d + 1];
    box[EG_BOX_STRIDE * d + 2] = 1;
  }
}


/* The inverse of a modulo m (gcd 1, m >= 1), by extended Euclid. */
static int64_t inverse(int64_t a, int64_t m) {
  int64_t r0 = m, r1 = a % m, t0 = 0, t1 = 1;
  while (r1) {
    int64_t q = r0 / r1, r = r0 - q * r1, t = t0 - q * t1;
    r0 = r1;
    r1 = r;
    t0 = t1;
    t1 = t;
  }
  return ((t0 % m) + m) % m;
}

static bool small(const int64_t *p) {
  return p[2] >= 1 && p[2] < kMaxStep && p[0] > -kMaxBound &&
         p[0] < kMaxBound && p[1] > -kMaxBound && p[1] < kMaxBound;
}

/* One dimension of egBoxMeet: the common points of the progressions p and
 * q (lo, hi, step each) into out. */
static int meetProgressions(const int64_t *p, const int64_t *q, int64_t *out) {
  if (!small(p) || !small(q))
    return -1;
  int64_t lo = p[0] > q[0] ? p[0] : q[0];
  int64_t hi = p[1] < q[1] ? p[1] : q[1];
  int64_t step = p[2], first = p[0];
  if (p[2] != 1 || q[2] != 1) {
    /* x = p.lo (mod p.step) and x = q.lo (mod q.step): solvable when the
     * lows agree modulo the gcd; then x = first (mod lcm). */
    int64_t g = egIntGcd(p[2], q[2]), diff = q[0] - p[0];
    if (diff % g != 0)
      return 0;
    int64_t m = q[2] / g;
    int64_t t = egIntFloorDiv(diff / g, m);
    t = (diff / g - t * m) * inverse((p[2] / g) % m, m) % m;
    step = p[2] / g * q[2];
    first = p[0] + p[2] * t; /* |p[2] * t| < 2^40 */
  }
  /* The least point >= lo congruent to first, the greatest <= hi. */
  int64_t start = first + egIntFloorDiv(lo - first + step - 1, step) * step;
  int64_t end = first + egIntFloorDiv(hi - first, step) * step;
  if (start > end)
    return 0;
  out[0] = start;
  out[1] = end;
  out[2] = start == end ? 1 : step;
  return 1;
}

int egBoxMeet(const int64_t *a, const int64_t *c, int rank, int64_t *meet) {
  for (int d = 0; d < rank; ++d) {
    int met = meetProgressions(a + EG_BOX_STRIDE * d, c + EG_BOX_STRIDE * d,
                               meet + EG_BOX_STRIDE * d);
    if (met <= 0)
      return met;
  }
  return 1;
}

/* The number of points, or -1 beyond int64. */
static int64_t boxSize(const int64_t *box, int rank) {
  int64_t size = 1;
  for (int d = 0; d < rank; ++d) {
    const int64_t *p = box + EG_BOX_STRIDE * d;
    int64_t extent;
    if (__builtin_sub_overflow(p[1], p[0], &extent) ||
        __builtin_add_overflow(extent / p[2], 1, &extent) ||
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
  int64_t meet[EG_BOX_STRIDE * MAX_RANK];
  int met = 0;
  while (next < count &&
         (met = egBoxMeet(box, others[next], rank, meet)) == 0)
    ++next;
  if (met < 0)
    return -1;
  if (next == count)
    return boxSize(box, rank);
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
