/* A string-keyed memo of isl results (see einsum_shape_memo.h). */
#include "einsum_shape_memo.h"

#include "solar/support/grow.h"
#include "solar/support/hash.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  char *key; /* owned */
  void *payload;
} MemoEntry;

static bool entryEqual(const void *entry, const void *key) {
  return strcmp(((const MemoEntry *)entry)->key, key) == 0;
}

static const SolarHashKind kEntry = {sizeof(MemoEntry), entryEqual};

struct EgShapeMemo {
  SolarHashTable table;
  void (*destroy)(void *payload);
};

EgShapeMemo *egShapeMemoCreate(void (*destroy)(void *payload)) {
  EgShapeMemo *memo = solarCalloc(1, sizeof(*memo));
  memo->destroy = destroy;
  return memo;
}

void egShapeMemoDestroy(EgShapeMemo *memo) {
  if (!memo)
    return;
  size_t cursor = 0;
  for (MemoEntry *e; (e = solarHashNext(&memo->table, &cursor));) {
    free(e->key);
    if (memo->destroy)
      memo->destroy(e->payload);
  }
  solarHashClear(&memo->table);
  free(memo);
}

void *egShapeMemoGet(const EgShapeMemo *memo, const char *key) {
  if (!memo || !key)
    return NULL;
  MemoEntry *e =
      solarHashFind(&memo->table, &kEntry, solarHashString(key), key);
  return e ? e->payload : NULL;
}

void egShapeMemoPut(EgShapeMemo *memo, const char *key, void *payload) {
  bool added;
  MemoEntry *e =
      solarHashInsert(&memo->table, &kEntry, solarHashString(key), key, &added);
  if (!added) {
    if (memo->destroy)
      memo->destroy(e->payload);
    e->payload = payload;
    return;
  }
  size_t length = strlen(key);
  e->key = malloc(length + 1);
  if (!e->key)
    abort();
  memcpy(e->key, key, length + 1);
  e->payload = payload;
}

/* Stored objects carry this tuple name, so that renaming to the caller's
 * name always changes the space and isl duplicates every basic set instead
 * of sharing it. */
static const char kStoredName[] = EG_SHAPE_MEMO_STORED;

void egShapeKeyAdd(EgShapeKey *key, const char *piece) {
  solarTextAppend(key, piece, strlen(piece));
  solarTextAppend(key, "|", 1); /* isl never prints it */
}

/* Decimal digits by hand: snprintf would cost more than the rest of a
 * key that is asked once per loop and access. */
void egShapeKeyAddInt(EgShapeKey *key, long value) {
  char text[32];
  char *end = text + sizeof(text) - 1;
  char *p = end;
  *p = '\0';
  unsigned long magnitude =
      value < 0 ? 0ul - (unsigned long)value : (unsigned long)value;
  do {
    *--p = (char)('0' + magnitude % 10);
    magnitude /= 10;
  } while (magnitude);
  if (value < 0)
    *--p = '-';
  egShapeKeyAdd(key, p);
}

void egShapeKeyAddPrinted(EgShapeKey *key, char *printed) {
  egShapeKeyAdd(key, printed ? printed : "(null)");
  free(printed);
}

__isl_give isl_set *egShapeMemoFreshSet(__isl_keep isl_set *set,
                                        const char *name) {
  const char *current = isl_set_get_tuple_name(set);
  isl_set *copy = isl_set_copy(set);
  if (!current || strcmp(current, kStoredName) != 0)
    copy = isl_set_set_tuple_name(copy, kStoredName);
  return name ? isl_set_set_tuple_name(copy, name)
              : isl_set_reset_tuple_id(copy);
}

__isl_give isl_map *egShapeMemoFreshMap(__isl_keep isl_map *map,
                                        const char *in, const char *out) {
  const char *current = isl_map_get_tuple_name(map, isl_dim_in);
  isl_map *copy = isl_map_copy(map);
  if (!current || strcmp(current, kStoredName) != 0)
    copy = isl_map_set_tuple_name(copy, isl_dim_in, kStoredName);
  copy = in ? isl_map_set_tuple_name(copy, isl_dim_in, in)
            : isl_map_reset_tuple_id(copy, isl_dim_in);
  return out ? isl_map_set_tuple_name(copy, isl_dim_out, out)
             : isl_map_reset_tuple_id(copy, isl_dim_out);
}
