/* A domain less a union of pieces, block by block of its dimensions (see
 * einsum_unskipped_blocks.h).
 *
 * Why the blocks give exactly the difference. Every piece P and the domain
 * D are products over the groups (no constraint, nor existential variable,
 * links two groups), so over any partition of the groups into blocks,
 * P = prod_b P_b, with P_b the piece's constraints on block b alone (isl
 * drops the rest; the sets of a block are in the space of its dims). A
 * piece with no constraint on b but the domain's has P_b containing D_b.
 * The state is a product C = prod_b C_b, first D's blocks. A step takes a piece P that contains C in every
 * block but one, K, and sets C_K := C_K \ P_K (blocks merge first, their
 * C's intersected, where no piece is left that crosses one block only).
 * (1) C never meets S: a piece taken away is disjoint from C_K after, and
 * C only shrinks; every other piece is checked disjoint in some block.
 * (2) Every point x of D \ C is in S: at the step that took x out, x lay in
 * C, so x_b in C_b, contained in P_b, for each block b != K, and x_K in
 * P_K: x in P. So D cut by the C_b is D \ S. */
#include "einsum_unskipped_blocks.h"

#include "einsum_int_empty.h"
#include "einsum_isl_flags.h"

#include <isl/aff.h>
#include <isl/mat.h>
#include <isl/val.h>

#include <stdlib.h>
#include <string.h>

enum {
  MAX_DIVS = 4,
  MAX_ROWS = 64,
  MAX_COEFF = 1 << 30,
  COLS = 1 + EG_BLOCK_MAX_DIMS + MAX_DIVS, /* constant, dims, divs */
};

typedef struct {
  bool eq;
  int64_t c[COLS];
  uint32_t dims; /* the dims it involves, through its divs too */
  bool usesDiv;
} Row;

typedef struct {
  Row rows[MAX_ROWS];
  int count;
  int divs;
  /* Each div as isl defines it: numerator and denominator of its
   * constant and of each dim's coefficient. */
  int64_t divDef[MAX_DIVS][2 * (1 + EG_BLOCK_MAX_DIMS)];
  uint32_t divDims[MAX_DIVS];
} Piece;

static bool smallInt(__isl_take isl_val *v, int64_t *out) {
  bool ok = isl_val_is_int(v) == isl_bool_true;
  long n = ok ? isl_val_get_num_si(v) : 0;
  isl_val_free(v);
  *out = n;
  return ok && n > -MAX_COEFF && n < MAX_COEFF;
}

static bool smallRational(__isl_take isl_val *v, int64_t *num, int64_t *den) {
  bool ok = isl_val_is_rat(v) == isl_bool_true;
  *num = ok ? isl_val_get_num_si(v) : 0;
  *den = ok ? isl_val_get_den_si(v) : 0;
  isl_val_free(v);
  return ok && *num > -MAX_COEFF && *num < MAX_COEFF && *den < MAX_COEFF;
}

/* Appends the rows of `mat` (columns: constant, dims, divs). */
static bool readRows(__isl_take isl_mat *mat, bool eq, Piece *p, int dims) {
  isl_size rows = isl_mat_rows(mat);
  bool ok = rows >= 0 && p->count + rows <= MAX_ROWS;
  for (int i = 0; i < rows && ok; ++i) {
    Row *row = &p->rows[p->count++];
    memset(row, 0, sizeof(*row));
    row->eq = eq;
    for (int j = 0; j < 1 + dims + p->divs && ok; ++j) {
      int64_t v = 0;
      ok = smallInt(isl_mat_get_element_val(mat, i, j), &v);
      if (!v)
        continue;
      if (j == 0) {
        row->c[0] = v;
      } else if (j <= dims) {
        row->c[j] = v;
        row->dims |= 1u << (j - 1);
      } else {
        row->c[1 + EG_BLOCK_MAX_DIMS + (j - 1 - dims)] = v;
        row->usesDiv = true;
        row->dims |= p->divDims[j - 1 - dims];
      }
    }
    /* A row on no dim (a constant) says nothing a group could carry. */
    ok = ok && row->dims;
  }
  isl_mat_free(mat);
  return ok;
}

