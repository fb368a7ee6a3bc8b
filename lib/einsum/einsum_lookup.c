/* Open addressing with linear probing, grown to keep at most half of the
 * slots in use; nothing is ever removed. */
#include "einsum_lookup.h"

#include <stdlib.h>
#include <string.h>

static size_t handleHash(const void *key) {
  uint64_t x = (uint64_t)(uintptr_t)key;
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  return (size_t)x;
}

static size_t nameHash(const char *name) {
  uint64_t h = 0xcbf29ce484222325ULL; /* FNV-1a */
  for (const unsigned char *p = (const unsigned char *)name; *p; ++p)
    h = (h ^ *p) * 0x100000001b3ULL;
  return (size_t)h;
}

/* Slot of key, or the empty slot where it would go. */
static size_t handleSlot(const EgHandleMap *map, const void *key) {
  size_t mask = map->capacity - 1, i = handleHash(key) & mask;
  while (map->keys[i] && map->keys[i] != key)
    i = (i + 1) & mask;
  return i;
}

bool egHandleMapGet(const EgHandleMap *map, const void *key, intptr_t *value) {
  if (map->capacity == 0 || !key)
    return false;
  size_t i = handleSlot(map, key);
  if (!map->keys[i])
    return false;
  *value = map->values[i];
  return true;
}

static void handleGrow(EgHandleMap *map) {
  EgHandleMap bigger = {NULL, NULL, map->capacity ? 2 * map->capacity : 64, 0};
  bigger.keys = calloc(bigger.capacity, sizeof(*bigger.keys));
  bigger.values = calloc(bigger.capacity, sizeof(*bigger.values));
  if (!bigger.keys || !bigger.values)
    abort();
  for (size_t i = 0; i < map->capacity; ++i)
    if (map->keys[i]) {
      size_t slot = handleSlot(&bigger, map->keys[i]);
      bigger.keys[slot] = map->keys[i];
      bigger.values[slot] = map->values[i];
      bigger.count++;
    }
  egHandleMapClear(map);
  *map = bigger;
}

void egHandleMapPut(EgHandleMap *map, const void *key, intptr_t value) {
  if (!key)
    return;
  if (2 * (map->count + 1) > map->capacity)
    handleGrow(map);
  size_t i = handleSlot(map, key);
  if (!map->keys[i]) {
    map->keys[i] = key;
    map->count++;
  }
  map->values[i] = value;
}

void egHandleMapClear(EgHandleMap *map) {
  free(map->keys);
  free(map->values);
  map->keys = NULL;
  map->values = NULL;
  map->capacity = map->count = 0;
}

static size_t nameSlot(const EgNameSet *set, const char *name) {
  size_t mask = set->capacity - 1, i = nameHash(name) & mask;
  while (set->names[i] && strcmp(set->names[i], name) != 0)
    i = (i + 1) & mask;
  return i;
}

bool egNameSetHas(const EgNameSet *set, const char *name) {
  return set->capacity > 0 && set->names[nameSlot(set, name)] != NULL;
}

void egNameSetAdd(EgNameSet *set, const char *name) {
  if (2 * (set->count + 1) > set->capacity) {
    EgNameSet bigger = {NULL, set->capacity ? 2 * set->capacity : 64, 0};
    bigger.names = calloc(bigger.capacity, sizeof(*bigger.names));
    if (!bigger.names)
      abort();
    for (size_t i = 0; i < set->capacity; ++i)
      if (set->names[i]) {
        bigger.names[nameSlot(&bigger, set->names[i])] = set->names[i];
        bigger.count++;
      }
    egNameSetClear(set);
    *set = bigger;
  }
  size_t i = nameSlot(set, name);
  if (!set->names[i]) {
    set->names[i] = name;
    set->count++;
  }
}

void egNameSetClear(EgNameSet *set) {
  free(set->names);
  set->names = NULL;
  set->capacity = set->count = 0;
}
