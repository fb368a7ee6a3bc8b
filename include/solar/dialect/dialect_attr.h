/* Building and opening the solar dialect's attributes from C.
 *
 * Each solar attribute (#solar.sol, #solar.fusion, ...) wraps one builtin
 * dictionary. IRDL-defined attributes have no C accessors, so both
 * directions go through the textual form: wrap = print the dictionary and
 * parse `#solar.<mnemonic><dict>`; open = print the attribute and parse the
 * dictionary between the outer angle brackets. */
#ifndef SOLAR_DIALECT_ATTR_H
#define SOLAR_DIALECT_ATTR_H

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* #solar.<mnemonic><dict>, or a null attribute if it does not parse. */
MlirAttribute solarDialectAttrWrap(MlirContext ctx, const char *mnemonic,
                                   MlirAttribute dict);

/* The dictionary inside `attr` when it is #solar.<mnemonic><...>; a null
 * attribute otherwise. */
MlirAttribute solarDialectAttrOpen(MlirAttribute attr, const char *mnemonic);

/* ---- building dictionaries ---------------------------------------------- */

/* A growing list of named attributes; destroy with solarDictBuilderFinish
 * (which makes the dictionary) or solarDictBuilderDiscard. */
typedef struct {
  MlirContext ctx;
  MlirNamedAttribute *entries;
  intptr_t count, capacity;
} SolarDictBuilder;

void solarDictBuilderInit(SolarDictBuilder *b, MlirContext ctx);
void solarDictAdd(SolarDictBuilder *b, const char *name, MlirAttribute value);
void solarDictAddI64(SolarDictBuilder *b, const char *name, int64_t value);
void solarDictAddF64(SolarDictBuilder *b, const char *name, double value);
/* An integral finite value as i64 (exact counts: bytes, flops), anything
 * else as f64; solarDictGetF64 reads both. */
void solarDictAddNumber(SolarDictBuilder *b, const char *name, double value);
void solarDictAddString(SolarDictBuilder *b, const char *name,
                        const char *value);
void solarDictAddBool(SolarDictBuilder *b, const char *name, bool value);
MlirAttribute solarDictBuilderFinish(SolarDictBuilder *b);
void solarDictBuilderDiscard(SolarDictBuilder *b);

MlirAttribute solarI64Attr(MlirContext ctx, int64_t value);
/* f64 rounded to 15 significant digits, so printed values stay short and
 * stable across platforms. */
MlirAttribute solarF64Attr(MlirContext ctx, double value);
MlirAttribute solarI64ArrayAttr(MlirContext ctx, const int64_t *values,
                                size_t count);

/* ---- reading dictionaries ----------------------------------------------- */

/* Field lookups; false when missing or of another kind. */
bool solarDictGetI64(MlirAttribute dict, const char *name, int64_t *out);
bool solarDictGetF64(MlirAttribute dict, const char *name, double *out);
/* Pointer into the attribute's storage (valid while the context lives). */
bool solarDictGetString(MlirAttribute dict, const char *name,
                        MlirStringRef *out);
MlirAttribute solarDictGet(MlirAttribute dict, const char *name);

#ifdef __cplusplus
}
#endif

#endif