/* The definition of each existential variable: dims only (no nested one). */
static bool readDivs(__isl_keep isl_basic_set *bset, Piece *p, int dims) {
  isl_size divs = isl_basic_set_dim(bset, isl_dim_div);
  if (divs < 0 || divs > MAX_DIVS)
    return false;
  p->divs = divs;
  bool ok = true;
  for (int k = 0; k < divs && ok; ++k) {
    isl_aff *div = isl_basic_set_get_div(bset, k);
    int64_t *def = p->divDef[k];
    p->divDims[k] = 0;
    ok = div && isl_aff_is_nan(div) == isl_bool_false &&
         smallRational(isl_aff_get_constant_val(div), &def[0], &def[1]);
    for (int d = 0; d < dims && ok; ++d) {
      ok = smallRational(isl_aff_get_coefficient_val(div, isl_dim_in, d),
                         &def[2 + 2 * d], &def[3 + 2 * d]);
      if (def[2 + 2 * d])
        p->divDims[k] |= 1u << d;
    }
    for (int j = 0; j < divs && ok; ++j)
      ok = isl_aff_involves_dims(div, isl_dim_div, (unsigned)j, 1) ==
           isl_bool_false;
    isl_aff_free(div);
  }
  return ok;
}

/* The piece's equalities, then its inequalities, as isl holds them. */
static bool readPiece(__isl_keep isl_basic_set *bset, Piece *p, int dims) {
  p->count = 0;
  return readDivs(bset, p, dims) &&
         readRows(isl_basic_set_equalities_matrix(bset, isl_dim_cst,
                                                  isl_dim_set, isl_dim_div,
                                                  isl_dim_param),
                  true, p, dims) &&
         readRows(isl_basic_set_inequalities_matrix(bset, isl_dim_cst,
                                                    isl_dim_set, isl_dim_div,
                                                    isl_dim_param),
                  false, p, dims);
}

/* Joins the groups of the dims in `dims` (groups are masks: each dim's
 * entry is the mask of its group). */
static void join(uint32_t *group, int count, uint32_t dims) {
  uint32_t all = 0;
  for (int d = 0; d < count; ++d)
    if (dims >> d & 1)
      all |= group[d];
  for (int d = 0; d < count; ++d)
    if (all >> d & 1)
      group[d] = all;
}

static bool sameRow(const Row *a, const Row *b) {
  return a->eq == b->eq && memcmp(a->c, b->c, sizeof(a->c)) == 0;
}

/* Whether the row is one of the domain's. */
static bool domainRow(const Piece *domain, const Row *row) {
  for (int i = 0; i < domain->count; ++i)
    if (sameRow(&domain->rows[i], row))
      return true;
  return false;
}

static void keyRow(EgShapeKey *key, const Row *row, int dims, int divs) {
  egShapeKeyAddInt(key, row->eq);
  egShapeKeyAddInt(key, (long)row->c[0]);
  for (int d = 0; d < dims; ++d)
    egShapeKeyAddInt(key, (long)row->c[1 + d]);
  for (int k = 0; k < divs; ++k)
    egShapeKeyAddInt(key, (long)row->c[1 + EG_BLOCK_MAX_DIMS + k]);
}

typedef struct {
  Piece *pieces;
  int count, dims;
  bool ok;
} PieceReader;

static isl_stat readEach(__isl_take isl_basic_set *bset, void *user) {
  PieceReader *r = user;
  r->ok = r->ok && r->count < EG_BLOCK_MAX_PIECES &&
          readPiece(bset, &r->pieces[r->count], r->dims);
  if (r->ok)
    ++r->count;
  isl_basic_set_free(bset);
  return r->ok ? isl_stat_ok : isl_stat_error;
}

