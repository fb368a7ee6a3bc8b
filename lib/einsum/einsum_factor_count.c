/* The exact point count of a small necessary set whose dimensions fall
 * into groups no constraint links, without isl's projections and counting
 * (see einsum_factor_count.h).
 *
 * A padded convolution's unskipped domain is such a set: (row, kernel row),
 * (column, kernel column) and each channel are constrained apart, and isl
 * coalesces it into one or two pieces (a strided convolution's last column
 * a piece of its own). Projecting a 7-D piece onto each group and counting
 * each projection through the count memo cost about 1 M instructions a
 * node, counting a two-piece set whole with isl 10-20 M; the groups here
 * are one or two dimensions of a few hundred values, so enumerating the
 * outer dimensions of a group and solving the last one is cheaper by two
 * orders. The count is an integer, the same however it is found.
 *
 * A stride-2 transposed convolution's domain has mod constraints
 * (`(1 + i2 + i5) mod 2 = 0`: isl's div e = floor((1 + i2 + i5) / 2) and
 * an equality on it); counting it whole with isl cost about 6 M
 * instructions a shape (U-Net: 25 M). A div whose expression isl knows is
 * one value per point, so it is counted as a variable of its own (its
 * floor bounds added as rows): it joins the group of the dims it links,
 * and the group's points with their divs are as many as the points. */
#include "einsum_factor_count.h"

#include "solar/support/union_find.h"

#include <isl/aff.h>
#include <isl/constraint.h>
#include <isl/set.h>
#include <isl/val.h>

#include <stdlib.h>
#include <string.h>

enum {
  MAX_DIMS = 16,
  MAX_VARS = 24, /* the dims and every piece's existential variables */
  MAX_PIECES = 4,
  MAX_ROWS = 64,       /* constraints of one piece */
  MAX_STEPS = 1 << 16, /* enumerated outer values, all terms together */
  MAX_COEFF = 1 << 20, /* |coefficient| and |constant|: no overflow below */
};

typedef struct {
  int64_t c[MAX_VARS + 1]; /* c[0] the constant, c[1 + v] variable v's */
  bool eq;
} Row;

typedef struct {
  Row rows[MAX_ROWS];
  int count;
  int divBase, divs; /* the columns of its divs */
} Piece;

/* The variables: the set's dims, then each piece's existential variables
 * (its divs) in columns of their own, so that an intersection of pieces
 * keeps both pieces' divs apart. */
typedef struct {
  int dims;
  int vars;    /* dims and the divs of the pieces read so far */
  int divBase; /* the column of the current piece's first div */
  int divs;    /* the current piece's divs */
  Piece pieces[MAX_PIECES];
  int pieceCount;
  bool ok;
} Factors;

static bool smallInt(__isl_take isl_val *v, int64_t *out) {
  bool ok = isl_val_is_int(v) == isl_bool_true;
  long n = ok ? isl_val_get_num_si(v) : 0;
  isl_val_free(v);
  ok = ok && n > -MAX_COEFF && n < MAX_COEFF;
  *out = n;
  return ok;
}

static isl_stat addRow(__isl_take isl_constraint *c, void *user) {
  Factors *f = user;
  Piece *p = &f->pieces[f->pieceCount];
  if (p->count == MAX_ROWS)
    f->ok = false;
  Row *r = f->ok ? &p->rows[p->count++] : NULL;
  if (r) {
    r->eq = isl_constraint_is_equality(c) == isl_bool_true;
    f->ok = smallInt(isl_constraint_get_constant_val(c), &r->c[0]);
    for (int v = 1; v <= MAX_VARS; ++v)
      r->c[v] = 0;
    for (int d = 0; d < f->dims && f->ok; ++d)
      f->ok = smallInt(isl_constraint_get_coefficient_val(c, isl_dim_set, d),
                       &r->c[1 + d]);
    for (int k = 0; k < f->divs && f->ok; ++k)
      f->ok = smallInt(isl_constraint_get_coefficient_val(c, isl_dim_div, k),
                       &r->c[1 + f->divBase + k]);
  }
  isl_constraint_free(c);
  return f->ok ? isl_stat_ok : isl_stat_error;
}

/* An integer coefficient of a div's expression times its denominator. */
static bool scaledInt(__isl_take isl_val *v, __isl_keep isl_val *den,
                      int64_t *out) {
  return smallInt(isl_val_mul(v, isl_val_copy(den)), out);
}

