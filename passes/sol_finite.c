#include "solar/passes/sol_finite.h"

#include "mlir-c/BuiltinAttributes.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static bool findIn(MlirAttribute attr, char *where, size_t whereSize,
                   size_t used) {
  if (mlirAttributeIsAFloat(attr))
    return !isfinite(mlirFloatAttrGetValueDouble(attr));
  if (mlirAttributeIsADictionary(attr)) {
    for (intptr_t i = 0; i < mlirDictionaryAttrGetNumElements(attr); ++i) {
      MlirNamedAttribute entry = mlirDictionaryAttrGetElement(attr, i);
      MlirStringRef name = mlirIdentifierStr(entry.name);
      if (used < whereSize)
        snprintf(where + used, whereSize - used, "%s%.*s", used ? "." : "",
                 (int)name.length, name.data);
      size_t next = strlen(where);
      if (findIn(entry.attribute, where, whereSize, next))
        return true;
      where[used < whereSize ? used : whereSize - 1] = '\0';
    }
    return false;
  }
  if (mlirAttributeIsAArray(attr)) {
    for (intptr_t i = 0; i < mlirArrayAttrGetNumElements(attr); ++i) {
      if (used < whereSize)
        snprintf(where + used, whereSize - used, "[%ld]", (long)i);
      size_t next = strlen(where);
      if (findIn(mlirArrayAttrGetElement(attr, i), where, whereSize, next))
        return true;
      where[used < whereSize ? used : whereSize - 1] = '\0';
    }
    return false;
  }
  return false;
}

bool solarAttrFindNonFinite(MlirAttribute attr, char *where,
                            size_t whereSize) {
  if (whereSize == 0)
    return false;
  where[0] = '\0';
  return findIn(attr, where, whereSize, 0);
}
