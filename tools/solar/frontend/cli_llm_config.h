/* Which LLM endpoint, model and key the LLM frontend uses: command-line
 * values first, then the environment (SOLAR_LLM_URL, SOLAR_LLM_MODEL,
 * SOLAR_LLM_API_KEY, then OPENAI_API_KEY / ANTHROPIC_API_KEY by provider),
 * as docs/llm-frontend.md describes. Shared by `solar translate` (flags and
 * environment) and `solar analyze` (environment only). */
#ifndef SOLAR_CLI_LLM_CONFIG_H
#define SOLAR_CLI_LLM_CONFIG_H

#include "llm.h"

typedef struct {
  /* Each NULL: from the environment (providerName: guessed from the URL). */
  const char *url, *model, *apiKey, *providerName;
} SolarLlmSettings;

typedef struct {
  SolarLlmProvider provider;
  const char *url, *model, *apiKey; /* borrowed from the settings, the key
                                       store (cli_secrets.h) or getenv */
  char *endpoint;                   /* owned: the full request URL */
  char problem[256];                /* BadValue: what is wrong, one line */
} SolarLlmConfig;

typedef enum {
  SolarLlmConfigOk,
  SolarLlmConfigBadProvider, /* providerName is neither openai nor anthropic */
  SolarLlmConfigNoEndpoint,  /* no URL (and no provider to default it) */
  SolarLlmConfigNoModel,
  /* A control character (CR, LF, NUL, ...) in the key, model or URL, or a
   * blank in the URL: sent as is it would end a header line and start one
   * of its own (header injection). A key shorter than
   * SOLAR_LLM_MIN_KEY_LENGTH: redacting it would rewrite ordinary output
   * (apiKey is then NULL, so nothing redacts with it). A URL that is not
   * an absolute http(s) URL. Checked before any request. */
  SolarLlmConfigBadValue,
} SolarLlmConfigStatus;

/* "the API key holds control character 0x0d; ..." for BadValue (the
 * config's `problem`). */
void solarLlmConfigDescribeBadValue(const SolarLlmConfig *config, char *buf,
                                    size_t size);

/* Fills `out` (url, model, apiKey and provider are set as far as they were
 * resolved, whatever the status; endpoint only when Ok). */
SolarLlmConfigStatus solarLlmConfigResolve(const SolarLlmSettings *settings,
                                           SolarLlmConfig *out);
void solarLlmConfigDestroy(SolarLlmConfig *config);

#endif
