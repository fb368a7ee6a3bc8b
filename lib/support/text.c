/* The growing text buffer SolarText (solar/support/text.h). */
#include "solar/support/text.h"
#include "solar/support/format.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

void solarTextAppend(SolarText *t, const char *data, size_t length) {
  if (t->length + length + 1 > t->capacity) {
    size_t grown = 2 * (t->length + length + 1);
    char *text = realloc(t->text, grown);
    if (!text)
      abort();
    t->text = text;
    t->capacity = grown;
  }
  memcpy(t->text + t->length, data, length);
  t->length += length;
  t->text[t->length] = '\0';
}

void solarTextAppendCString(SolarText *t, const char *text) {
  solarTextAppend(t, text, strlen(text));
}

void solarTextAppendF(SolarText *t, const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  char *text = solarFormatV(fmt, args);
  va_end(args);
  solarTextAppendCString(t, text);
  free(text);
}

void solarTextAppendChunk(MlirStringRef chunk, void *userData) {
  solarTextAppend(userData, chunk.data, chunk.length);
}

void solarTextClear(SolarText *t) {
  free(t->text);
  t->text = NULL;
  t->length = t->capacity = 0;
}
