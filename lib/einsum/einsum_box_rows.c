/* Plain access relations and images written down from their rows.
 *
 * A plain access reads or writes T[f(i)] with f one affine function without
 * floors over a box domain of constants in the node's own scope. isl builds
 * its relation from f (isl_map_from_multi_aff), intersects it with the
 * domain and, for the image, projects the domain's dimensions out
 * (isl_map_range): about 250 K instructions an access shape, nearly all
 * simplification of rows whose result is known beforehand. The relation's
 * equalities are f's rows in isl's Gaussian form (the last output's first,
 * each output's coefficient 1, the dimensions the box fixes substituted),
 * followed by the domain's own rows; when each index is one dimension plus
 * a constant (or a constant) and each dimension is used once, the image's
 * rows are the domain's moved onto the indices. The rows are written in
 * that order and handed to isl_basic_map_from_constraint_matrices, whose
 * simplification finds nothing left to do: the objects are the ones isl's
 * operations give, row for row, and every text printed from them or from
 * what is computed from them is unchanged. */
#include "einsum_box_rows.h"
#include "einsum_isl_flags.h"

#include <isl/constraint.h>
#include <isl/mat.h>
#include <isl/space.h>
#include <isl/val.h>

#include <stdlib.h>
#include <string.h>

static void *zalloc(size_t count, size_t size) {
  void *p = calloc(count + 1, size);
  if (!p)
    abort();
  return p;
}

void egBoxRowsClear(EgBoxRows *rows) {
  free(rows->eqDim);
  free(rows->fixed);
  free(rows->value);
  free(rows->ineqDim);
  free(rows->ineqSign);
  free(rows->ineqConst);
  free(rows->lo);
  free(rows->hi);
  memset(rows, 0, sizeof(*rows));
}

static void setInt(isl_mat **mat, int r, int c, int64_t v) {
  *mat = isl_mat_set_element_si(*mat, r, c, (int)v);
}

static __isl_give isl_mat *zeroMat(isl_ctx *ctx, int rows, int cols) {
  return isl_mat_add_zero_cols(isl_mat_alloc(ctx, (unsigned)rows, 0),
                               (unsigned)cols);
}

/* isl_mat_set_element_si takes an int: every entry written must fit. */
static bool fitsInt(int64_t v) { return v >= -2147483647 && v <= 2147483647; }

/* The box's own rows: its equalities from row eqAt of eq on, its
 * inequalities from row 0 of ineq, dimension d in column 1 + d. False
 * when an entry does not fit an int. */
static bool writeBoxRows(isl_mat **eq, int eqAt, isl_mat **ineq,
                         const EgBoxRows *box) {
  for (int e = 0; e < box->eqCount; ++e) {
    int d = box->eqDim[e];
    if (!fitsInt(box->value[d]))
      return false;
    setInt(eq, eqAt + e, 0, -box->value[d]);
    setInt(eq, eqAt + e, 1 + d, 1);
  }
  for (int k = 0; k < box->ineqCount; ++k) {
    if (!fitsInt(box->ineqConst[k]))
      return false;
    setInt(ineq, k, 0, box->ineqConst[k]);
    setInt(ineq, k, 1 + box->ineqDim[k], box->ineqSign[k]);
  }
  return *eq && *ineq;
}

/* The set of rows eq and ineq (columns: constant, set dimensions,
 * parameters, existentials) on space; NULL when !ok. All taken. */
static __isl_give isl_set *setOfRows(bool ok, __isl_take isl_space *space,
                                     __isl_take isl_mat *eq,
                                     __isl_take isl_mat *ineq) {
  if (!ok || !eq || !ineq) {
    isl_mat_free(eq);
    isl_mat_free(ineq);
    isl_space_free(space);
    return NULL;
  }
  return isl_set_from_basic_set(isl_basic_set_from_constraint_matrices(
      space, eq, ineq, isl_dim_cst, isl_dim_set, isl_dim_param,
      isl_dim_div));
}

/* An integer isl value that fits int64_t (and is not its least value, so
 * that it can be negated). */
static bool smallInt(__isl_take isl_val *v, int64_t *out) {
  bool ok = v && isl_val_is_int(v) == isl_bool_true;
  if (ok) {
    long n = isl_val_get_num_si(v);
    ok = isl_val_cmp_si(v, n) == 0 && n != INT64_MIN;
    *out = n;
  }
  isl_val_free(v);
  return ok;
}

