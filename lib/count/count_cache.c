/* The memo of point counts: one count per set up to the names of its space
 * (see solarCountSetCached in count.h). */
#include "solar/count/count.h"

#include <isl/set.h>
#include <isl/space.h>

#include "solar/support/grow.h"
#include "solar/support/hash.h"

#include <stdlib.h>

/* The cache key of a set: its constraints as they are, on the anonymous
 * space. Renaming the space (no substitution, unlike anonymous()) is what
 * makes the cache cheap to ask. */
static __isl_give isl_set *cacheKey(__isl_keep isl_set *set) {
  isl_space *space = isl_set_get_space(set);
  isl_size dims = isl_space_dim(space, isl_dim_set);
  isl_space *plain = isl_space_add_dims(
      isl_space_set_from_params(isl_space_params(space)), isl_dim_set,
      (unsigned)dims);
  return isl_set_reset_space(isl_set_copy(set), plain);
}

typedef struct {
  isl_set *key; /* anonymous set */
  bool ok;
  SolarCount count;
} CacheEntry;

static bool entryEqual(const void *entry, const void *key) {
  return isl_set_plain_is_equal(((const CacheEntry *)entry)->key,
                                (isl_set *)key) == isl_bool_true;
}

static const SolarHashKind kEntry = {sizeof(CacheEntry), entryEqual};

struct SolarCountCache {
  SolarHashTable table;
  bool budgetExhausted; /* some count ran out of its isl budget */
};

SolarCountCache *solarCountCacheCreate(void) {
  return solarCalloc(1, sizeof(SolarCountCache));
}

static void clearEntry(CacheEntry *entry) {
  isl_set_free(entry->key);
  solarCountClear(&entry->count);
}

void solarCountCacheDestroy(SolarCountCache *cache) {
  if (!cache)
    return;
  size_t cursor = 0;
  for (CacheEntry *e; (e = solarHashNext(&cache->table, &cursor));)
    clearEntry(e);
  solarHashClear(&cache->table);
  free(cache);
}

static void copyCount(const SolarCount *from, SolarCount *to) {
  to->count = from->count ? isl_pw_qpolynomial_copy(from->count) : NULL;
  to->exact = from->exact;
}

bool solarCountSetCached(SolarCountCache *cache, __isl_keep isl_set *set,
                      SolarCount *out) {
  if (!cache || !set)
    return solarCountSet(set, out);
  isl_set *key = cacheKey(set);
  if (!key)
    return solarCountSet(set, out);
  uint64_t hash = isl_set_get_hash(key);
  const CacheEntry *hit = solarHashFind(&cache->table, &kEntry, hash, key);
  if (hit) {
    isl_set_free(key);
    copyCount(&hit->count, out);
    return hit->ok;
  }
  bool exhausted = false;
  unsigned long budget =
      cache->budgetExhausted ? solarCountDefaultBudget() / 16 : 0;
  out->count = NULL;
  out->exact = true;
  /* The parts of a product are counted through the memo, which may grow
   * meanwhile: the slot is found once the count is known. */
  bool ok = solarCountBox(set, out) ||
            solarCountByComponents(cache, set, budget, out) ||
            solarCountSetSummed(set, budget, out, &exhausted);
  bool added;
  CacheEntry *entry =
      solarHashInsert(&cache->table, &kEntry, hash, key, &added);
  if (!added) /* a part counted meanwhile had this key: the newer count */
    clearEntry(entry);
  cache->budgetExhausted |= exhausted;
  entry->key = key;
  entry->ok = ok;
  copyCount(out, &entry->count);
  return ok;
}

