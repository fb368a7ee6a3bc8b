#include "solar/dialect/dialect_attr.h"
#include "solar/support/grow.h"
#include "solar/support/text.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

MlirAttribute solarDialectAttrWrap(MlirContext ctx, const char *mnemonic,
                                   MlirAttribute dict) {
  SolarText buf = {0};
  char prefix[64];
  snprintf(prefix, sizeof(prefix), "#solar.%s<", mnemonic);
  solarTextAppendCString(&buf, prefix);
  mlirAttributePrint(dict, solarTextAppendChunk, &buf);
  solarTextAppendCString(&buf, ">");
  MlirAttribute wrapped =
      mlirAttributeParseGet(ctx, mlirStringRefCreate(buf.text, buf.length));
  free(buf.text);
  return wrapped;
}

MlirAttribute solarDialectAttrOpen(MlirAttribute attr, const char *mnemonic) {
  MlirAttribute none = {NULL};
  if (mlirAttributeIsNull(attr))
    return none;
  SolarText buf = {0};
  mlirAttributePrint(attr, solarTextAppendChunk, &buf);
  char prefix[64];
  int prefixLength = snprintf(prefix, sizeof(prefix), "#solar.%s<", mnemonic);
  MlirAttribute dict = none;
  if (buf.text && buf.length > (size_t)prefixLength + 1 &&
      strncmp(buf.text, prefix, (size_t)prefixLength) == 0 &&
      buf.text[buf.length - 1] == '>') {
    MlirAttribute parsed = mlirAttributeParseGet(
        mlirAttributeGetContext(attr),
        mlirStringRefCreate(buf.text + prefixLength,
                            buf.length - (size_t)prefixLength - 1));
    if (!mlirAttributeIsNull(parsed) && mlirAttributeIsADictionary(parsed))
      dict = parsed;
  }
  free(buf.text);
  return dict;
}

void solarDictBuilderInit(SolarDictBuilder *b, MlirContext ctx) {
  memset(b, 0, sizeof(*b));
  b->ctx = ctx;
}

void solarDictAdd(SolarDictBuilder *b, const char *name, MlirAttribute value) {
  size_t capacity = (size_t)b->capacity;
  b->entries = solarGrow(b->entries, &capacity, (size_t)b->count,
                         sizeof(*b->entries));
  b->capacity = (intptr_t)capacity;
  MlirIdentifier id =
      mlirIdentifierGet(b->ctx, mlirStringRefCreateFromCString(name));
  b->entries[b->count++] = mlirNamedAttributeGet(id, value);
}

MlirAttribute solarI64Attr(MlirContext ctx, int64_t value) {
  return mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), value);
}

MlirAttribute solarF64Attr(MlirContext ctx, double value) {
  double rounded = value;
  if (isfinite(value) && value != 0) {
    char text[64];
    snprintf(text, sizeof(text), "%.15g", value);
    rounded = strtod(text, NULL);
  }
  return mlirFloatAttrDoubleGet(ctx, mlirF64TypeGet(ctx), rounded);
}

MlirAttribute solarI64ArrayAttr(MlirContext ctx, const int64_t *values,
                                size_t count) {
  MlirAttribute *elements = malloc((count ? count : 1) * sizeof(MlirAttribute));
  for (size_t i = 0; i < count; ++i)
    elements[i] = solarI64Attr(ctx, values[i]);
  MlirAttribute array = mlirArrayAttrGet(ctx, (intptr_t)count, elements);
  free(elements);
  return array;
}

void solarDictAddI64(SolarDictBuilder *b, const char *name, int64_t value) {
  solarDictAdd(b, name, solarI64Attr(b->ctx, value));
}

void solarDictAddF64(SolarDictBuilder *b, const char *name, double value) {
  solarDictAdd(b, name, solarF64Attr(b->ctx, value));
}

void solarDictAddNumber(SolarDictBuilder *b, const char *name, double value) {
  /* Counts print exactly as integers; MLIR would print a 7-digit f64 in hex. */
  if (isfinite(value) && value == floor(value) && fabs(value) < 9.0e18)
    solarDictAddI64(b, name, (int64_t)value);
  else
    solarDictAddF64(b, name, value);
}

void solarDictAddString(SolarDictBuilder *b, const char *name,
                        const char *value) {
  solarDictAdd(b, name,
               mlirStringAttrGet(b->ctx, mlirStringRefCreateFromCString(value)));
}

void solarDictAddBool(SolarDictBuilder *b, const char *name, bool value) {
  solarDictAdd(b, name, mlirBoolAttrGet(b->ctx, value));
}

MlirAttribute solarDictBuilderFinish(SolarDictBuilder *b) {
  MlirAttribute dict = mlirDictionaryAttrGet(b->ctx, b->count, b->entries);
  solarDictBuilderDiscard(b);
  return dict;
}

void solarDictBuilderDiscard(SolarDictBuilder *b) {
  free(b->entries);
  b->entries = NULL;
  b->count = b->capacity = 0;
}

MlirAttribute solarDictGet(MlirAttribute dict, const char *name) {
  MlirAttribute none = {NULL};
  if (mlirAttributeIsNull(dict) || !mlirAttributeIsADictionary(dict))
    return none;
  return mlirDictionaryAttrGetElementByName(
      dict, mlirStringRefCreateFromCString(name));
}

bool solarDictGetI64(MlirAttribute dict, const char *name, int64_t *out) {
  MlirAttribute value = solarDictGet(dict, name);
  if (mlirAttributeIsNull(value) || !mlirAttributeIsAInteger(value))
    return false;
  *out = mlirIntegerAttrGetValueInt(value);
  return true;
}

bool solarDictGetF64(MlirAttribute dict, const char *name, double *out) {
  MlirAttribute value = solarDictGet(dict, name);
  if (mlirAttributeIsNull(value))
    return false;
  if (mlirAttributeIsAFloat(value)) {
    *out = mlirFloatAttrGetValueDouble(value);
    return true;
  }
  if (mlirAttributeIsAInteger(value)) {
    *out = (double)mlirIntegerAttrGetValueInt(value);
    return true;
  }
  return false;
}

bool solarDictGetString(MlirAttribute dict, const char *name,
                        MlirStringRef *out) {
  MlirAttribute value = solarDictGet(dict, name);
  if (mlirAttributeIsNull(value) || !mlirAttributeIsAString(value))
    return false;
  *out = mlirStringAttrGetValue(value);
  return true;
}