/* The domain into rows[0], the pieces into rows[1..]. */
static bool readAll(__isl_keep isl_set *domain, __isl_keep isl_set *pieces,
                    int dims, Piece *rows, EgBlockShape *shape) {
  PieceReader domainReader = {rows, 0, dims, true};
  PieceReader pieceReader = {rows + 1, 0, dims, true};
  if (isl_set_foreach_basic_set(domain, readEach, &domainReader) !=
          isl_stat_ok ||
      !domainReader.ok || rows[0].divs != 0 ||
      isl_set_foreach_basic_set(pieces, readEach, &pieceReader) !=
          isl_stat_ok ||
      !pieceReader.ok || pieceReader.count == 0)
    return false;
  shape->dims = dims;
  shape->pieces = pieceReader.count;
  return true;
}

/* The groups, and what each piece constrains beyond the domain. */
static bool classify(const Piece *rows, EgBlockShape *shape) {
  int dims = shape->dims;
  for (int d = 0; d < dims; ++d)
    shape->group[d] = 1u << d;
  for (int p = 0; p <= shape->pieces; ++p)
    for (int i = 0; i < rows[p].count; ++i)
      join(shape->group, dims, rows[p].rows[i].dims);
  shape->active = 0;
  for (int p = 0; p < shape->pieces; ++p) {
    const Piece *piece = &rows[1 + p];
    shape->extra[p] = 0;
    for (int i = 0; i < piece->count; ++i) {
      const Row *row = &piece->rows[i];
      if (row->usesDiv || !domainRow(&rows[0], row))
        shape->extra[p] |= shape->group[__builtin_ctz(row->dims)];
    }
    /* A piece that adds nothing to the domain contains it. */
    if (!shape->extra[p])
      return false;
    shape->active |= shape->extra[p];
  }
  return true;
}

/* The key: the active dims' groups and every row on them. */
static void addKey(const Piece *rows, const EgBlockShape *shape,
                   EgShapeKey *key) {
  int dims = shape->dims;
  egShapeKeyAdd(key, "blocks");
  egShapeKeyAddInt(key, dims);
  for (int d = 0; d < dims; ++d)
    egShapeKeyAddInt(key, (long)(shape->group[d] & shape->active));
  for (int i = 0; i < rows[0].count; ++i)
    if (rows[0].rows[i].dims & shape->active)
      keyRow(key, &rows[0].rows[i], dims, 0);
  for (int p = 0; p < shape->pieces; ++p) {
    const Piece *piece = &rows[1 + p];
    egShapeKeyAdd(key, "piece");
    egShapeKeyAddInt(key, piece->divs);
    for (int k = 0; k < piece->divs; ++k)
      for (int j = 0; j < 2 * (1 + dims); ++j)
        egShapeKeyAddInt(key, (long)piece->divDef[k][j]);
    for (int i = 0; i < piece->count; ++i)
      if (piece->rows[i].dims & shape->active)
        keyRow(key, &piece->rows[i], dims, piece->divs);
  }
}

struct EgBlockRows {
  Piece piece[1 + EG_BLOCK_MAX_PIECES]; /* the domain, then the pieces */
};

void egBlockShapeFree(EgBlockShape *shape) {
  free(shape->rows);
  shape->rows = NULL;
}

bool egBlockShapeRead(__isl_keep isl_set *domain, __isl_keep isl_set *pieces,
                      EgBlockShape *shape, EgShapeKey *key) {
  shape->rows = NULL;
  isl_size dims = isl_set_dim(domain, isl_dim_set);
  if (dims < 1 || dims > EG_BLOCK_MAX_DIMS ||
      isl_set_dim(domain, isl_dim_param) != 0 ||
      isl_set_dim(pieces, isl_dim_param) != 0 ||
      isl_set_n_basic_set(domain) != 1)
    return false;
  /* The domain first, then the pieces (about 12 KiB each). */
  struct EgBlockRows *kept = malloc(sizeof(*kept));
  if (!kept)
    abort();
  Piece *rows = kept->piece;
  bool ok = readAll(domain, pieces, dims, rows, shape) &&
            classify(rows, shape);
  if (ok) {
    addKey(rows, shape, key);
    shape->rows = kept;
  } else {
    free(kept);
  }
  return ok;
}

/* The constraints (and existential variables) of bset on the dims in
 * `mask` alone, in the space of those dims: the others' constraints
 * dropped and the dims removed, run by run. The block's sets are bounded
 * then, which isl's emptiness tests (each subset and disjointness test
 * makes some) decide far faster than on the cylinder over all dims. */
