#include "einsum_attr_text.h"
#include "einsum_internal.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

/* The twins' context; null when none are built. Per thread, like the
 * builder that sets it. */
static _Thread_local MlirContext twinContext;

void egAttrTwinBegin(MlirContext ctx) { twinContext = ctx; }

void egAttrTwinEnd(void) { twinContext = (MlirContext){NULL}; }

static bool twins(void) { return twinContext.ptr != NULL; }

static void *growArray(void *items, int *capacity, int count, size_t size) {
  if (count < *capacity)
    return items;
  *capacity = *capacity ? 2 * *capacity : 8;
  items = realloc(items, (size_t)*capacity * size);
  if (!items)
    abort();
  return items;
}

EgAttrValue egAttrI64(int64_t value) {
  char text[32];
  snprintf(text, sizeof(text), "%" PRId64 " : i64", value);
  EgAttrValue v = {egStrdup(text), {NULL}};
  if (twins())
    v.twin = mlirIntegerAttrGet(mlirIntegerTypeGet(twinContext, 64), value);
  return v;
}

EgAttrValue egAttrBool(bool value) {
  EgAttrValue v = {egStrdup(value ? "true" : "false"), {NULL}};
  if (twins())
    v.twin = mlirBoolAttrGet(twinContext, value);
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
  SolarText out = {0};
  appendQuoted(&out, text ? text : "");
  EgAttrValue v = {out.text, {NULL}};
  if (twins())
    v.twin = mlirStringAttrGet(twinContext,
                               mlirStringRefCreateFromCString(text ? text : ""));
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
  if (!value.text)
    return;
  if (twins()) {
    dict->entries = growArray(dict->entries, &dict->capacity, dict->count,
                              sizeof(MlirNamedAttribute));
    dict->entries[dict->count] = mlirNamedAttributeGet(
        mlirIdentifierGet(twinContext, mlirStringRefCreateFromCString(key)),
        value.twin);
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

EgAttrValue egAttrDictFinish(EgAttrDict *dict) {
  solarTextAppendCString(&dict->text, dict->count ? "}" : "{}");
  EgAttrValue v = {dict->text.text, {NULL}};
  if (twins())
    v.twin = mlirDictionaryAttrGet(twinContext, dict->count, dict->entries);
  free(dict->entries);
  *dict = (EgAttrDict){0};
  return v;
}

void egAttrPush(EgAttrList *list, EgAttrValue value) {
  if (!value.text)
    return;
  if (twins()) {
    list->items = growArray(list->items, &list->capacity, list->count,
                            sizeof(MlirAttribute));
    list->items[list->count] = value.twin;
  }
  solarTextAppendCString(&list->text, list->count++ ? ", " : "[");
  solarTextAppendCString(&list->text, value.text);
  free(value.text);
}

EgAttrValue egAttrListFinish(EgAttrList *list) {
  solarTextAppendCString(&list->text, list->count ? "]" : "[]");
  EgAttrValue v = {list->text.text, {NULL}};
  if (twins())
    v.twin = mlirArrayAttrGet(twinContext, list->count, list->items);
  free(list->items);
  *list = (EgAttrList){0};
  return v;
}

EgAttrValue egAttrSolarWrap(const char *mnemonic, EgAttrValue dict) {
  SolarText text = {0};
  solarTextAppendCString(&text, "#solar.");
  solarTextAppendCString(&text, mnemonic);
  solarTextAppendCString(&text, "<");
  solarTextAppendCString(&text, dict.text);
  solarTextAppendCString(&text, ">");
  free(dict.text);
  return (EgAttrValue){text.text, dict.twin};
}

