/* Point counts of progression boxes, and of one less a union of others:
 * integer arithmetic for the dataflow's counts of the elements an edge
 * carries when the accesses' images are such boxes (einsum_edges.c), the
 * value any exact count of the same set gives. lib/einsum only.
 *
 * A progression box of `rank` dimensions holds, in dimension d, the points
 * lo, lo + step, ..., hi: lo = box[3d], hi = box[3d + 1], step =
 * box[3d + 2] >= 1, hi - lo a non-negative multiple of step. A box of step
 * 1 everywhere is a plain box (a dense tensor's image, a window's); larger
 * steps are strided images (a transposed convolution's scatter into its
 * dilated input, a strided 1x1 convolution's read). Boxes are products of
 * their dimensions, so two meet in a progression box again (per dimension
 * the progressions' common points, by the Chinese remainder theorem). */
#ifndef SOLAR_EINSUM_BOX_COUNT_H
#define SOLAR_EINSUM_BOX_COUNT_H

#include <stdbool.h>
#include <stdint.h>

enum { EG_BOX_STRIDE = 3 }; /* int64 entries per dimension */

/* Writes into `box` the plain box of the bounds lo[d] = bounds[2d],
 * hi[d] = bounds[2d + 1] (egSetBoxBounds' layout). */
void egBoxFromBounds(const int64_t *bounds, int rank, int64_t *box);

/* The common points of boxes a and c, into `meet`: 1 when there are some,
 * 0 none (meet partly written), -1 not decided (a step or bound beyond
 * what int64 arithmetic here keeps exact: steps below 2^20, bounds within
 * +-2^40). */
int egBoxMeet(const int64_t *a, const int64_t *c, int rank, int64_t *meet);

/* The points of `box` in none of others[0..count): inclusion-exclusion
 * over the others that meet it, each intersection a box again. -1 when
 * not decided: a product beyond int64, a meet not decided, or more than
 * 4096 intersections (the others are few in practice: a padded buffer's
 * fill before its interior, a concatenation's pieces). Rank 0 is one
 * point. */
int64_t egBoxCountOutside(const int64_t *box, const int64_t *const *others,
                          int count, int rank);

#endif
