/* The memo of directly written edges (see einsum_edge_memo.h). Keys are
 * the two access relations on anonymous spaces (no tuple or dimension
 * names, the parameters kept), compared constraint by constraint
 * (isl_map_plain_is_equal): only relations isl holds in the same form
 * share an entry, so a hit returns exactly what the composition computes
 * for them, up to names. */
#include "einsum_edge_memo.h"
#include "einsum_internal.h"

#include <isl/set.h>
#include <isl/space.h>

#include "solar/support/grow.h"
#include "solar/support/hash.h"

#include <stdint.h>
#include <stdlib.h>

typedef struct {
  int kind;              /* 0: an edge; else an EG_FACT_* */
  isl_set *write, *read; /* anonymous keys (read may be NULL for a fact);
                            NULL write = free slot */
  isl_set *relation;     /* anonymous; NULL: nothing flows */
  SolarCount elements;
  bool counted;
} MemoSlot;

/* The anonymous key of an isl object the memo was asked about, by its
 * address: access relations and images are asked about again and again,
 * and making a key (a copy on a space without names, normalized for its
 * hash) costs as much as a small isl operation. The entry holds a
 * reference to the object, so its address is not reused while the memo
 * lives. */
typedef struct {
  const void *object; /* a reference */
  bool isMap;
  isl_set *key;       /* anonymous; owned; NULL until asked for when the
                         object has a shape */
  uint32_t hash;
  /* The relation of the object's shape (EgAccess.shapeMap; a reference,
   * or NULL): the object's key is the shape's, made when first asked. */
  isl_map *shape;
} KeyEntry;

/* A yes/no fact of one relation object, by its address (a shape's stored
 * relation stands for all accesses of the shape). */
typedef struct {
  const void *object; /* a reference, held by the object's KeyEntry */
  int kind;
  bool value;
} ObjectFact;

struct EgEdgeMemo {
  SolarHashTable slots;   /* MemoSlot */
  SolarHashTable keys;    /* KeyEntry */
  SolarHashTable objects; /* ObjectFact */
};

/* The map as a set of [in -> out] pairs on a space without names (isl has
 * no public way to replace a map's space; wrapping keeps the constraints
 * as they are). */
static __isl_give isl_set *anonymous(__isl_keep isl_map *map) {
  isl_set *pairs = isl_map_wrap(isl_map_copy(map));
  isl_space *space = isl_set_get_space(pairs);
  isl_size dims = isl_space_dim(space, isl_dim_set);
  return isl_set_reset_space(
      pairs, isl_space_add_dims(isl_space_params(space), isl_dim_set,
                                (unsigned)dims));
}

static __isl_give isl_set *anonymousSet(__isl_keep isl_set *set) {
  isl_space *space = isl_set_get_space(set);
  isl_size dims = isl_space_dim(space, isl_dim_set);
  return isl_set_reset_space(
      isl_set_copy(set), isl_space_add_dims(isl_space_params(space),
                                            isl_dim_set, (unsigned)dims));
}

/* The inverse of anonymous(), onto the map space `space` (taken). */
static __isl_give isl_map *named(__isl_keep isl_set *pairs,
                                 __isl_take isl_space *space) {
  return isl_set_unwrap(
      isl_set_reset_space(isl_set_copy(pairs), isl_space_wrap(space)));
}

EgEdgeMemo *egEdgeMemoCreate(void) {
  return solarCalloc(1, sizeof(EgEdgeMemo));
}

void egEdgeShapeClear(EgEdgeShape *shape) {
  shape->relation = isl_map_free(shape->relation);
  solarCountClear(&shape->elements);
  shape->counted = false;
}

void egEdgeMemoDestroy(EgEdgeMemo *memo) {
  if (!memo)
    return;
  size_t cursor = 0;
  for (KeyEntry *entry; (entry = solarHashNext(&memo->keys, &cursor));) {
    if (entry->isMap)
      isl_map_free((isl_map *)entry->object);
    else
      isl_set_free((isl_set *)entry->object);
    isl_set_free(entry->key);
    isl_map_free(entry->shape);
  }
  solarHashClear(&memo->keys);
  solarHashClear(&memo->objects);
  cursor = 0;
  for (MemoSlot *slot; (slot = solarHashNext(&memo->slots, &cursor));) {
    isl_set_free(slot->write);
    isl_set_free(slot->read);
    isl_set_free(slot->relation);
    solarCountClear(&slot->elements);
  }
  solarHashClear(&memo->slots);
  free(memo);
}