static __isl_give isl_basic_set *project(__isl_take isl_basic_set *bset,
                                         int dims, uint32_t mask) {
  for (int end = dims; end > 0;) {
    if (mask >> (end - 1) & 1) {
      --end;
      continue;
    }
    int start = end - 1;
    while (start > 0 && !(mask >> (start - 1) & 1))
      --start;
    bset = isl_basic_set_drop_constraints_involving_dims(
        bset, isl_dim_set, (unsigned)start, (unsigned)(end - start));
    bset = isl_basic_set_remove_dims(bset, isl_dim_set, (unsigned)start,
                                     (unsigned)(end - start));
    end = start;
  }
  return isl_basic_set_set_tuple_name(bset, NULL);
}

/* A set on the dims of `from` as one on the dims of `to` (a superset of
 * them): the missing dims inserted, unconstrained. */
static __isl_give isl_basic_set *widen(__isl_take isl_basic_set *bset,
                                       uint32_t from, uint32_t to) {
  int position = 0;
  for (int d = 0; d < EG_BLOCK_MAX_DIMS; ++d) {
    if (!(to >> d & 1))
      continue;
    if (!(from >> d & 1))
      bset = isl_basic_set_insert_dims(bset, isl_dim_set, (unsigned)position,
                                       1);
    ++position;
  }
  return bset;
}

typedef struct {
  int dims, pieces, blocks;
  isl_basic_set *piece[EG_BLOCK_MAX_PIECES];
  const uint32_t *extra;
  uint32_t block[EG_BLOCK_MAX_DIMS]; /* each block's dims, by lowest dim */
  /* Each block's difference so far: one piece (a step that leaves more
   * refuses). */
  isl_basic_set *diff[EG_BLOCK_MAX_DIMS];
  /* Per piece and block, once tested against the block's current
   * difference: whether the piece contains it (a block's entries are
   * forgotten when its difference changes). */
  enum { UNTESTED, CONTAINS, CROSSES } test[EG_BLOCK_MAX_PIECES]
                                           [EG_BLOCK_MAX_DIMS];
  const Piece *rows; /* the shape's: the domain's, then each piece's */
  EgShapeMemo *steps;
  /* Each block's difference's rows, in the block's space, read once per
   * difference (diffRead; diffOk where they read) into diffRows[b]. */
  Piece *diffRows; /* EG_BLOCK_MAX_DIMS of them, then a scratch one */
  bool diffRead[EG_BLOCK_MAX_DIMS], diffOk[EG_BLOCK_MAX_DIMS];
} State;

/* Block b's difference changed: its tests and rows are to be done again. */
static void forgetTests(State *s, int b) {
  for (int p = 0; p < s->pieces; ++p)
    s->test[p][b] = UNTESTED;
  s->diffRead[b] = false;
}

static int blockDims(const State *s, int b) {
  return __builtin_popcount(s->block[b]);
}

static const Piece *diffRowsOf(State *s, int b) {
  if (!s->diffRead[b]) {
    s->diffRead[b] = true;
    s->diffOk[b] = readPiece(s->diff[b], &s->diffRows[b], blockDims(s, b));
  }
  return s->diffOk[b] ? &s->diffRows[b] : NULL;
}

/* A piece's rows on a block as rows of an integer system whose variables
 * are the block's dims (in order), then existential variables. */
typedef struct {
  const Piece *piece;
  int dims;      /* of the piece's space */
  uint32_t mask; /* the piece's dims in the block */
  int var[EG_BLOCK_MAX_DIMS];
  int divVar[MAX_DIVS]; /* -1: a div of other dims */
} View;

static bool inView(const View *v, const Row *row) {
  return !(row->dims & ~v->mask);
}

