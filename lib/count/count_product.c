/* Counting products without isl's summation (solarCountBox and
 * solarCountByComponents in count.h).
 *
 * Most sets a network's graph counts (iteration domains, footprints of
 * plain index maps, tensor boxes) are one basic set whose every constraint
 * bounds one dimension by a constant, or a few such boxes. Summing one
 * dimension at a time (count_set.c) gives a box the product of its
 * extents, exactly, after a fibre analysis of every dimension that costs
 * about a millisecond; the product is read off the constraints here.
 * Sets such as a padded convolution's window ({h, r : 0 <= h < H,
 * 0 <= r < 3, 0 <= h + r - 1 < H} times the channels) are products of
 * small independent parts: the summation never relates two parts (the
 * bounds of a fibre involve only its own part), so each part is summed
 * alone and the counts multiplied; a union's disjoint cells (the
 * summation's first step) are counted that way one by one. Anything else
 * (a constraint over a parameter, an empty set or part, a cell that is
 * neither a box nor a product) is left to the summation. */
#include "solar/count/count.h"
#include "solar/support/union_find.h"

#include <isl/aff.h>
#include <isl/constraint.h>
#include <isl/point.h>
#include <isl/polynomial.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/val.h>

#include <stdlib.h>

typedef struct {
  int dims, params;
  isl_val **lo, **hi; /* NULL: no bound yet; owned */
  bool isBox;
} BoxBounds;

static void tighten(isl_val **bound, __isl_take isl_val *value, bool lower) {
  if (!*bound || (lower ? isl_val_gt(value, *bound) : isl_val_lt(value, *bound))
                     == isl_bool_true) {
    isl_val_free(*bound);
    *bound = value;
  } else {
    isl_val_free(value);
  }
}

/* c*x + k >= 0 (or = 0) with one dimension x: its bounds on x. */
static isl_stat addConstraint(__isl_take isl_constraint *c, void *user) {
  BoxBounds *box = user;
  int dim = -1;
  if (isl_constraint_involves_dims(c, isl_dim_param, 0,
                                   (unsigned)box->params) != isl_bool_false)
    box->isBox = false;
  for (int i = 0; i < box->dims && box->isBox; ++i) {
    isl_bool involves = isl_constraint_involves_dims(c, isl_dim_set, i, 1);
    if (involves == isl_bool_error || (involves && dim >= 0))
      box->isBox = false;
    else if (involves)
      dim = i;
  }
  if (!box->isBox || dim < 0) {
    /* A constraint on constants alone: isl keeps none on a non-empty set. */
    box->isBox = false;
    isl_constraint_free(c);
    return isl_stat_error;
  }
  isl_val *coef = isl_constraint_get_coefficient_val(c, isl_dim_set, dim);
  isl_val *constant = isl_constraint_get_constant_val(c);
  bool equality = isl_constraint_is_equality(c) == isl_bool_true;
  isl_constraint_free(c);
  if (!coef || !constant) {
    isl_val_free(coef);
    isl_val_free(constant);
    box->isBox = false;
    return isl_stat_error;
  }
  /* x = -k / c, or x >= -k / c for c > 0, or x <= -k / c for c < 0. The
   * sign is read before isl_val_div takes (and may free) the coefficient. */
  bool positive = isl_val_is_pos(coef) == isl_bool_true;
  isl_val *at = isl_val_div(isl_val_neg(constant), coef);
  if (equality) {
    if (isl_val_is_int(at) != isl_bool_true) { /* empty: no integer x */
      isl_val_free(at);
      box->isBox = false;
      return isl_stat_error;
    }
    tighten(&box->lo[dim], isl_val_copy(at), true);
    tighten(&box->hi[dim], at, false);
  } else if (positive) {
    tighten(&box->lo[dim], isl_val_ceil(at), true);
  } else {
    tighten(&box->hi[dim], isl_val_floor(at), false);
  }
  return isl_stat_ok;
}

/* Fills lo and hi (dims entries each, NULL on entry; the caller frees
 * them either way) with the bounds of a non-empty box; false for any other
 * basic set. */