static bool sameKey(__isl_keep isl_set *a, __isl_keep isl_set *b) {
  if (!a || !b)
    return !a && !b;
  return isl_set_plain_is_equal(a, b) == isl_bool_true;
}

/* What a slot is looked up by. */
typedef struct {
  int kind;
  isl_set *write, *read;
} SlotKey;

static bool slotEqual(const void *entry, const void *key) {
  const MemoSlot *slot = entry;
  const SlotKey *k = key;
  return slot->kind == k->kind && sameKey(slot->write, k->write) &&
         sameKey(slot->read, k->read);
}

static const SolarHashKind kSlot = {sizeof(MemoSlot), slotEqual};

static MemoSlot *findSlot(EgEdgeMemo *memo, uint32_t hash, int kind,
                          __isl_keep isl_set *write, __isl_keep isl_set *read) {
  SlotKey key = {kind, write, read};
  return solarHashFind(&memo->slots, &kSlot, hash, &key);
}

static void copyCount(const SolarCount *from, SolarCount *to) {
  to->count = from->count ? isl_pw_qpolynomial_copy(from->count) : NULL;
  to->exact = from->exact;
}

static bool keyEqual(const void *entry, const void *object) {
  return ((const KeyEntry *)entry)->object == object;
}

static const SolarHashKind kKey = {sizeof(KeyEntry), keyEqual};

/* The anonymous key of `object` (a map when isMap, else a set; kept) and
 * its hash, made once per object (for an object with a shape, its shape's
 * key, made once per shape); NULL on an isl failure. */
static __isl_keep isl_set *keyOf(EgEdgeMemo *memo, const void *object,
                                 bool isMap, uint32_t *hash) {
  if (!object)
    return NULL;
  KeyEntry *entry =
      solarHashFind(&memo->keys, &kKey, solarHashPointer(object), object);
  if (!entry || !entry->key) {
    isl_set *key = NULL;
    uint32_t keyHash = 0;
    if (entry && entry->shape) {
      key = isl_set_copy(keyOf(memo, entry->shape, true, &keyHash));
    } else {
      key = isMap ? anonymous((isl_map *)object)
                  : anonymousSet((isl_set *)object);
      keyHash = key ? isl_set_get_hash(key) : 0;
    }
    if (!key)
      return NULL;
    /* Found again: keyOf of the shape may have moved the entry. */
    bool added;
    entry = solarHashInsert(&memo->keys, &kKey, solarHashPointer(object),
                            object, &added);
    if (added) {
      entry->object = isMap ? (const void *)isl_map_copy((isl_map *)object)
                            : (const void *)isl_set_copy((isl_set *)object);
      entry->isMap = isMap;
    }
    entry->key = key;
    entry->hash = keyHash;
  }
  *hash = entry->hash;
  return entry->key;
}

static uint32_t combineHash(int kind, uint32_t first, uint32_t second) {
  return (first * 31u + second) * 31u + (uint32_t)kind;
}

void egEdgeMemoShareKey(EgEdgeMemo *memo, __isl_keep isl_map *map,
                        __isl_keep isl_map *shape) {
  if (!map || !shape || map == shape)
    return;
  bool added;
  KeyEntry *entry = solarHashInsert(&memo->keys, &kKey, solarHashPointer(map),
                                    map, &added);
  if (!added)
    return;
  entry->object = isl_map_copy(map);
  entry->isMap = true;
  entry->shape = isl_map_copy(shape);
}

/* The relation of `map`'s shape (egEdgeMemoShareKey), or NULL. */
static const void *shapeOf(EgEdgeMemo *memo, __isl_keep isl_map *map) {
  const KeyEntry *entry =
      solarHashFind(&memo->keys, &kKey, solarHashPointer(map), map);
  return entry ? entry->shape : NULL;
}

typedef struct {
  const void *object;
  int kind;
} ObjectKey;

static bool objectFactEqual(const void *entry, const void *key) {
  const ObjectFact *f = entry;
  const ObjectKey *k = key;
  return f->object == k->object && f->kind == k->kind;
}

static const SolarHashKind kObjectFact = {sizeof(ObjectFact),
                                          objectFactEqual};

static uint64_t objectHash(const void *object, int kind) {
  return solarHashPointer(object) * 31u + (uint64_t)kind;
}

/* The fact `kind` of the shape relation `shape` (held by a KeyEntry): 1,
 * 0, or -1 when not known. */
static int objectFact(EgEdgeMemo *memo, int kind, const void *shape) {
  ObjectKey key = {shape, kind};
  const ObjectFact *fact =
      solarHashFind(&memo->objects, &kObjectFact, objectHash(shape, kind), &key);
  return fact ? fact->value : -1;
}

