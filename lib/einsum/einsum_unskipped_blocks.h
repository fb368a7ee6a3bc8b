/* A domain less a union of pieces, block by block of its dimensions
 * (einsum_unskipped_blocks.c), for a padded convolution's unskipped domain
 * (einsum_unskipped.c).
 *
 * The domain and every piece are products over groups of dimensions that
 * no constraint links (a convolution's (row, kernel row), (column, kernel
 * column), channels). A piece constrains few groups beyond the domain (a
 * row border: the row group; a column border inside the rows that read no
 * padding: the row and column groups), and the difference is then the
 * domain cut group by group: found with isl on the few small groups
 * involved instead of as one subtraction of 7-D sets whose pieces multiply
 * before a coalescing makes them one again. */
#ifndef SOLAR_EINSUM_UNSKIPPED_BLOCKS_H
#define SOLAR_EINSUM_UNSKIPPED_BLOCKS_H

#include "einsum_shape_memo.h"

#include <isl/set.h>

#include <stdbool.h>
#include <stdint.h>

enum { EG_BLOCK_MAX_DIMS = 16, EG_BLOCK_MAX_PIECES = 8 };

/* What the rows of a domain and its pieces say about their groups. Dims
 * are bits of a mask. */
typedef struct {
  int dims, pieces;
  uint32_t group[EG_BLOCK_MAX_DIMS]; /* the dims of d's group */
  /* The dims of the groups some piece constrains beyond the domain (by a
   * constraint that is not one of the domain's): only those can lose
   * points. */
  uint32_t active;
  uint32_t extra[EG_BLOCK_MAX_PIECES]; /* the same, per piece */
  /* The rows read (the domain's, then each piece's), for the exact tests
   * of egBlocksSubtract; owned, freed by egBlockShapeFree. */
  struct EgBlockRows *rows;
} EgBlockShape;

/* Reads the constraints of `domain` (one piece, no existential variable)
 * and of `pieces` (at most EG_BLOCK_MAX_PIECES; existential variables
 * defined by the set dims only) into *shape, and appends to *key
 * everything the difference on the active dims depends on: the dims'
 * groups and the constraints that involve an active dim, in isl's order.
 * False where this does not apply: parameters, a coefficient of 2^30 or
 * more, a piece constraining no group beyond the domain (the difference is
 * then empty), more dims or pieces than the limits; *key is then
 * incomplete. */
bool egBlockShapeRead(__isl_keep isl_set *domain, __isl_keep isl_set *pieces,
                      EgBlockShape *shape, EgShapeKey *key);
/* Frees what egBlockShapeRead kept (nothing where it returned false). */
void egBlockShapeFree(EgBlockShape *shape);

/* Outcome of egBlocksSubtract. */
typedef enum {
  EG_BLOCKS_DONE,    /* out[0..*count-1] hold the blocks' differences */
  EG_BLOCKS_REFUSED, /* not a product of one-piece differences: use isl */
  EG_BLOCKS_FAILED,  /* an isl operation failed (the budget) */
} EgBlocksResult;

/* The difference `domain` less `pieces` (the sets egBlockShapeRead read
 * into *shape) as blocks: each out[k] one basic set that constrains only
 * the dims of one block (a union of active groups), such that the domain
 * cut by all of them is exactly the difference. The caller frees out[].
 * The blocks are found by taking away, one at a time, a piece that crosses
 * the blocks' current differences in one block only (it contains all the
 * others), merging the blocks a piece crosses where none crosses one.
 * Whether a piece contains or misses a block's difference is decided on
 * the rows (einsum_int_empty.h) where that is exact, else by isl. Each
 * step's difference is kept in `steps` (egBlockStepsCreate's memo; NULL:
 * none) under the exact rows of its two sets: a convolution's rows and
 * columns, and layers of one size, take the same steps. */
EgBlocksResult egBlocksSubtract(__isl_keep isl_set *domain,
                                __isl_keep isl_set *pieces,
                                const EgBlockShape *shape, EgShapeMemo *steps,
                                isl_set *out[EG_BLOCK_MAX_DIMS], int *count);

/* A memo for egBlocksSubtract's steps (the caller destroys it). */
EgShapeMemo *egBlockStepsCreate(void);

/* The domain (one piece) cut by blocks[0..count-1] (egBlocksSubtract's,
 * whatever their tuple name: fresh copies are renamed to the domain's, so
 * that isl shares nothing with the caller's blocks): one piece. */
__isl_give isl_set *egBlocksCut(__isl_keep isl_set *domain,
                                isl_set *const *blocks, int count);

#endif
