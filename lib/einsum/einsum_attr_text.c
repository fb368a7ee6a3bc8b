/* Builtin attributes written as MLIR text, with their C-API twins
 * (einsum_attr_text.h). */
#include "einsum_attr_text.h"
#include "einsum_internal.h"

#include "solar/support/grow.h"
#include "solar/support/hash.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>


/* A session's twins, strings and arrays: bump-allocated in chunks and
 * freed at once with the lifted graph that reads them. */
struct EgTwinArena {
  char **chunks;
  size_t chunkCount, chunkCapacity;
  char *next;      /* free space in the last chunk */
  size_t left;     /* its bytes */
};

enum { ARENA_CHUNK = 1 << 16 };

static void *arenaAlloc(EgTwinArena *arena, size_t size) {
  size = (size + 15) & ~(size_t)15;
  if (size > arena->left) {
    size_t chunk = size > ARENA_CHUNK ? size : ARENA_CHUNK;
    arena->chunks = solarGrow(arena->chunks, &arena->chunkCapacity,
                              arena->chunkCount, sizeof(char *));
    char *block = malloc(chunk);
    if (!block)
      abort();
    arena->chunks[arena->chunkCount++] = block;
    /* A block bigger than a chunk is used up alone: the last chunk's
     * free space stays where it is. */
    if (size > ARENA_CHUNK)
      return block;
    arena->next = block;
    arena->left = chunk;
  }
  void *p = arena->next;
  arena->next += size;
  arena->left -= size;
  return p;
}

void egTwinArenaDestroy(EgTwinArena *arena) {
  if (!arena)
    return;
  for (size_t i = 0; i < arena->chunkCount; ++i)
    free(arena->chunks[i]);
  free(arena->chunks);
  free(arena);
}

/* The twins' arena; NULL when none are built. Per thread, like the
 * builder that sets it. */
static _Thread_local EgTwinArena *twinArena;
/* False in a twin-only session: no text is written at all (the graph
 * attribute nobody prints is never built). */
static _Thread_local bool textOn = true;

/* Keys recur (every node has its "id", "loc", ...): each is copied into
 * the arena once per session and shared by the dictionaries that use it.
 * Keys copied. */
typedef struct {
  char *key; /* owned */
  const char *shared; /* the arena's copy */
} KeyEntry;
static _Thread_local SolarHashTable keyTable;

/* The last key seen at each of a few addresses: most keys are string
 * literals, asked for again and again at the same address; one in a
 * buffer (a count's "KEY_expr", a dtype) is checked by its text too. */
enum { KEY_CACHE = 64 };
typedef struct {
  const char *address;
  const char *shared; /* the arena's copy */
} KeyCacheEntry;
static _Thread_local KeyCacheEntry keyCache[KEY_CACHE];

static bool keyEqual(const void *entry, const void *key) {
  return strcmp(((const KeyEntry *)entry)->key, key) == 0;
}

static const SolarHashKind kKey = {sizeof(KeyEntry), keyEqual};

static void keyTableClear(void) {
  memset(keyCache, 0, sizeof(keyCache));
  size_t cursor = 0;
  for (KeyEntry *e; (e = solarHashNext(&keyTable, &cursor));)
    free(e->key);
  solarHashClear(&keyTable);
}

static const char *arenaString(const char *text, size_t length) {
  char *copy = arenaAlloc(twinArena, length + 1);
  memcpy(copy, text, length);
  copy[length] = '\0';
  return copy;
}

/* Bytewise order of two keys, as strcmp; inline, keys being short and
 * mostly told apart by their first byte. */
static inline int compareKeys(const char *a, const char *b) {
  while (*a && *a == *b)
    ++a, ++b;
  return (unsigned char)*a - (unsigned char)*b;
}

static const char *sharedKey(const char *key) {
  KeyCacheEntry *cached = &keyCache[((uintptr_t)key >> 3) % KEY_CACHE];
  if (cached->address == key && compareKeys(cached->shared, key) == 0)
    return cached->shared;
  bool added;
  KeyEntry *e =
      solarHashInsert(&keyTable, &kKey, solarHashString(key), key, &added);
  if (added) {
    e->key = egStrdup(key);
    e->shared = arenaString(key, strlen(key));
  }
  *cached = (KeyCacheEntry){key, e->shared};
  return e->shared;
}

