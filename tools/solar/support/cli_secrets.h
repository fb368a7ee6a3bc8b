/* The LLM API keys of the environment (SOLAR_LLM_API_KEY, OPENAI_API_KEY,
 * ANTHROPIC_API_KEY), taken out of the process environment when `solar`
 * starts. solar runs code it did not write (the user's program in the
 * reference runner and the importer, the bench import server); none of it
 * may inherit a credential. Only solar's own children (`solar bench`
 * running `solar analyze`) get the keys back, through
 * solarSecretsEnvironmentEntries. */
#ifndef SOLAR_CLI_SECRETS_H
#define SOLAR_CLI_SECRETS_H

#include <stddef.h>

/* Moves every key variable of the environment into this module's store
 * and unsets it. Call once, first thing in main. */
void solarSecretsAdopt(void);

/* The adopted value of the key variable `name` (borrowed, NULL when unset,
 * empty or not a key variable). */
const char *solarSecretGet(const char *name);

/* The adopted keys as "NAME=value" strings (borrowed) for the environment
 * of a child that is solar itself; returns how many (at most `capacity`). */
size_t solarSecretsEnvironmentEntries(const char **entries, size_t capacity);

#endif
