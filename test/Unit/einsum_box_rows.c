/* unit-einsum_box_rows: loop domains and plain access relations and
 * images written down from their rows (lib/einsum/einsum_box_rows.c) must
 * be the objects isl's operations give, row for row (their texts, and
 * everything computed from them, are printed):
 * - a loop domain (egBoxRowsAddLoop, egBoxRowsSet) against the parent's
 *   domain with the dimension added and intersected with
 *   isl_pw_aff_le_set (lower bound) and isl_pw_aff_lt_set (upper bound),
 *   as einsum_domain.c's constrainDim builds it; a loop of one iteration
 *   inside a box with inequalities is refused;
 * - a relation (egPlainAccessMap) against isl_map_from_multi_aff
 *   intersected with the domain, for moved, summed and strided indices;
 * - an image (egPlainAccessImage) against isl_map_range of that relation
 *   when every index is a dimension plus a constant or a constant and each
 *   dimension the box does not fix is used once; refused (NULL) for sums,
 *   strides and unused dimensions;
 * - egBoxRowsRead refuses a triangle, a parametric box and rows out of
 *   isl's sorted order. */
#include "../../lib/einsum/einsum_box_rows.h"

#include <isl/aff.h>
#include <isl/ctx.h>
#include <isl/local_space.h>
#include <isl/map.h>
#include <isl/mat.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/val.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures = 0, checked = 0;

/* The rows and text of a one-piece map, for comparing representations. */
static char *describe(__isl_keep isl_map *map) {
  char *text = isl_map_to_str(map);
  isl_basic_map_list *list = isl_map_get_basic_map_list(map);
  isl_basic_map *bmap = isl_basic_map_list_get_at(list, 0);
  isl_basic_map_list_free(list);
  isl_mat *m[2] = {
      isl_basic_map_equalities_matrix(bmap, isl_dim_cst, isl_dim_param,
                                      isl_dim_in, isl_dim_out, isl_dim_div),
      isl_basic_map_inequalities_matrix(bmap, isl_dim_cst, isl_dim_param,
                                        isl_dim_in, isl_dim_out,
                                        isl_dim_div)};
  isl_basic_map_free(bmap);
  size_t size = strlen(text) + 64;
  for (int k = 0; k < 2; ++k)
    size += (size_t)isl_mat_rows(m[k]) * (size_t)isl_mat_cols(m[k]) * 24;
  char *out = calloc(size, 1);
  size_t at = (size_t)snprintf(out, size, "%s n=%d", text,
                               (int)isl_map_n_basic_map(map));
  for (int k = 0; k < 2; ++k)
    for (int r = 0; r < isl_mat_rows(m[k]); ++r) {
      at += (size_t)snprintf(out + at, size - at, " | %s", k ? ">=" : "=");
      for (int c = 0; c < isl_mat_cols(m[k]); ++c) {
        isl_val *v = isl_mat_get_element_val(m[k], r, c);
        at += (size_t)snprintf(out + at, size - at, " %ld",
                               isl_val_get_num_si(v));
        isl_val_free(v);
      }
    }
  isl_mat_free(m[0]);
  isl_mat_free(m[1]);
  free(text);
  return out;
}

static void same(const char *what, __isl_keep isl_map *got,
                 __isl_keep isl_map *want) {
  checked++;
  char *g = got ? describe(got) : NULL;
  char *w = want ? describe(want) : NULL;
  if (!g || !w || strcmp(g, w) != 0 ||
      isl_map_has_equal_space(got, want) != isl_bool_true) {
    printf("FAIL: %s\n  got:  %s\n  want: %s\n", what, g ? g : "(null)",
           w ? w : "(null)");
    failures++;
  }
  free(g);
  free(w);
}

static void expect(const char *what, bool ok) {
  checked++;
  if (!ok) {
    printf("FAIL: %s\n", what);
    failures++;
  }
}

