/* Builtin attributes (integers, booleans, strings, arrays, dictionaries)
 * written directly in MLIR's attribute syntax, for text that is parsed
 * once with mlirAttributeParseGet. The einsum graph is an IRDL attribute,
 * which the C API can only create by parsing; building every dictionary
 * as an MlirAttribute first and printing it cost more than the parse.
 *
 * Between egAttrTwinBegin and egAttrTwinEnd every value also carries its
 * twin: the same value as a plain C tree (EgTwin), #solar wrappers left
 * out, which the reader of the same run takes as it is (einsum_lifted.c).
 * The text and the twin come from the same calls, so the attribute a
 * pass prints and the graph the stages read cannot drift apart. The twin
 * was a tree of MLIR builtin attributes until the ninth round: uniquing
 * every dictionary, array and string in the context cost more than the
 * rest of the hand-over.
 *
 * In a twin-only session (egAttrTwinBegin with text false) no text is
 * written: every value is its twin alone, with text NULL.
 *
 * Every value's text is malloc'd; put/push take ownership of it (a value
 * with neither text nor twin is skipped), finish* hand the result to the
 * caller. Twins live in the session's arena (egAttrTwinEnd hands it out)
 * and may be shared by several parents. */
#ifndef SOLAR_EINSUM_ATTR_TEXT_H
#define SOLAR_EINSUM_ATTR_TEXT_H

#include "solar/support/text.h"

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

typedef enum {
  EG_TWIN_I64,
  EG_TWIN_BOOL,
  EG_TWIN_STRING,
  EG_TWIN_LIST,
  EG_TWIN_DICT
} EgTwinKind;

/* A value of the attribute as plain C: an i64 or bool (`number`), a string
 * (`string`, `length` bytes and a NUL), a list (`count` items) or a
 * dictionary (`count` entries, `keys` sorted bytewise as MLIR keeps a
 * dictionary's, `items` their values). */
typedef struct EgTwin {
  EgTwinKind kind;
  int64_t number;
  const char *string;
  size_t length;
  size_t count;
  const struct EgTwin *const *items;
  const char *const *keys;
} EgTwin;

/* One entry of a dictionary being written. */
typedef struct EgTwinEntry {
  const char *key;
  const EgTwin *value;
} EgTwinEntry;

/* The memory of one session's twins; freed at once. */
typedef struct EgTwinArena EgTwinArena;
void egTwinArenaDestroy(EgTwinArena *arena);

/* The entry `key` of a dictionary twin, NULL when absent or not a
 * dictionary. */
const EgTwin *egTwinField(const EgTwin *dict, const char *key);

typedef struct {
  char *text;         /* owned; NULL in a twin-only session, or no value */
  const EgTwin *twin; /* NULL outside egAttrTwinBegin/End */
} EgAttrValue;

static inline bool egAttrHasValue(EgAttrValue value) {
  return value.text || value.twin;
}

/* Twins are built until egAttrTwinEnd (per thread), which hands over the
 * arena that holds them; text too unless `text` is false. */
void egAttrTwinBegin(bool text);
EgTwinArena *egAttrTwinEnd(void);

EgAttrValue egAttrI64(int64_t value);       /* "5 : i64" */
EgAttrValue egAttrBool(bool value);         /* "true" / "false" */
EgAttrValue egAttrString(const char *text); /* quoted and escaped; NULL = "" */
/* egAttrString of an isl-allocated string, which it frees. */
EgAttrValue egAttrIslString(char *text);

/* `{key = value, ...}`; keys need not be sorted (the parser sorts them)
 * but must be distinct. Start from {0}. */
typedef struct {
  SolarText text;
  size_t count;
  struct EgTwinEntry *entries; /* the twin's */
  size_t capacity;
} EgAttrDict;
void egAttrPut(EgAttrDict *dict, const char *key, EgAttrValue value);
EgAttrValue egAttrDictFinish(EgAttrDict *dict);

/* `[value, ...]`. Start from {0}. */
typedef struct {
  SolarText text;
  size_t count;
  const EgTwin **items; /* the twin's */
  size_t capacity;
} EgAttrList;
void egAttrPush(EgAttrList *list, EgAttrValue value);
EgAttrValue egAttrListFinish(EgAttrList *list);

/* "KEY_expr", the key of a count's parametric form, in buf (size >= 6;
 * a longer key is cut, keeping "_expr"). snprintf's format cost more than
 * the rest of a count's reading. */
static inline const char *egExprKey(char *buf, size_t size, const char *key) {
  size_t length = strlen(key);
  if (length > size - 6)
    length = size - 6;
  memcpy(buf, key, length);
  memcpy(buf + length, "_expr", 6);
  return buf;
}

/* `#solar.MNEMONIC<dict>`: a dialect attribute wrapping one dictionary
 * (takes ownership of dict). Its twin is the dictionary's, unwrapped. */
EgAttrValue egAttrSolarWrap(const char *mnemonic, EgAttrValue dict);

#endif
