/* Which loop dims an index expression uses: shared by fusion (does a group
 * stream along its outer loop?) and traffic (projection nests). */
#include "solar/fusion/fusion.h"

#include <isl/aff.h>
#include <isl/set.h>

typedef struct {
  uint32_t mask;
  int pieces;
  bool coordinate;
} IndexScan;

static isl_stat scanPiece(__isl_take isl_set *cell, __isl_take isl_aff *aff,
                          void *user) {
  IndexScan *scan = user;
  isl_size inDims = isl_aff_dim(aff, isl_dim_in);
  uint32_t mask = 0;
  for (int d = 0; d < inDims && d < 32; ++d)
    if (isl_aff_involves_dims(aff, isl_dim_in, (unsigned)d, 1) == isl_bool_true)
      mask |= 1u << d;
  scan->mask |= mask;
  scan->coordinate = __builtin_popcount(mask) == 1 &&
                     isl_aff_dim(aff, isl_dim_div) == 0;
  scan->pieces++;
  isl_set_free(cell);
  isl_aff_free(aff);
  return isl_stat_ok;
}

uint32_t solarIndexDims(__isl_keep isl_pw_aff *index, bool *coordinate) {
  IndexScan scan = {0, 0, false};
  isl_pw_aff_foreach_piece(index, scanPiece, &scan);
  *coordinate = scan.pieces == 1 && scan.coordinate;
  return scan.mask;
}

