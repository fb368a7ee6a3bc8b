/* A box fact less a box of written elements, built as isl would build it
 * (einsum_known.h, egBoxMinus): a buffer filled with 0 less the interior a
 * padding copy writes, 1 to 2 M instructions in isl per padded
 * convolution, in a network whose padded shapes rarely repeat (U-Net's
 * channels differ at every level).
 *
 * isl_set_subtract(F, E) of two one-piece sets without divisions
 * (isl_map_subtract.c, basic_map_collect_diff): both inputs are normalized
 * in place (isl_map_plain_is_equal; equal ones give the empty set), then
 * E's constraints are added to a tableau of F (each equality as the pair
 * "e >= 0", "-e >= 0", before the inequalities, in E's order), those not
 * implied by F and the others are kept (F's own are frozen: never
 * redundant), and one piece is cut per kept constraint c_k: F and c_0 ..
 * c_{k-1} and not c_k, in that order, each simplified to its
 * non-redundant constraints with explicit equalities; the pieces are
 * joined by isl_map_union_disjoint.
 *
 * For boxes this is arithmetic on bounds: a box constraint of E is implied
 * exactly when F's bound on that dim is at least as tight (E's other
 * constraints bound other dims), and every piece is a non-empty box (E
 * meets F). Only inputs already in isl's normal form of a box are taken
 * (readBox: the equalities highest dim first, then each other dim's lower
 * and upper bound in increasing order of dims), so normalizing them
 * changes no row, and only cuts one inside F's bound, so every piece is
 * flat in its cut dim: isl's simplified piece is then the box in that same
 * normal form (its equalities eliminate the cut dim's other rows). Each
 * piece is built with those rows (isl_basic_set_from_constraint_matrices,
 * whose simplification keeps them) and joined as isl joins them. Other
 * cuts are refused: there the order of the piece's inequalities is the
 * tableau's.
 *
 * One step of isl's depends on a flag of F that isl's interface does not
 * show: when F is marked disjoint (ISL_MAP_DISJOINT: a set isl built as
 * one piece) isl_map_subtract joins the pieces with
 * isl_map_union_disjoint, keeping their order; otherwise (a union that
 * coalesced into one piece) with isl_map_union, which normalizes them in
 * place (sorted pieces). Later operations see the order, so the flag is
 * read (einsum_isl_flags.c: the first two fields of isl 0.25's struct
 * isl_map, checked once against sets whose flag and reference count are
 * known) and
 * the same join is called; where the check fails, isl subtracts.
 *
 * The caller coalesced isl's difference; the pieces here never coalesce
 * (see egBoxMinus), so the result is final.
 *
 * Checked during development against isl on every forget of the zoo,
 * DenseNet-201 and test/'s inputs (1163 differences, every piece's
 * equality and inequality matrices in order, and coalescing shown to
 * change none); test/EinsumGraph/known-box-minus.mlir. */
#include "einsum_isl_flags.h"
#include "einsum_known.h"

#include <isl/mat.h>
#include <isl/space.h>
#include <isl/val.h>

#include <stdlib.h>
#include <string.h>

enum { MAX_DIMS = 16, MAX_CUTS = 4 * MAX_DIMS, LIMIT = 1 << 30 };

typedef struct {
  int dims;
  int64_t lo[MAX_DIMS], hi[MAX_DIMS];
} Box;

/* A constraint of E as a bound on one dim: x_dim >= at (lower) or
 * x_dim <= at. */
typedef struct {
  int dim;
  bool lower;
  int64_t at;
} Cut;

static bool smallInt(__isl_take isl_val *v, int64_t *out) {
  bool ok = v && isl_val_is_int(v) == isl_bool_true;
  long n = ok ? isl_val_get_num_si(v) : 0;
  isl_val_free(v);
  *out = n;
  return ok && n > -LIMIT && n < LIMIT;
}

/* Reads a row "coef * x_dim + cst (= or >=) 0" with coef +-1 and one dim;
 * columns: dims, then the constant. */
static bool readRow(__isl_keep isl_mat *mat, int row, int dims, int *dim,
                    int64_t *coef, int64_t *cst) {
  *dim = -1;
  for (int j = 0; j < dims; ++j) {
    int64_t v;
    if (!smallInt(isl_mat_get_element_val(mat, row, j), &v))
      return false;
    if (v == 0)
      continue;
    if (*dim >= 0 || (v != 1 && v != -1))
      return false;
    *dim = j;
    *coef = v;
  }
  return *dim >= 0 && smallInt(isl_mat_get_element_val(mat, row, dims), cst);
}

