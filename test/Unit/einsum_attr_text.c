/* unit-einsum_attr_text: attribute text written by lib/einsum/einsum_attr_text.c
 * parses back (mlirAttributeParseGet) to exactly the values it was made
 * from, including strings with quotes, backslashes, control and non-ASCII
 * bytes, keys that are not bare identifiers, negative and extreme
 * integers, and empty arrays and dictionaries; and the twins built beside
 * the text are the very attributes the text parses to (MLIR uniques
 * attributes, so equal means the same), a #solar wrapper's twin being the
 * dictionary inside it; a twin-only session (no text) builds the same
 * twins. */
#include "../../lib/einsum/einsum_attr_text.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/IR.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures = 0;

static void check(int ok, const char *what) {
  if (!ok) {
    printf("FAIL: %s\n", what);
    failures++;
  }
}

static MlirAttribute entry(MlirAttribute dict, const char *key) {
  return mlirDictionaryAttrGetElementByName(
      dict, mlirStringRefCreateFromCString(key));
}

static int isString(MlirAttribute attr, const char *expected) {
  if (mlirAttributeIsNull(attr) || !mlirAttributeIsAString(attr))
    return 0;
  MlirStringRef value = mlirStringAttrGetValue(attr);
  return value.length == strlen(expected) &&
         (value.length == 0 || memcmp(value.data, expected, value.length) == 0);
}

static int isI64(MlirAttribute attr, int64_t expected) {
  return !mlirAttributeIsNull(attr) && mlirAttributeIsAInteger(attr) &&
         mlirIntegerTypeGetWidth(mlirAttributeGetType(attr)) == 64 &&
         mlirIntegerAttrGetValueInt(attr) == expected;
}

/* Whether the twin holds what the attribute does: kind, value, and every
 * entry in the same place (MLIR keeps a dictionary sorted by name; the
 * reader walks ops_per_point_by_dtype in that order). */
static int twinIs(const EgTwin *twin, MlirAttribute attr) {
  if (!twin || mlirAttributeIsNull(attr))
    return 0;
  switch (twin->kind) {
  case EG_TWIN_I64:
    return isI64(attr, twin->number);
  case EG_TWIN_BOOL:
    return mlirAttributeIsABool(attr) &&
           mlirBoolAttrGetValue(attr) == (twin->number != 0);
  case EG_TWIN_STRING:
    return isString(attr, twin->string) &&
           strlen(twin->string) == twin->length;
  case EG_TWIN_LIST:
    if (!mlirAttributeIsAArray(attr) ||
        (size_t)mlirArrayAttrGetNumElements(attr) != twin->count)
      return 0;
    for (size_t i = 0; i < twin->count; ++i)
      if (!twinIs(twin->items[i], mlirArrayAttrGetElement(attr, (intptr_t)i)))
        return 0;
    return 1;
  case EG_TWIN_DICT:
    if (!mlirAttributeIsADictionary(attr) ||
        (size_t)mlirDictionaryAttrGetNumElements(attr) != twin->count)
      return 0;
    for (size_t i = 0; i < twin->count; ++i) {
      MlirNamedAttribute e = mlirDictionaryAttrGetElement(attr, (intptr_t)i);
      MlirStringRef name = mlirIdentifierStr(e.name);
      if (name.length != strlen(twin->keys[i]) ||
          memcmp(name.data, twin->keys[i], name.length) != 0 ||
          !twinIs(twin->items[i], e.attribute) ||
          egTwinField(twin, twin->keys[i]) != twin->items[i])
        return 0;
    }
    return 1;
  }
  return 0;
}

static const char *strings[] = {"plain",
                                "",
                                "say \"hi\"",
                                "back\\slash",
                                "tab\tnew\nline",
                                "\x01\x7f control",
                                "caf\xc3\xa9 \xe2\x88\x80",
                                "{ S0[m] -> A[m] }"};
enum { STRINGS = sizeof(strings) / sizeof(strings[0]) };

/* One dictionary of every kind of value, in the session begun. */
static EgAttrValue everyKind(void) {
  EgAttrDict d = {0};
  EgAttrList list = {0};
  for (int i = 0; i < STRINGS; ++i)
    egAttrPush(&list, egAttrString(strings[i]));
  egAttrPut(&d, "strings", egAttrListFinish(&list));
  egAttrPut(&d, "min", egAttrI64(INT64_MIN));
  egAttrPut(&d, "max", egAttrI64(INT64_MAX));
  egAttrPut(&d, "minus_one", egAttrI64(-1));
  egAttrPut(&d, "yes", egAttrBool(true));
  egAttrPut(&d, "no", egAttrBool(false));
  egAttrPut(&d, "vector<4xf32>", egAttrString("key needs quotes"));
  egAttrPut(&d, "a.b$c_1", egAttrString("bare key"));
  egAttrPut(&d, "skipped", (EgAttrValue){NULL, NULL});
  EgAttrList empty = {0};
  egAttrPut(&d, "empty_list", egAttrListFinish(&empty));
  EgAttrDict none = {0};
  egAttrPut(&d, "empty_dict", egAttrDictFinish(&none));
  char *isl = malloc(8);
  strcpy(isl, "[n] -> ");
  egAttrPut(&d, "isl", egAttrIslString(isl));
  return egAttrDictFinish(&d);
}

