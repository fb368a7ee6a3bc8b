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

#include "solar/support/grow.h"
#include "solar/support/hash.h"

#include <stdint.h>
#include <stdlib.h>

typedef struct {
  isl_set *set;    /* a reference */
  int dims;        /* -1: not one box with int64 bounds */
  int64_t *bounds; /* lo[0], hi[0], lo[1], ...; owned */
} BoxEntry;

static bool entryEqual(const void *entry, const void *set) {
  return ((const BoxEntry *)entry)->set == set;
}

static const SolarHashKind kEntry = {sizeof(BoxEntry), entryEqual};

struct EgBoxCache {
  SolarHashTable table;
};

EgBoxCache *egBoxCacheCreate(void) {
  return solarCalloc(1, sizeof(EgBoxCache));
}

void egBoxCacheDestroy(EgBoxCache *cache) {
  if (!cache)
    return;
  size_t cursor = 0;
  for (BoxEntry *e; (e = solarHashNext(&cache->table, &cursor));) {
    isl_set_free(e->set);
    free(e->bounds);
  }
  solarHashClear(&cache->table);
  free(cache);
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

bool egSetBoxBounds(__isl_keep isl_set *set, int dims, int64_t *bounds) {
  if (!set || isl_set_dim(set, isl_dim_set) != dims || dims < 0)
    return false;
  isl_val **lo = calloc((size_t)dims + 1, sizeof(isl_val *));
  isl_val **hi = calloc((size_t)dims + 1, sizeof(isl_val *));
  if (!lo || !hi)
    abort();
  bool ok = solarCountBoxBounds(set, lo, hi);
  for (int d = 0; ok && d < dims; ++d)
    ok = smallInteger(lo[d], &bounds[2 * d]) &&
         smallInteger(hi[d], &bounds[2 * d + 1]);
  for (int d = 0; d < dims; ++d) {
    isl_val_free(lo[d]);
    isl_val_free(hi[d]);
  }
  free(lo);
  free(hi);
  return ok;
}

static void readBox(BoxEntry *entry) {
  isl_size dims = isl_set_dim(entry->set, isl_dim_set);
  entry->dims = -1;
  if (dims < 0)
    return;
  int64_t *bounds = calloc(2 * (size_t)dims + 1, sizeof(int64_t));
  if (!bounds)
    abort();
  if (egSetBoxBounds(entry->set, dims, bounds)) {
    entry->dims = dims;
    entry->bounds = bounds;
  } else {
    free(bounds);
  }
}

/* The entry of `set` (a copy: a later insertion may move the stored one),
 * read on first sight. */
static BoxEntry boxOf(EgBoxCache *cache, __isl_keep isl_set *set) {
  bool added;
  BoxEntry *entry = solarHashInsert(&cache->table, &kEntry,
                                    solarHashPointer(set), set, &added);
  if (added) {
    entry->set = isl_set_copy(set);
    readBox(entry);
  }
  return *entry;
}

bool egBoxCacheContains(EgBoxCache *cache, __isl_keep isl_set *outer,
                        __isl_keep isl_set *inner) {
  if (!outer || !inner)
    return false;
  BoxEntry o = boxOf(cache, outer);
  if (o.dims < 0)
    return false;
  BoxEntry i = boxOf(cache, inner);
  if (i.dims != o.dims)
    return false;
  for (int d = 0; d < o.dims; ++d)
    if (i.bounds[2 * d] < o.bounds[2 * d] ||
        i.bounds[2 * d + 1] > o.bounds[2 * d + 1])
      return false;
  return true;
}