/* The one basic set of `set`, or NULL when it has several, divisions or
 * parameters, or too many dims. */
static __isl_give isl_basic_set *onePiece(__isl_keep isl_set *set) {
  isl_size dims = isl_set_dim(set, isl_dim_set);
  if (dims < 1 || dims > MAX_DIMS || isl_set_dim(set, isl_dim_param) != 0)
    return NULL;
  isl_basic_set *bset = egIslOnlyPiece(set);
  if (bset && isl_basic_set_dim(bset, isl_dim_div) != 0)
    bset = isl_basic_set_free(bset);
  return bset;
}

/* The cuts of `bset`'s constraints in isl's order (each equality as its
 * lower then its upper bound, then the inequalities), and its box. False
 * unless the rows are those of a box as isl keeps it normalized (see the
 * file comment): each bounds one dim with coefficient +-1, the equalities
 * highest dim first, then for every other dim in increasing order its
 * lower and its upper bound. Normalizing such a set changes none of its
 * rows, so what isl_set_subtract reads after normalizing is read here. */
static bool readBox(__isl_keep isl_basic_set *bset, int dims, Box *box,
                    Cut *cuts, int *count) {
  isl_mat *eq = isl_basic_set_equalities_matrix(bset, isl_dim_set, isl_dim_div,
                                                isl_dim_param, isl_dim_cst);
  isl_mat *in = isl_basic_set_inequalities_matrix(
      bset, isl_dim_set, isl_dim_div, isl_dim_param, isl_dim_cst);
  bool fixed[MAX_DIMS] = {0};
  bool ok = eq && in;
  box->dims = dims;
  *count = 0;
  int last = dims;
  for (int r = 0; ok && r < isl_mat_rows(eq); ++r) {
    int dim;
    int64_t coef, cst;
    ok = readRow(eq, r, dims, &dim, &coef, &cst) && coef == 1 && dim < last;
    if (!ok)
      break;
    last = dim;
    fixed[dim] = true;
    box->lo[dim] = box->hi[dim] = -cst;
    cuts[(*count)++] = (Cut){dim, true, -cst};
    cuts[(*count)++] = (Cut){dim, false, -cst};
  }
  int row = 0, rows = ok ? isl_mat_rows(in) : 0;
  for (int d = 0; ok && d < dims; ++d) {
    if (fixed[d])
      continue;
    int dim;
    int64_t coef, cst;
    /* x - lo >= 0, then -x + hi >= 0. */
    ok = row + 2 <= rows && readRow(in, row, dims, &dim, &coef, &cst) &&
         dim == d && coef == 1;
    if (ok) {
      box->lo[d] = -cst;
      ok = readRow(in, row + 1, dims, &dim, &coef, &cst) && dim == d &&
           coef == -1 && cst > box->lo[d];
      box->hi[d] = cst;
    }
    if (ok) {
      cuts[(*count)++] = (Cut){d, true, box->lo[d]};
      cuts[(*count)++] = (Cut){d, false, box->hi[d]};
    }
    row += 2;
  }
  ok = ok && row == rows;
  isl_mat_free(eq);
  isl_mat_free(in);
  return ok;
}

/* The box as isl keeps it once simplified (see the file comment). */
static __isl_give isl_basic_set *boxSet(__isl_keep isl_space *space,
                                        const Box *box) {
  int dims = box->dims, eqs = 0, ins = 0;
  for (int d = 0; d < dims; ++d)
    box->lo[d] == box->hi[d] ? ++eqs : (ins += 2);
  isl_ctx *ctx = isl_space_get_ctx(space);
  isl_mat *eq = isl_mat_alloc(ctx, (unsigned)eqs, (unsigned)dims + 1);
  isl_mat *in = isl_mat_alloc(ctx, (unsigned)ins, (unsigned)dims + 1);
  for (int r = 0; r < eqs; ++r)
    for (int j = 0; j <= dims; ++j)
      eq = isl_mat_set_element_si(eq, r, j, 0);
  for (int r = 0; r < ins; ++r)
    for (int j = 0; j <= dims; ++j)
      in = isl_mat_set_element_si(in, r, j, 0);
  int e = 0, i = 0;
  for (int d = dims - 1; d >= 0; --d)
    if (box->lo[d] == box->hi[d]) {
      eq = isl_mat_set_element_si(eq, e, d, 1);
      eq = isl_mat_set_element_si(eq, e++, dims, (int)-box->lo[d]);
    }
  for (int d = 0; d < dims; ++d)
    if (box->lo[d] != box->hi[d]) {
      in = isl_mat_set_element_si(in, i, d, 1);
      in = isl_mat_set_element_si(in, i++, dims, (int)-box->lo[d]);
      in = isl_mat_set_element_si(in, i, d, -1);
      in = isl_mat_set_element_si(in, i++, dims, (int)box->hi[d]);
    }
  return isl_basic_set_from_constraint_matrices(isl_space_copy(space), eq, in,
                                                isl_dim_set, isl_dim_div,
                                                isl_dim_param, isl_dim_cst);
}

