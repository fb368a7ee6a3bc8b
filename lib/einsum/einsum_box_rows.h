/* Access relations and images of plain accesses written down from their
 * rows (einsum_box_rows.c), for einsum_access_build.c. */
#ifndef SOLAR_EINSUM_BOX_ROWS_H
#define SOLAR_EINSUM_BOX_ROWS_H

#include <isl/aff.h>
#include <isl/map.h>
#include <isl/set.h>

#include <stdbool.h>
#include <stdint.h>

/* A box domain's constraints as isl keeps them: its equalities fix
 * dimensions (i_d = value, in row order) and each inequality bounds one
 * dimension (sign * i_d + constant >= 0, in row order). */
typedef struct {
  int depth;
  int eqCount, ineqCount;
  int *eqDim;       /* eqCount entries */
  bool *fixed;      /* depth entries */
  int64_t *value;   /* depth entries: the value of a fixed dimension */
  int *ineqDim;     /* ineqCount entries */
  int *ineqSign;    /* +1 or -1 */
  int64_t *ineqConst;
  int64_t *lo, *hi; /* depth entries: the box's bounds */
} EgBoxRows;

/* Reads the rows of a box of constants in that form; false (rows freed)
 * for any other set. */
bool egBoxRowsRead(__isl_keep isl_set *domain, EgBoxRows *rows);
void egBoxRowsClear(EgBoxRows *rows);

/* The indices of a plain access read as integers: row r is
 * constant[r] + sum_d coef[r * depth + d] * i_d. */
typedef struct {
  int rank, depth;
  int64_t *coef;
  int64_t *constant;
} EgIndexRows;

bool egIndexRowsRead(__isl_keep isl_multi_aff *ma, int depth,
                     EgIndexRows *rows);
void egIndexRowsClear(EgIndexRows *rows);

/* { S[i] -> T[f(i)] : i in the box } on `space` (taken), with the rows
 * isl_map_from_multi_aff and isl_map_intersect_domain give it (the
 * indices' equalities with the fixed dimensions substituted, last output
 * first, then the box's rows). */
__isl_give isl_map *egPlainAccessMap(__isl_take isl_space *space,
                                     const EgBoxRows *box,
                                     const EgIndexRows *f);

/* The image of the box under f on `space` (a set space, taken), with the
 * rows isl_map_range of the relation gives it, when every index is a
 * constant or one dimension plus a constant and every dimension the box
 * does not fix is used by exactly one index (the image is then the box's
 * rows moved); NULL (space freed) otherwise. */
__isl_give isl_set *egPlainAccessImage(__isl_take isl_space *space,
                                       const EgBoxRows *box,
                                       const EgIndexRows *f);

/* The rows of the domain of a loop lb <= i < ub (step 1) nested in a
 * box with rows `parent`: the parent's rows and the new (last)
 * dimension's bounds appended, lower first, as isl_set_intersect with
 * isl_pw_aff_le_set and isl_pw_aff_lt_set leaves them. A loop of one
 * iteration fixes the dimension by an equality, which goes first (isl's
 * Gaussian order); it is written only directly inside a box without
 * inequalities. False (child untouched) otherwise. */
bool egBoxRowsAddLoop(const EgBoxRows *parent, int64_t lb, int64_t ub,
                      EgBoxRows *child);
/* The set of those rows, in their order, on `space` (taken); NULL (space
 * freed) when an entry does not fit an int. */
__isl_give isl_set *egBoxRowsSet(__isl_take isl_space *space,
                                 const EgBoxRows *rows);
void egBoxRowsCopy(const EgBoxRows *from, EgBoxRows *to);

/* The least and greatest value of index r over the box; false on
 * overflow. */
bool egIndexRowExtremes(const EgBoxRows *box, const EgIndexRows *f, int r,
                        int64_t *lowest, int64_t *highest);

#endif
