/* The LLM translation loop with its cache (cli_translate_run.h). */
#include "cli_translate_run.h"
#include "solar/support/files.h"

#include "cli_files.h"
#include "cli_say.h"
#include "cli_translate_check.h"
#include "cli_translate_prompt.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool importsJax(const char *source) {
  return strstr(source, "import jax") || strstr(source, "from jax") ||
         strstr(source, "import flax") || strstr(source, "from flax");
}

static bool importsTorch(const char *source) {
  return strstr(source, "import torch") || strstr(source, "from torch");
}

const char *solarTranslateGuessFramework(const char *source) {
  return importsJax(source) ? "jax" : "torch";
}

const char *solarFrameworkContradicted(const char *source,
                                       const char *framework) {
  bool jax = importsJax(source), torch = importsTorch(source);
  if (!strcmp(framework, "jax") && torch && !jax)
    return "torch";
  if (!strcmp(framework, "torch") && jax && !torch)
    return "jax";
  return NULL;
}

char *solarTranslateFunctionName(const char *path) {
  const char *base = strrchr(path, '/');
  base = base ? base + 1 : path;
  size_t length = strcspn(base, ".");
  char *name = malloc(length + 2);
  if (!name)
    abort();
  size_t n = 0;
  if (length == 0 || (base[0] >= '0' && base[0] <= '9'))
    name[n++] = 'f';
  for (size_t i = 0; i < length; ++i) {
    char c = base[i];
    bool word = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                (c >= '0' && c <= '9') || c == '_';
    name[n++] = word ? c : '_';
  }
  name[n] = '\0';
  return name;
}

/* ---- the attempts --------------------------------------------------------------- */

typedef struct {
  const char *prefix;
  int attempt, maxAttempts;
  bool quiet;
} RetryReporter;

static void reportRetry(void *userData, int tryNumber, long status,
                        const char *why, double waitS) {
  const RetryReporter *reporter = userData;
  (void)status;
  if (!reporter->quiet)
    solarSay("%s: attempt %d/%d: try %d failed: %s; retrying in %.1f s\n",
             reporter->prefix, reporter->attempt, reporter->maxAttempts,
             tryNumber, why, waitS);
}

/* The first line of a (possibly multi-line) message, for progress lines. */
static void firstLine(const char *text, char *buf, size_t size) {
  size_t length = strcspn(text, "\n");
  snprintf(buf, size, "%.*s", (int)length, text);
}

typedef struct {
  char **errors; /* per attempt, owned */
  int count;
} AttemptLog;

static void logAttempt(AttemptLog *log, const char *kind,
                       const char *message) {
  size_t size = strlen(kind) + strlen(message) + 4;
  char *entry = malloc(size);
  if (!entry)
    abort();
  snprintf(entry, size, "%s: %s", kind, message);
  solarLlmRedact(entry, size, solarSaySecret());
  log->errors[log->count++] = entry;
}

static void destroyLog(AttemptLog *log) {
  for (int i = 0; i < log->count; ++i)
    free(log->errors[i]);
  free(log->errors);
}

static void saveReply(const SolarTranslateJob *job, int attempt,
                      char *reply) {
  char name[64];
  snprintf(name, sizeof(name), "attempt-%d.reply.md", attempt);
  char *path = solarPathJoin(job->workDir, name);
  solarLlmRedact(reply, strlen(reply) + 1, solarSaySecret());
  if (!solarWriteText(path, reply) && !job->quiet)
    solarSay("%s: warning: cannot write %s\n", job->prefix, path);
  free(path);
}