EgBoxMinus egBoxMinus(__isl_keep isl_set *fact, __isl_keep isl_set *elements,
                      isl_set **out) {
  *out = NULL;
  if (!egIslDisjointFlagReadable(isl_set_get_ctx(fact)))
    return EG_BOX_MINUS_REFUSED;
  isl_basic_set *f = onePiece(fact);
  isl_basic_set *e = f ? onePiece(elements) : NULL;
  if (!e) {
    isl_basic_set_free(f);
    return EG_BOX_MINUS_REFUSED;
  }
  int dims = (int)isl_set_dim(fact, isl_dim_set);
  Box fb, eb;
  Cut fcuts[MAX_CUTS], cuts[MAX_CUTS]; /* F's are not used */
  int fcount, count;
  bool ok = isl_set_has_equal_space(fact, elements) == isl_bool_true &&
            readBox(f, dims, &fb, fcuts, &fcount) &&
            readBox(e, dims, &eb, cuts, &count);
  isl_basic_set_free(f);
  isl_basic_set_free(e);
  if (!ok)
    return EG_BOX_MINUS_REFUSED;
  /* isl_set_subtract's first step, isl_set_plain_is_equal: boxes in
   * normal form are equal exactly where their bounds are. */
  bool equal = true;
  for (int d = 0; d < dims; ++d)
    equal = equal && fb.lo[d] == eb.lo[d] && fb.hi[d] == eb.hi[d];
  if (equal)
    return EG_BOX_MINUS_EMPTY;
  /* E must meet F in two values at least of every dim where F has more
   * than one. In a slice of F the tableau's redundancy test is not shown
   * to be the bound test. And so two pieces never coalesce: pieces are
   * borders, and between a point of one and a point of another, each two
   * steps from their shared corner, the midpoint lies in E, so their union
   * is no basic set and isl_set_coalesce leaves the pieces as they are. */
  for (int d = 0; ok && d < dims; ++d) {
    int64_t lo = eb.lo[d] > fb.lo[d] ? eb.lo[d] : fb.lo[d];
    int64_t hi = eb.hi[d] < fb.hi[d] ? eb.hi[d] : fb.hi[d];
    ok = lo < hi || (lo == hi && fb.lo[d] == fb.hi[d]);
  }
  if (!ok)
    return EG_BOX_MINUS_REFUSED;
  Box pieces[MAX_CUTS];
  int n = 0;
  Box cur = fb;
  for (int k = 0; k < count; ++k) {
    const Cut *c = &cuts[k];
    if (c->lower ? c->at <= fb.lo[c->dim] : c->at >= fb.hi[c->dim])
      continue; /* implied by F's bound */
    /* Only a cut one inside F's bound: its piece is flat in the cut dim
     * (a border one element wide). Elsewhere isl's simplification leaves
     * the piece's inequalities in an order its tableau decides. */
    if (c->lower ? c->at != fb.lo[c->dim] + 1 : c->at != fb.hi[c->dim] - 1)
      return EG_BOX_MINUS_REFUSED;
    Box p = cur;
    if (c->lower) {
      p.hi[c->dim] = c->at - 1;
      if (cur.lo[c->dim] < c->at)
        cur.lo[c->dim] = c->at;
    } else {
      p.lo[c->dim] = c->at + 1;
      if (cur.hi[c->dim] > c->at)
        cur.hi[c->dim] = c->at;
    }
    pieces[n++] = p;
  }
  if (n == 0)
    return EG_BOX_MINUS_EMPTY;
  /* basic_map_subtract's join, then isl_map_subtract's. */
  isl_space *space = isl_set_get_space(fact);
  isl_set *diff = isl_set_empty(isl_space_copy(space));
  for (int k = 0; k < n; ++k)
    diff = isl_set_union_disjoint(
        diff, isl_set_from_basic_set(boxSet(space, &pieces[k])));
  isl_set *none = isl_set_empty(space);
  diff = egIslMarkedDisjoint(fact) ? isl_set_union_disjoint(none, diff)
                              : isl_set_union(none, diff);
  *out = diff;
  return diff ? EG_BOX_MINUS_DONE : EG_BOX_MINUS_REFUSED;
}