/* An integer entry of a matrix that fits int64_t. */
static bool entry(__isl_keep isl_mat *mat, int r, int c, int64_t *out) {
  return smallInt(isl_mat_get_element_val(mat, r, c), out);
}

/* The one nonzero variable column of row r (columns 1.. after the
 * constant), or -1 when there is none or more than one. */
static int onlyColumn(__isl_keep isl_mat *mat, int r, int64_t *coef) {
  int cols = isl_mat_cols(mat), found = -1;
  for (int c = 1; c < cols; ++c) {
    int64_t v;
    if (!entry(mat, r, c, &v))
      return -1;
    if (v == 0)
      continue;
    if (found >= 0)
      return -1;
    found = c - 1;
    *coef = v;
  }
  return found;
}

static void boxRowsAlloc(EgBoxRows *rows, int depth, int eqCount,
                         int ineqCount) {
  memset(rows, 0, sizeof(*rows));
  rows->depth = depth;
  rows->eqCount = eqCount;
  rows->ineqCount = ineqCount;
  rows->eqDim = zalloc((size_t)eqCount, sizeof(int));
  rows->fixed = zalloc((size_t)depth, sizeof(bool));
  rows->value = zalloc((size_t)depth, sizeof(int64_t));
  rows->ineqDim = zalloc((size_t)ineqCount, sizeof(int));
  rows->ineqSign = zalloc((size_t)ineqCount, sizeof(int));
  rows->ineqConst = zalloc((size_t)ineqCount, sizeof(int64_t));
  rows->lo = zalloc((size_t)depth, sizeof(int64_t));
  rows->hi = zalloc((size_t)depth, sizeof(int64_t));
}

bool egBoxRowsRead(__isl_keep isl_set *domain, EgBoxRows *rows) {
  memset(rows, 0, sizeof(*rows));
  isl_basic_set *bset = egIslOnlyPiece(domain);
  if (!bset)
    return false;
  isl_size params = isl_basic_set_dim(bset, isl_dim_param);
  isl_size depth = isl_basic_set_dim(bset, isl_dim_set);
  isl_size divs = isl_basic_set_dim(bset, isl_dim_div);
  bool ok = params >= 0 && depth >= 0 && divs == 0;
  /* Columns: constant, the set's dimensions, then the parameters (which
   * must not occur). */
  isl_mat *eq = ok ? isl_basic_set_equalities_matrix(
                         bset, isl_dim_cst, isl_dim_set, isl_dim_param,
                         isl_dim_div)
                   : NULL;
  isl_mat *ineq = ok ? isl_basic_set_inequalities_matrix(
                           bset, isl_dim_cst, isl_dim_set, isl_dim_param,
                           isl_dim_div)
                     : NULL;
  isl_basic_set_free(bset);
  ok = ok && eq && ineq;
  if (ok)
    boxRowsAlloc(rows, depth, isl_mat_rows(eq), isl_mat_rows(ineq));
  bool *hasLo = ok ? zalloc((size_t)depth, sizeof(bool)) : NULL;
  bool *hasHi = ok ? zalloc((size_t)depth, sizeof(bool)) : NULL;
  for (int r = 0; ok && r < rows->eqCount; ++r) {
    int64_t coef = 0, constant = 0;
    int d = onlyColumn(eq, r, &coef);
    ok = d >= 0 && d < depth && coef == 1 && !rows->fixed[d] &&
         entry(eq, r, 0, &constant) && constant != INT64_MIN;
    if (ok) {
      rows->eqDim[r] = d;
      rows->fixed[d] = true;
      rows->value[d] = rows->lo[d] = rows->hi[d] = -constant;
    }
  }
  for (int r = 0; ok && r < rows->ineqCount; ++r) {
    int64_t coef = 0, constant = 0;
    int d = onlyColumn(ineq, r, &coef);
    ok = d >= 0 && d < depth && (coef == 1 || coef == -1) &&
         !rows->fixed[d] && entry(ineq, r, 0, &constant) &&
         constant != INT64_MIN;
    if (!ok)
      break;
    rows->ineqDim[r] = d;
    rows->ineqSign[r] = (int)coef;
    rows->ineqConst[r] = constant;
    /* coef * i_d + constant >= 0 */
    if (coef == 1 && (!hasLo[d] || -constant > rows->lo[d])) {
      rows->lo[d] = -constant;
      hasLo[d] = true;
    } else if (coef == -1 && (!hasHi[d] || constant < rows->hi[d])) {
      rows->hi[d] = constant;
      hasHi[d] = true;
    }
  }
  for (int d = 0; ok && d < depth; ++d)
    ok = rows->fixed[d] || (hasLo[d] && hasHi[d] && rows->lo[d] < rows->hi[d]);
  /* In isl's sorted order (isl_basic_map_sort_constraints: by dimension,
   * the lower bound first; equalities by dimension from the last), one
   * bound of each kind: then isl's normalization of the set in place
   * (hashing it does) leaves these rows as they are, and rows read once
   * per scope shape stay the rows of every domain of that shape. */
  for (int r = 1; ok && r < rows->eqCount; ++r)
    ok = rows->eqDim[r - 1] > rows->eqDim[r];
  for (int r = 1; ok && r < rows->ineqCount; ++r)
    ok = rows->ineqDim[r - 1] < rows->ineqDim[r] ||
         (rows->ineqDim[r - 1] == rows->ineqDim[r] &&
          rows->ineqSign[r - 1] == 1 && rows->ineqSign[r] == -1);
  free(hasLo);
  free(hasHi);
  isl_mat_free(eq);
  isl_mat_free(ineq);
  if (!ok)
    egBoxRowsClear(rows);
  return ok;
}

