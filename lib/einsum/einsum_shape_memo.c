/* A string-keyed memo of isl results (see einsum_shape_memo.h). */
#include "einsum_shape_memo.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  char *key; /* NULL: free slot */
  uint64_t hash;
  void *payload;
} MemoSlot;

struct EgShapeMemo {
  MemoSlot *slots;
  size_t capacity; /* power of two, or 0 */
  size_t used;
  void (*destroy)(void *payload);
};

static uint64_t hashText(const char *text) {
  uint64_t h = 1469598103934665603ull; /* FNV-1a */
  for (const unsigned char *p = (const unsigned char *)text; *p; ++p)
    h = (h ^ *p) * 1099511628211ull;
  return h;
}

static MemoSlot *findSlot(MemoSlot *slots, size_t capacity, uint64_t hash,
                          const char *key) {
  size_t i = (size_t)hash & (capacity - 1);
  while (slots[i].key &&
         (slots[i].hash != hash || strcmp(slots[i].key, key) != 0))
    i = (i + 1) & (capacity - 1);
  return &slots[i];
}

static void grow(EgShapeMemo *memo) {
  size_t capacity = memo->capacity ? 2 * memo->capacity : 64;
  MemoSlot *slots = calloc(capacity, sizeof(MemoSlot));
  if (!slots)
    abort();
  for (size_t i = 0; i < memo->capacity; ++i)
    if (memo->slots[i].key)
      *findSlot(slots, capacity, memo->slots[i].hash, memo->slots[i].key) =
          memo->slots[i];
  free(memo->slots);
  memo->slots = slots;
  memo->capacity = capacity;
}

EgShapeMemo *egShapeMemoCreate(void (*destroy)(void *payload)) {
  EgShapeMemo *memo = calloc(1, sizeof(*memo));
  if (!memo)
    abort();
  memo->destroy = destroy;
  return memo;
}

void egShapeMemoDestroy(EgShapeMemo *memo) {
  if (!memo)
    return;
  for (size_t i = 0; i < memo->capacity; ++i) {
    if (!memo->slots[i].key)
      continue;
    free(memo->slots[i].key);
    if (memo->destroy)
      memo->destroy(memo->slots[i].payload);
  }
  free(memo->slots);
  free(memo);
}

void *egShapeMemoGet(const EgShapeMemo *memo, const char *key) {
  if (!memo || !memo->capacity || !key)
    return NULL;
  MemoSlot *slot =
      findSlot(memo->slots, memo->capacity, hashText(key), key);
  return slot->key ? slot->payload : NULL;
}

void egShapeMemoPut(EgShapeMemo *memo, const char *key, void *payload) {
  if (2 * (memo->used + 1) > memo->capacity)
    grow(memo);
  uint64_t hash = hashText(key);
  MemoSlot *slot = findSlot(memo->slots, memo->capacity, hash, key);
  if (slot->key) {
    if (memo->destroy)
      memo->destroy(slot->payload);
    slot->payload = payload;
    return;
  }
  size_t length = strlen(key);
  slot->key = malloc(length + 1);
  if (!slot->key)
    abort();
  memcpy(slot->key, key, length + 1);
  slot->hash = hash;
  slot->payload = payload;
  memo->used++;
}

/* Stored objects carry this tuple name, so that renaming to the caller's
 * name always changes the space and isl duplicates every basic set instead
 * of sharing it. */
static const char kStoredName[] = EG_SHAPE_MEMO_STORED;

void egShapeKeyAdd(EgShapeKey *key, const char *piece) {
  size_t n = strlen(piece);
  if (key->length + n + 2 > key->capacity) {
    size_t capacity = key->capacity ? key->capacity : 256;
    while (key->length + n + 2 > capacity)
      capacity *= 2;
    char *text = realloc(key->text, capacity);
    if (!text)
      abort();
    key->text = text;
    key->capacity = capacity;
  }
  memcpy(key->text + key->length, piece, n);
  key->length += n;
  key->text[key->length++] = '|'; /* isl never prints it */
  key->text[key->length] = '\0';
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
