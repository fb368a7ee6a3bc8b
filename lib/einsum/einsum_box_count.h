/* Point counts of integer boxes, and of a box less a union of boxes, on
 * int64 bounds as egSetBoxBounds reads them off a set (lo[d], hi[d] in
 * bounds[2d], bounds[2d + 1]; every lo <= hi). The dataflow counts the
 * elements an edge carries with them when the images it meets are boxes
 * (einsum_edges.c): integers, the value any exact count of the same set
 * gives. lib/einsum only. */
#ifndef SOLAR_EINSUM_BOX_COUNT_H
#define SOLAR_EINSUM_BOX_COUNT_H

#include <stdbool.h>
#include <stdint.h>

/* Whether the boxes a and c of `rank` dimensions share a point. */
bool egBoxesMeet(const int64_t *a, const int64_t *c, int rank);

/* The box of the points a and c share, into `meet`; false (meet partly
 * written) when they share none. */
bool egBoxMeet(const int64_t *a, const int64_t *c, int rank, int64_t *meet);

/* Whether box `inner` lies in box `outer`. */
bool egBoxInside(const int64_t *inner, const int64_t *outer, int rank);

/* The points of `box` in none of others[0..count): inclusion-exclusion
 * over the others that meet it, each intersection a box again. -1 when
 * not decided: a product beyond int64, or more than 4096 intersections
 * (the others are few in practice: a padded buffer's fill before its
 * interior, a concatenation's pieces). A rank of 0 is one point. */
int64_t egBoxCountOutside(const int64_t *box, const int64_t *const *others,
                          int count, int rank);

#endif
