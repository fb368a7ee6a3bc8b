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

#include <stdint.h>
#include <stdlib.h>

typedef struct {
  uint32_t hash;
  int kind;              /* 0: an edge; else an EG_FACT_* */
  isl_set *write, *read; /* anonymous keys (read may be NULL for a fact);
                            NULL write = free slot */
  isl_set *relation;     /* anonymous; NULL: nothing flows */
  EgCount elements;
  bool counted;
} MemoSlot;

struct EgEdgeMemo {
  MemoSlot *slots;
  size_t capacity; /* power of two */
  size_t used;
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
  EgEdgeMemo *memo = calloc(1, sizeof(*memo));
  if (!memo)
    abort();
  return memo;
}

void egEdgeShapeClear(EgEdgeShape *shape) {
  shape->relation = isl_map_free(shape->relation);
  egCountClear(&shape->elements);
  shape->counted = false;
}

void egEdgeMemoDestroy(EgEdgeMemo *memo) {
  if (!memo)
    return;
  for (size_t i = 0; i < memo->capacity; ++i)
    if (memo->slots[i].write) {
      isl_set_free(memo->slots[i].write);
      isl_set_free(memo->slots[i].read);
      isl_set_free(memo->slots[i].relation);
      egCountClear(&memo->slots[i].elements);
    }
  free(memo->slots);
  free(memo);
}

static bool sameKey(__isl_keep isl_set *a, __isl_keep isl_set *b) {
  if (!a || !b)
    return !a && !b;
  return isl_set_plain_is_equal(a, b) == isl_bool_true;
}

static MemoSlot *findSlot(MemoSlot *slots, size_t capacity, uint32_t hash,
                          int kind, __isl_keep isl_set *write,
                          __isl_keep isl_set *read) {
  for (size_t i = hash & (capacity - 1);; i = (i + 1) & (capacity - 1)) {
    MemoSlot *slot = &slots[i];
    if (!slot->write)
      return slot;
    if (slot->hash == hash && write && slot->kind == kind &&
        sameKey(slot->write, write) && sameKey(slot->read, read))
      return slot;
  }
}

static void grow(EgEdgeMemo *memo) {
  size_t capacity = memo->capacity ? 2 * memo->capacity : 64;
  MemoSlot *slots = calloc(capacity, sizeof(*slots));
  if (!slots)
    abort();
  for (size_t i = 0; i < memo->capacity; ++i)
    if (memo->slots[i].write)
      /* Distinct keys: any free slot along the probe sequence will do. */
      *findSlot(slots, capacity, memo->slots[i].hash, 0, NULL, NULL) =
          memo->slots[i];
  free(memo->slots);
  memo->slots = slots;
  memo->capacity = capacity;
}

static uint32_t pairHash(int kind, __isl_keep isl_set *write,
                         __isl_keep isl_set *read) {
  return (isl_set_get_hash(write) * 31u + (read ? isl_set_get_hash(read) : 0)) *
             31u +
         (uint32_t)kind;
}

static void copyCount(const EgCount *from, EgCount *to) {
  to->count = from->count ? isl_pw_qpolynomial_copy(from->count) : NULL;
  to->exact = from->exact;
}

bool egEdgeMemoFind(EgEdgeMemo *memo, __isl_keep isl_map *write,
                    __isl_keep isl_map *read, __isl_take isl_space *space,
                    EgEdgeShape *out) {
  if (!memo->capacity) {
    isl_space_free(space);
    return false;
  }
  isl_set *w = anonymous(write), *r = anonymous(read);
  MemoSlot *slot =
      w && r ? findSlot(memo->slots, memo->capacity, pairHash(0, w, r), 0, w, r)
             : NULL;
  isl_set_free(w);
  isl_set_free(r);
  if (!slot || !slot->write) {
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

void egEdgeMemoStore(EgEdgeMemo *memo, __isl_keep isl_map *write,
                     __isl_keep isl_map *read, const EgEdgeShape *shape) {
  isl_set *w = anonymous(write), *r = anonymous(read);
  if (!w || !r) {
    isl_set_free(w);
    isl_set_free(r);
    return;
  }
  if (2 * (memo->used + 1) > memo->capacity)
    grow(memo);
  uint32_t hash = pairHash(0, w, r);
  MemoSlot *slot = findSlot(memo->slots, memo->capacity, hash, 0, w, r);
  if (slot->write) { /* already there */
    isl_set_free(w);
    isl_set_free(r);
    return;
  }
  slot->hash = hash;
  slot->write = w;
  slot->read = r;
  slot->relation = shape->relation ? anonymous(shape->relation) : NULL;
  copyCount(&shape->elements, &slot->elements);
  slot->counted = shape->counted;
  ++memo->used;
}

int egEdgeMemoFact(EgEdgeMemo *memo, int kind, __isl_keep isl_set *first,
                   __isl_keep isl_set *second) {
  if (!memo->capacity)
    return -1;
  isl_set *a = anonymousSet(first);
  isl_set *c = second ? anonymousSet(second) : NULL;
  MemoSlot *slot = a && (c || !second)
                       ? findSlot(memo->slots, memo->capacity,
                                  pairHash(kind, a, c), kind, a, c)
                       : NULL;
  isl_set_free(a);
  isl_set_free(c);
  return slot && slot->write ? slot->counted : -1;
}

void egEdgeMemoStoreFact(EgEdgeMemo *memo, int kind,
                         __isl_keep isl_set *first,
                         __isl_keep isl_set *second, bool value) {
  isl_set *a = anonymousSet(first);
  isl_set *c = second ? anonymousSet(second) : NULL;
  if (!a || (second && !c)) {
    isl_set_free(a);
    isl_set_free(c);
    return;
  }
  if (2 * (memo->used + 1) > memo->capacity)
    grow(memo);
  uint32_t hash = pairHash(kind, a, c);
  MemoSlot *slot = findSlot(memo->slots, memo->capacity, hash, kind, a, c);
  if (slot->write) {
    isl_set_free(a);
    isl_set_free(c);
    return;
  }
  slot->hash = hash;
  slot->kind = kind;
  slot->write = a;
  slot->read = c;
  slot->counted = value;
  ++memo->used;
}

bool egAccessInjective(EgAccess *access) {
  if (!access->injective)
    access->injective =
        isl_map_is_injective(access->map) == isl_bool_true ? 1 : -1;
  return access->injective > 0;
}

bool egEdgeMemoInjective(EgEdgeMemo *memo, EgAccess *access) {
  if (!access->injective) {
    isl_set *pairs = isl_map_wrap(isl_map_copy(access->map));
    int known = egEdgeMemoFact(memo, EG_FACT_INJECTIVE, pairs, NULL);
    if (known < 0) {
      known = egAccessInjective(access);
      egEdgeMemoStoreFact(memo, EG_FACT_INJECTIVE, pairs, NULL, known);
    }
    access->injective = known ? 1 : -1;
    isl_set_free(pairs);
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
