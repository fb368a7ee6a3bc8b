/* The exact point count of a bounded set of at most four pieces without
 * involved parameters, by the groups of dimensions its constraints link
 * (einsum_factor_count.c); existential variables whose expression isl
 * knows (a mod constraint's) are counted as variables of their own. */
#ifndef SOLAR_EINSUM_FACTOR_COUNT_H
#define SOLAR_EINSUM_FACTOR_COUNT_H

#include <isl/set.h>

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The number of integer points of `set`: the pieces' union by
 * inclusion-exclusion, each intersection the product over the groups of
 * its points, a group's outer dims enumerated and its last one solved.
 * False (out untouched) where this does not apply: a parameter involved,
 * an existential variable isl knows no expression of (or a div whose
 * expression uses one; refused without an isl error), more than 24 dims
 * and divs together, no piece (the empty set is left to isl), more
 * than four pieces or 64 constraints a piece, a coefficient of 2^20 or
 * more, a coordinate beyond 2^24, a group without a lower and an upper bound on
 * each of its dims given the ones before, or more than 65536 enumerated values.
 */
bool egCountByFactors(__isl_keep isl_set *set, int64_t *out);

#ifdef __cplusplus
}
#endif

#endif
