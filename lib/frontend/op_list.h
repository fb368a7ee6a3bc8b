/* Operations collected by a walk and rewritten after it (rewriting inside
 * the walk would invalidate it): the one growable list of lib/frontend. */
#ifndef SOLAR_FRONTEND_OP_LIST_H
#define SOLAR_FRONTEND_OP_LIST_H

#include "solar/support/grow.h"

#include "mlir-c/IR.h"

#include <stddef.h>

typedef struct {
  MlirOperation *items; /* owned: free(items) */
  size_t count, capacity;
} SolarOpList;

static inline void solarOpListPush(SolarOpList *list, MlirOperation op) {
  list->items =
      solarGrow(list->items, &list->capacity, list->count, sizeof(op));
  list->items[list->count++] = op;
}

#endif
