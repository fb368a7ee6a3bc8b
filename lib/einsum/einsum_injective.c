/* Facts about an access read off its index expressions, footprint and
 * tensor shape, without isl's set operations (einsum_edge_memo.h). The
 * dataflow and the necessary-work analysis ask them of nearly every
 * access: isl_map_is_injective alone projects and compares a product of
 * the relation with itself, about a million instructions per access on a
 * network's nests. */
#include "einsum_edge_memo.h"

#include <isl/aff.h>

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
  return solarCountConstant(&a->footprint, &footprint) && footprint == size;
}


/* egAffineAccessRepeats (einsum_reduction.c) asked of any access, the
 * node's domain being the box it reads. */
int egAccessInjectiveByIndices(const EgNode *node, const EgAccess *access) {
  bool *zeroColumns = calloc((size_t)node->scope->depth + 1, sizeof(bool));
  if (!zeroColumns)
    abort();
  int repeats = egAffineAccessRepeats(node, access, zeroColumns);
  free(zeroColumns);
  return repeats < 0 ? -1 : repeats == 0;
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
