/* The store of the LLM API keys taken out of the environment at start-up
 * (cli_secrets.h says why). */
#include "cli_secrets.h"

#include <stdlib.h>
#include <string.h>

static const char *const kKeyVariables[] = {
    "SOLAR_LLM_API_KEY", "OPENAI_API_KEY", "ANTHROPIC_API_KEY"};
enum { KeyVariableCount = sizeof(kKeyVariables) / sizeof(*kKeyVariables) };

/* "NAME=value", owned for the process's lifetime (children's environments
 * borrow them). */
static char *adopted[KeyVariableCount];

void solarSecretsAdopt(void) {
  for (size_t i = 0; i < KeyVariableCount; ++i) {
    const char *value = getenv(kKeyVariables[i]);
    if (value && *value && !adopted[i]) {
      size_t length = strlen(kKeyVariables[i]) + 1 + strlen(value) + 1;
      adopted[i] = malloc(length);
      if (!adopted[i])
        abort();
      strcpy(adopted[i], kKeyVariables[i]);
      strcat(adopted[i], "=");
      strcat(adopted[i], value);
    }
    unsetenv(kKeyVariables[i]);
  }
}

const char *solarSecretGet(const char *name) {
  for (size_t i = 0; name && i < KeyVariableCount; ++i)
    if (adopted[i] && !strcmp(name, kKeyVariables[i]))
      return adopted[i] + strlen(kKeyVariables[i]) + 1;
  return NULL;
}

size_t solarSecretsEnvironmentEntries(const char **entries, size_t capacity) {
  size_t n = 0;
  for (size_t i = 0; i < KeyVariableCount && n < capacity; ++i)
    if (adopted[i])
      entries[n++] = adopted[i];
  return n;
}