void egIndexRowsClear(EgIndexRows *rows) {
  free(rows->coef);
  free(rows->constant);
  memset(rows, 0, sizeof(*rows));
}

bool egIndexRowsRead(__isl_keep isl_multi_aff *ma, int depth,
                     EgIndexRows *rows) {
  memset(rows, 0, sizeof(*rows));
  isl_size rank = isl_multi_aff_size(ma);
  isl_size in = isl_multi_aff_dim(ma, isl_dim_in);
  if (rank < 0 || in != depth)
    return false;
  rows->rank = rank;
  rows->depth = depth;
  rows->coef = zalloc((size_t)rank * (size_t)(depth + 1), sizeof(int64_t));
  rows->constant = zalloc((size_t)rank, sizeof(int64_t));
  bool ok = true;
  for (int r = 0; ok && r < rank; ++r) {
    isl_aff *aff = isl_multi_aff_get_at(ma, r);
    isl_val *den = isl_aff_get_denominator_val(aff);
    ok = aff && isl_val_is_one(den) == isl_bool_true &&
         isl_aff_involves_locals(aff) == isl_bool_false &&
         isl_aff_involves_dims(aff, isl_dim_param, 0,
                               (unsigned)isl_aff_dim(aff, isl_dim_param)) ==
             isl_bool_false &&
         smallInt(isl_aff_get_constant_val(aff), &rows->constant[r]);
    isl_val_free(den);
    for (int d = 0; ok && d < depth; ++d)
      ok = smallInt(isl_aff_get_coefficient_val(aff, isl_dim_in, d),
                    &rows->coef[(size_t)r * (size_t)depth + (size_t)d]);
    isl_aff_free(aff);
  }
  if (!ok)
    egIndexRowsClear(rows);
  return ok;
}

static int64_t coefOf(const EgIndexRows *f, int r, int d) {
  return f->coef[(size_t)r * (size_t)f->depth + (size_t)d];
}

/* f_r with the fixed dimensions substituted: its constant; false on
 * overflow. */
static bool substitutedConstant(const EgBoxRows *box, const EgIndexRows *f,
                                int r, int64_t *out) {
  int64_t c = f->constant[r];
  for (int d = 0; d < f->depth; ++d) {
    int64_t term;
    if (box->fixed[d] &&
        (__builtin_mul_overflow(coefOf(f, r, d), box->value[d], &term) ||
         __builtin_add_overflow(c, term, &c)))
      return false;
  }
  *out = c;
  return c != INT64_MIN;
}