static bool basicBoxBounds(__isl_keep isl_basic_set *bset, isl_val **lo,
                           isl_val **hi) {
  isl_size dims = isl_basic_set_dim(bset, isl_dim_set);
  isl_size params = isl_basic_set_dim(bset, isl_dim_param);
  isl_size divs = isl_basic_set_dim(bset, isl_dim_div);
  if (dims < 0 || params < 0 || divs != 0)
    return false;
  BoxBounds box = {.dims = dims, .params = params, .lo = lo, .hi = hi,
                   .isBox = true};
  isl_basic_set_foreach_constraint(bset, addConstraint, &box);
  for (int i = 0; i < dims && box.isBox; ++i)
    box.isBox = lo[i] && hi[i] && isl_val_le(lo[i], hi[i]) == isl_bool_true;
  return box.isBox;
}

static void freeBounds(isl_val **lo, isl_val **hi, int dims) {
  for (int i = 0; i < dims; ++i) {
    isl_val_free(lo[i]);
    isl_val_free(hi[i]);
  }
  free(lo);
  free(hi);
}

static void allocBounds(int dims, isl_val ***lo, isl_val ***hi) {
  *lo = calloc((size_t)dims + 1, sizeof(isl_val *));
  *hi = calloc((size_t)dims + 1, sizeof(isl_val *));
  if (!*lo || !*hi)
    abort();
}

/* The product of the extents, or NULL when the set is no non-empty box. */
static __isl_give isl_val *boxSize(__isl_keep isl_basic_set *bset) {
  isl_size dims = isl_basic_set_dim(bset, isl_dim_set);
  if (dims < 0)
    return NULL;
  isl_val **lo, **hi;
  allocBounds(dims, &lo, &hi);
  isl_val *size = NULL;
  if (basicBoxBounds(bset, lo, hi)) {
    size = isl_val_one(isl_basic_set_get_ctx(bset));
    for (int i = 0; i < dims; ++i)
      size = isl_val_mul(size, isl_val_add_ui(isl_val_sub(isl_val_copy(hi[i]),
                                                          isl_val_copy(lo[i])),
                                              1));
  }
  freeBounds(lo, hi, dims);
  return size;
}

bool solarCountBoxBounds(__isl_keep isl_set *set, isl_val **lo, isl_val **hi) {
  isl_size dims = set ? isl_set_dim(set, isl_dim_set) : isl_size_error;
  if (dims < 0)
    return false;
  if (isl_set_n_basic_set(set) != 1) {
    for (int i = 0; i < dims; ++i)
      lo[i] = hi[i] = NULL; /* as the contract says: callers free them */
    return false;
  }
  isl_basic_set_list *list = isl_set_get_basic_set_list(set);
  isl_basic_set *bset = isl_basic_set_list_get_at(list, 0);
  isl_basic_set_list_free(list);
  isl_val **boxLo, **boxHi;
  allocBounds(dims, &boxLo, &boxHi);
  bool isBox = bset && basicBoxBounds(bset, boxLo, boxHi);
  isl_basic_set_free(bset);
  for (int i = 0; i < dims; ++i) {
    lo[i] = isBox ? isl_val_copy(boxLo[i]) : NULL;
    hi[i] = isBox ? isl_val_copy(boxHi[i]) : NULL;
  }
  freeBounds(boxLo, boxHi, dims);
  return isBox;
}

/* Disjoint cells summed one by one: at most this many boxes (the sum of
 * count_set.c spends one fibre per dimension of each, far below its
 * work limit). */
enum { kMaxBoxes = 64 };

/* Sum of the box sizes of the basic sets in list, or NULL when one is not
 * a non-empty box. */
static __isl_give isl_val *sumBoxes(__isl_keep isl_basic_set_list *list) {
  isl_size n = isl_basic_set_list_n_basic_set(list);
  if (n <= 0 || n > kMaxBoxes)
    return NULL;
  isl_val *sum = isl_val_zero(isl_basic_set_list_get_ctx(list));
  for (int i = 0; i < n && sum; ++i) {
    isl_basic_set *bset = isl_basic_set_list_get_at(list, i);
    isl_val *size = bset ? boxSize(bset) : NULL;
    isl_basic_set_free(bset);
    sum = size ? isl_val_add(sum, size) : isl_val_free(sum);
  }
  return sum;
}

