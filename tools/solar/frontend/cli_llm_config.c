/* Resolving the LLM endpoint, model and key from flags and environment,
 * and refusing values that could not be sent or redacted safely. */
#include "cli_llm_config.h"
#include "cli_secrets.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool badByte(const char *value, bool blanksToo, unsigned char *bad) {
  for (const unsigned char *c = (const unsigned char *)value; value && *c; ++c)
    if (*c < 0x20 || *c == 0x7f || (blanksToo && *c == ' ')) {
      *bad = *c;
      return true;
    }
  return false;
}

void solarLlmConfigDescribeBadValue(const SolarLlmConfig *config, char *buf,
                                    size_t size) {
  snprintf(buf, size, "%s", config->problem);
}

static SolarLlmConfigStatus refuse(SolarLlmConfig *out, const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  vsnprintf(out->problem, sizeof(out->problem), fmt, args);
  va_end(args);
  return SolarLlmConfigBadValue;
}

/* A key variable comes from the store the CLI moved it into at start-up;
 * getenv serves the rest (and key variables where nothing was adopted). */
static const char *fromEnvironment(const char *name) {
  const char *secret = solarSecretGet(name);
  if (secret)
    return secret;
  const char *env = getenv(name);
  return env && *env ? env : NULL;
}

static const char *envOr(const char *value, const char *a, const char *b) {
  const char *names[] = {a, b};
  for (int i = 0; !value && i < 2; ++i)
    value = names[i] ? fromEnvironment(names[i]) : NULL;
  return value;
}

SolarLlmConfigStatus solarLlmConfigResolve(const SolarLlmSettings *settings,
                                           SolarLlmConfig *out) {
  memset(out, 0, sizeof(*out));
  out->url = envOr(settings->url, "SOLAR_LLM_URL", NULL);
  out->model = envOr(settings->model, "SOLAR_LLM_MODEL", NULL);
  out->provider = SolarLlmProviderOpenAI;
  if (settings->providerName &&
      !solarLlmProviderParse(settings->providerName, &out->provider))
    return SolarLlmConfigBadProvider;
  if (!settings->providerName && out->url)
    out->provider = solarLlmProviderGuess(out->url);
  out->apiKey = envOr(settings->apiKey, "SOLAR_LLM_API_KEY",
                      out->provider == SolarLlmProviderAnthropic
                          ? "ANTHROPIC_API_KEY"
                          : "OPENAI_API_KEY");
  /* An explicit provider without a URL means its official endpoint. */
  if (!out->url && settings->providerName)
    out->url = out->provider == SolarLlmProviderAnthropic
                   ? "https://api.anthropic.com"
                   : "https://api.openai.com/v1";
  if (!out->url)
    return SolarLlmConfigNoEndpoint;
  if (!out->model)
    return SolarLlmConfigNoModel;
  const struct {
    const char *value, *what;
    bool blanks;
  } checked[] = {{out->apiKey, "API key", true},
                 {out->model, "model name", false},
                 {out->url, "URL", true}};
  for (size_t i = 0; i < sizeof(checked) / sizeof(*checked); ++i) {
    unsigned char bad;
    if (badByte(checked[i].value, checked[i].blanks, &bad))
      return refuse(out,
                    "the %s holds %s 0x%02x; refusing to send it (a line "
                    "break in a header would add headers of its own)",
                    checked[i].what,
                    bad == ' ' ? "a blank," : "control character", bad);
  }
  if (out->apiKey && strlen(out->apiKey) < SOLAR_LLM_MIN_KEY_LENGTH) {
    size_t length = strlen(out->apiKey);
    out->apiKey = NULL;
    return refuse(out,
                  "the API key is %zu character%s long; keys shorter than %d "
                  "are refused, since every printed line is redacted with "
                  "the key and a short one would rewrite ordinary text "
                  "(leave the key unset for a server that needs none)",
                  length, length == 1 ? "" : "s", SOLAR_LLM_MIN_KEY_LENGTH);
  }
  char why[160];
  out->endpoint = solarLlmEndpoint(out->provider, out->url, why, sizeof(why));
  if (!out->endpoint)
    return refuse(out, "the URL is not an absolute http(s) URL: %s", why);
  return SolarLlmConfigOk;
}

void solarLlmConfigDestroy(SolarLlmConfig *config) {
  free(config->endpoint);
  config->endpoint = NULL;
}
