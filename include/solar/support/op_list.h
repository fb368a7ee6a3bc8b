/* Operations collected by a walk and rewritten after it (rewriting inside
 * the walk would invalidate it): the one growable list of operations. */
#ifndef SOLAR_SUPPORT_OP_LIST_H
#define SOLAR_SUPPORT_OP_LIST_H

#include "solar/support/grow.h"

#include "mlir-c/IR.h"

#include <stddef.h>
#include <stdlib.h>

typedef struct {
  MlirOperation *items; /* owned: free(items) */
  size_t count, capacity;
} SolarOpList;

static inline void solarOpListPush(SolarOpList *list, MlirOperation op) {
  list->items =
      solarGrow(list->items, &list->capacity, list->count, sizeof(op));
  list->items[list->count++] = op;
}

/* Walks `root` in `order` with `collect` (given the SolarOpList to push
 * onto), then hands each collected op to `rewrite`. */
static inline void solarOpListRewriteAll(MlirOperation root,
                                         MlirOperationWalkCallback collect,
                                         MlirWalkOrder order,
                                         void (*rewrite)(MlirOperation)) {
  SolarOpList list = {NULL, 0, 0};
  mlirOperationWalk(root, collect, &list, order);
  for (size_t i = 0; i < list.count; ++i)
    rewrite(list.items[i]);
  free(list.items);
}

#endif