void egAttrTwinBegin(bool text) {
  keyTableClear();
  egTwinArenaDestroy(twinArena);
  twinArena = solarCalloc(1, sizeof(*twinArena));
  textOn = text;
}

EgTwinArena *egAttrTwinEnd(void) {
  keyTableClear();
  EgTwinArena *arena = twinArena;
  twinArena = NULL;
  textOn = true;
  return arena;
}

static bool twins(void) { return twinArena != NULL; }

static EgTwin *newTwin(EgTwinKind kind) {
  EgTwin *twin = arenaAlloc(twinArena, sizeof(*twin));
  *twin = (EgTwin){.kind = kind};
  return twin;
}

static const EgTwin *numberTwin(EgTwinKind kind, int64_t value) {
  EgTwin *twin = newTwin(kind);
  twin->number = value;
  return twin;
}

static const EgTwin *stringTwin(const char *text) {
  EgTwin *twin = newTwin(EG_TWIN_STRING);
  twin->length = strlen(text);
  twin->string = arenaString(text, twin->length);
  return twin;
}

const EgTwin *egTwinField(const EgTwin *dict, const char *key) {
  if (!dict || dict->kind != EG_TWIN_DICT)
    return NULL;
  size_t lo = 0, hi = dict->count;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    int c = compareKeys(dict->keys[mid], key);
    if (c == 0)
      return dict->items[mid];
    if (c < 0)
      lo = mid + 1;
    else
      hi = mid;
  }
  return NULL;
}

EgAttrValue egAttrI64(int64_t value) {
  if (!textOn)
    return (EgAttrValue){NULL, numberTwin(EG_TWIN_I64, value)};
  /* Digits right to left: snprintf spent more on its format than this. */
  static const char suffix[] = " : i64";
  char text[32];
  char *end = text + sizeof(text) - sizeof(suffix);
  memcpy(end, suffix, sizeof(suffix));
  char *p = end;
  uint64_t magnitude = value < 0 ? 0 - (uint64_t)value : (uint64_t)value;
  do {
    *--p = (char)('0' + magnitude % 10);
    magnitude /= 10;
  } while (magnitude);
  if (value < 0)
    *--p = '-';
  EgAttrValue v = {egStrdup(p), NULL};
  if (twins())
    v.twin = numberTwin(EG_TWIN_I64, value);
  return v;
}

EgAttrValue egAttrBool(bool value) {
  if (!textOn)
    return (EgAttrValue){NULL, numberTwin(EG_TWIN_BOOL, value)};
  EgAttrValue v = {egStrdup(value ? "true" : "false"), NULL};
  if (twins())
    v.twin = numberTwin(EG_TWIN_BOOL, value);
  return v;
}

/* MLIR's lexer reads \" \\ and two hex digits as the byte they name; every
 * byte outside printable ASCII is written that way, so any string
 * survives the round trip unchanged. */
static void appendQuoted(SolarText *out, const char *text) {
  static const char hex[] = "0123456789ABCDEF";
  solarTextAppendCString(out, "\"");
  const char *run = text;
  for (const char *p = text;; ++p) {
    unsigned char c = (unsigned char)*p;
    bool plain = c >= 0x20 && c < 0x7f && c != '"' && c != '\\';
    if (plain)
      continue;
    solarTextAppendChunk((MlirStringRef){run, (size_t)(p - run)}, out);
    if (!c)
      break;
    char escape[3] = {'\\', hex[c >> 4], hex[c & 15]};
    solarTextAppendChunk((MlirStringRef){escape, 3}, out);
    run = p + 1;
  }
  solarTextAppendCString(out, "\"");
}

EgAttrValue egAttrString(const char *text) {
  if (!textOn)
    return (EgAttrValue){NULL, stringTwin(text ? text : "")};
  SolarText out = {0};
  appendQuoted(&out, text ? text : "");
  EgAttrValue v = {out.text, NULL};
  if (twins())
    v.twin = stringTwin(text ? text : "");
  return v;
}

EgAttrValue egAttrIslString(char *text) {
  EgAttrValue quoted = egAttrString(text);
  free(text);
  return quoted;
}