/* The rows that make div k the floor of its expression e / m:
 * e - m x >= 0 and m x - e + m - 1 >= 0. With them, each point of the
 * piece has exactly one value of its divs, so the points of the piece
 * and its divs together are as many as the piece's. Only for a piece
 * whose divs are all known (allDivsKnown). */
static void addDivRows(Factors *f, __isl_keep isl_basic_set *bset, int k) {
  Piece *p = &f->pieces[f->pieceCount];
  isl_aff *div = isl_basic_set_get_div(bset, k);
  f->ok = div && isl_aff_is_nan(div) == isl_bool_false &&
          p->count + 2 <= MAX_ROWS;
  isl_val *den = f->ok ? isl_aff_get_denominator_val(div) : NULL;
  int64_t m = 0;
  f->ok = f->ok && smallInt(isl_val_copy(den), &m) && m > 0;
  Row lo = {.eq = false};
  if (f->ok)
    f->ok = scaledInt(isl_aff_get_constant_val(div), den, &lo.c[0]);
  for (int d = 0; d < f->dims && f->ok; ++d)
    f->ok = scaledInt(isl_aff_get_coefficient_val(div, isl_dim_in, d), den,
                      &lo.c[1 + d]);
  for (int j = 0; j < f->divs && f->ok; ++j)
    f->ok = scaledInt(isl_aff_get_coefficient_val(div, isl_dim_div, j), den,
                      &lo.c[1 + f->divBase + j]);
  isl_val_free(den);
  isl_aff_free(div);
  if (!f->ok)
    return;
  lo.c[1 + f->divBase + k] -= m;
  Row hi = {.eq = false};
  for (int v = 0; v <= MAX_VARS; ++v)
    hi.c[v] = -lo.c[v];
  hi.c[0] += m - 1;
  p->rows[p->count++] = lo;
  p->rows[p->count++] = hi;
}

/* Whether isl knows every div's expression (and those of the divs each
 * uses). On a basic set with an existential isl knows no expression of,
 * isl 0.25's isl_basic_set_get_div raises an isl error ("some divs are
 * unknown"), for any of its divs; the error stays on the ctx and fails the
 * whole necessary-work analysis (KernelBench level 3 ViT's patch reshape,
 * `exists (e0, e1 = floor((-8 + e0)/1576): ...)`: its FLOPs counted on the
 * full domains). isl has no public test of that; removing the unknown
 * divs, which keeps a basic set whose divs are all known as it is, tells. */
static bool allDivsKnown(__isl_keep isl_basic_set *bset, isl_size divs) {
  if (!divs)
    return true;
  isl_basic_set *known =
      isl_basic_set_remove_unknown_divs(isl_basic_set_copy(bset));
  isl_size left = isl_basic_set_dim(known, isl_dim_div);
  isl_basic_set_free(known);
  return left == divs;
}

/* A piece's divs, pinned by an equality (U-Net's 2e = 1 + i2 + i5) or in
 * inequalities only (a floor bound, a range of residues), are variables of
 * their own defined by their floor rows (addDivRows): one value per point,
 * so the points with their divs are as many as the points, and the scan
 * counts them exactly whatever holes the divs make. The isl path this
 * count is tried before (count_set.c) may fill such holes, which makes its
 * count an over-approximation: level 2's
 * 85_Conv2d_GroupNorm_Scale_MaxPool_Clamp has { i3 in [0, 15621] :
 * (2 + i3) mod 126 >= 2 } (times 8192 other points), 15376 values of i3
 * counted here, 15622 by isl's hull (inexact). The necessary points must
 * never be counted above their true number (they bound the work of any
 * implementation from below), so the exact count here is the one kept. */
static isl_stat addPiece(__isl_take isl_basic_set *bset, void *user) {
  Factors *f = user;
  isl_size divs = isl_basic_set_dim(bset, isl_dim_div);
  f->ok = f->ok && f->pieceCount < MAX_PIECES && divs >= 0 &&
          f->vars + divs <= MAX_VARS && allDivsKnown(bset, divs);
  if (f->ok) {
    f->divBase = f->vars;
    f->divs = divs;
    f->pieces[f->pieceCount].count = 0;
    for (int k = 0; k < divs && f->ok; ++k)
      addDivRows(f, bset, k);
    f->ok = f->ok &&
            isl_basic_set_foreach_constraint(bset, addRow, f) == isl_stat_ok &&
            f->ok;
    if (f->ok) {
      f->pieces[f->pieceCount].divBase = divs ? f->divBase : 0;
      f->pieces[f->pieceCount].divs = divs;
      ++f->pieceCount;
      f->vars += divs;
    }
  }
  isl_basic_set_free(bset);
  return f->ok ? isl_stat_ok : isl_stat_error;
}