/* Appends sign * row + shift (an inequality where !eq). */
static void putRow(EgIntSystem *sys, const View *v, const Row *row, bool eq,
                   int64_t sign, int64_t shift) {
  int64_t *r = egIntSystemRow(sys, eq);
  r[0] = sign * row->c[0] + shift;
  for (int d = 0; d < v->dims; ++d)
    if (row->c[1 + d])
      r[1 + v->var[d]] = sign * row->c[1 + d];
  for (int k = 0; k < v->piece->divs; ++k)
    if (row->c[1 + EG_BLOCK_MAX_DIMS + k])
      r[1 + v->divVar[k]] += sign * row->c[1 + EG_BLOCK_MAX_DIMS + k];
}

static int64_t lcm(int64_t a, int64_t b) { return a / egIntGcd(a, b) * b; }

/* Div k, q = floor(f(x)) with f's rational coefficients over l, as
 * l f(x) - l q >= 0 and l q + l - 1 - l f(x) >= 0. */
static void putDiv(EgIntSystem *sys, const View *v, int k) {
  const int64_t *def = v->piece->divDef[k];
  int64_t l = 1;
  for (int j = 0; j < 1 + v->dims && l < (1 << 20); ++j)
    if (def[2 * j])
      l = lcm(l, def[2 * j + 1]);
  if (l >= (1 << 20)) {
    sys->overflow = true;
    return;
  }
  int64_t *lower = egIntSystemRow(sys, false);
  int64_t *upper = egIntSystemRow(sys, false);
  for (int j = 0; j < 1 + v->dims; ++j) {
    if (!def[2 * j])
      continue;
    int64_t f = def[2 * j] * (l / def[2 * j + 1]);
    int at = j ? 1 + v->var[j - 1] : 0;
    lower[at] = f;
    upper[at] = -f;
  }
  lower[1 + v->divVar[k]] = -l;
  upper[1 + v->divVar[k]] = l;
  upper[0] += l - 1;
}

/* The view of `piece` (in a space of `dims` dims) on the block's dims
 * `mask`, its divs on them given new variables with their definitions. */
static void viewOf(View *v, const Piece *piece, int dims, uint32_t mask,
                   EgIntSystem *sys) {
  v->piece = piece;
  v->dims = dims;
  v->mask = mask;
  int rank = 0;
  for (int d = 0; d < dims; ++d)
    v->var[d] = (mask >> d & 1) ? rank++ : -1;
  for (int k = 0; k < piece->divs; ++k) {
    v->divVar[k] = -1;
    if (piece->divDims[k] & ~mask)
      continue;
    if (sys->vars == EG_INT_MAX_VARS) {
      sys->overflow = true;
      continue;
    }
    v->divVar[k] = sys->vars++;
    putDiv(sys, v, k);
  }
}

/* Whether piece p contains block b's difference C (*inside) and else
 * whether it misses it (*disjoint), decided on the rows: C lies in the
 * piece's rows on the block when no integer point of C violates one (an
 * inequality r >= 0 violated as -r - 1 >= 0, an equality on either side);
 * they are disjoint when C and the rows have no common integer point.
 * False where a system is beyond einsum_int_empty.c: isl decides. */
static bool exactTests(State *s, int p, int b, bool *inside, bool *disjoint) {
  const Piece *diff = s->rows ? diffRowsOf(s, b) : NULL;
  if (!diff)
    return false;
  EgIntSystem *sys = malloc(sizeof(*sys));
  if (!sys)
    abort();
  int dims = blockDims(s, b);
  sys->vars = dims;
  sys->count = 0;
  sys->overflow = false;
  View mine, theirs;
  viewOf(&mine, diff, dims, (1u << dims) - 1, sys);
  for (int i = 0; i < diff->count; ++i)
    putRow(sys, &mine, &diff->rows[i], diff->rows[i].eq, 1, 0);
  const Piece *piece = &s->rows[1 + p];
  viewOf(&theirs, piece, s->dims, s->block[b], sys);
  int base = sys->count;
  bool decided = !sys->overflow;
  *inside = true;
  for (int i = 0; i < piece->count && decided && *inside; ++i) {
    const Row *row = &piece->rows[i];
    for (int sign = 1; inView(&theirs, row) && sign >= (row->eq ? -1 : 1) &&
                       decided && *inside;
         sign -= 2) {
      sys->count = base;
      putRow(sys, &theirs, row, false, -sign, -1);
      EgIntAnswer answer = egIntSystemEmpty(sys);
      decided = answer != EG_INT_UNKNOWN;
      *inside = answer == EG_INT_EMPTY;
    }
  }
  *disjoint = false;
  if (decided && !*inside) {
    sys->count = base;
    for (int i = 0; i < piece->count; ++i)
      if (inView(&theirs, &piece->rows[i]))
        putRow(sys, &theirs, &piece->rows[i], piece->rows[i].eq, 1, 0);
    EgIntAnswer answer = egIntSystemEmpty(sys);
    decided = answer != EG_INT_UNKNOWN;
    *disjoint = answer == EG_INT_EMPTY;
  }
  free(sys);
  return decided;
}

