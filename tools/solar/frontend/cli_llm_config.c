/* The LLM endpoint, model and key, from flags and the environment
 * (cli_llm_config.h). */
#include "cli_llm_config.h"

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
  snprintf(buf, size,
           "the %s holds %s 0x%02x; refusing to send it (a line break in a "
           "header would add headers of its own)",
           config->badWhat ? config->badWhat : "setting",
           config->badByte == ' ' ? "a blank," : "control character",
           config->badByte);
}

static const char *envOr(const char *value, const char *a, const char *b) {
  const char *names[] = {a, b};
  for (int i = 0; !value && i < 2; ++i) {
    const char *env = names[i] ? getenv(names[i]) : NULL;
    if (env && *env)
      value = env;
  }
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
  for (size_t i = 0; i < sizeof(checked) / sizeof(*checked); ++i)
    if (badByte(checked[i].value, checked[i].blanks, &out->badByte)) {
      out->badWhat = checked[i].what;
      return SolarLlmConfigBadValue;
    }
  out->endpoint = solarLlmEndpoint(out->provider, out->url);
  return SolarLlmConfigOk;
}

void solarLlmConfigDestroy(SolarLlmConfig *config) {
  free(config->endpoint);
  config->endpoint = NULL;
}