/* Runs the conversation. Returns the verified module text or NULL. */
static char *converse(const SolarTranslateJob *job,
                      const TranslateRequest *request,
                      const TranslateTarget *target, AttemptLog *log) {
  const SolarLlmConfig *llm = job->llm;
  SolarLlmConversation conversation;
  solarLlmConversationInit(&conversation);
  char *first = translatePromptFirstMessage(request);
  solarLlmConversationAdd(&conversation, "user", first);
  free(first);
  SolarLlmRequestParams params = {llm->model, translatePromptSystem(),
                                  job->maxTokens, job->temperature};
  char **headers = solarLlmRequestHeaders(llm->provider, llm->apiKey);
  char *verified = NULL;
  for (int attempt = 1; attempt <= job->maxAttempts && !verified; ++attempt) {
    char *body = solarLlmRequestBody(llm->provider, &params, &conversation);
    size_t bodyBytes = strlen(body);
    RetryReporter reporter = {job->prefix, attempt, job->maxAttempts,
                              job->quiet};
    SolarHttpOptions http = job->http;
    http.onRetry = reportRetry;
    http.onRetryData = &reporter;
    SolarHttpResponse response;
    char err[4096];
    bool sent = solarHttpPostJson(llm->endpoint, (const char *const *)headers,
                                  body, &http, &response, err, sizeof(err));
    free(body);
    char prefix[256];
    snprintf(prefix, sizeof(prefix),
             "%s: attempt %d/%d: sent %zu bytes, HTTP %ld, %.2f s",
             job->prefix, attempt, job->maxAttempts, bodyBytes,
             response.status, response.seconds);
    char *reply = NULL;
    bool truncated = false;
    if (sent &&
        !solarLlmReplyText(llm->provider, response.body, response.length,
                           &reply, &truncated, err, sizeof(err)))
      sent = false;
    solarHttpResponseDestroy(&response);
    if (!sent) {
      /* No reply to answer: the conversation cannot go on. */
      logAttempt(log, "request failed", err);
      if (!job->quiet)
        solarSay("%s: request failed: %s\n", prefix, err);
      break;
    }
    saveReply(job, attempt, reply);
    solarLlmConversationAdd(&conversation, "assistant", reply);
    char *mlir = solarLlmExtractMlir(reply, err, sizeof(err));
    free(reply);
    char *feedback = NULL;
    if (!mlir) {
      logAttempt(log, "no code block", err);
      if (!job->quiet)
        solarSay("%s: no code block: %s\n", prefix, err);
      feedback = translatePromptFeedback(true, TranslateCheckOk, err,
                                         truncated);
    } else {
      TranslateCheckResult check;
      translateCheck(mlir, target, &check);
      free(mlir);
      const char *kind = translateCheckKindName(check.kind);
      if (check.kind == TranslateCheckOk) {
        if (!job->quiet)
          solarSay("%s: verified\n", prefix);
        verified = check.verifiedText;
        check.verifiedText = NULL;
      } else {
        char line[1024];
        firstLine(check.message, line, sizeof(line));
        logAttempt(log, kind, check.message);
        if (!job->quiet)
          solarSay("%s: %s: %s\n", prefix, kind, line);
        feedback = translatePromptFeedback(false, check.kind, check.message,
                                           truncated);
      }
      translateCheckResultDestroy(&check);
    }
    if (feedback) {
      solarLlmRedact(feedback, strlen(feedback) + 1, solarSaySecret());
      solarLlmConversationAdd(&conversation, "user", feedback);
      free(feedback);
    }
  }
  solarLlmHeadersDestroy(headers);
  solarLlmConversationDestroy(&conversation);
  return verified;
}

/* Every attempt's error, continuation lines indented under their attempt. */
static void reportFailure(const SolarTranslateJob *job,
                          const AttemptLog *log) {
  solarSay("%s: error: no verified translation of %s after %d attempt(s):\n",
           job->prefix, job->program, log->count);
  for (int i = 0; i < log->count; ++i) {
    solarSay("  attempt %d: ", i + 1);
    for (const char *line = log->errors[i]; *line;) {
      size_t length = strcspn(line, "\n");
      solarSay("%s%.*s\n", line == log->errors[i] ? "" : "    ", (int)length,
               line);
      line += length;
      if (*line == '\n')
        line++;
    }
  }
  solarSay("  (replies saved in %s/attempt-N.reply.md)\n", job->workDir);
}

/* ---- cache ------------------------------------------------------------------------- */

/* The cached translation, re-verified against this reference run (the data
 * may differ from the run that filled the cache), or NULL. */