static __isl_give isl_basic_set *pieceOn(const State *s, int p, int b) {
  return project(isl_basic_set_copy(s->piece[p]), s->dims, s->block[b]);
}

/* The blocks piece p crosses (meets without containing their difference)
 * into crossed[0..*n-1]: 1, or 0 where it is disjoint from one (nothing to
 * take away), -1 where isl failed. A block the piece adds no constraint to
 * holds the domain's cylinder or less: contained, no isl needed; a block
 * it contains is never disjoint from it (no difference is empty). */
static int crossings(State *s, int p, int *crossed, int *n) {
  *n = 0;
  for (int b = 0; b < s->blocks; ++b) {
    if (!(s->extra[p] & s->block[b]) || s->test[p][b] == CONTAINS)
      continue;
    if (s->test[p][b] == CROSSES) {
      crossed[(*n)++] = b;
      continue;
    }
    bool exactInside = false, exactDisjoint = false;
    isl_bool inside, disjoint;
    if (exactTests(s, p, b, &exactInside, &exactDisjoint)) {
      inside = exactInside ? isl_bool_true : isl_bool_false;
      disjoint = exactDisjoint ? isl_bool_true : isl_bool_false;
    } else {
      isl_basic_set *on = pieceOn(s, p, b);
      inside = isl_basic_set_is_subset(s->diff[b], on);
      disjoint = inside == isl_bool_false
                     ? isl_basic_set_is_disjoint(s->diff[b], on)
                     : isl_bool_false;
      isl_basic_set_free(on);
    }
    if (disjoint < 0 || inside < 0)
      return -1;
    if (disjoint)
      return 0;
    s->test[p][b] = inside ? CONTAINS : CROSSES;
    if (!inside)
      crossed[(*n)++] = b;
  }
  return 1;
}

/* The block that holds every group piece p constrains beyond the domain,
 * or -1: such a piece contains the difference in every other block, so it
 * is taken away there without a test (the difference less a piece it does
 * not meet is itself; less one containing it, empty, which refuses). */
static int onlyBlock(const State *s, int p) {
  for (int b = 0; b < s->blocks; ++b)
    if (s->extra[p] & s->block[b])
      return (s->extra[p] & ~s->block[b]) ? -1 : b;
  return -1;
}

/* Makes crossed[0..n-1] one block (in crossed[0]'s place: the lowest). */
static void merge(State *s, const int *crossed, int n) {
  int into = crossed[0];
  for (int k = n - 1; k > 0; --k) {
    int b = crossed[k];
    uint32_t both = s->block[into] | s->block[b];
    s->diff[into] =
        isl_basic_set_intersect(widen(s->diff[into], s->block[into], both),
                                widen(s->diff[b], s->block[b], both));
    s->block[into] = both;
    for (int j = b; j + 1 < s->blocks; ++j) {
      s->block[j] = s->block[j + 1];
      s->diff[j] = s->diff[j + 1];
      for (int p = 0; p < s->pieces; ++p)
        s->test[p][j] = s->test[p][j + 1];
    }
    --s->blocks;
  }
  forgetTests(s, into);
  for (int b = 0; b < s->blocks; ++b) /* their rows moved */
    s->diffRead[b] = false;
}

