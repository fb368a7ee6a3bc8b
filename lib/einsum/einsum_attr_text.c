/* Builtin attributes written as MLIR text, with their C-API twins
 * (einsum_attr_text.h). */
#include "einsum_attr_text.h"
#include "einsum_internal.h"

#include "solar/support/grow.h"
#include "solar/support/hash.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

/* The twins' context; null when none are built. Per thread, like the
 * builder that sets it. */
static _Thread_local MlirContext twinContext;
/* False in a twin-only session: no text is written at all (the graph
 * attribute nobody prints is never built). */
static _Thread_local bool textOn = true;

/* Keys recur (every node has its "id", "loc", ...): their identifiers are
 * kept by text for the twin session instead of asking the context's
 * uniquer each time. Keys copied. */
typedef struct {
  char *key; /* owned */
  MlirIdentifier id;
} KeyEntry;
static _Thread_local SolarHashTable keyTable;

static bool keyEqual(const void *entry, const void *key) {
  return strcmp(((const KeyEntry *)entry)->key, key) == 0;
}

static const SolarHashKind kKey = {sizeof(KeyEntry), keyEqual};

static void keyTableClear(void) {
  size_t cursor = 0;
  for (KeyEntry *e; (e = solarHashNext(&keyTable, &cursor));)
    free(e->key);
  solarHashClear(&keyTable);
}

static MlirIdentifier keyIdentifier(const char *key) {
  bool added;
  KeyEntry *e =
      solarHashInsert(&keyTable, &kKey, solarHashString(key), key, &added);
  if (added) {
    e->key = egStrdup(key);
    e->id = mlirIdentifierGet(twinContext, mlirStringRefCreateFromCString(key));
  }
  return e->id;
}

void egAttrTwinBegin(MlirContext ctx, bool text) {
  keyTableClear();
  twinContext = ctx;
  textOn = text;
}

void egAttrTwinEnd(void) {
  keyTableClear();
  twinContext = (MlirContext){NULL};
  textOn = true;
}

static bool twins(void) { return twinContext.ptr != NULL; }

EgAttrValue egAttrI64(int64_t value) {
  if (!textOn)
    return (EgAttrValue){NULL, mlirIntegerAttrGet(
                                   mlirIntegerTypeGet(twinContext, 64), value)};
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
  EgAttrValue v = {egStrdup(p), {NULL}};
  if (twins())
    v.twin = mlirIntegerAttrGet(mlirIntegerTypeGet(twinContext, 64), value);
  return v;
}

EgAttrValue egAttrBool(bool value) {
  if (!textOn)
    return (EgAttrValue){NULL, mlirBoolAttrGet(twinContext, value)};
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
  if (!textOn)
    return (EgAttrValue){NULL, mlirStringAttrGet(twinContext,
                                                 mlirStringRefCreateFromCString(
                                                     text ? text : ""))};
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
  if (!egAttrHasValue(value))
    return;
  if (twins()) {
    dict->entries = solarGrow(dict->entries, &dict->capacity, dict->count,
                              sizeof(MlirNamedAttribute));
    dict->entries[dict->count] = mlirNamedAttributeGet(
        keyIdentifier(key), value.twin);
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

/* MLIR's order of a dictionary's entries: by name, bytewise. */
static int compareNames(MlirStringRef a, MlirStringRef b) {
  int c = memcmp(a.data, b.data, a.length < b.length ? a.length : b.length);
  return c ? c : (a.length > b.length) - (a.length < b.length);
}

/* Sorts the twin's entries by name (keys are distinct). MLIR's dictionary
 * keeps its entries sorted and sorts a copy of any other order, through
 * its generic sort, which cost the twins two thirds of their dictionaries'
 * time; an insertion sort of the few entries of one dictionary costs less,
 * and entries in order are taken as they are. */
static void sortEntries(MlirNamedAttribute *entries, size_t count) {
  if (count < 2)
    return;
  MlirStringRef names[count];
  for (size_t i = 0; i < count; ++i)
    names[i] = mlirIdentifierStr(entries[i].name);
  for (size_t i = 1; i < count; ++i) {
    MlirNamedAttribute entry = entries[i];
    MlirStringRef name = names[i];
    size_t j = i;
    for (; j > 0 && compareNames(names[j - 1], name) > 0; --j) {
      entries[j] = entries[j - 1];
      names[j] = names[j - 1];
    }
    entries[j] = entry;
    names[j] = name;
  }
}

EgAttrValue egAttrDictFinish(EgAttrDict *dict) {
  if (textOn)
    solarTextAppendCString(&dict->text, dict->count ? "}" : "{}");
  EgAttrValue v = {dict->text.text, {NULL}};
  if (twins()) {
    sortEntries(dict->entries, dict->count);
    v.twin = mlirDictionaryAttrGet(twinContext, (intptr_t)dict->count,
                                   dict->entries);
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
                            sizeof(MlirAttribute));
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
  EgAttrValue v = {list->text.text, {NULL}};
  if (twins())
    v.twin = mlirArrayAttrGet(twinContext, (intptr_t)list->count, list->items);
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

