/* Hash indexes for the einsum builder: MLIR handles (the opaque pointer
 * inside MlirOperation / MlirBlock / MlirValue, equal exactly when the
 * handles are) to builder ids, and a set of names. They replace linear
 * scans that made lifting quadratic in the number of ops and tensors.
 * Neither owns its keys: handles belong to MLIR, names to the builder
 * objects that carry them, and both outlive the index. */
#ifndef SOLAR_EINSUM_LOOKUP_H
#define SOLAR_EINSUM_LOOKUP_H

#include "solar/support/hash.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Start from {0}; table.count is the number of keys. */
typedef struct {
  SolarHashTable table;
} EgHandleMap;

/* The value stored for key, if any. A NULL key is never stored (Put
 * ignores it) and never found. */
bool egHandleMapGet(const EgHandleMap *map, const void *key, intptr_t *value);
/* Inserts key or replaces its value. */
void egHandleMapPut(EgHandleMap *map, const void *key, intptr_t value);
void egHandleMapClear(EgHandleMap *map);

/* Start from {0}; table.count is the number of names. */
typedef struct {
  SolarHashTable table;
} EgNameSet;

bool egNameSetHas(const EgNameSet *set, const char *name);
void egNameSetAdd(EgNameSet *set, const char *name);
void egNameSetClear(EgNameSet *set);

#endif
