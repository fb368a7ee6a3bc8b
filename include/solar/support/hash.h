/* The one hash function and the one hash table of the project.
 *
 * solarHash* is 64-bit FNV-1a: every table keyed by text or bytes hashes
 * through it (isl objects hash through isl_*_get_hash, addresses are their
 * own hash). SolarHashTable is open addressing with linear probing, kept at
 * most half full; it stores entries of one fixed size inline and learns
 * what a key is only through a SolarHashKind (entry size and equality), so
 * each typed table is a few lines around it, as isl's maps are one
 * template around isl_hash_table. The table spreads every hash over its
 * slots by Fibonacci hashing (multiplying by 2^64 / golden ratio and
 * keeping the top bits), so weak low bits (aligned addresses, FNV's low
 * bits that ignore the high bits of each byte) still spread.
 *
 * A table starts as {0} and owns only its slots: what entries point to is
 * the caller's (walk the entries with solarHashNext before
 * solarHashClear). Entry pointers stay valid until the next insertion. */
#ifndef SOLAR_SUPPORT_HASH_H
#define SOLAR_SUPPORT_HASH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* FNV-1a of size bytes. */
uint64_t solarHashBytes(const void *data, size_t size);
/* FNV-1a of a NUL-terminated text (the terminator left out). */
uint64_t solarHashString(const char *text);
/* An address as a hash: the table's spreading does the mixing. */
static inline uint64_t solarHashPointer(const void *pointer) {
  return (uint64_t)(uintptr_t)pointer;
}

/* What the table knows of its entries. equal tells whether a stored entry
 * has the key asked for (key: whatever the caller looks up with). */
typedef struct {
  size_t entrySize;
  bool (*equal)(const void *entry, const void *key);
} SolarHashKind;

typedef struct {
  uint64_t *tags;         /* per slot: 0 free, else the entry's hash | 1 */
  unsigned char *entries; /* capacity entries of entrySize bytes */
  size_t entrySize;       /* fixed by the first insertion */
  size_t capacity;        /* a power of two, or 0 */
  size_t count;           /* entries stored */
  unsigned shift;         /* 64 - log2(capacity) */
} SolarHashTable;

/* The entry equal to key (whose hash is `hash`), or NULL. */
void *solarHashFind(const SolarHashTable *table, const SolarHashKind *kind,
                    uint64_t hash, const void *key);
/* The entry equal to key, *added false; else a new zeroed entry for it,
 * *added true, which the caller fills so that it equals key. */
void *solarHashInsert(SolarHashTable *table, const SolarHashKind *kind,
                      uint64_t hash, const void *key, bool *added);
/* Removes the entry equal to key, copying it to `removed` (unless NULL)
 * so that the caller can free what it points to; false when absent. */
bool solarHashRemove(SolarHashTable *table, const SolarHashKind *kind,
                     uint64_t hash, const void *key, void *removed);
/* The stored entries in slot order: start with *cursor = 0; NULL after the
 * last. */
void *solarHashNext(const SolarHashTable *table, size_t *cursor);
/* Frees the slots and empties the table. */
void solarHashClear(SolarHashTable *table);

#ifdef __cplusplus
}
#endif

#endif