/* The rows of one term: the constraints of the pieces in `mask`. */
typedef struct {
  const Row *rows[MAX_PIECES * MAX_ROWS];
  int count;
} Term;

/* The last dim a row involves, -1 for a constant row. */
static int lastDim(const Row *r, int dims) {
  for (int d = dims - 1; d >= 0; --d)
    if (r->c[1 + d])
      return d;
  return -1;
}

static int64_t floorDiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

static int64_t ceilDiv(int64_t a, int64_t b) { return -floorDiv(-a, b); }

enum { MAX_GROUP_ROWS = 512, MAX_DERIVED = 1 << 30, MAX_VALUE = 1 << 24 };

/* One group's inequalities in its own coordinates: a[0] the constant,
 * a[1 + k] the group's k-th dim's coefficient; `last` the last k used. */
typedef struct {
  int64_t a[MAX_VARS + 1];
  int last;
} Ineq;

typedef struct {
  Ineq rows[MAX_GROUP_ROWS];
  int count;
  int size;
  int64_t value[MAX_VARS];
  long *steps;
  bool ok;
} Group;

static void addIneq(Group *g, const int64_t *a) {
  if (g->count == MAX_GROUP_ROWS) {
    g->ok = false;
    return;
  }
  Ineq *r = &g->rows[g->count++];
  r->last = -1;
  for (int k = 0; k <= g->size; ++k) {
    r->a[k] = a[k];
    if (k && a[k])
      r->last = k - 1;
  }
}

/* Fourier-Motzkin from the innermost dim out: every pair of a lower and an
 * upper bound on dim k gives a row on the dims before it, so each dim gets
 * bounds given the ones before (isl drops a bound another row implies, as
 * i >= 0 beside 0 <= j <= i). A rational projection: a superset of the
 * values the inner dims can complete, which the scan below counts as 0. */
static void project(Group *g) {
  for (int k = g->size - 1; k > 0 && g->ok; --k) {
    int end = g->count;
    for (int l = 0; l < end && g->ok; ++l)
      for (int u = 0; u < end && g->ok; ++u) {
        const Ineq *lo = &g->rows[l], *hi = &g->rows[u];
        if (lo->last != k || hi->last != k || lo->a[1 + k] <= 0 ||
            hi->a[1 + k] >= 0)
          continue;
        int64_t a[MAX_VARS + 1], ml = -hi->a[1 + k], mu = lo->a[1 + k];
        for (int j = 0; j <= g->size; ++j) {
          a[j] = ml * lo->a[j] + mu * hi->a[j];
          if (a[j] <= -MAX_DERIVED || a[j] >= MAX_DERIVED)
            g->ok = false;
        }
        if (g->ok)
          addIneq(g, a);
      }
  }
}

/* The range of dim k given the values of the ones before: the rows whose
 * last dim it is. False when empty; g->ok false when unbounded. */
static bool range(Group *g, int k, int64_t *lo, int64_t *hi) {
  bool hasLo = false, hasHi = false;
  for (int i = 0; i < g->count; ++i) {
    const Ineq *r = &g->rows[i];
    if (r->last != k)
      continue;
    int64_t rest = r->a[0];
    for (int j = 0; j < k; ++j)
      rest += r->a[1 + j] * g->value[j];
    int64_t a = r->a[1 + k]; /* a x + rest >= 0 */
    if (a > 0) {
      int64_t b = ceilDiv(-rest, a);
      *lo = hasLo && *lo > b ? *lo : b;
      hasLo = true;
    } else {
      int64_t b = floorDiv(rest, -a);
      *hi = hasHi && *hi < b ? *hi : b;
      hasHi = true;
    }
  }
  /* Coordinates beyond 2^24 could overflow the sums above: not for here. */
  if (!hasLo || !hasHi || *lo < -MAX_VALUE || *hi > MAX_VALUE)
    g->ok = false;
  return g->ok && *lo <= *hi;
}

/* The points of dims k.. given the values of the ones before: the outer
 * dims enumerated, the last one's range counted. */
static int64_t scan(Group *g, int k) {
  int64_t lo = 0, hi = 0;
  if (!range(g, k, &lo, &hi))
    return 0;
  if (k == g->size - 1)
    return hi - lo + 1;
  int64_t total = 0;
  for (int64_t v = lo; v <= hi && g->ok; ++v) {
    if (++*g->steps > MAX_STEPS) {
      g->ok = false;
      break;
    }
    g->value[k] = v;
    total += scan(g, k + 1);
  }
  return total;
}

