/* Necessary work: which iteration points of a node can be skipped by any
 * implementation without changing the program's result (docs/sol-model.md,
 * "Necessary work"). Shared by einsum_known_zero.c (forward: the values
 * known at each point) and einsum_necessary.c (backward: the elements whose
 * value is ever used), lib/einsum only.
 *
 * Every set is an isl set, never enumerated: over a node's domain (tuple
 * S<id>) for values computed in the node, over the tensor's element space
 * (tuple = the tensor's isl name) for what a tensor holds. NULL stands for
 * the empty set (nothing known). */
#ifndef SOLAR_EINSUM_KNOWN_H
#define SOLAR_EINSUM_KNOWN_H

#include "einsum_internal.h"
#include "einsum_shape_memo.h"

/* What is known about a value at the points of a set. The sets are
 * disjoint by construction of the values they describe. */
typedef struct {
  isl_set *zero;       /* +-0.0, integer 0, i1 false */
  isl_set *negInf;     /* -inf */
  isl_set *truth;      /* i1 true */
  isl_pw_aff *affine;  /* integer value as an affine function (where defined) */
} EgKnown;

void egKnownClear(EgKnown *known);

typedef struct {
  const void *value; /* MlirValue handle */
  EgKnown known;
} EgKnownEntry;

/* Per node: the known values of everything in its expression, kept from the
 * forward pass for the backward one. */
typedef struct {
  /* One allocation per entry: evaluation holds pointers to the known
   * values of operands while it adds entries, so they must not move. */
  EgKnownEntry **entries;
  int count, capacity;
  MlirValue contribution; /* the value a reduction adds (or max-es) in */
  isl_set *skippable;     /* points whose contribution is the identity */
} EgNodeKnown;

/* Frees what the entries and the skippable set hold; *nk stays valid for
 * another clear. */
void egNodeKnownClear(EgNodeKnown *nk);

/* The bounds of a set of `dims` dimensions that is one box with integer
 * bounds fitting int64 (solarCountBoxBounds): lo[d], hi[d] in
 * bounds[2d], bounds[2d + 1]. False for any other set, bounds then
 * partly written. Uncached; the cache below reads its boxes with it. */
bool egSetBoxBounds(__isl_keep isl_set *set, int dims, int64_t *bounds);

/* Box bounds of sets by their address (einsum_box_cache.c). */
typedef struct EgBoxCache EgBoxCache;
EgBoxCache *egBoxCacheCreate(void);
void egBoxCacheDestroy(EgBoxCache *cache);
/* Whether `inner` lies in `outer`, shown by both being one box with
 * integer bounds (both kept); false when not shown. */
bool egBoxCacheContains(EgBoxCache *cache, __isl_keep isl_set *outer,
                        __isl_keep isl_set *inner);

typedef struct {
  EgBuilder *b;
  EgBoxCache *boxes;    /* box bounds of the images and needs asked about */
  bool failed;          /* an isl operation failed (budget): no result */
  int *groupStart;      /* per node: first node of its top-level op */
  int *groupEnd;        /* per node: one past the last */
  EgKnown *tensors;     /* forward state per tensor */
  EgNodeKnown *nodes;   /* per node */
  EgShapeMemo *unskippedMemo; /* einsum_unskipped.c's; created on first use */
  EgShapeMemo *knownMemo; /* einsum_known_memo.c's, for the forward pass */
} EgNecessaryWork;

/* The forward pass's memo of isl results by shape (einsum_known_memo.c):
 * a key is built of the operation's name (egShapeKeyAdd) and its operands
 * printed with anonymous tuples (egKnownKeySet, egKnownKeyMap); a result
 * (NULL: nothing known) is kept without its tuple name and found under
 * the caller's. */
void egKnownKeySet(EgShapeKey *key, __isl_keep isl_set *set);
void egKnownKeyMap(EgShapeKey *key, __isl_keep isl_map *map);
/* Whether `key` was kept; if so *out gets a fresh copy named `name`. */
bool egKnownMemoFind(EgNecessaryWork *work, const char *key, const char *name,
                     isl_set **out);
void egKnownMemoKeep(EgNecessaryWork *work, const char *key,
                     __isl_keep isl_set *result);

/* A fact less the elements a node writes, both one box, built as
 * isl_set_subtract would build it, with the same effect on the inputs
 * (einsum_known_box.c). DONE: *out holds the difference (not coalesced:
 * the caller coalesces as after isl's); EMPTY: it is empty; REFUSED: not
 * two boxes of that kind, isl must subtract. The inputs are kept. */
typedef enum {
  EG_BOX_MINUS_DONE,
  EG_BOX_MINUS_EMPTY,
  EG_BOX_MINUS_REFUSED,
} EgBoxMinus;
EgBoxMinus egBoxMinus(__isl_keep isl_set *fact, __isl_keep isl_set *elements,
                      isl_set **out);

/* A node's domain less its skippable points, coalesced (a fresh set in the
 * domain's space), and in *shape the memo entry of its shape, which holds
 * its count once egUnskippedKeepCount stored it (einsum_unskipped.c).
 * NULL (and *shape NULL) when isl failed. */
typedef struct EgUnskipped EgUnskipped;
__isl_give isl_set *egUnskippedDomain(EgNecessaryWork *work, EgNode *node,
                                      __isl_keep isl_set *skippable,
                                      EgUnskipped **shape);
/* The count kept for the shape into out (a copy); false when none is. */
bool egUnskippedCount(const EgUnskipped *shape, SolarCount *out);
/* Keeps a copy of the count of the shape's set (the first one stays). */
void egUnskippedKeepCount(EgUnskipped *shape, const SolarCount *count);

/* Whether a read of the node sees its tensor as it was before the node: a
 * read of another tensor, or of the written element itself under an exact
 * injective write (in place: each element is read, then written, by the
 * same point and no other). */
bool egReadSeesOldValue(const EgNode *node, const EgAccess *read);

/* Every index of the tensor's element space (no bounds: creating those
 * would add parameters for dynamic sizes; facts beyond them are moot). */
__isl_give isl_set *egTensorUniverse(EgBuilder *b, int tensor);

/* The evaluation of the values of one node (einsum_known_zero.c). */
typedef struct {
  EgNecessaryWork *work;
  EgNode *node;
  EgNodeKnown *nk;
  int depth;
  /* A hypothesis (egFindSkippable's zero factors): every element this read
   * loads is 0. Its load is then 0 at every point of the domain, which is
   * what pulling its image back gives on the domain, without isl (facts
   * are pointwise, so one that agrees on the domain decides the same);
   * NULL: none. */
  const EgAccess *zeroRead;
} EgKnownEval;

/* What is known of `value` at the node's points (memoized in e->nk). */
const EgKnown *egKnownEvaluate(EgKnownEval *e, MlirValue value);
/* The exact read of `load` in the node, NULL when there is none. */
const EgAccess *egKnownLoadAccess(EgNode *node, MlirOperation load);
/* Sets e->nk's contribution and skippable points
 * (einsum_known_skippable.c). */
void egFindSkippable(EgKnownEval *e);

/* Forward pass: fills work->nodes (known values, skippable points). */
void egKnownValuesForward(EgNecessaryWork *work);
/* The known values of `value` in node `n`, NULL when nothing is known. */
const EgKnown *egNodeKnownOf(const EgNodeKnown *nk, MlirValue value);

#endif
