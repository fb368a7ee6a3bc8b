/* Progress and error lines of the LLM frontend, key redacted
 * (cli_say.h). */
#include "cli_say.h"

#include "solar/support/format.h"
#include "llm.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *secretKey;

void solarSaySetSecret(const char *key) { secretKey = key; }

const char *solarSaySecret(void) { return secretKey; }

void solarSay(const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  char *text = solarFormatV(fmt, args);
  va_end(args);
  solarLlmRedact(text, strlen(text) + 1, secretKey);
  fputs(text, stderr);
  free(text);
}
