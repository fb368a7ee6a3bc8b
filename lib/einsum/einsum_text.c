#include "einsum_text.h"

#include <stdlib.h>
#include <string.h>

void egTextAppend(MlirStringRef chunk, void *userData) {
  EgText *t = userData;
  if (t->used + chunk.length + 1 > t->capacity) {
    t->capacity = 2 * (t->used + chunk.length + 1);
    t->buf = realloc(t->buf, t->capacity);
    if (!t->buf)
      abort();
  }
  memcpy(t->buf + t->used, chunk.data, chunk.length);
  t->used += chunk.length;
  t->buf[t->used] = '\0';
}

void egTextAppendCString(EgText *text, const char *chunk) {
  egTextAppend(mlirStringRefCreateFromCString(chunk), text);
}

void egTextPrintAttribute(EgText *text, MlirAttribute attr) {
  mlirAttributePrint(attr, egTextAppend, text);
}

void egTextClear(EgText *text) {
  free(text->buf);
  text->buf = NULL;
  text->used = text->capacity = 0;
}
