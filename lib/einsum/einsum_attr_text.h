/* Builtin attributes (integers, booleans, strings, arrays, dictionaries)
 * written directly in MLIR's attribute syntax, for text that is parsed
 * once with mlirAttributeParseGet. The einsum graph is an IRDL attribute,
 * which the C API can only create by parsing; building every dictionary
 * as an MlirAttribute first and printing it cost more than the parse.
 *
 * Between egAttrTwinBegin and egAttrTwinEnd every value also carries its
 * twin: the same value built with the C API, #solar wrappers left out
 * (the bare dictionary the reader of the same run takes as it is).
 *
 * In a twin-only session (egAttrTwinBegin with text false) no text is
 * written: every value is its twin alone, with text NULL.
 *
 * Every value's text is malloc'd; put/push take ownership of it (a value
 * with neither text nor twin is skipped), finish* hand the result to the
 * caller. */
#ifndef SOLAR_EINSUM_ATTR_TEXT_H
#define SOLAR_EINSUM_ATTR_TEXT_H

#include "solar/support/text.h"

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct {
  char *text;         /* owned; NULL in a twin-only session, or no value */
  MlirAttribute twin; /* null outside egAttrTwinBegin/End */
} EgAttrValue;

static inline bool egAttrHasValue(EgAttrValue value) {
  return value.text || !mlirAttributeIsNull(value.twin);
}

/* Twins are built in ctx until egAttrTwinEnd (per thread); text too unless
 * `text` is false. */
void egAttrTwinBegin(MlirContext ctx, bool text);
void egAttrTwinEnd(void);

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
  MlirNamedAttribute *entries; /* the twin's */
  size_t capacity;
} EgAttrDict;
void egAttrPut(EgAttrDict *dict, const char *key, EgAttrValue value);
EgAttrValue egAttrDictFinish(EgAttrDict *dict);

/* `[value, ...]`. Start from {0}. */
typedef struct {
  SolarText text;
  size_t count;
  MlirAttribute *items; /* the twin's */
  size_t capacity;
} EgAttrList;
void egAttrPush(EgAttrList *list, EgAttrValue value);
EgAttrValue egAttrListFinish(EgAttrList *list);

/* `#solar.MNEMONIC<dict>`: a dialect attribute wrapping one dictionary
 * (takes ownership of dict). Its twin is the dictionary's, unwrapped. */
EgAttrValue egAttrSolarWrap(const char *mnemonic, EgAttrValue dict);

#endif
