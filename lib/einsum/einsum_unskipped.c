/* The necessary points of a node whose whole domain is demanded: the domain
 * less its skippable points (a padded convolution's window points that read
 * the padding), and their count, memoised by shape.
 *
 * A network repeats a few convolution shapes layer after layer, and the
 * subtraction and coalescing that turn "domain less one piece per padded
 * border" back into one convex piece cost milliseconds each (10-15 M
 * instructions), far more than the rest of the node's analysis. Two ways,
 * each memoised (einsum_shape_memo.h's memo):
 *
 * - By blocks (einsum_unskipped_blocks.h) where the difference is the
 *   domain cut by one piece per block of linked dimensions: the key is the
 *   rows of the dims the pieces cut (a convolution's rows and columns, not
 *   its channels, so layers of one spatial size and kernel share it), the
 *   payload each block's difference; each node cuts its own domain by them.
 *   The result is the set isl's subtraction and coalescing give (one piece,
 *   the same constraints: checked on every padded convolution of the zoo
 *   and test/).
 * - Else as isl subtracts and coalesces: the key is the printed anonymous
 *   domain and skippable set, the payload the stored result and, once
 *   counted, its count (ResNet-18's stem, whose last column reads less of
 *   the padding, coalesces into two pieces). */
#include "einsum_known.h"
#include "einsum_shape_memo.h"
#include "einsum_unskipped_blocks.h"

#include "solar/support/grow.h"

#include <stdlib.h>

/* An entry keyed by the printed sets holds the result and its count; one
 * keyed by the blocks' rows (einsum_unskipped_blocks.h) the blocks'
 * differences, or that there are none; the one keyed kStepsKey the memo of
 * egBlocksSubtract's steps, which shapes share (a step is one block's
 * difference less one piece: U-Net's layers take each twice, for the rows
 * and for the columns). */
struct EgUnskipped {
  isl_set *necessary; /* tuple EG_SHAPE_MEMO_STORED; owned */
  bool counted;
  SolarCount count; /* when counted; owned */
  bool refused;
  int blocks;
  isl_set *block[EG_BLOCK_MAX_DIMS]; /* tuple EG_SHAPE_MEMO_STORED; owned */
  EgShapeMemo *steps;                /* owned */
};

/* No printed set nor rows key begins with it. */
static const char kStepsKey[] = "steps";

static void freeUnskipped(void *payload) {
  EgUnskipped *entry = payload;
  isl_set_free(entry->necessary);
  solarCountClear(&entry->count);
  for (int b = 0; b < entry->blocks; ++b)
    isl_set_free(entry->block[b]);
  if (entry->steps)
    egShapeMemoDestroy(entry->steps);
  free(entry);
}

static EgShapeMemo *stepsOf(EgNecessaryWork *work) {
  EgUnskipped *holder = egShapeMemoGet(work->unskippedMemo, kStepsKey);
  if (!holder) {
    holder = solarCalloc(1, sizeof(*holder));
    holder->steps = egBlockStepsCreate();
    egShapeMemoPut(work->unskippedMemo, kStepsKey, holder);
  }
  return holder->steps;
}

/* The blocks' entry of the shape, made on first use; NULL where isl
 * failed. */
static EgUnskipped *blocksOf(EgNecessaryWork *work, __isl_keep isl_set *domain,
                             __isl_keep isl_set *skippable,
                             const EgBlockShape *shape, const char *key) {
  EgUnskipped *entry = egShapeMemoGet(work->unskippedMemo, key);
  if (entry)
    return entry;
  isl_set *blocks[EG_BLOCK_MAX_DIMS];
  int count = 0;
  EgBlocksResult result =
      egBlocksSubtract(domain, skippable, shape, stepsOf(work), blocks, &count);
  if (result == EG_BLOCKS_FAILED)
    return NULL;
  entry = solarCalloc(1, sizeof(*entry));
  entry->refused = result == EG_BLOCKS_REFUSED;
  for (int b = 0; b < count; ++b) {
    entry->block[entry->blocks++] =
        egShapeMemoFreshSet(blocks[b], EG_SHAPE_MEMO_STORED);
    isl_set_free(blocks[b]);
  }
  egShapeMemoPut(work->unskippedMemo, key, entry);
  return entry;
}

/* By blocks where that applies (*applies): NULL where isl failed. */
static __isl_give isl_set *byBlocks(EgNecessaryWork *work, EgNode *node,
                                    __isl_keep isl_set *skippable,
                                    bool *applies) {
  EgBlockShape shape;
  EgShapeKey key = {0};
  *applies = egBlockShapeRead(node->domain, skippable, &shape, &key);
  EgUnskipped *entry =
      *applies ? blocksOf(work, node->domain, skippable, &shape, key.text)
               : NULL;
  free(key.text);
  egBlockShapeFree(&shape);
  if (!*applies)
    return NULL;
  if (entry && entry->refused) {
    *applies = false;
    return NULL;
  }
  return entry ? egBlocksCut(node->domain, entry->block, entry->blocks)
               : NULL;
}

static void addAnonymous(EgShapeKey *key, __isl_keep isl_set *set) {
  isl_set *anonymous = isl_set_reset_tuple_id(isl_set_copy(set));
  egShapeKeyAddPrinted(key, isl_set_to_str(anonymous));
  isl_set_free(anonymous);
}

__isl_give isl_set *egUnskippedDomain(EgNecessaryWork *work, EgNode *node,
                                      __isl_keep isl_set *skippable,
                                      EgUnskipped **shape) {
  if (!work->unskippedMemo)
    work->unskippedMemo = egShapeMemoCreate(freeUnskipped);
  bool applies = false;
  isl_set *cut = byBlocks(work, node, skippable, &applies);
  if (applies) {
    *shape = NULL;
    return cut;
  }
  EgShapeKey key = {0};
  addAnonymous(&key, node->domain);
  addAnonymous(&key, skippable);
  const char *name = isl_set_get_tuple_name(node->domain);
  EgUnskipped *entry = egShapeMemoGet(work->unskippedMemo, key.text);
  if (!entry) {
    isl_set *necessary = isl_set_coalesce(
        isl_set_subtract(isl_set_copy(node->domain), isl_set_copy(skippable)));
    if (!necessary) { /* isl failed: the caller sees it, nothing kept */
      free(key.text);
      *shape = NULL;
      return NULL;
    }
    entry = calloc(1, sizeof(*entry));
    if (!entry)
      abort();
    entry->necessary = egShapeMemoFreshSet(necessary, EG_SHAPE_MEMO_STORED);
    isl_set_free(necessary);
    egShapeMemoPut(work->unskippedMemo, key.text, entry);
  }
  free(key.text);
  *shape = entry;
  return egShapeMemoFreshSet(entry->necessary, name);
}

bool egUnskippedCount(const EgUnskipped *shape, SolarCount *out) {
  if (!shape || !shape->counted)
    return false;
  out->count = shape->count.count ? isl_pw_qpolynomial_copy(shape->count.count)
                                  : NULL;
  out->exact = shape->count.exact;
  return true;
}

void egUnskippedKeepCount(EgUnskipped *shape, const SolarCount *count) {
  if (!shape || shape->counted)
    return;
  shape->counted = true;
  shape->count.count =
      count->count ? isl_pw_qpolynomial_copy(count->count) : NULL;
  shape->count.exact = count->exact;
}