int main(void) {
  MlirContext ctx = mlirContextCreate();
  egAttrTwinBegin(true);
  EgAttrValue whole = everyKind();
  char *text = whole.text;

  /* A wrapper: its text around the dictionary's, its twin the bare one. */
  EgAttrDict node = {0};
  egAttrPut(&node, "id", egAttrI64(7));
  egAttrPut(&node, "map", egAttrString("{ S7[i] -> A[i] : 0 <= i < 8 }"));
  EgAttrValue wrapped = egAttrSolarWrap("node", egAttrDictFinish(&node));
  EgTwinArena *arena = egAttrTwinEnd();
  static const char prefix[] = "#solar.node<";
  size_t length = strlen(wrapped.text);
  check(strncmp(wrapped.text, prefix, sizeof(prefix) - 1) == 0 &&
            wrapped.text[length - 1] == '>',
        "wrapper text");
  MlirAttribute inner = mlirAttributeParseGet(
      ctx, mlirStringRefCreate(wrapped.text + sizeof(prefix) - 1,
                               length - sizeof(prefix)));
  check(twinIs(wrapped.twin, inner),
        "a wrapper's twin is the dictionary inside");
  free(wrapped.text);
  EgAttrValue untwinned = egAttrI64(1);
  check(!untwinned.twin, "no twin after egAttrTwinEnd");
  free(untwinned.text);

  MlirAttribute attr =
      mlirAttributeParseGet(ctx, mlirStringRefCreateFromCString(text));
  check(twinIs(whole.twin, attr),
        "the twin is the attribute the text parses to");
  check(!egTwinField(whole.twin, "skipped") &&
            !egTwinField(whole.twin, "zzz") && !egTwinField(whole.twin, ""),
        "absent keys are absent from the twin");
  check(!mlirAttributeIsNull(attr) && mlirAttributeIsADictionary(attr),
        "parses as a dictionary");
  if (!mlirAttributeIsNull(attr)) {
    check(mlirDictionaryAttrGetNumElements(attr) == 11, "11 entries");
    MlirAttribute array = entry(attr, "strings");
    check(!mlirAttributeIsNull(array) && mlirAttributeIsAArray(array) &&
              mlirArrayAttrGetNumElements(array) == STRINGS,
          "string array");
    for (int i = 0; i < STRINGS && !mlirAttributeIsNull(array); ++i)
      check(isString(mlirArrayAttrGetElement(array, i), strings[i]),
            strings[i]);
    check(isI64(entry(attr, "min"), INT64_MIN), "INT64_MIN");
    check(isI64(entry(attr, "max"), INT64_MAX), "INT64_MAX");
    check(isI64(entry(attr, "minus_one"), -1), "-1");
    check(mlirAttributeIsABool(entry(attr, "yes")) &&
              mlirBoolAttrGetValue(entry(attr, "yes")),
          "true");
    check(mlirAttributeIsABool(entry(attr, "no")) &&
              !mlirBoolAttrGetValue(entry(attr, "no")),
          "false");
    check(isString(entry(attr, "vector<4xf32>"), "key needs quotes"),
          "quoted key");
    check(isString(entry(attr, "a.b$c_1"), "bare key"), "bare key");
    check(mlirAttributeIsNull(entry(attr, "skipped")), "NULL value skipped");
    MlirAttribute emptyList = entry(attr, "empty_list");
    check(mlirAttributeIsAArray(emptyList) &&
              mlirArrayAttrGetNumElements(emptyList) == 0,
          "empty list");
    MlirAttribute emptyDict = entry(attr, "empty_dict");
    check(mlirAttributeIsADictionary(emptyDict) &&
              mlirDictionaryAttrGetNumElements(emptyDict) == 0,
          "empty dict");
    check(isString(entry(attr, "isl"), "[n] -> "), "isl string");
  }

  /* A twin-only session writes no text and builds the same twins. */
  egAttrTwinBegin(false);
  EgAttrValue bare = everyKind();
  EgAttrDict nodeOnly = {0};
  egAttrPut(&nodeOnly, "id", egAttrI64(7));
  EgAttrValue bareWrapped =
      egAttrSolarWrap("node", egAttrDictFinish(&nodeOnly));
  EgTwinArena *bareArena = egAttrTwinEnd();
  check(bare.text == NULL && bareWrapped.text == NULL,
        "no text in a twin-only session");
  check(twinIs(bare.twin, attr), "a twin-only session builds the same twin");
  check(bareWrapped.twin && bareWrapped.twin->kind == EG_TWIN_DICT &&
            bareWrapped.twin->count == 1 &&
            egTwinField(bareWrapped.twin, "id") &&
            egTwinField(bareWrapped.twin, "id")->number == 7,
        "a twin-only wrapper is its dictionary");
  egTwinArenaDestroy(arena);
  egTwinArenaDestroy(bareArena);
  mlirContextDestroy(ctx);
  free(text);
  printf("%d failure(s)\n", failures);
  return failures != 0;
}