static void storeObjectFact(EgEdgeMemo *memo, int kind, const void *shape,
                            bool value) {
  ObjectKey key = {shape, kind};
  bool added;
  ObjectFact *fact =
      solarHashInsert(&memo->objects, &kObjectFact,
                      objectHash(key.object, kind), &key, &added);
  fact->object = key.object;
  fact->kind = kind;
  fact->value = value;
}

bool egEdgeMemoFind(EgEdgeMemo *memo, __isl_keep isl_map *write,
                    __isl_keep isl_map *read, __isl_take isl_space *space,
                    EgEdgeShape *out) {
  if (!memo->slots.count) {
    isl_space_free(space);
    return false;
  }
  uint32_t wh = 0, rh = 0;
  isl_set *w = keyOf(memo, write, true, &wh), *r = keyOf(memo, read, true, &rh);
  MemoSlot *slot =
      w && r ? findSlot(memo, combineHash(0, wh, rh), 0, w, r) : NULL;
  if (!slot) {
    isl_space_free(space);
    return false;
  }
  if (slot->relation)
    out->relation = named(slot->relation, space);
  else
    isl_space_free(space);
  copyCount(&slot->elements, &out->elements);
  out->counted = slot->counted;
  return true;
}

/* A free slot for (kind, first, second) (keys kept), or NULL when the pair
 * is already there. */
static MemoSlot *newSlot(EgEdgeMemo *memo, int kind, uint32_t hash,
                         __isl_keep isl_set *first,
                         __isl_keep isl_set *second) {
  SlotKey key = {kind, first, second};
  bool added;
  MemoSlot *slot = solarHashInsert(&memo->slots, &kSlot, hash, &key, &added);
  if (!added)
    return NULL;
  slot->kind = kind;
  slot->write = isl_set_copy(first);
  slot->read = second ? isl_set_copy(second) : NULL;
  return slot;
}

void egEdgeMemoStore(EgEdgeMemo *memo, __isl_keep isl_map *write,
                     __isl_keep isl_map *read, const EgEdgeShape *shape) {
  uint32_t wh = 0, rh = 0;
  isl_set *w = keyOf(memo, write, true, &wh), *r = keyOf(memo, read, true, &rh);
  MemoSlot *slot =
      w && r ? newSlot(memo, 0, combineHash(0, wh, rh), w, r) : NULL;
  if (!slot)
    return;
  slot->relation = shape->relation ? anonymous(shape->relation) : NULL;
  copyCount(&shape->elements, &slot->elements);
  slot->counted = shape->counted;
}

/* A stored yes/no fact about keys a and c (c may be NULL): 1, 0, or -1
 * when not stored. */
static int factOf(EgEdgeMemo *memo, int kind, __isl_keep isl_set *a,
                  uint32_t ah, __isl_keep isl_set *c, uint32_t ch) {
  if (!memo->slots.count || !a)
    return -1;
  MemoSlot *slot = findSlot(memo, combineHash(kind, ah, ch), kind, a, c);
  return slot ? slot->counted : -1;
}

static void storeFact(EgEdgeMemo *memo, int kind, __isl_keep isl_set *a,
                      uint32_t ah, __isl_keep isl_set *c, uint32_t ch,
                      bool value) {
  MemoSlot *slot = a ? newSlot(memo, kind, combineHash(kind, ah, ch), a, c)
                     : NULL;
  if (slot)
    slot->counted = value;
}

int egEdgeMemoFact(EgEdgeMemo *memo, int kind, __isl_keep isl_set *first,
                   __isl_keep isl_set *second) {
  uint32_t ah = 0, ch = 0;
  isl_set *a = keyOf(memo, first, false, &ah);
  isl_set *c = second ? keyOf(memo, second, false, &ch) : NULL;
  return second && !c ? -1 : factOf(memo, kind, a, ah, c, ch);
}

void egEdgeMemoStoreFact(EgEdgeMemo *memo, int kind,
                         __isl_keep isl_set *first,
                         __isl_keep isl_set *second, bool value) {
  uint32_t ah = 0, ch = 0;
  isl_set *a = keyOf(memo, first, false, &ah);
  isl_set *c = second ? keyOf(memo, second, false, &ch) : NULL;
  if (!second || c)
    storeFact(memo, kind, a, ah, c, ch, value);
}

/* The relation `map` turned into its lexicographic optimum per element
 * (see egEdgeMemoLastInstances), by shape: one isl_map_lexmax or lexmin per
 * shape of relation, the others get the stored result under their own
 * names. */
