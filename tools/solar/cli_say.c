#include "cli_say.h"

#include "solar/llm.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

static const char *secretKey;

void solarSaySetSecret(const char *key) { secretKey = key; }

const char *solarSaySecret(void) { return secretKey; }

void solarSay(const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  va_list copy;
  va_copy(copy, args);
  int n = vsnprintf(NULL, 0, fmt, copy);
  va_end(copy);
  if (n >= 0) {
    char *text = malloc((size_t)n + 1);
    if (!text)
      abort();
    vsnprintf(text, (size_t)n + 1, fmt, args);
    solarLlmRedact(text, (size_t)n + 1, secretKey);
    fputs(text, stderr);
    free(text);
  }
  va_end(args);
}