static bool divFree(__isl_keep isl_basic_set_list *list) {
  isl_size n = isl_basic_set_list_n_basic_set(list);
  bool free = n >= 0;
  for (int i = 0; i < n && free; ++i) {
    isl_basic_set *bset = isl_basic_set_list_get_at(list, i);
    free = bset && isl_basic_set_dim(bset, isl_dim_div) == 0;
    isl_basic_set_free(bset);
  }
  return free;
}

bool solarCountBox(__isl_keep isl_set *set, SolarCount *out) {
  isl_size pieces = set ? isl_set_n_basic_set(set) : isl_size_error;
  if (pieces <= 0 || pieces > kMaxBoxes)
    return false;
  isl_val *size = NULL;
  isl_basic_set_list *pieceList = isl_set_get_basic_set_list(set);
  if (pieces == 1) {
    size = sumBoxes(pieceList);
  } else if (divFree(pieceList)) {
    /* The cells the summation makes first (boxes split by boxes stay
     * boxes), each counted exactly there. */
    isl_set *cells = isl_set_make_disjoint(isl_set_copy(set));
    isl_basic_set_list *list = isl_set_get_basic_set_list(cells);
    size = sumBoxes(list);
    isl_basic_set_list_free(list);
    isl_set_free(cells);
  }
  isl_basic_set_list_free(pieceList);
  if (!size)
    return false;
  /* As the summation assembles it: one constant piece on the parameters. */
  isl_space *params = isl_space_params(isl_set_get_space(set));
  out->count = isl_pw_qpolynomial_from_qpolynomial(
      isl_qpolynomial_val_on_domain(params, size));
  out->exact = true;
  return out->count != NULL;
}

/* ---- products of independent components --------------------------------- */

static int findRoot(SolarUnionFind *sets, int i) {
  return (int)solarUnionFindRoot(sets, (size_t)i);
}

static void join(SolarUnionFind *sets, int a, int b) {
  solarUnionFindJoinLowest(sets, (size_t)a, (size_t)b);
}

static SolarUnionFind *createSets(int count) {
  SolarUnionFind *sets = solarUnionFindCreate((size_t)count);
  if (!sets)
    abort();
  return sets;
}

typedef struct {
  int dims, divs, params;
  SolarUnionFind *parent; /* dims first, then divs */
  bool ok;
} Linking;

/* Joins every dimension and existential variable one constraint involves. */
static isl_stat linkConstraint(__isl_take isl_constraint *c, void *user) {
  Linking *link = user;
  int first = -1;
  if (isl_constraint_involves_dims(c, isl_dim_param, 0,
                                   (unsigned)link->params) != isl_bool_false)
    link->ok = false;
  for (int i = 0; i < link->dims + link->divs && link->ok; ++i) {
    bool isDiv = i >= link->dims;
    isl_bool involves = isl_constraint_involves_dims(
        c, isDiv ? isl_dim_div : isl_dim_set,
        (unsigned)(isDiv ? i - link->dims : i), 1);
    if (involves == isl_bool_error)
      link->ok = false;
    else if (involves && first < 0)
      first = i;
    else if (involves)
      join(link->parent, first, i);
  }
  isl_constraint_free(c);
  return link->ok ? isl_stat_ok : isl_stat_error;
}

/* Joins each existential variable with what its definition involves. */
static bool linkDivs(__isl_keep isl_basic_set *bset, Linking *link) {
  for (int j = 0; j < link->divs; ++j) {
    isl_aff *div = isl_basic_set_get_div(bset, j);
    if (!div)
      return false;
    if (isl_aff_involves_dims(div, isl_dim_param, 0, (unsigned)link->params) !=
        isl_bool_false) {
      isl_aff_free(div);
      return false;
    }
    for (int i = 0; i < link->dims + j; ++i) {
      bool isDiv = i >= link->dims;
      isl_bool involves = isl_aff_involves_dims(
          div, isDiv ? isl_dim_div : isl_dim_in,
          (unsigned)(isDiv ? i - link->dims : i), 1);
      if (involves == isl_bool_error) {
        isl_aff_free(div);
        return false;
      }
      if (involves)
        join(link->parent, link->dims + j, i);
    }
    isl_aff_free(div);
  }
  return true;
}

