/* The hash function and the open-addressing table (solar/support/hash.h). */
#include "solar/support/hash.h"

#include <stdlib.h>
#include <string.h>

enum { kFirstCapacity = 64 };

static const uint64_t kFnvOffset = 14695981039346656037ull;
static const uint64_t kFnvPrime = 1099511628211ull;

uint64_t solarHashBytes(const void *data, size_t size) {
  uint64_t h = kFnvOffset;
  const unsigned char *c = data;
  for (size_t k = 0; k < size; ++k)
    h = (h ^ c[k]) * kFnvPrime;
  return h;
}

uint64_t solarHashString(const char *text) {
  uint64_t h = kFnvOffset;
  for (const unsigned char *c = (const unsigned char *)text; *c; ++c)
    h = (h ^ *c) * kFnvPrime;
  return h;
}

static uint64_t tagOf(uint64_t hash) { return hash | 1; }

/* The home slot of a tag: its top bits after Fibonacci hashing. */
static size_t homeOf(const SolarHashTable *table, uint64_t tag) {
  return (size_t)((tag * 0x9E3779B97F4A7C15ull) >> table->shift);
}

static void *entryAt(const SolarHashTable *table, size_t slot) {
  return table->entries + slot * table->entrySize;
}

/* The slot holding key, or the free slot where it would go. */
static size_t probe(const SolarHashTable *table, const SolarHashKind *kind,
                    uint64_t tag, const void *key) {
  size_t mask = table->capacity - 1;
  size_t slot = homeOf(table, tag);
  while (table->tags[slot] &&
         (table->tags[slot] != tag || !kind->equal(entryAt(table, slot), key)))
    slot = (slot + 1) & mask;
  return slot;
}

static void grow(SolarHashTable *table, size_t entrySize) {
  SolarHashTable bigger = {NULL, NULL, entrySize, 0, 0, 64};
  bigger.capacity = table->capacity ? 2 * table->capacity : kFirstCapacity;
  for (size_t c = bigger.capacity; c > 1; c >>= 1)
    --bigger.shift;
  bigger.tags = calloc(bigger.capacity, sizeof(uint64_t));
  bigger.entries = calloc(bigger.capacity, entrySize ? entrySize : 1);
  if (!bigger.tags || !bigger.entries)
    abort();
  /* Stored keys are distinct: the first free slot along the probe
   * sequence is theirs, no equality needed. */
  for (size_t k = 0; k < table->capacity; ++k) {
    if (!table->tags[k])
      continue;
    size_t slot = homeOf(&bigger, table->tags[k]);
    while (bigger.tags[slot])
      slot = (slot + 1) & (bigger.capacity - 1);
    bigger.tags[slot] = table->tags[k];
    memcpy(entryAt(&bigger, slot), entryAt(table, k), entrySize);
    bigger.count++;
  }
  solarHashClear(table);
  *table = bigger;
}

void *solarHashFind(const SolarHashTable *table, const SolarHashKind *kind,
                    uint64_t hash, const void *key) {
  if (!table->count)
    return NULL;
  size_t slot = probe(table, kind, tagOf(hash), key);
  return table->tags[slot] ? entryAt(table, slot) : NULL;
}

void *solarHashInsert(SolarHashTable *table, const SolarHashKind *kind,
                      uint64_t hash, const void *key, bool *added) {
  if (table->capacity && table->entrySize != kind->entrySize)
    abort(); /* one table, one kind */
  if (2 * (table->count + 1) > table->capacity)
    grow(table, kind->entrySize);
  uint64_t tag = tagOf(hash);
  size_t slot = probe(table, kind, tag, key);
  *added = !table->tags[slot];
  if (*added) {
    table->tags[slot] = tag;
    table->count++;
  }
  return entryAt(table, slot);
}

bool solarHashRemove(SolarHashTable *table, const SolarHashKind *kind,
                     uint64_t hash, const void *key, void *removed) {
  if (!table->count)
    return false;
  size_t mask = table->capacity - 1;
  size_t hole = probe(table, kind, tagOf(hash), key);
  if (!table->tags[hole])
    return false;
  if (removed)
    memcpy(removed, entryAt(table, hole), table->entrySize);
  /* Backward shift: an entry further along the run moves into the hole
   * when the hole lies between its home and its slot, so that every
   * probe sequence stays unbroken (no tombstones). */
  for (size_t next = (hole + 1) & mask; table->tags[next];
       next = (next + 1) & mask) {
    size_t home = homeOf(table, table->tags[next]);
    if (((next - home) & mask) >= ((next - hole) & mask)) {
      table->tags[hole] = table->tags[next];
      memcpy(entryAt(table, hole), entryAt(table, next), table->entrySize);
      hole = next;
    }
  }
  table->tags[hole] = 0;
  memset(entryAt(table, hole), 0, table->entrySize);
  table->count--;
  return true;
}

void *solarHashNext(const SolarHashTable *table, size_t *cursor) {
  while (*cursor < table->capacity) {
    size_t slot = (*cursor)++;
    if (table->tags[slot])
      return entryAt(table, slot);
  }
  return NULL;
}

void solarHashClear(SolarHashTable *table) {
  free(table->tags);
  free(table->entries);
  *table = (SolarHashTable){0};
}
