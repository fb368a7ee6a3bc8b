/* printf into a fresh heap string (solar/support/format.h). */
#include "solar/support/format.h"

#include <stdio.h>
#include <stdlib.h>

char *solarFormatV(const char *fmt, va_list args) {
  va_list copy;
  va_copy(copy, args);
  int n = vsnprintf(NULL, 0, fmt, copy);
  va_end(copy);
  if (n < 0)
    n = 0;
  char *text = malloc((size_t)n + 1);
  if (!text)
    abort();
  if (vsnprintf(text, (size_t)n + 1, fmt, args) < 0)
    text[0] = '\0';
  return text;
}

char *solarFormat(const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  char *text = solarFormatV(fmt, args);
  va_end(args);
  return text;
}