static void keyPiece(EgShapeKey *key, const Piece *piece, int dims) {
  egShapeKeyAddInt(key, piece->divs);
  for (int k = 0; k < piece->divs; ++k)
    for (int j = 0; j < 2 * (1 + dims); ++j)
      egShapeKeyAddInt(key, (long)piece->divDef[k][j]);
  egShapeKeyAddInt(key, piece->count);
  for (int i = 0; i < piece->count; ++i)
    keyRow(key, &piece->rows[i], dims, piece->divs);
}

/* The key of the step C_b less `on`: the exact rows, in isl's order, and
 * the divs of both sets (the block's space is anonymous, of its dims
 * alone). False where they do not read. */
static bool stepKey(State *s, int b, __isl_keep isl_basic_set *on,
                    EgShapeKey *key) {
  int dims = blockDims(s, b);
  const Piece *diff = diffRowsOf(s, b);
  Piece *other = &s->diffRows[EG_BLOCK_MAX_DIMS];
  if (!diff || !readPiece(on, other, dims))
    return false;
  egShapeKeyAdd(key, "step");
  egShapeKeyAddInt(key, dims);
  keyPiece(key, diff, dims);
  keyPiece(key, other, dims);
  return true;
}

/* A step's difference: one piece, or NULL where isl's is not one. */
typedef struct {
  isl_set *diff; /* tuple EG_SHAPE_MEMO_STORED; owned */
} Step;

static void freeStep(void *payload) {
  Step *step = payload;
  isl_set_free(step->diff);
  free(step);
}

EgShapeMemo *egBlockStepsCreate(void) { return egShapeMemoCreate(freeStep); }

static __isl_give isl_basic_set *onlyPiece(__isl_take isl_set *set);

/* C_b := C_b \ P_b, coalesced: false where that is not one piece. Kept in
 * the steps' memo under the exact rows of C_b and P_b. */
static EgBlocksResult takeAway(State *s, int p, int b) {
  isl_basic_set *on = pieceOn(s, p, b);
  EgShapeKey key = {0};
  bool keyed = s->steps && s->rows && stepKey(s, b, on, &key);
  Step *step = keyed ? egShapeMemoGet(s->steps, key.text) : NULL;
  forgetTests(s, b);
  if (step) {
    free(key.text);
    isl_basic_set_free(on);
    isl_basic_set_free(s->diff[b]);
    s->diff[b] =
        step->diff ? onlyPiece(egShapeMemoFreshSet(step->diff, NULL)) : NULL;
    return step->diff ? EG_BLOCKS_DONE : EG_BLOCKS_REFUSED;
  }
  isl_set *diff = isl_set_coalesce(isl_set_subtract(
      isl_set_from_basic_set(s->diff[b]), isl_set_from_basic_set(on)));
  isl_size n = isl_set_n_basic_set(diff);
  if (keyed && n >= 0) {
    step = malloc(sizeof(*step));
    if (!step)
      abort();
    step->diff =
        n == 1 ? egShapeMemoFreshSet(diff, EG_SHAPE_MEMO_STORED) : NULL;
    egShapeMemoPut(s->steps, key.text, step);
  }
  free(key.text);
  isl_basic_set_list *list = n == 1 ? isl_set_get_basic_set_list(diff) : NULL;
  s->diff[b] = list ? isl_basic_set_list_get_basic_set(list, 0) : NULL;
  isl_basic_set_list_free(list);
  isl_set_free(diff);
  return n < 0 ? EG_BLOCKS_FAILED
               : n == 1 ? EG_BLOCKS_DONE : EG_BLOCKS_REFUSED;
}

/* Takes every piece away; refused where one contains the whole difference
 * (it is then empty: isl's result is left as it is) or a block's
 * difference is not one piece. */
