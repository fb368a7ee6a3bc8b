/* The reduction dimensions of a node: those along which its write does
 * not move (egFindReductionDims in einsum_internal.h). */
#include "einsum_internal.h"

#include <isl/aff.h>
#include <isl/map.h>
#include <isl/val.h>

#include <stdlib.h>
#include <string.h>


/* Two points that differ only in d reach one element exactly when column
 * d of A is zero and the box is at least 2 wide in d; with no such d, the
 * access is injective when each column of a wide dimension has a row of
 * its own (a nonzero entry where the other wide columns have none: A then
 * has full rank on them). The isl formulation costs about a million
 * instructions per access. */
int egAffineAccessRepeats(const EgNode *node, const EgAccess *access,
                          bool *zeroColumns) {
  int depth = node->scope->depth;
  memset(zeroColumns, 0, sizeof(bool) * (size_t)depth);
  if (!access->exact || !access->indices ||
      isl_multi_pw_aff_isa_multi_aff(access->indices) != isl_bool_true)
    return -1;
  isl_multi_aff *ma =
      isl_multi_pw_aff_as_multi_aff(isl_multi_pw_aff_copy(access->indices));
  isl_size inner = isl_multi_aff_dim(ma, isl_dim_in);
  isl_size rows = isl_multi_aff_dim(ma, isl_dim_out);
  size_t width = (size_t)depth + 1;
  isl_val **lo = calloc(width, sizeof(isl_val *));
  isl_val **hi = calloc(width, sizeof(isl_val *));
  bool *used = calloc((size_t)(rows > 0 ? rows : 1) * width, sizeof(bool));
  bool *wide = calloc(width, sizeof(bool));
  if (!lo || !hi || !used || !wide)
    abort();
  bool ok = ma && inner >= 0 && rows >= 0 && inner <= depth &&
            isl_set_dim(node->domain, isl_dim_set) == depth &&
            solarCountBoxBounds(node->domain, lo, hi);
  for (int d = 0; ok && d < depth; ++d) {
    isl_val *extent = isl_val_sub(isl_val_copy(hi[d]), isl_val_copy(lo[d]));
    wide[d] = isl_val_is_pos(extent) == isl_bool_true;
    isl_val_free(extent);
  }
  for (int r = 0; ok && r < rows; ++r) {
    isl_aff *aff = isl_multi_aff_get_at(ma, r);
    ok = egAffIsPlain(aff);
    for (int d = 0; ok && d < inner; ++d)
      ok = egAffUsesDim(aff, d, &used[(size_t)r * width + (size_t)d]);
    isl_aff_free(aff);
  }
  int result = -1;
  if (ok) {
    bool repeats = false;
    for (int d = 0; d < depth; ++d) {
      bool zero = true;
      for (int r = 0; r < rows; ++r)
        zero &= !used[(size_t)r * width + (size_t)d];
      zeroColumns[d] = zero && wide[d];
      repeats |= zeroColumns[d];
    }
    bool ownRows = true;
    for (int d = 0; d < depth && !repeats && ownRows; ++d) {
      if (!wide[d])
        continue;
      bool own = false;
      for (int r = 0; r < rows && !own; ++r) {
        own = used[(size_t)r * width + (size_t)d];
        for (int e = 0; e < depth && own; ++e)
          if (e != d && wide[e] && used[(size_t)r * width + (size_t)e])
            own = false;
      }
      ownRows = own;
    }
    if (repeats)
      result = 1;
    else if (ownRows)
      result = 0;
  }
  for (int d = 0; d < depth; ++d) {
    isl_val_free(lo[d]);
    isl_val_free(hi[d]);
  }
  free(lo);
  free(hi);
  free(used);
  free(wide);
  isl_multi_aff_free(ma);
  return result;
}

/* Reduction dims, exactly: d is one when two points of the domain that
 * differ only in d write the same element. (Tile loops are not: the
 * point loop inside determines them.) Returns whether the write is
 * non-injective at all, which also covers accumulations along no single
 * dim, such as out[i + k] += a[i] * b[k]. */
bool egFindReductionDims(EgNode *node, const EgAccess *write) {
  int depth = node->scope->depth;
  node->reductionDims = calloc((size_t)depth + 1, sizeof(bool));
  if (!node->reductionDims)
    abort();
  if (!write->exact)
    return false;
  int affine = egAffineAccessRepeats(node, write, node->reductionDims);
  if (affine >= 0)
    return affine;
  isl_map *sameElement = isl_map_apply_range(isl_map_copy(write->map),
                                             isl_map_reverse(isl_map_copy(write->map)));
  for (int d = 0; d < depth; ++d) {
    isl_map *pairs = isl_map_universe(isl_map_get_space(sameElement));
    for (int e = 0; e < depth; ++e)
      if (e != d)
        pairs = isl_map_equate(pairs, isl_dim_in, e, isl_dim_out, e);
    pairs = isl_map_order_lt(pairs, isl_dim_in, d, isl_dim_out, d);
    pairs = isl_map_intersect(pairs, isl_map_copy(sameElement));
    node->reductionDims[d] = isl_map_is_empty(pairs) == isl_bool_false;
    isl_map_free(pairs);
  }
  isl_map_free(sameElement);
  return isl_map_is_injective(write->map) == isl_bool_false;
}
