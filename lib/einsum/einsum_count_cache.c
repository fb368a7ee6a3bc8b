/* The memo of point counts: one count per set up to the names of its space
 * (see egCountSetCached in einsum_count.h). */
#include "solar/einsum/einsum_count.h"

#include <isl/set.h>
#include <isl/space.h>

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
  uint32_t hash;
  isl_set *key; /* anonymous set; NULL = free slot */
  bool ok;
  EgCount count;
} CacheSlot;

struct EgCountCache {
  CacheSlot *slots;
  size_t capacity; /* power of two */
  size_t used;
  bool budgetExhausted; /* some count ran out of its isl budget */
};

EgCountCache *egCountCacheCreate(void) {
  EgCountCache *cache = calloc(1, sizeof(*cache));
  if (!cache)
    abort();
  return cache;
}

void egCountCacheDestroy(EgCountCache *cache) {
  if (!cache)
    return;
  for (size_t i = 0; i < cache->capacity; ++i)
    if (cache->slots[i].key) {
      isl_set_free(cache->slots[i].key);
      egCountClear(&cache->slots[i].count);
    }
  free(cache->slots);
  free(cache);
}

static CacheSlot *findSlot(CacheSlot *slots, size_t capacity, uint32_t hash,
                           __isl_keep isl_set *key) {
  for (size_t i = hash & (capacity - 1);; i = (i + 1) & (capacity - 1)) {
    CacheSlot *slot = &slots[i];
    if (!slot->key)
      return slot;
    if (slot->hash == hash &&
        (!key || isl_set_plain_is_equal(slot->key, key) == isl_bool_true))
      return slot;
  }
}

static void growCache(EgCountCache *cache) {
  size_t capacity = cache->capacity ? 2 * cache->capacity : 64;
  CacheSlot *slots = calloc(capacity, sizeof(*slots));
  if (!slots)
    abort();
  for (size_t i = 0; i < cache->capacity; ++i)
    if (cache->slots[i].key)
      /* Distinct keys: any free slot along the probe sequence will do. */
      *findSlot(slots, capacity, cache->slots[i].hash, NULL) =
          cache->slots[i];
  free(cache->slots);
  cache->slots = slots;
  cache->capacity = capacity;
}

static void copyCount(const EgCount *from, EgCount *to) {
  to->count = from->count ? isl_pw_qpolynomial_copy(from->count) : NULL;
  to->exact = from->exact;
}

bool egCountSetCached(EgCountCache *cache, __isl_keep isl_set *set,
                      EgCount *out) {
  if (!cache || !set)
    return egCountSet(set, out);
  isl_set *key = cacheKey(set);
  if (!key)
    return egCountSet(set, out);
  uint32_t hash = isl_set_get_hash(key);
  if (cache->capacity) {
    CacheSlot *hit = findSlot(cache->slots, cache->capacity, hash, key);
    if (hit->key) {
      isl_set_free(key);
      copyCount(&hit->count, out);
      return hit->ok;
    }
  }
  bool exhausted = false;
  unsigned long budget =
      cache->budgetExhausted ? egCountDefaultBudget() / 16 : 0;
  out->count = NULL;
  out->exact = true;
  /* The parts of a product are counted through the memo, which may grow
   * meanwhile: the slot is found once the count is known. */
  bool ok = egCountBox(set, out) ||
            egCountByComponents(cache, set, budget, out) ||
            egCountSetSummed(set, budget, out, &exhausted);
  if (2 * (cache->used + 1) > cache->capacity)
    growCache(cache);
  CacheSlot *slot = findSlot(cache->slots, cache->capacity, hash, key);
  cache->budgetExhausted |= exhausted;
  slot->hash = hash;
  slot->key = key;
  slot->ok = ok;
  copyCount(out, &slot->count);
  ++cache->used;
  return ok;
}

