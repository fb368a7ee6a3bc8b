/* What `solar translate` tells the model: the embedded, versioned system
 * prompt (tools/solar/frontend/prompts/translate-v1.md), the first user message (the
 * program and its concrete argument list), the feedback after a rejected
 * attempt, and the text whose SHA-256 keys the cache. */
#ifndef SOLAR_CLI_TRANSLATE_PROMPT_H
#define SOLAR_CLI_TRANSLATE_PROMPT_H

#include "cli_translate_check.h"

#include "solar/verify/verify_manifest.h"

#include <stdbool.h>

/* The version name, part of the cache key. */
#define SOLAR_TRANSLATE_PROMPT_VERSION "translate-v1"

const char *translatePromptSystem(void);

typedef struct {
  const char *programPath;
  const char *source;
  const char *framework;
  const char *function;
  const SolarManifest *manifest;
  bool shapeGeneric;
} TranslateRequest;

/* All three return text the caller frees. */
char *translatePromptFirstMessage(const TranslateRequest *request);

/* After a rejection: `kind` and `details` (diagnostics); `truncated` when
 * the reply hit the token limit. kind == TranslateCheckOk is used for "no
 * code block". */
char *translatePromptFeedback(bool noCodeBlock, TranslateCheckKind kind,
                              const char *details, bool truncated);

/* Canonical JSON of everything a translation depends on. */
char *translateCacheKeyText(const TranslateRequest *request,
                            const char *provider, const char *model);

#endif