/* constrainDim's construction: lb <= i_d < ub on the parent's domain with
 * one dimension added. */
static __isl_give isl_set *islLoop(__isl_take isl_set *parent, long lb,
                                   long ub) {
  isl_set *domain = isl_set_add_dims(parent, isl_dim_set, 1);
  int d = (int)isl_set_dim(domain, isl_dim_set) - 1;
  isl_space *space = isl_set_get_space(domain);
  isl_ctx *ctx = isl_space_get_ctx(space);
  isl_pw_aff *iv = isl_pw_aff_var_on_domain(
      isl_local_space_from_space(isl_space_copy(space)), isl_dim_set,
      (unsigned)d);
  isl_pw_aff *lo = isl_pw_aff_val_on_domain(
      isl_set_universe(isl_space_copy(space)), isl_val_int_from_si(ctx, lb));
  isl_pw_aff *hi = isl_pw_aff_val_on_domain(isl_set_universe(space),
                                            isl_val_int_from_si(ctx, ub));
  domain = isl_set_intersect(domain,
                             isl_pw_aff_le_set(lo, isl_pw_aff_copy(iv)));
  return isl_set_intersect(domain, isl_pw_aff_lt_set(iv, hi));
}

/* The same loop written down from the parent's rows (NULL if refused). */
static __isl_give isl_set *directLoop(__isl_keep isl_set *parent, long lb,
                                      long ub) {
  EgBoxRows rows, child;
  if (!egBoxRowsRead(parent, &rows))
    return NULL;
  bool ok = egBoxRowsAddLoop(&rows, lb, ub, &child);
  egBoxRowsClear(&rows);
  if (!ok)
    return NULL;
  isl_set *set = egBoxRowsSet(
      isl_space_add_dims(isl_set_get_space(parent), isl_dim_set, 1), &child);
  egBoxRowsClear(&child);
  return set;
}

/* Nests loops of the given bounds, checking each level. */
static __isl_give isl_set *nest(isl_ctx *ctx, const char *what, int n,
                                const long *lb, const long *ub) {
  isl_set *isl = isl_set_universe(isl_space_set_alloc(ctx, 0, 0));
  for (int i = 0; i < n; ++i) {
    isl_set *direct = directLoop(isl, lb[i], ub[i]);
    isl = islLoop(isl, lb[i], ub[i]);
    char label[128];
    snprintf(label, sizeof(label), "%s, loop %d", what, i);
    same(label, (isl_map *)direct, (isl_map *)isl);
    isl_set_free(direct);
  }
  return isl;
}

/* The relation and image of indices `ma` over `domain` both ways. */
static void access(isl_ctx *ctx, const char *what,
                   __isl_keep isl_set *domain, const char *indices,
                   bool imageWritten) {
  isl_multi_aff *ma = isl_multi_aff_read_from_str(ctx, indices);
  isl_map *isl = isl_map_set_tuple_name(
      isl_map_from_multi_aff(isl_multi_aff_copy(ma)), isl_dim_out, "T");
  isl = isl_map_intersect_domain(isl, isl_set_copy(domain));
  isl = isl_map_set_tuple_name(isl, isl_dim_in, "S0");
  isl_set *islImage = isl_map_range(isl_map_copy(isl));
  EgBoxRows box;
  EgIndexRows f;
  bool read = egBoxRowsRead(domain, &box);
  expect(what, read && egIndexRowsRead(ma, box.depth, &f));
  isl_space *space = isl_space_set_tuple_name(
      isl_space_set_tuple_name(isl_multi_aff_get_space(ma), isl_dim_out, "T"),
      isl_dim_in, "S0");
  isl_map *map = egPlainAccessMap(isl_space_copy(space), &box, &f);
  isl_set *image = egPlainAccessImage(isl_space_range(space), &box, &f);
  char label[160];
  snprintf(label, sizeof(label), "%s: relation", what);
  same(label, map, isl);
  snprintf(label, sizeof(label), "%s: image", what);
  if (imageWritten)
    same(label, (isl_map *)image, (isl_map *)islImage);
  else
    expect(label, image == NULL);
  egBoxRowsClear(&box);
  egIndexRowsClear(&f);
  isl_map_free(map);
  isl_set_free(image);
  isl_map_free(isl);
  isl_set_free(islImage);
  isl_multi_aff_free(ma);
}

