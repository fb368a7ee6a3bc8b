/* The forward known values' isl results by shape (einsum_known.h).
 *
 * A convolutional network pads each convolution's input the same way: a
 * buffer filled with 0, its interior overwritten, the window read through
 * the convolution's access. The known-zero set is then the buffer's box
 * less the interior's (built from the bounds where both are boxes,
 * einsum_known_box.c; else isl's subtraction and coalescing, about 1.5 M
 * instructions), pulled back through the access (about 0.7 M), and a
 * network repeats each padded shape layer after layer. The memo is
 * einsum_shape_memo.h's: the key is the operation and its operands
 * printed with their tuples anonymous (about 50 K instructions a set),
 * the payload the anonymous result, handed out under the caller's tuple
 * names as a copy sharing nothing with it. */
#include "einsum_known.h"

#include <stdlib.h>

typedef struct {
  isl_set *set; /* tuple EG_SHAPE_MEMO_STORED, or NULL: nothing known */
} KnownResult;

static void freeKnownResult(void *payload) {
  KnownResult *r = payload;
  isl_set_free(r->set);
  free(r);
}

void egKnownKeySet(EgShapeKey *key, __isl_keep isl_set *set) {
  isl_set *anonymous = isl_set_reset_tuple_id(isl_set_copy(set));
  egShapeKeyAddPrinted(key, isl_set_to_str(anonymous));
  isl_set_free(anonymous);
}

void egKnownKeyMap(EgShapeKey *key, __isl_keep isl_map *map) {
  isl_map *anonymous = egShapeMemoFreshMap(map, NULL, NULL);
  egShapeKeyAddPrinted(key, isl_map_to_str(anonymous));
  isl_map_free(anonymous);
}

bool egKnownMemoFind(EgNecessaryWork *work, const char *key, const char *name,
                     isl_set **out) {
  KnownResult *r = egShapeMemoGet(work->knownMemo, key);
  if (!r)
    return false;
  *out = r->set ? egShapeMemoFreshSet(r->set, name) : NULL;
  return true;
}

void egKnownMemoKeep(EgNecessaryWork *work, const char *key,
                     __isl_keep isl_set *result) {
  if (!work->knownMemo)
    work->knownMemo = egShapeMemoCreate(freeKnownResult);
  KnownResult *r = malloc(sizeof(*r));
  if (!r)
    abort();
  r->set = result ? egShapeMemoFreshSet(result, EG_SHAPE_MEMO_STORED) : NULL;
  egShapeMemoPut(work->knownMemo, key, r);
}
