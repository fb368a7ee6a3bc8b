/* Box bounds of sets, remembered by the set's address (einsum_known.h).
 * The necessary-work analysis asks, per node, whether the elements needed
 * of a tensor hold everything the node writes, and whether what it writes
 * holds everything needed; most of those sets are one box (a dense
 * tensor's image), the same image objects come back node after node, and
 * reading a box off its constraints costs tens of thousands of
 * instructions. Each entry holds a reference to its set, so the address is
 * not reused while the cache lives. */
#include "einsum_known.h"

#include <isl/val.h>

#include <stdint.h>
#include <stdlib.h>

typedef struct {
  isl_set *set;    /* NULL: free entry; a reference */
  int dims;        /* -1: not one box with int64 bounds */
  int64_t *bounds; /* lo[0], hi[0], lo[1], ...; owned */
} BoxEntry;

struct EgBoxCache {
  BoxEntry *entries;
  size_t capacity; /* power of two */
  size_t count;
};

EgBoxCache *egBoxCacheCreate(void) {
  EgBoxCache *cache = calloc(1, sizeof(*cache));
  if (!cache)
    abort();
  return cache;
}

void egBoxCacheDestroy(EgBoxCache *cache) {
  if (!cache)
    return;
  for (size_t i = 0; i < cache->capacity; ++i)
    if (cache->entries[i].set) {
      isl_set_free(cache->entries[i].set);
      free(cache->entries[i].bounds);
    }
  free(cache->entries);
  free(cache);
}

static BoxEntry *slotOf(BoxEntry *entries, size_t capacity,
                        const isl_set *set) {
  uintptr_t a = (uintptr_t)set;
  for (size_t i = (size_t)((a >> 4) ^ (a >> 12)) & (capacity - 1);;
       i = (i + 1) & (capacity - 1))
    if (!entries[i].set || entries[i].set == set)
      return &entries[i];
}

static void grow(EgBoxCache *cache) {
  size_t capacity = cache->capacity ? 2 * cache->capacity : 256;
  BoxEntry *entries = calloc(capacity, sizeof(*entries));
  if (!entries)
    abort();
  for (size_t i = 0; i < cache->capacity; ++i)
    if (cache->entries[i].set)
      *slotOf(entries, capacity, cache->entries[i].set) = cache->entries[i];
  free(cache->entries);
  cache->entries = entries;
  cache->capacity = capacity;
}

static bool smallInteger(__isl_keep isl_val *v, int64_t *out) {
  if (!v || isl_val_is_int(v) != isl_bool_true)
    return false;
  *out = isl_val_get_num_si(v);
  isl_val *back = isl_val_int_from_si(isl_val_get_ctx(v), *out);
  bool same = isl_val_eq(back, v) == isl_bool_true;
  isl_val_free(back);
  return same;
}

static void readBox(BoxEntry *entry) {
  isl_size dims = isl_set_dim(entry->set, isl_dim_set);
  entry->dims = -1;
  if (dims < 0)
    return;
  isl_val **lo = calloc((size_t)dims + 1, sizeof(isl_val *));
  isl_val **hi = calloc((size_t)dims + 1, sizeof(isl_val *));
  int64_t *bounds = calloc(2 * (size_t)dims + 1, sizeof(int64_t));
  if (!lo || !hi || !bounds)
    abort();
  bool ok = egSetBoxBounds(entry->set, lo, hi);
  for (int d = 0; ok && d < dims; ++d)
    ok = smallInteger(lo[d], &bounds[2 * d]) &&
         smallInteger(hi[d], &bounds[2 * d + 1]);
  for (int d = 0; d < dims; ++d) {
    isl_val_free(lo[d]);
    isl_val_free(hi[d]);
  }
  free(lo);
  free(hi);
  if (ok) {
    entry->dims = dims;
    entry->bounds = bounds;
  } else {
    free(bounds);
  }
}

static const BoxEntry *boxOf(EgBoxCache *cache, __isl_keep isl_set *set) {
  if (2 * (cache->count + 1) > cache->capacity)
    grow(cache);
  BoxEntry *entry = slotOf(cache->entries, cache->capacity, set);
  if (!entry->set) {
    entry->set = isl_set_copy(set);
    ++cache->count;
    readBox(entry);
  }
  return entry;
}

bool egBoxCacheContains(EgBoxCache *cache, __isl_keep isl_set *outer,
                        __isl_keep isl_set *inner) {
  if (!outer || !inner)
    return false;
  const BoxEntry *o = boxOf(cache, outer);
  if (o->dims < 0)
    return false;
  const BoxEntry *i = boxOf(cache, inner);
  if (i->dims != o->dims)
    return false;
  for (int d = 0; d < o->dims; ++d)
    if (i->bounds[2 * d] < o->bounds[2 * d] ||
        i->bounds[2 * d + 1] > o->bounds[2 * d + 1])
      return false;
  return true;
}
