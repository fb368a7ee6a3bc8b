/* The builder's typed hash indexes (einsum_lookup.h) on the one table of
 * solar/support/hash.h. */
#include "einsum_lookup.h"

#include <string.h>

typedef struct {
  const void *key;
  intptr_t value;
} HandleEntry;

static bool handleEqual(const void *entry, const void *key) {
  return ((const HandleEntry *)entry)->key == key;
}

static const SolarHashKind kHandle = {sizeof(HandleEntry), handleEqual};

bool egHandleMapGet(const EgHandleMap *map, const void *key, intptr_t *value) {
  if (!key)
    return false;
  const HandleEntry *entry =
      solarHashFind(&map->table, &kHandle, solarHashPointer(key), key);
  if (!entry)
    return false;
  *value = entry->value;
  return true;
}

void egHandleMapPut(EgHandleMap *map, const void *key, intptr_t value) {
  if (!key)
    return;
  bool added;
  HandleEntry *entry = solarHashInsert(&map->table, &kHandle,
                                       solarHashPointer(key), key, &added);
  entry->key = key;
  entry->value = value;
}

void egHandleMapClear(EgHandleMap *map) { solarHashClear(&map->table); }

static bool nameEqual(const void *entry, const void *key) {
  return strcmp(*(const char *const *)entry, key) == 0;
}

static const SolarHashKind kName = {sizeof(const char *), nameEqual};

bool egNameSetHas(const EgNameSet *set, const char *name) {
  return solarHashFind(&set->table, &kName, solarHashString(name), name) !=
         NULL;
}

void egNameSetAdd(EgNameSet *set, const char *name) {
  bool added;
  const char **entry =
      solarHashInsert(&set->table, &kName, solarHashString(name), name, &added);
  if (added)
    *entry = name;
}

void egNameSetClear(EgNameSet *set) { solarHashClear(&set->table); }
