/* Builtin attributes (integers, booleans, strings, arrays, dictionaries)
 * written directly in MLIR's attribute syntax, for text that is parsed
 * once with mlirAttributeParseGet. The einsum graph is an IRDL attribute,
 * which the C API can only create by parsing; building every dictionary
 * as an MlirAttribute first and printing it cost more than the parse.
 *
 * Every value is a malloc'd string; put/push take ownership of it (a NULL
 * value is skipped), finish* hand the result to the caller. */
#ifndef SOLAR_EINSUM_ATTR_TEXT_H
#define SOLAR_EINSUM_ATTR_TEXT_H

#include "solar/support/text.h"

#include <stdbool.h>
#include <stdint.h>

char *egAttrI64(int64_t value);       /* "5 : i64" */
char *egAttrBool(bool value);         /* "true" / "false" */
char *egAttrString(const char *text); /* quoted and escaped; NULL = "" */
/* egAttrString of an isl-allocated string, which it frees. */
char *egAttrIslString(char *text);

/* `{key = value, ...}`; keys need not be sorted (the parser sorts them)
 * but must be distinct. */
typedef struct {
  SolarText text;
  int count;
} EgAttrDict;
void egAttrPut(EgAttrDict *dict, const char *key, char *value);
char *egAttrDictFinish(EgAttrDict *dict);

/* `[value, ...]`. */
typedef struct {
  SolarText text;
  int count;
} EgAttrList;
void egAttrPush(EgAttrList *list, char *value);
char *egAttrListFinish(EgAttrList *list);

/* `#solar.MNEMONIC<dict>`: a dialect attribute wrapping one dictionary
 * (takes ownership of dict). */
char *egAttrSolarWrap(const char *mnemonic, char *dict);

/* The text with every `#solar.MNEMONIC<` and its closing `>` left out, so
 * each wrapped dictionary stands bare. For text this writer produced: it
 * has no '<' or '>' outside quoted strings but the wrappers'. The caller
 * frees the result. */
char *egAttrStripWrappers(const char *text);

#endif