/* A key prints bare when MLIR's lexer reads it as one bare identifier. */
static bool bareIdentifier(const char *key) {
  if (!((*key >= 'a' && *key <= 'z') || (*key >= 'A' && *key <= 'Z') ||
        *key == '_'))
    return false;
  for (const char *p = key + 1; *p; ++p)
    if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
          (*p >= '0' && *p <= '9') || *p == '_' || *p == '$' || *p == '.'))
      return false;
  return true;
}

void egAttrPut(EgAttrDict *dict, const char *key, EgAttrValue value) {
  if (!egAttrHasValue(value))
    return;
  if (twins()) {
    dict->entries = solarGrow(dict->entries, &dict->capacity, dict->count,
                              sizeof(EgTwinEntry));
    dict->entries[dict->count] = (EgTwinEntry){sharedKey(key), value.twin};
  }
  if (!textOn) {
    dict->count++;
    return;
  }
  solarTextAppendCString(&dict->text, dict->count++ ? ", " : "{");
  if (bareIdentifier(key))
    solarTextAppendCString(&dict->text, key);
  else
    appendQuoted(&dict->text, key);
  solarTextAppendCString(&dict->text, " = ");
  solarTextAppendCString(&dict->text, value.text);
  free(value.text);
}

/* Sorts the twin's entries by name, bytewise (keys are distinct): the
 * order MLIR keeps a dictionary's entries in, which the reader's walk of
 * a dictionary (ops_per_point_by_dtype) sees; an insertion sort, the
 * entries of one dictionary being few. */
static void sortEntries(EgTwinEntry *entries, size_t count) {
  for (size_t i = 1; i < count; ++i) {
    EgTwinEntry entry = entries[i];
    size_t j = i;
    for (; j > 0 && compareKeys(entries[j - 1].key, entry.key) > 0; --j)
      entries[j] = entries[j - 1];
    entries[j] = entry;
  }
}

EgAttrValue egAttrDictFinish(EgAttrDict *dict) {
  if (textOn)
    solarTextAppendCString(&dict->text, dict->count ? "}" : "{}");
  EgAttrValue v = {dict->text.text, NULL};
  if (twins()) {
    sortEntries(dict->entries, dict->count);
    EgTwin *twin = newTwin(EG_TWIN_DICT);
    const char **keys = arenaAlloc(twinArena, dict->count * sizeof(char *));
    const EgTwin **items =
        arenaAlloc(twinArena, dict->count * sizeof(EgTwin *));
    for (size_t i = 0; i < dict->count; ++i) {
      keys[i] = dict->entries[i].key;
      items[i] = dict->entries[i].value;
    }
    twin->count = dict->count;
    twin->keys = keys;
    twin->items = items;
    v.twin = twin;
  }
  free(dict->entries);
  *dict = (EgAttrDict){0};
  return v;
}

void egAttrPush(EgAttrList *list, EgAttrValue value) {
  if (!egAttrHasValue(value))
    return;
  if (twins()) {
    list->items = solarGrow(list->items, &list->capacity, list->count,
                            sizeof(EgTwin *));
    list->items[list->count] = value.twin;
  }
  if (!textOn) {
    list->count++;
    return;
  }
  solarTextAppendCString(&list->text, list->count++ ? ", " : "[");
  solarTextAppendCString(&list->text, value.text);
  free(value.text);
}

EgAttrValue egAttrListFinish(EgAttrList *list) {
  if (textOn)
    solarTextAppendCString(&list->text, list->count ? "]" : "[]");
  EgAttrValue v = {list->text.text, NULL};
  if (twins()) {
    EgTwin *twin = newTwin(EG_TWIN_LIST);
    const EgTwin **items =
        arenaAlloc(twinArena, list->count * sizeof(EgTwin *));
    if (list->count)
      memcpy(items, list->items, list->count * sizeof(EgTwin *));
    twin->count = list->count;
    twin->items = items;
    v.twin = twin;
  }
  free(list->items);
  *list = (EgAttrList){0};
  return v;
}

EgAttrValue egAttrSolarWrap(const char *mnemonic, EgAttrValue dict) {
  if (!dict.text)
    return dict;
  SolarText text = {0};
  solarTextAppendCString(&text, "#solar.");
  solarTextAppendCString(&text, mnemonic);
  solarTextAppendCString(&text, "<");
  solarTextAppendCString(&text, dict.text);
  solarTextAppendCString(&text, ">");
  free(dict.text);
  return (EgAttrValue){text.text, dict.twin};
}

