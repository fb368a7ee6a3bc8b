/* Checked growth and allocation (solar/support/grow.h). */
#include "solar/support/grow.h"

#include <stdint.h>
#include <stdlib.h>

void *solarGrow(void *items, size_t *capacity, size_t count,
                size_t elementSize) {
  if (count < *capacity && items)
    return items;
  size_t grown = *capacity ? 2 * *capacity : 8;
  if (grown <= count)
    grown = count + 1;
  if (elementSize && grown > SIZE_MAX / elementSize)
    abort();
  void *result = realloc(items, grown * (elementSize ? elementSize : 1));
  if (!result)
    abort();
  *capacity = grown;
  return result;
}

void *solarCalloc(size_t count, size_t elementSize) {
  void *p = calloc(count ? count : 1, elementSize ? elementSize : 1);
  if (!p)
    abort();
  return p;
}