static __isl_give isl_map *lexOptimumPerElement(EgEdgeMemo *memo,
                                                __isl_keep isl_map *map,
                                                bool last) {
  int kind = last ? EG_RESULT_LAST_INSTANCES : EG_RESULT_FIRST_INSTANCES;
  uint32_t hash = 0;
  isl_set *key = keyOf(memo, map, true, &hash);
  if (key && memo->slots.count) {
    MemoSlot *slot =
        findSlot(memo, combineHash(kind, hash, 0), kind, key, NULL);
    if (slot && slot->relation)
      return named(slot->relation, isl_map_get_space(map));
  }
  isl_map *reversed = isl_map_reverse(isl_map_copy(map));
  isl_map *result = isl_map_reverse(last ? isl_map_lexmax(reversed)
                                         : isl_map_lexmin(reversed));
  MemoSlot *slot =
      key && result ? newSlot(memo, kind, combineHash(kind, hash, 0), key, NULL)
                    : NULL;
  if (slot)
    slot->relation = anonymous(result);
  return result;
}

__isl_give isl_map *egEdgeMemoLastInstances(EgEdgeMemo *memo,
                                            __isl_keep isl_map *map) {
  return lexOptimumPerElement(memo, map, true);
}

__isl_give isl_map *egEdgeMemoFirstInstances(EgEdgeMemo *memo,
                                             __isl_keep isl_map *map) {
  return lexOptimumPerElement(memo, map, false);
}

bool egAccessInjective(EgAccess *access) {
  if (!access->injective)
    access->injective =
        isl_map_is_injective(access->map) == isl_bool_true ? 1 : -1;
  return access->injective > 0;
}

/* The fact `kind` of `map` stored for its shape: 1, 0, or -1 when not
 * stored. A map with a shape (egEdgeMemoShareKey) keeps its facts by the
 * address of the shape's relation, which all accesses of the shape share:
 * deciding a fact once per shape object costs less than normalizing and
 * hashing the shape's anonymous key (about 100 K instructions), which
 * nothing else asks for where no relation is printed. Any other map by its
 * anonymous key. */
static int shapeFact(EgEdgeMemo *memo, int kind, __isl_keep isl_map *map) {
  const void *shape = shapeOf(memo, map);
  if (shape)
    return objectFact(memo, kind, shape);
  uint32_t hash = 0;
  isl_set *key = keyOf(memo, map, true, &hash);
  return factOf(memo, kind, key, hash, NULL, 0);
}

static void storeShapeFact(EgEdgeMemo *memo, int kind,
                           __isl_keep isl_map *map, bool value) {
  const void *shape = shapeOf(memo, map);
  if (shape) {
    storeObjectFact(memo, kind, shape, value);
    return;
  }
  uint32_t hash = 0;
  isl_set *key = keyOf(memo, map, true, &hash);
  storeFact(memo, kind, key, hash, NULL, 0, value);
}

bool egEdgeMemoMapFact(EgEdgeMemo *memo, int kind, __isl_keep isl_map *map,
                       bool (*decide)(__isl_keep isl_map *map)) {
  int known = shapeFact(memo, kind, map);
  if (known < 0) {
    known = decide(map);
    storeShapeFact(memo, kind, map, known);
  }
  return known;
}

static bool mapInjective(__isl_keep isl_map *map) {
  return isl_map_is_injective(map) == isl_bool_true;
}

bool egEdgeMemoInjective(EgEdgeMemo *memo, const EgNode *node,
                         EgAccess *access) {
  if (!access->injective) {
    /* Both ways decide exactly: the shape's stored answer first (a lookup
     * by the address of its relation, shapeFact), then the index
     * expressions, then isl; whichever decides is stored for the shape. */
    int known = shapeFact(memo, EG_FACT_INJECTIVE, access->map);
    if (known < 0) {
      known = egAccessInjectiveByIndices(node, access);
      if (known < 0)
        known = mapInjective(access->map);
      storeShapeFact(memo, EG_FACT_INJECTIVE, access->map, known);
    }
    access->injective = known ? 1 : -1;
  }
  return access->injective > 0;
}

bool egEdgeMemoSubset(EgEdgeMemo *memo, __isl_keep isl_set *inner,
                      __isl_keep isl_set *outer) {
  int known = egEdgeMemoFact(memo, EG_FACT_SUBSET, inner, outer);
  if (known < 0) {
    known = isl_set_is_subset(inner, outer) == isl_bool_true;
    egEdgeMemoStoreFact(memo, EG_FACT_SUBSET, inner, outer, known);
  }
  return known;
}