static EgBlocksResult takeAll(State *s) {
  bool done[EG_BLOCK_MAX_PIECES] = {false};
  for (int left = s->pieces; left > 0;) {
    int best = -1, bestCount = 0, bestCrossed[EG_BLOCK_MAX_DIMS];
    bool progress = false;
    for (int p = 0; p < s->pieces; ++p) {
      if (done[p])
        continue;
      int crossed[EG_BLOCK_MAX_DIMS], n = 1;
      crossed[0] = onlyBlock(s, p);
      int r = crossed[0] >= 0 ? 1 : crossings(s, p, crossed, &n);
      if (r < 0)
        return EG_BLOCKS_FAILED;
      if (r == 1 && n == 0)
        return EG_BLOCKS_REFUSED;
      if (r == 1 && n > 1) {
        if (best < 0 || n < bestCount) {
          best = p;
          bestCount = n;
          memcpy(bestCrossed, crossed, sizeof(crossed));
        }
        continue;
      }
      EgBlocksResult taken = r == 1 ? takeAway(s, p, crossed[0])
                                    : EG_BLOCKS_DONE;
      if (taken != EG_BLOCKS_DONE)
        return taken;
      done[p] = progress = true;
      --left;
    }
    if (!progress && best >= 0) {
      merge(s, bestCrossed, bestCount);
      EgBlocksResult taken = takeAway(s, best, bestCrossed[0]);
      if (taken != EG_BLOCKS_DONE)
        return taken;
      done[best] = true;
      --left;
    }
  }
  return EG_BLOCKS_DONE;
}

EgBlocksResult egBlocksSubtract(__isl_keep isl_set *domain,
                                __isl_keep isl_set *pieces,
                                const EgBlockShape *shape, EgShapeMemo *steps,
                                isl_set *out[EG_BLOCK_MAX_DIMS], int *count) {
  State s = {.dims = shape->dims,
             .pieces = shape->pieces,
             .extra = shape->extra,
             .rows = shape->rows ? shape->rows->piece : NULL,
             .steps = steps};
  s.diffRows = malloc((EG_BLOCK_MAX_DIMS + 1) * sizeof(Piece));
  if (!s.diffRows)
    abort();
  isl_basic_set_list *list = isl_set_get_basic_set_list(pieces);
  isl_basic_set_list *domainList = isl_set_get_basic_set_list(domain);
  isl_basic_set *whole = isl_basic_set_list_get_basic_set(domainList, 0);
  for (int p = 0; p < s.pieces; ++p)
    s.piece[p] = isl_basic_set_list_get_basic_set(list, p);
  for (int d = 0; d < s.dims; ++d)
    if ((shape->active >> d & 1) && __builtin_ctz(shape->group[d]) == d) {
      s.block[s.blocks] = shape->group[d];
      s.diff[s.blocks++] =
          project(isl_basic_set_copy(whole), s.dims, shape->group[d]);
    }
  EgBlocksResult result = takeAll(&s);
  /* An empty difference (isl marks it so) is left to isl too. */
  for (int b = 0; b < s.blocks && result == EG_BLOCKS_DONE; ++b) {
    isl_bool empty = isl_basic_set_plain_is_empty(s.diff[b]);
    if (empty < 0)
      result = EG_BLOCKS_FAILED;
    else if (empty)
      result = EG_BLOCKS_REFUSED;
  }
  *count = 0;
  for (int b = 0; b < s.blocks; ++b) {
    if (result == EG_BLOCKS_DONE)
      out[(*count)++] = isl_set_from_basic_set(
          widen(s.diff[b], s.block[b], (1u << s.dims) - 1));
    else
      isl_basic_set_free(s.diff[b]);
  }
  for (int p = 0; p < s.pieces; ++p)
    isl_basic_set_free(s.piece[p]);
  isl_basic_set_free(whole);
  isl_basic_set_list_free(domainList);
  isl_basic_set_list_free(list);
  free(s.diffRows);
  return result;
}

static __isl_give isl_basic_set *onlyPiece(__isl_take isl_set *set) {
  isl_basic_set *piece = egIslOnlyPiece(set);
  isl_set_free(set);
  return piece;
}

__isl_give isl_set *egBlocksCut(__isl_keep isl_set *domain,
                                isl_set *const *blocks, int count) {
  const char *name = isl_set_get_tuple_name(domain);
  isl_basic_set *cut = onlyPiece(isl_set_copy(domain));
  for (int b = 0; b < count; ++b)
    cut = isl_basic_set_intersect(
        cut, onlyPiece(egShapeMemoFreshSet(blocks[b], name)));
  return isl_set_from_basic_set(cut);
}
