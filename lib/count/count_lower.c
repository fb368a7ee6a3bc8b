/* A lower bound on a set's points where its count is only an upper bound
 * (count.h, solarCountLowerBound): the traffic model's union footprints
 * (sol_footprint.c) and the necessary points of a node
 * (einsum_necessary.c) both need one, as what an implementation must at
 * least touch or run. */
#include "solar/count/count.h"

#include <isl/set.h>

/* Largest one-dimensional projection: every element of the set has a
 * distinct value in none, but at least that many distinct elements exist. */
int64_t solarCountLowerBound(__isl_keep isl_set *set) {
  int64_t best = 0;
  isl_size dims = isl_set_dim(set, isl_dim_set);
  for (isl_size d = 0; d < dims; ++d) {
    isl_set *line = isl_set_project_out(isl_set_copy(set), isl_dim_set, d + 1,
                                        (unsigned)(dims - d - 1));
    line = isl_set_project_out(line, isl_dim_set, 0, (unsigned)d);
    SolarCount count;
    int64_t value = 0;
    if (solarCountSet(line, &count) && count.exact &&
        solarCountConstant(&count, &value) && value > best)
      best = value;
    solarCountClear(&count);
    isl_set_free(line);
  }
  return best;
}
