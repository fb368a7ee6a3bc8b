/* Facts about an access read off its index expressions, footprint and
 * tensor shape, without isl's set operations (einsum_edge_memo.h). The
 * dataflow and the necessary-work analysis ask them of nearly every
 * access: isl_map_is_injective alone projects and compares a product of
 * the relation with itself, about a million instructions per access on a
 * network's nests. */
#include "einsum_box_count.h"
#include "einsum_edge_memo.h"
#include "einsum_known.h"

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

/* An isl integer value fitting the bound, as int64. */
static bool boundedInt(__isl_take isl_val *v, int64_t limit, int64_t *out) {
  bool ok = v && isl_val_is_int(v) == isl_bool_true;
  long n = ok ? isl_val_get_num_si(v) : 0;
  isl_val_free(v);
  *out = n;
  return ok && n > -limit && n < limit;
}

bool egAccessImageProgressions(const EgNode *node, const EgAccess *access,
                               int rank, int64_t *box) {
  int depth = node->scope->depth;
  if (!access->exact || !access->indices ||
      isl_multi_pw_aff_isa_multi_aff(access->indices) != isl_bool_true ||
      isl_set_dim(node->domain, isl_dim_set) != depth)
    return false;
  int64_t domain[2 * depth + 1];
  if (!egSetBoxBounds(node->domain, depth, domain))
    return false;
  isl_multi_aff *ma =
      isl_multi_pw_aff_as_multi_aff(isl_multi_pw_aff_copy(access->indices));
  isl_size inner = isl_multi_aff_dim(ma, isl_dim_in);
  isl_size params = isl_multi_aff_dim(ma, isl_dim_param);
  bool used[depth + 1];
  for (int d = 0; d <= depth; ++d)
    used[d] = false;
  /* Coefficients below 2^20 and bounds within +-2^40 keep every product
   * below int64's range. */
  const int64_t coefficientLimit = (int64_t)1 << 20,
                boundLimit = (int64_t)1 << 40;
  bool ok = ma && inner >= 0 && inner <= depth && params >= 0 &&
            isl_multi_aff_dim(ma, isl_dim_out) == rank;
  for (int d = 0; ok && d < inner; ++d)
    ok = domain[2 * d] > -boundLimit && domain[2 * d + 1] < boundLimit;
  for (int r = 0; ok && r < rank; ++r) {
    isl_aff *aff = isl_multi_aff_get_at(ma, r);
    int64_t constant = 0, coefficient = 0;
    int var = -1;
    ok = egAffIsPlain(aff) &&
         isl_aff_involves_dims(aff, isl_dim_param, 0, (unsigned)params) ==
             isl_bool_false &&
         boundedInt(isl_aff_get_constant_val(aff), boundLimit, &constant);
    for (int d = 0; ok && d < inner; ++d) {
      int64_t c = 0;
      ok = boundedInt(isl_aff_get_coefficient_val(aff, isl_dim_in, d),
                      coefficientLimit, &c);
      if (!ok || c == 0)
        continue;
      if (domain[2 * d] == domain[2 * d + 1]) /* a fixed dimension */
        ok = !__builtin_mul_overflow(c, domain[2 * d], &c) &&
             !__builtin_add_overflow(constant, c, &constant);
      else if (var >= 0 || used[d])
        ok = false; /* two dimensions, or one shared: no product */
      else {
        var = d;
        coefficient = c;
      }
    }
    isl_aff_free(aff);
    int64_t *p = box + EG_BOX_STRIDE * r;
    if (ok && var < 0) {
      p[0] = p[1] = constant;
      p[2] = 1;
    } else if (ok) {
      used[var] = true;
      int64_t a = 0, c = 0;
      ok = !__builtin_mul_overflow(coefficient, domain[2 * var], &a) &&
           !__builtin_add_overflow(a, constant, &a) &&
           !__builtin_mul_overflow(coefficient, domain[2 * var + 1], &c) &&
           !__builtin_add_overflow(c, constant, &c);
      p[0] = a < c ? a : c;
      p[1] = a < c ? c : a;
      p[2] = coefficient < 0 ? -coefficient : coefficient;
    }
  }
  isl_multi_aff_free(ma);
  return ok;
}