static char *cacheLookup(const SolarTranslateJob *job, const char *cacheDir,
                         const char *key, const TranslateTarget *target) {
  char *cached = solarLlmCacheLoad(cacheDir, key);
  if (!cached)
    return NULL;
  TranslateCheckResult check;
  translateCheck(cached, target, &check);
  free(cached);
  char *verified = check.verifiedText;
  check.verifiedText = NULL;
  if (!verified && !job->quiet) {
    char line[1024];
    firstLine(check.message, line, sizeof(line));
    solarSay("%s: warning: the cached translation %.12s no longer verifies "
             "(%s: %s); asking the model\n",
             job->prefix, key, translateCheckKindName(check.kind), line);
  }
  translateCheckResultDestroy(&check);
  return verified;
}

/* ---- the loop ---------------------------------------------------------------------- */

bool solarTranslateRun(const SolarTranslateJob *job,
                       SolarTranslateOutcome *outcome) {
  memset(outcome, 0, sizeof(*outcome));
  const SolarLlmConfig *llm = job->llm;
  TranslateRequest request = {job->program,  job->source,
                              job->framework, job->function,
                              job->manifest, job->shapeGeneric};
  TranslateTarget target = {job->manifestPath, job->manifest, job->function,
                            job->shapeGeneric, "reply.mlir",    job->rtol,
                            job->atol,          job->verifyLimits};

  /* The program goes to the model whole: a prompt this large is no
   * translation task (and costs what it weighs), so it is refused before
   * any request. */
  char *first = translatePromptFirstMessage(&request);
  size_t promptBytes = strlen(first);
  free(first);
  if (promptBytes > SOLAR_TRANSLATE_MAX_PROMPT_BYTES) {
    solarSay("%s: error: the prompt for %s would be %zu bytes (the program "
             "and its %zu arguments); at most %d are sent to a model\n",
             job->prefix, job->program, promptBytes, job->manifest->argCount,
             SOLAR_TRANSLATE_MAX_PROMPT_BYTES);
    return false;
  }

  char key[65] = "";
  char *cacheDir = job->noCache ? NULL : solarLlmCacheDir();
  if (cacheDir) {
    char *keyText = translateCacheKeyText(
        &request, solarLlmProviderName(llm->provider), llm->model);
    bool hashed = solarSha256Hex(keyText, strlen(keyText), key);
    free(keyText);
    if (!hashed) {
      solarSay("%s: error: SHA-256 failed (libcrypto)\n", job->prefix);
      free(cacheDir);
      return false;
    }
  }
  char *verified = NULL;
  if (cacheDir) {
    verified = cacheLookup(job, cacheDir, key, &target);
    if (verified && !job->quiet)
      solarSay("%s: cache hit %.12s (%s): verified, no LLM request\n",
               job->prefix, key, cacheDir);
    outcome->cacheHit = verified != NULL;
  }

  if (!verified) {
    if (!job->quiet)
      solarSay("%s: asking %s (%s, %s) for @%s, at most %d attempt(s)\n",
               job->prefix, llm->model, solarLlmProviderName(llm->provider),
               llm->endpoint, job->function, job->maxAttempts);
    AttemptLog log = {calloc((size_t)job->maxAttempts + 1, sizeof(char *)),
                      0};
    if (!log.errors)
      abort();
    verified = converse(job, &request, &target, &log);
    /* The attempt that verified is not in the log (only rejections are). */
    outcome->attempts = log.count + (verified ? 1 : 0);
    if (!verified)
      reportFailure(job, &log);
    destroyLog(&log);
    if (verified && cacheDir) {
      char err[4096];
      if (!solarLlmCacheStore(cacheDir, key, verified, err, sizeof(err)))
        solarSay("%s: warning: cache: %s\n", job->prefix, err);
      else if (!job->quiet)
        solarSay("%s: cached as %.12s in %s\n", job->prefix, key, cacheDir);
    }
  }
  free(cacheDir);
  if (!verified)
    return false;
  solarLlmRedact(verified, strlen(verified) + 1, solarSaySecret());
  outcome->verified = verified;
  return true;
}