/* The points of one group (dims `order`) under the rows of `term`: each
 * row involves this group's dims only or none of them. */
static bool countGroup(const Term *term, const int *order, int size,
                       long *steps, int64_t *out) {
  Group *g = malloc(sizeof(Group));
  if (!g)
    return false;
  g->count = 0;
  g->size = size;
  g->steps = steps;
  g->ok = true;
  for (int i = 0; i < term->count && g->ok; ++i) {
    const Row *r = term->rows[i];
    int64_t a[MAX_VARS + 1] = {r->c[0]};
    bool used = false;
    for (int k = 0; k < size; ++k)
      used |= (a[1 + k] = r->c[1 + order[k]]) != 0;
    if (!used)
      continue;
    addIneq(g, a);
    if (r->eq) { /* and its negation */
      for (int k = 0; k <= size; ++k)
        a[k] = -a[k];
      addIneq(g, a);
    }
  }
  project(g);
  int64_t count = g->ok ? scan(g, 0) : 0;
  bool ok = g->ok;
  free(g);
  *out = count;
  return ok;
}

bool egCountByFactors(__isl_keep isl_set *set, int64_t *out) {
  isl_size params = isl_set_dim(set, isl_dim_param);
  isl_size dims = isl_set_dim(set, isl_dim_set);
  if (params < 0 || dims < 1 || dims > MAX_DIMS ||
      isl_set_involves_dims(set, isl_dim_param, 0, (unsigned)params) !=
          isl_bool_false)
    return false;
  /* Not zero-initialised: 53 KB of rows, of which addPiece and addRow
   * write what is read (a memset of it cost more than the count). */
  Factors f;
  f.dims = dims;
  f.vars = dims;
  f.divBase = f.divs = 0;
  f.pieceCount = 0;
  f.ok = true;
  if (isl_set_foreach_basic_set(set, addPiece, &f) != isl_stat_ok || !f.ok ||
      f.pieceCount < 1)
    return false;
  SolarUnionFind *uf = solarUnionFindCreate((size_t)f.vars);
  if (!uf)
    return false;
  int vars = f.vars;
  for (int p = 0; p < f.pieceCount; ++p)
    for (int i = 0; i < f.pieces[p].count; ++i) {
      const Row *r = &f.pieces[p].rows[i];
      int first = -1;
      for (int d = 0; d < vars; ++d)
        if (r->c[1 + d]) {
          if (first < 0)
            first = d;
          else
            solarUnionFindJoinLowest(uf, (size_t)first, (size_t)d);
        }
    }
  /* Inclusion-exclusion over the pieces (isl's pieces may overlap): each
   * intersection is again a product of its groups. */
  int64_t total = 0;
  long steps = 0;
  bool ok = true;
  for (unsigned mask = 1; ok && mask < (1u << f.pieceCount); ++mask) {
    Term t = {.count = 0};
    bool absent[MAX_VARS] = {false}; /* the divs of the pieces left out */
    for (int p = 0; p < f.pieceCount; ++p)
      if (mask & (1u << p))
        for (int i = 0; i < f.pieces[p].count; ++i)
          t.rows[t.count++] = &f.pieces[p].rows[i];
      else
        for (int k = 0; k < f.pieces[p].divs; ++k)
          absent[f.pieces[p].divBase + k] = true;
    int64_t product = 1;
    for (int i = 0; i < t.count && product; ++i) /* a false constant row */
      if (lastDim(t.rows[i], vars) < 0 &&
          (t.rows[i]->c[0] < 0 || (t.rows[i]->eq && t.rows[i]->c[0])))
        product = 0;
    for (int g = 0; g < vars && ok && product; ++g) {
      if (solarUnionFindRoot(uf, (size_t)g) != (size_t)g)
        continue;
      int order[MAX_VARS], size = 0;
      for (int d = g; d < vars; ++d)
        if (solarUnionFindRoot(uf, (size_t)d) == (size_t)g && !absent[d])
          order[size++] = d;
      if (!size) /* only divs of pieces not in this term */
        continue;
      int64_t count = 0;
      ok = countGroup(&t, order, size, &steps, &count) &&
           !__builtin_mul_overflow(product, count, &product);
    }
    int bits = __builtin_popcount(mask);
    ok = ok && !(bits & 1 ? __builtin_add_overflow(total, product, &total)
                          : __builtin_sub_overflow(total, product, &total));
  }
  solarUnionFindDestroy(uf);
  if (!ok || total < 0)
    return false;
  *out = total;
  return true;
}
