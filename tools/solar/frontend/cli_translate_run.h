/* The LLM translation loop, shared by `solar translate` and
 * `solar analyze`: given a program and a reference run's manifest, look up
 * the cache (re-verifying a hit), else ask the model, hold each reply to
 * the contract and verify it (cli_translate_check.c), feed every rejection
 * back, up to maxAttempts; a verified translation is cached. Progress and
 * the failure report go to stderr through solarSay (the key redacted). */
#ifndef SOLAR_CLI_TRANSLATE_RUN_H
#define SOLAR_CLI_TRANSLATE_RUN_H

#include "cli_llm_config.h"
#include "cli_verify_limits.h"

#include "llm.h"
#include "solar/verify/verify_manifest.h"

#include <stdbool.h>

/* The largest first message (the program and its argument list) sent to
 * a model. */
#define SOLAR_TRANSLATE_MAX_PROMPT_BYTES (512 * 1024)

typedef struct {
  const char *prefix; /* starts every line: "solar translate" */
  const char *program, *source, *framework, *function;
  const char *manifestPath;
  const SolarManifest *manifest;
  const char *workDir; /* attempt-N.reply.md go here */
  const SolarLlmConfig *llm;
  int maxAttempts, maxTokens;
  double temperature;
  bool noCache, quiet, shapeGeneric;
  const char *rtol, *atol; /* NULL: solar-verify's defaults */
  SolarCliVerifyLimits verifyLimits;
  SolarHttpOptions http;
} SolarTranslateJob;

typedef struct {
  char *verified; /* the verified module, key redacted (caller frees) */
  int attempts;   /* replies asked for (0: a cache hit) */
  bool cacheHit;
} SolarTranslateOutcome;

/* True with outcome->verified set; false after printing why (every
 * attempt's error, or the cache/hash failure). */
bool solarTranslateRun(const SolarTranslateJob *job,
                       SolarTranslateOutcome *outcome);

/* "jax" when the source imports jax or flax, else "torch". */
const char *solarTranslateGuessFramework(const char *source);

/* The framework the source imports when --framework names the other one
 * and the source does not import that ("torch" for --framework jax on a
 * torch program): a usage error, not a program no frontend covers. NULL
 * when they agree or the source imports neither or both. */
const char *solarFrameworkContradicted(const char *source,
                                       const char *framework);

/* linear_relu.py -> linear_relu; characters outside [A-Za-z0-9_] -> '_'
 * (caller frees). */
char *solarTranslateFunctionName(const char *programPath);

#endif