/* Joins, in `global` (over the set's dimensions), the dimensions one
 * piece of the set relates through its constraints and existential
 * variables. */
static isl_stat linkPiece(__isl_take isl_basic_set *bset, void *user) {
  SolarUnionFind *global = user;
  Linking link = {.dims = isl_basic_set_dim(bset, isl_dim_set),
                  .divs = isl_basic_set_dim(bset, isl_dim_div),
                  .params = isl_basic_set_dim(bset, isl_dim_param),
                  .ok = true};
  if (link.dims < 0 || link.divs < 0 || link.params < 0) {
    isl_basic_set_free(bset);
    return isl_stat_error;
  }
  link.parent = createSets(link.dims + link.divs);
  link.ok = linkDivs(bset, &link) &&
            isl_basic_set_foreach_constraint(bset, linkConstraint, &link) ==
                isl_stat_ok &&
            link.ok;
  isl_basic_set_free(bset);
  for (int i = 0; link.ok && i < link.dims; ++i)
    join(global, findRoot(link.parent, i), i);
  solarUnionFindDestroy(link.parent);
  return link.ok ? isl_stat_ok : isl_stat_error;
}

/* Whether a set of several pieces is the product of its projections onto
 * the groups (each piece being one is not enough: {(0,0)} u {(1,1)}). The
 * set lies in the product of its projections; it is the product when the
 * product, the intersection of the cylinders over each projection, lies in
 * it. */
static bool isProductOfGroups(__isl_keep isl_set *set, SolarUnionFind *parent,
                              int dims) {
  isl_set *product = NULL;
  for (int root = 0; root < dims; ++root) {
    if (findRoot(parent, root) != root)
      continue;
    isl_set *cylinder = isl_set_copy(set);
    for (int i = 0; i < dims; ++i)
      if (findRoot(parent, i) != root)
        cylinder = isl_set_eliminate(cylinder, isl_dim_set, (unsigned)i, 1);
    product = product ? isl_set_intersect(product, cylinder) : cylinder;
  }
  isl_bool inside = isl_set_is_subset(product, set);
  isl_set_free(product);
  return inside == isl_bool_true;
}

/* The independent components of a set: groups of dimensions no
 * constraint (nor existential variable) of any piece relates to another
 * group, none involving a parameter, and, for a set of several pieces,
 * whose projections' product is the set. The set is the product of the
 * returned projections (the caller frees them and the array). 0, and no
 * array, when there are fewer than two such groups. A padded convolution's
 * window and a transposed convolution's necessary taps (the zero-inserted
 * input's parity, per spatial dimension, in one piece per border case) are
 * such products. */
static int setComponents(__isl_keep isl_set *set, isl_set ***components) {
  *components = NULL;
  isl_size pieces = set ? isl_set_n_basic_set(set) : isl_size_error;
  isl_size dims = set ? isl_set_dim(set, isl_dim_set) : isl_size_error;
  if (pieces < 1 || pieces > kMaxBoxes || dims < 2)
    return 0;
  SolarUnionFind *parent = createSets(dims);
  bool ok = isl_set_foreach_basic_set(set, linkPiece, parent) == isl_stat_ok;
  int count = 0;
  for (int i = 0; ok && i < dims; ++i)
    if (findRoot(parent, i) == i)
      count++;
  if (!ok || count < 2 ||
      (pieces > 1 && !isProductOfGroups(set, parent, dims))) {
    solarUnionFindDestroy(parent);
    return 0;
  }
  *components = malloc(sizeof(isl_set *) * (size_t)count);
  if (!*components)
    abort();
  int k = 0;
  for (int root = 0; root < dims; ++root) {
    if (findRoot(parent, root) != root)
      continue;
    /* The other components' dimensions projected out, last first. */
    isl_set *part = isl_set_copy(set);
    for (int i = dims - 1; i >= 0; --i)
      if (findRoot(parent, i) != root)
        part = isl_set_project_out(part, isl_dim_set, (unsigned)i, 1);
    (*components)[k++] = isl_set_coalesce(part);
  }
  solarUnionFindDestroy(parent);
  return count;
}

