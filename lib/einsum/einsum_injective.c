/* Facts about an access read off its index expressions, footprint and
 * tensor shape, without isl's set operations (einsum_edge_memo.h). The
 * dataflow and the necessary-work analysis ask them of nearly every
 * access: isl_map_is_injective alone projects and compares a product of
 * the relation with itself, about a million instructions per access on a
 * network's nests. */
#include "einsum_edge_memo.h"

#include <isl/aff.h>
#include <isl/val.h>

#include <stdlib.h>

/* Whether the elements an exact access reaches lie inside its tensor's
 * box: a static shape and an image without parameters make any other
 * element an error of the graph (checkInBounds in einsum_statement.c). */
bool egAccessInsideBox(const EgBuilder *b, const EgAccess *a) {
  const EgTensor *t = &b->tensors[a->tensor];
  if (b->failed || !a->exact)
    return false;
  for (int d = 0; d < t->rank; ++d)
    if (t->shape[d] < 0)
      return false;
  isl_size params = isl_set_dim(a->image, isl_dim_param);
  return params >= 0 &&
         isl_set_involves_dims(a->image, isl_dim_param, 0,
                               (unsigned)params) == isl_bool_false;
}

/* Whether the access's image is every element of its tensor: inside the
 * box and as many elements. */
bool egAccessCoversTensor(const EgBuilder *b, const EgAccess *a) {
  const EgTensor *t = &b->tensors[a->tensor];
  int64_t size = 1, footprint = -1;
  if (!a->footprint.exact || !egAccessInsideBox(b, a))
    return false;
  for (int d = 0; d < t->rank; ++d)
    if (__builtin_mul_overflow(size, t->shape[d], &size))
      return false;
  return egCountConstant(&a->footprint, &footprint) && footprint == size;
}


/* The access is x -> A x + b (indices over the first `inner` dimensions of
 * the node's domain, A integer, no floors) on a box domain. Two points that
 * differ only in a dimension d the box is at least 2 wide in, where column
 * d of A is zero, reach one element: not injective. It is injective when
 * every wide dimension d has a row of its own (nonzero at d, zero at the
 * other wide dimensions): that row's index fixes x_d, the narrow
 * dimensions are constants. Anything else is left to isl (-1). */
int egAccessInjectiveByIndices(const EgNode *node, const EgAccess *access) {
  int depth = node->scope->depth;
  if (!access->exact || !access->indices ||
      isl_multi_pw_aff_isa_multi_aff(access->indices) != isl_bool_true ||
      isl_set_dim(node->domain, isl_dim_set) != depth)
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
            egSetBoxBounds(node->domain, lo, hi);
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
    result = 1;
    for (int d = 0; d < depth && result != 0; ++d) {
      if (!wide[d])
        continue;
      bool own = false, column = false;
      for (int r = 0; r < rows; ++r) {
        bool here = used[(size_t)r * width + (size_t)d];
        column = column || here;
        bool alone = here;
        for (int e = 0; e < depth && alone; ++e)
          if (e != d && wide[e] && used[(size_t)r * width + (size_t)e])
            alone = false;
        own = own || alone;
      }
      if (!column)
        result = 0;
      else if (!own)
        result = -1;
    }
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

bool egAccessSameRelation(const EgAccess *a, const EgAccess *c) {
  if (a->exact && c->exact && a->indices && c->indices &&
      isl_multi_pw_aff_isa_multi_aff(a->indices) == isl_bool_true &&
      isl_multi_pw_aff_isa_multi_aff(c->indices) == isl_bool_true) {
    isl_multi_aff *x = isl_multi_pw_aff_as_multi_aff(
        isl_multi_pw_aff_copy(a->indices));
    isl_multi_aff *y = isl_multi_pw_aff_as_multi_aff(
        isl_multi_pw_aff_copy(c->indices));
    bool same = isl_multi_aff_plain_is_equal(x, y) == isl_bool_true;
    isl_multi_aff_free(x);
    isl_multi_aff_free(y);
    if (same)
      return true;
  }
  return isl_map_is_equal(a->map, c->map) == isl_bool_true;
}
