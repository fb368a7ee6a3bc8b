/* Growing a (items, count, capacity) array by doubling: the one checked
 * copy of the realloc pattern; and the one calloc that never fails. */
#ifndef SOLAR_SUPPORT_GROW_H
#define SOLAR_SUPPORT_GROW_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* `items` with room for at least count + 1 elements of elementSize bytes:
 * unchanged while count < *capacity, else reallocated to twice the capacity
 * (8 at first), which is stored back. Aborts when out of memory or when the
 * size overflows, so callers never see a failed growth:
 *   list->items = solarGrow(list->items, &list->capacity, list->count,
 *                           sizeof(*list->items)); */
void *solarGrow(void *items, size_t *capacity, size_t count,
                size_t elementSize);

/* calloc(count, elementSize), never NULL: aborts when out of memory, and
 * a count of 0 still gives a block the caller may free. */
void *solarCalloc(size_t count, size_t elementSize);

#ifdef __cplusplus
}
#endif

#endif