__isl_give isl_map *egPlainAccessMap(__isl_take isl_space *space,
                                     const EgBoxRows *box,
                                     const EgIndexRows *f) {
  isl_ctx *ctx = isl_space_get_ctx(space);
  isl_size params = isl_space_dim(space, isl_dim_param);
  int depth = box->depth, rank = f->rank;
  if (params < 0 || f->depth != depth ||
      isl_space_dim(space, isl_dim_in) != depth ||
      isl_space_dim(space, isl_dim_out) != rank) {
    isl_space_free(space);
    return NULL;
  }
  /* Columns: constant, inputs, outputs, parameters (all zero). */
  int cols = 1 + depth + rank + params;
  isl_mat *eq = zeroMat(ctx, rank + box->eqCount, cols);
  isl_mat *ineq = zeroMat(ctx, box->ineqCount, cols);
  bool ok = eq && ineq;
  int row = 0;
  for (int r = rank - 1; ok && r >= 0; --r, ++row) {
    int64_t c;
    ok = substitutedConstant(box, f, r, &c) && fitsInt(c);
    if (!ok)
      break;
    setInt(&eq, row, 0, -c);
    for (int d = 0; ok && d < depth; ++d) {
      int64_t a = box->fixed[d] ? 0 : coefOf(f, r, d);
      ok = fitsInt(a);
      if (ok && a)
        setInt(&eq, row, 1 + d, -a);
    }
    setInt(&eq, row, 1 + depth + r, 1);
  }
  ok = ok && writeBoxRows(&eq, row, &ineq, box);
  if (!ok || !eq || !ineq) {
    isl_mat_free(eq);
    isl_mat_free(ineq);
    isl_space_free(space);
    return NULL;
  }
  return isl_map_from_basic_map(isl_basic_map_from_constraint_matrices(
      space, eq, ineq, isl_dim_cst, isl_dim_in, isl_dim_out, isl_dim_param,
      isl_dim_div));
}

/* The dimension index r moves (-1 for a constant index); -2 when the
 * index is no such thing. */
static int movedDim(const EgIndexRows *f, int r) {
  int dim = -1;
  for (int d = 0; d < f->depth; ++d) {
    int64_t a = coefOf(f, r, d);
    if (a == 0)
      continue;
    if (a != 1 || dim >= 0)
      return -2;
    dim = d;
  }
  return dim;
}

__isl_give isl_set *egPlainAccessImage(__isl_take isl_space *space,
                                       const EgBoxRows *box,
                                       const EgIndexRows *f) {
  int depth = box->depth, rank = f->rank;
  isl_size params = isl_space_dim(space, isl_dim_param);
  int *indexOf = zalloc((size_t)depth, sizeof(int));
  for (int d = 0; d < depth; ++d)
    indexOf[d] = -1;
  bool ok = params >= 0 && f->depth == depth &&
            isl_space_dim(space, isl_dim_set) == rank;
  int fixedCount = 0;
  for (int r = 0; ok && r < rank; ++r) {
    int d = movedDim(f, r);
    ok = d >= -1;
    if (!ok || d < 0 || box->fixed[d]) {
      fixedCount += ok;
      continue;
    }
    ok = indexOf[d] < 0;
    indexOf[d] = r;
  }
  for (int d = 0; ok && d < depth; ++d)
    ok = box->fixed[d] || indexOf[d] >= 0;
  isl_ctx *ctx = isl_space_get_ctx(space);
  /* The projected dimensions were isl's existential variables: the
   * image keeps room for as many (their columns, zero, are dropped). */
  int cols = 1 + rank + params + depth;
  isl_mat *eq = ok ? zeroMat(ctx, fixedCount, cols) : NULL;
  isl_mat *ineq = ok ? zeroMat(ctx, box->ineqCount, cols) : NULL;
  ok = ok && eq && ineq;
  /* Equalities x_r = value, the last index first (isl's Gaussian order). */
  int row = 0;
  for (int r = rank - 1; ok && r >= 0; --r) {
    int d = movedDim(f, r);
    if (d >= 0 && !box->fixed[d])
      continue;
    int64_t c;
    ok = substitutedConstant(box, f, r, &c) && fitsInt(c);
    if (ok) {
      setInt(&eq, row, 0, -c);
      setInt(&eq, row, 1 + r, 1);
      ++row;
    }
  }
  /* sign * i_d + k >= 0 with i_d = x_r - c: sign * x_r + k - sign * c. */
  for (int k = 0; ok && k < box->ineqCount; ++k) {
    int d = box->ineqDim[k], r = indexOf[d];
    int64_t shift, constant;
    ok = r >= 0 &&
         !__builtin_mul_overflow((int64_t)box->ineqSign[k], f->constant[r],
                                 &shift) &&
         !__builtin_sub_overflow(box->ineqConst[k], shift, &constant) &&
         fitsInt(constant);
    if (ok) {
      setInt(&ineq, k, 0, constant);
      setInt(&ineq, k, 1 + r, box->ineqSign[k]);
    }
  }
  free(indexOf);
  return setOfRows(ok, space, eq, ineq);
}

