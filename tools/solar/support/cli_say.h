/* Progress and error lines of the LLM frontend: every line goes through
 * solarLlmRedact with the API key in use, then to stderr, so the key never
 * reaches a terminal or a log. */
#ifndef SOLAR_CLI_SAY_H
#define SOLAR_CLI_SAY_H

/* The key to redact from now on (NULL: none). Borrowed: it must outlive
 * every later solarSay, or be reset first. */
void solarSaySetSecret(const char *key);
const char *solarSaySecret(void);

void solarSay(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