/* The product of the counts of the set's independent components
 * (setComponents): summing dimension by dimension treats each component
 * alone anyway (a fibre's bounds involve only its own component), so the
 * product is the count it would give, at the cost of the components' far
 * smaller sums. Only when every component is counted exactly and is not
 * empty; false otherwise, and the whole set is summed. */
/* The product of the counts of the parts of a one-piece set, or NULL when
 * it has fewer than two parts or a part is not counted exactly. */
static __isl_give isl_val *productOfParts(SolarCountCache *cache,
                                          __isl_keep isl_set *set,
                                          unsigned long budget) {
  isl_set **parts = NULL;
  int n = setComponents(set, &parts);
  if (n == 0)
    return NULL;
  isl_space *params = isl_space_params(isl_set_get_space(set));
  isl_val *product = isl_val_one(isl_set_get_ctx(set));
  for (int i = 0; i < n; ++i) {
    SolarCount part = {NULL, true};
    /* Parts recur across sets (one window per spatial size, whatever the
     * channels): through the memo when there is one. */
    bool counted =
        product && (cache ? solarCountSetCached(cache, parts[i], &part)
                          : solarCountBox(parts[i], &part) ||
                                solarCountSetSummed(parts[i], budget, &part,
                                                 NULL));
    isl_val *value =
        counted && part.exact && part.count
            ? isl_pw_qpolynomial_eval(isl_pw_qpolynomial_copy(part.count),
                                      isl_point_zero(isl_space_copy(params)))
            : NULL;
    solarCountClear(&part);
    if (!value || isl_val_is_int(value) != isl_bool_true ||
        isl_val_is_pos(value) != isl_bool_true) {
      isl_val_free(value);
      product = isl_val_free(product);
    } else {
      product = isl_val_mul(product, value);
    }
    isl_set_free(parts[i]);
  }
  free(parts);
  isl_space_free(params);
  return product;
}

/* A cell of a disjoint union: a box, or a product of parts. */
static __isl_give isl_val *cellCount(SolarCountCache *cache,
                                     __isl_take isl_basic_set *cell,
                                     unsigned long budget) {
  isl_val *size = boxSize(cell);
  if (!size) {
    isl_set *set = isl_set_from_basic_set(isl_basic_set_copy(cell));
    size = productOfParts(cache, set, budget);
    isl_set_free(set);
  }
  isl_basic_set_free(cell);
  return size;
}

bool solarCountByComponents(SolarCountCache *cache, __isl_keep isl_set *set,
                         unsigned long budget, SolarCount *out) {
  isl_size pieces = set ? isl_set_n_basic_set(set) : isl_size_error;
  if (pieces <= 0 || pieces > kMaxBoxes)
    return false;
  isl_val *total = NULL;
  total = productOfParts(cache, set, budget);
  if (!total && pieces > 1) {
    /* The cells the summation makes first, each counted as one piece. */
    isl_basic_set_list *pieceList = isl_set_get_basic_set_list(set);
    bool plain = divFree(pieceList);
    isl_basic_set_list_free(pieceList);
    isl_set *cells = plain ? isl_set_make_disjoint(isl_set_copy(set)) : NULL;
    isl_basic_set_list *list = cells ? isl_set_get_basic_set_list(cells) : NULL;
    isl_size n = list ? isl_basic_set_list_n_basic_set(list) : isl_size_error;
    if (n > 0 && n <= kMaxBoxes)
      total = isl_val_zero(isl_set_get_ctx(set));
    for (int i = 0; total && i < n; ++i) {
      isl_val *size = cellCount(cache, isl_basic_set_list_get_at(list, i),
                                budget);
      total = size ? isl_val_add(total, size) : isl_val_free(total);
    }
    isl_basic_set_list_free(list);
    isl_set_free(cells);
  }
  if (!total)
    return false;
  out->count = isl_pw_qpolynomial_from_qpolynomial(isl_qpolynomial_val_on_domain(
      isl_space_params(isl_set_get_space(set)), total));
  out->exact = true;
  return out->count != NULL;
}
