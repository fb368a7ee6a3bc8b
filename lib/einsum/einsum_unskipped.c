/* The necessary points of a node whose whole domain is demanded: the domain
 * less its skippable points (a padded convolution's window points that read
 * the padding), and their count, memoised by shape.
 *
 * A network repeats a few convolution shapes layer after layer, and the
 * subtraction and coalescing that turn "domain less one piece per padded
 * border" back into one convex piece cost milliseconds each, far more than
 * printing the two sets that decide the result. The memo is
 * einsum_shape_memo.h's: the key is the printed anonymous domain and
 * skippable set, the payload the stored result and, once counted, its
 * count. */
#include "einsum_known.h"
#include "einsum_shape_memo.h"

#include <stdlib.h>

struct EgUnskipped {
  isl_set *necessary; /* tuple EG_SHAPE_MEMO_STORED; owned */
  bool counted;
  SolarCount count; /* when counted; owned */
};

static void freeUnskipped(void *payload) {
  EgUnskipped *entry = payload;
  isl_set_free(entry->necessary);
  solarCountClear(&entry->count);
  free(entry);
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