bool egIndexRowExtremes(const EgBoxRows *box, const EgIndexRows *f, int r,
                        int64_t *lowest, int64_t *highest) {
  int64_t lo = f->constant[r], hi = f->constant[r];
  for (int d = 0; d < f->depth; ++d) {
    int64_t a = coefOf(f, r, d), x, y;
    if (a == 0)
      continue;
    if (__builtin_mul_overflow(a, box->lo[d], &x) ||
        __builtin_mul_overflow(a, box->hi[d], &y))
      return false;
    if (__builtin_add_overflow(lo, x < y ? x : y, &lo) ||
        __builtin_add_overflow(hi, x < y ? y : x, &hi))
      return false;
  }
  *lowest = lo;
  *highest = hi;
  return true;
}

bool egBoxRowsAddLoop(const EgBoxRows *parent, int64_t lb, int64_t ub,
                      EgBoxRows *child) {
  int d = parent->depth;
  bool one = ub - lb == 1;
  if (lb >= ub || lb == INT64_MIN || (one && parent->ineqCount > 0))
    return false;
  boxRowsAlloc(child, d + 1, parent->eqCount + one,
               parent->ineqCount + 2 * !one);
  memcpy(child->fixed, parent->fixed, (size_t)d * sizeof(bool));
  memcpy(child->value, parent->value, (size_t)d * sizeof(int64_t));
  memcpy(child->lo, parent->lo, (size_t)d * sizeof(int64_t));
  memcpy(child->hi, parent->hi, (size_t)d * sizeof(int64_t));
  /* A new equality has the last pivot: it goes first. */
  memcpy(child->eqDim + one, parent->eqDim,
         (size_t)parent->eqCount * sizeof(int));
  memcpy(child->ineqDim, parent->ineqDim,
         (size_t)parent->ineqCount * sizeof(int));
  memcpy(child->ineqSign, parent->ineqSign,
         (size_t)parent->ineqCount * sizeof(int));
  memcpy(child->ineqConst, parent->ineqConst,
         (size_t)parent->ineqCount * sizeof(int64_t));
  child->lo[d] = lb;
  child->hi[d] = ub - 1;
  if (one) {
    child->eqDim[0] = d;
    child->fixed[d] = true;
    child->value[d] = lb;
  } else {
    int k = parent->ineqCount;
    child->ineqDim[k] = child->ineqDim[k + 1] = d;
    child->ineqSign[k] = 1;
    child->ineqConst[k] = -lb;
    child->ineqSign[k + 1] = -1;
    child->ineqConst[k + 1] = ub - 1;
  }
  return true;
}

__isl_give isl_set *egBoxRowsSet(__isl_take isl_space *space,
                                 const EgBoxRows *rows) {
  isl_size params = isl_space_dim(space, isl_dim_param);
  if (params < 0 || isl_space_dim(space, isl_dim_set) != rows->depth) {
    isl_space_free(space);
    return NULL;
  }
  isl_ctx *ctx = isl_space_get_ctx(space);
  int cols = 1 + rows->depth + params;
  isl_mat *eq = zeroMat(ctx, rows->eqCount, cols);
  isl_mat *ineq = zeroMat(ctx, rows->ineqCount, cols);
  bool ok = writeBoxRows(&eq, 0, &ineq, rows);
  return setOfRows(ok, space, eq, ineq);
}

void egBoxRowsCopy(const EgBoxRows *from, EgBoxRows *to) {
  boxRowsAlloc(to, from->depth, from->eqCount, from->ineqCount);
  size_t depth = (size_t)from->depth;
  memcpy(to->eqDim, from->eqDim, (size_t)from->eqCount * sizeof(int));
  memcpy(to->fixed, from->fixed, depth * sizeof(bool));
  memcpy(to->value, from->value, depth * sizeof(int64_t));
  memcpy(to->ineqDim, from->ineqDim, (size_t)from->ineqCount * sizeof(int));
  memcpy(to->ineqSign, from->ineqSign, (size_t)from->ineqCount * sizeof(int));
  memcpy(to->ineqConst, from->ineqConst,
         (size_t)from->ineqCount * sizeof(int64_t));
  memcpy(to->lo, from->lo, depth * sizeof(int64_t));
  memcpy(to->hi, from->hi, depth * sizeof(int64_t));
}