int main(void) {
  isl_ctx *ctx = isl_ctx_alloc();
  /* A batch of one (an equality), channels, two spatial dimensions. */
  const long lb[] = {0, 0, 0, 0}, ub[] = {1, 3, 258, 258};
  isl_set *conv = nest(ctx, "box", 4, lb, ub);
  /* A loop of one iteration inside loops: refused (isl turns the opposite
   * bounds into an equality and moves the rows). */
  {
    isl_set *inner = isl_set_copy(conv);
    isl_set *direct = directLoop(inner, 5, 6);
    expect("one iteration inside a box refused", direct == NULL);
    isl_set_free(direct);
    isl_set_free(inner);
  }
  /* Shifted bounds. */
  const long lb2[] = {2, -3}, ub2[] = {9, 4};
  isl_set *shifted = nest(ctx, "shifted", 2, lb2, ub2);

  access(ctx, "identity", conv,
         "{ [i0, i1, i2, i3] -> [(i0), (i1), (i2), (i3)] }", true);
  access(ctx, "padding read", conv,
         "{ [i0, i1, i2, i3] -> [(i0), (i1), (1 + i2), (1 + i3)] }", true);
  access(ctx, "permuted with a constant", conv,
         "{ [i0, i1, i2, i3] -> [(i3), (i2), (7), (i1), (i0)] }", true);
  access(ctx, "fixed dimension twice", conv,
         "{ [i0, i1, i2, i3] -> [(i0), (i0), (i1), (i2), (i3)] }", true);
  access(ctx, "shifted box moved", shifted,
         "{ [i0, i1] -> [(i1 - 2), (4 + i0)] }", true);
  access(ctx, "sum", conv, "{ [i0, i1, i2, i3] -> [(i1), (i2 + i3)] }",
         false);
  access(ctx, "stride", conv,
         "{ [i0, i1, i2, i3] -> [(i1), (2i2), (i3)] }", false);
  access(ctx, "unused dimension", conv,
         "{ [i0, i1, i2, i3] -> [(i1), (i2)] }", false);

  EgBoxRows rows;
  isl_set *triangle =
      isl_set_read_from_str(ctx, "{ [i, j] : 0 <= i <= 3 and 0 <= j <= i }");
  expect("triangle refused", !egBoxRowsRead(triangle, &rows));
  isl_set *param =
      isl_set_read_from_str(ctx, "[N] -> { [i] : 0 <= i < N }");
  expect("parametric box refused", !egBoxRowsRead(param, &rows));
  /* The upper bound before the lower: not isl's sorted order. */
  isl_set *unsorted = isl_set_from_basic_set(
      isl_basic_set_from_constraint_matrices(
          isl_space_set_alloc(ctx, 0, 1),
          isl_mat_alloc(ctx, 0, 2),
          isl_mat_set_element_si(
              isl_mat_set_element_si(
                  isl_mat_set_element_si(
                      isl_mat_set_element_si(isl_mat_alloc(ctx, 2, 2), 0, 0,
                                             4),
                      0, 1, -1),
                  1, 0, 0),
              1, 1, 1),
          isl_dim_cst, isl_dim_set, isl_dim_param, isl_dim_div));
  expect("unsorted rows refused", !egBoxRowsRead(unsorted, &rows));
  isl_set_free(triangle);
  isl_set_free(param);
  isl_set_free(unsorted);
  isl_set_free(conv);
  isl_set_free(shifted);
  isl_ctx_free(ctx);
  printf("%d checks, %d failure(s)\n", checked, failures);
  return failures != 0;
}
