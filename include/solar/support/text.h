/* A growing NUL-terminated string: the one text buffer of the project, for
 * MLIR's print callbacks and for messages built piece by piece. */
#ifndef SOLAR_SUPPORT_TEXT_H
#define SOLAR_SUPPORT_TEXT_H

#include "mlir-c/Support.h"

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct SolarText {
  char *text; /* owned (free or solarTextClear); NULL until the first append */
  size_t length, capacity;
} SolarText;

void solarTextAppend(SolarText *t, const char *data, size_t length);
void solarTextAppendCString(SolarText *t, const char *text);
void solarTextAppendF(SolarText *t, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* An MlirStringCallback; userData is a SolarText. */
void solarTextAppendChunk(MlirStringRef chunk, void *userData);
/* Frees the text and empties t. */
void solarTextClear(SolarText *t);

#ifdef __cplusplus
}
#endif

#endif
