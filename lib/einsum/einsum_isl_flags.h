/* Whether isl marks a set disjoint (ISL_MAP_DISJOINT), a flag isl's
 * interface does not show but its operations act on: isl_map_subtract
 * joins its pieces in order or sorted by it, isl_map_intersect marks its
 * result disjoint only when both operands are. Code that repeats isl's
 * steps by hand to skip a costly one (einsum_known_box.c, the demand
 * walk's cut in einsum_necessary.c) must leave the same flag, or later
 * operations order pieces differently and the printed sets differ (never
 * the numbers: the sets are equal).
 *
 * The flag is read from the head of isl 0.25's struct isl_map
 * (isl_map_private.h: reference count, then flags), a layout checked once
 * per process against sets whose flag and reference count are known;
 * where the check fails the callers do what isl does. */
#ifndef SOLAR_EINSUM_ISL_FLAGS_H
#define SOLAR_EINSUM_ISL_FLAGS_H

#include <isl/set.h>

#include <stdbool.h>

/* The only piece of a one-piece set (a fresh copy), NULL for a set of
 * several pieces or none: the shape the hand-built steps start from. */
__isl_give isl_basic_set *egIslOnlyPiece(__isl_keep isl_set *set);

/* Whether egIslMarkedDisjoint reads the flag right in this process. */
bool egIslDisjointFlagReadable(isl_ctx *ctx);

/* isl's disjoint mark of a set; only where egIslDisjointFlagReadable. */
bool egIslMarkedDisjoint(__isl_keep isl_set *set);

#endif
