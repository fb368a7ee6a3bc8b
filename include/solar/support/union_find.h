/* The one union-find of the project: disjoint sets over the indices
 * 0..count-1 (nodes, groups, dims), with path halving. The caller decides
 * which root survives a union, because the callers' outputs follow it:
 * solarUnionFindLink puts one root under a chosen other,
 * solarUnionFindJoinLowest keeps the lower of the two roots (then every
 * set's root is its lowest member).
 *
 * Ownership: solarUnionFindCreate gives a set the caller frees with
 * solarUnionFindDestroy; the functions taking one keep it. */
#ifndef SOLAR_SUPPORT_UNION_FIND_H
#define SOLAR_SUPPORT_UNION_FIND_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct SolarUnionFind SolarUnionFind;

/* Every index its own set; NULL when memory ran out. */
SolarUnionFind *solarUnionFindCreate(size_t count);
void solarUnionFindDestroy(SolarUnionFind *uf);

size_t solarUnionFindCount(const SolarUnionFind *uf);

/* The root of i's set (halving the path on the way). */
size_t solarUnionFindRoot(SolarUnionFind *uf, size_t i);

/* Puts root `from` under root `into` (both roots, distinct). */
void solarUnionFindLink(SolarUnionFind *uf, size_t from, size_t into);

/* Unites the sets of a and b; the lower root stays the root. Returns it. */
size_t solarUnionFindJoinLowest(SolarUnionFind *uf, size_t a, size_t b);

#ifdef __cplusplus
}
#endif

#endif
