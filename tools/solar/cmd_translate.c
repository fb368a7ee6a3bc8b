/* solar translate: PyTorch / JAX source -> verified affine MLIR, by asking
 * an LLM and checking every answer.
 *
 *   1. the reference runner records inputs, weights, outputs (manifest);
 *   2. the model gets the contract (system prompt), the program and the
 *      concrete argument list;
 *   3. each reply is parsed, held to the contract and signature, and
 *      executed against the reference (solar-verify, in-process);
 *   4. a rejection goes back to the model as a follow-up message, up to
 *      --max-attempts; only a verified module is written (and cached).
 *
 * The API key only ever travels in request headers; every line this
 * command prints or writes passes through solarLlmRedact first. */
#include "cli_reference.h"
#include "cli_translate_check.h"
#include "cli_translate_prompt.h"

#include "solar/llm.h"
#include "solar/verify_manifest.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

typedef struct {
  const char *program;
  const char *framework; /* NULL: guessed from the imports */
  const char *output;    /* NULL or "-": stdout */
  const char *workDir;
  const char *reference; /* an existing manifest: skip the runner */
  const char *function;
  const char *url, *model, *apiKey, *providerName;
  const char *device;
  const char **overrides; /* NULL-terminated */
  size_t overrideCount;
  int runs;
  int maxAttempts;
  int maxTokens;
  double temperature;
  bool noCache, quiet, shapeGeneric;
  SolarHttpOptions http;
} TranslateArgs;

/* Every message goes through here: redacted, on stderr. */
static const char *secretKey;

static void say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void say(const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  va_list copy;
  va_copy(copy, args);
  int n = vsnprintf(NULL, 0, fmt, copy);
  va_end(copy);
  if (n >= 0) {
    char *text = malloc((size_t)n + 1);
    if (!text)
      abort();
    vsnprintf(text, (size_t)n + 1, fmt, args);
    solarLlmRedact(text, (size_t)n + 1, secretKey);
    fputs(text, stderr);
    free(text);
  }
  va_end(args);
}

static void usage(FILE *out) {
  fprintf(out,
          "USAGE: solar translate MODEL.py [--framework torch|jax] -o "
          "MODEL.mlir [options]\n\n"
          "Asks an LLM to translate the program into affine MLIR and keeps "
          "only a\ntranslation that solar-verify accepts against the "
          "framework's own run.\n\n"
          "LLM endpoint (flags win over the environment):\n"
          "  --url URL            SOLAR_LLM_URL, e.g. http://localhost:8000/v1\n"
          "  --model NAME         SOLAR_LLM_MODEL\n"
          "  --api-key KEY        SOLAR_LLM_API_KEY, else OPENAI_API_KEY / "
          "ANTHROPIC_API_KEY\n"
          "  --provider openai|anthropic   default: guessed from the URL, "
          "else openai\n"
          "Translation:\n"
          "  --function NAME      the func.func name (default: from the file "
          "name)\n"
          "  --shape-generic      allow '?' sizes (read with memref.dim)\n"
          "  --max-attempts N     replies to try (default 5)\n"
          "  --max-tokens N       per reply (default 8192)\n"
          "  --temperature T      (default 0)\n"
          "Reference run (tools/solar_reference.py):\n"
          "  --work-dir DIR       where it writes (default: OUTPUT minus .mlir "
          "+ .ref)\n"
          "  --reference MANIFEST use an existing run instead\n"
          "  --device auto|cpu|cuda, --runs N (default 3), --override K=V "
          "(repeatable)\n"
          "HTTP:\n"
          "  --connect-timeout S (default 10), --timeout S (default 300),\n"
          "  --http-retries N (default 4; 429, 5xx, network errors), "
          "--retry-after-cap S (60),\n"
          "  --max-reply-bytes N (16 MiB)\n"
          "Cache ($SOLAR_CACHE_DIR, default ~/.cache/solar/translations):\n"
          "  --no-cache           neither read nor write it\n"
          "  -q, --quiet          no progress lines\n");
}

/* ---- command line ----------------------------------------------------------- */

static bool parseDouble(const char *flag, const char *text, double *out) {
  char *end = NULL;
  errno = 0;
  double value = strtod(text, &end);
  if (!*text || *end || errno || value < 0) {
    fprintf(stderr, "solar translate: error: %s needs a non-negative number, "
                    "got '%s'\n", flag, text);
    return false;
  }
  *out = value;
  return true;
}

static bool parseInt(const char *flag, const char *text, long min, long *out) {
  char *end = NULL;
  errno = 0;
  long value = strtol(text, &end, 10);
  if (!*text || *end || errno || value < min) {
    fprintf(stderr, "solar translate: error: %s needs an integer >= %ld, got "
                    "'%s'\n", flag, min, text);
    return false;
  }
  *out = value;
  return true;
}

/* Returns 0 to go on, else the exit status. */
static int parseArgs(int argc, char **argv, TranslateArgs *args) {
  memset(args, 0, sizeof(*args));
  args->runs = 3;
  args->maxAttempts = 5;
  args->maxTokens = 8192;
  solarHttpOptionsInit(&args->http);
  args->overrides = calloc((size_t)argc + 1, sizeof(char *));
  if (!args->overrides)
    abort();
  for (int i = 1; i < argc; ++i) {
    const char *arg = argv[i];
    if (!strcmp(arg, "--help") || !strcmp(arg, "-h")) {
      usage(stdout);
      return -1;
    }
    if (!strcmp(arg, "-q") || !strcmp(arg, "--quiet")) {
      args->quiet = true;
      continue;
    }
    if (!strcmp(arg, "--no-cache")) {
      args->noCache = true;
      continue;
    }
    if (!strcmp(arg, "--shape-generic")) {
      args->shapeGeneric = true;
      continue;
    }
    if (arg[0] != '-' || !strcmp(arg, "-")) {
      if (args->program) {
        fprintf(stderr, "solar translate: error: more than one program ('%s' "
                        "and '%s')\n", args->program, arg);
        return 2;
      }
      args->program = arg;
      continue;
    }
    /* --flag VALUE or --flag=VALUE */
    char flag[64];
    const char *value = NULL;
    const char *eq = strchr(arg, '=');
    if (eq && arg[1] == '-') {
      snprintf(flag, sizeof(flag), "%.*s", (int)(eq - arg), arg);
      value = eq + 1;
    } else {
      snprintf(flag, sizeof(flag), "%s", arg);
      if (i + 1 < argc)
        value = argv[++i];
    }
    if (!value) {
      fprintf(stderr, "solar translate: error: %s needs a value\n", flag);
      return 2;
    }
    long number = 0;
    double real = 0;
    bool ok = true;
    if (!strcmp(flag, "--framework"))
      args->framework = value;
    else if (!strcmp(flag, "-o") || !strcmp(flag, "--output"))
      args->output = value;
    else if (!strcmp(flag, "--work-dir"))
      args->workDir = value;
    else if (!strcmp(flag, "--reference"))
      args->reference = value;
    else if (!strcmp(flag, "--function"))
      args->function = value;
    else if (!strcmp(flag, "--url"))
      args->url = value;
    else if (!strcmp(flag, "--model"))
      args->model = value;
    else if (!strcmp(flag, "--api-key"))
      args->apiKey = value;
    else if (!strcmp(flag, "--provider"))
      args->providerName = value;
    else if (!strcmp(flag, "--device"))
      args->device = value;
    else if (!strcmp(flag, "--override"))
      args->overrides[args->overrideCount++] = value;
    else if (!strcmp(flag, "--runs"))
      ok = parseInt(flag, value, 1, &number) && (args->runs = (int)number);
    else if (!strcmp(flag, "--max-attempts"))
      ok = parseInt(flag, value, 1, &number) &&
           (args->maxAttempts = (int)number);
    else if (!strcmp(flag, "--max-tokens"))
      ok = parseInt(flag, value, 1, &number) && (args->maxTokens = (int)number);
    else if (!strcmp(flag, "--http-retries"))
      ok = parseInt(flag, value, 0, &number) &&
           ((args->http.maxRetries = (int)number), true);
    else if (!strcmp(flag, "--max-reply-bytes"))
      ok = parseInt(flag, value, 1, &number) &&
           (args->http.maxReplyBytes = (size_t)number);
    else if (!strcmp(flag, "--temperature"))
      ok = parseDouble(flag, value, &args->temperature);
    else if (!strcmp(flag, "--timeout") ||
             !strcmp(flag, "--connect-timeout")) {
      ok = parseDouble(flag, value, &real);
      if (ok && real <= 0) {
        fprintf(stderr, "solar translate: error: %s must be positive\n",
                flag);
        ok = false;
      }
      *(strcmp(flag, "--timeout") ? &args->http.connectTimeoutS
                                  : &args->http.timeoutS) = real;
    }
    else if (!strcmp(flag, "--retry-after-cap"))
      ok = parseDouble(flag, value, &args->http.retryAfterCapS);
    else {
      fprintf(stderr, "solar translate: error: unknown option '%s' (see "
                      "'solar translate --help')\n", flag);
      return 2;
    }
    if (!ok)
      return 2;
  }
  if (!args->program) {
    usage(stderr);
    return 2;
  }
  if (args->framework && strcmp(args->framework, "torch") &&
      strcmp(args->framework, "jax")) {
    fprintf(stderr, "solar translate: error: --framework must be torch or "
                    "jax, got '%s'\n", args->framework);
    return 2;
  }
  return 0;
}

/* ---- set-up ------------------------------------------------------------------- */

static const char *envOr(const char *value, const char *a, const char *b,
                         const char *c) {
  const char *names[] = {a, b, c};
  for (int i = 0; !value && i < 3; ++i) {
    const char *env = names[i] ? getenv(names[i]) : NULL;
    if (env && *env)
      value = env;
  }
  return value;
}

static char *readFile(const char *path, char *err, size_t errSize) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    snprintf(err, errSize, "cannot read %s: %s", path, strerror(errno));
    return NULL;
  }
  char *text = NULL;
  size_t length = 0, capacity = 0, n;
  char chunk[8192];
  while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0) {
    if (length + n + 1 > capacity) {
      capacity = (length + n + 1) * 2;
      char *grown = realloc(text, capacity);
      if (!grown)
        abort();
      text = grown;
    }
    memcpy(text + length, chunk, n);
    length += n;
  }
  fclose(f);
  if (!text) {
    text = malloc(1);
    if (!text)
      abort();
  }
  text[length] = '\0';
  return text;
}

static const char *guessFramework(const char *source) {
  if (strstr(source, "import jax") || strstr(source, "from jax") ||
      strstr(source, "import flax") || strstr(source, "from flax"))
    return "jax";
  return "torch";
}

/* linear_relu.py -> linear_relu; characters outside [A-Za-z0-9_] -> '_'. */
static char *functionFromPath(const char *path) {
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

static char *defaultWorkDir(const char *output) {
  const char *stem = output && strcmp(output, "-") ? output : "solar-translate";
  size_t length = strlen(stem);
  if (length > 5 && !strcmp(stem + length - 5, ".mlir"))
    length -= 5;
  char *dir = malloc(length + 5);
  if (!dir)
    abort();
  snprintf(dir, length + 5, "%.*s.ref", (int)length, stem);
  return dir;
}

static char *joinPath(const char *dir, const char *name) {
  size_t size = strlen(dir) + strlen(name) + 2;
  char *path = malloc(size);
  if (!path)
    abort();
  snprintf(path, size, "%s/%s", dir, name);
  return path;
}

static bool writeText(const char *path, const char *text) {
  if (!path || !strcmp(path, "-")) {
    fputs(text, stdout);
    return fflush(stdout) == 0;
  }
  FILE *f = fopen(path, "wb");
  if (!f)
    return false;
  size_t length = strlen(text);
  bool ok = fwrite(text, 1, length, f) == length;
  return fclose(f) == 0 && ok;
}

/* ---- the attempts --------------------------------------------------------------- */

typedef struct {
  int attempt, maxAttempts;
  bool quiet;
} RetryReporter;

static void reportRetry(void *userData, int tryNumber, long status,
                        const char *why, double waitS) {
  const RetryReporter *reporter = userData;
  (void)status;
  if (!reporter->quiet)
    say("solar translate: attempt %d/%d: try %d failed: %s; retrying in "
        "%.1f s\n",
        reporter->attempt, reporter->maxAttempts, tryNumber, why, waitS);
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
  solarLlmRedact(entry, size, secretKey);
  log->errors[log->count++] = entry;
}

typedef struct {
  const TranslateArgs *args;
  SolarLlmProvider provider;
  const char *endpoint;
  const TranslateRequest *request;
  const TranslateTarget *target;
} Translation;

static void saveReply(const TranslateArgs *args, const char *workDir,
                      int attempt, char *reply) {
  char name[64];
  snprintf(name, sizeof(name), "attempt-%d.reply.md", attempt);
  char *path = joinPath(workDir, name);
  solarLlmRedact(reply, strlen(reply) + 1, secretKey);
  if (!writeText(path, reply) && !args->quiet)
    say("solar translate: warning: cannot write %s\n", path);
  free(path);
}

/* Runs the conversation. Returns the verified module text or NULL. */
static char *converse(const Translation *t, const char *workDir,
                      AttemptLog *log) {
  const TranslateArgs *args = t->args;
  SolarLlmConversation conversation;
  solarLlmConversationInit(&conversation);
  char *first = translatePromptFirstMessage(t->request);
  solarLlmConversationAdd(&conversation, "user", first);
  free(first);
  SolarLlmRequestParams params = {args->model, translatePromptSystem(),
                                  args->maxTokens, args->temperature};
  char **headers = solarLlmRequestHeaders(t->provider, args->apiKey);
  char *verified = NULL;
  for (int attempt = 1; attempt <= args->maxAttempts && !verified; ++attempt) {
    char *body = solarLlmRequestBody(t->provider, &params, &conversation);
    size_t bodyBytes = strlen(body);
    RetryReporter reporter = {attempt, args->maxAttempts, args->quiet};
    SolarHttpOptions http = args->http;
    http.onRetry = reportRetry;
    http.onRetryData = &reporter;
    SolarHttpResponse response;
    char err[4096];
    bool sent = solarHttpPostJson(t->endpoint, (const char *const *)headers,
                                  body, &http, &response, err, sizeof(err));
    free(body);
    char prefix[256];
    snprintf(prefix, sizeof(prefix),
             "solar translate: attempt %d/%d: sent %zu bytes, HTTP %ld, "
             "%.2f s",
             attempt, args->maxAttempts, bodyBytes, response.status,
             response.seconds);
    char *reply = NULL;
    bool truncated = false;
    if (sent && !solarLlmReplyText(t->provider, response.body, response.length,
                                   &reply, &truncated, err, sizeof(err)))
      sent = false;
    solarHttpResponseDestroy(&response);
    if (!sent) {
      /* No reply to answer: the conversation cannot go on. */
      logAttempt(log, "request failed", err);
      if (!args->quiet)
        say("%s: request failed: %s\n", prefix, err);
      break;
    }
    saveReply(args, workDir, attempt, reply);
    solarLlmConversationAdd(&conversation, "assistant", reply);
    char *mlir = solarLlmExtractMlir(reply, err, sizeof(err));
    free(reply);
    char *feedback = NULL;
    if (!mlir) {
      logAttempt(log, "no code block", err);
      if (!args->quiet)
        say("%s: no code block: %s\n", prefix, err);
      feedback = translatePromptFeedback(true, TranslateCheckOk, err,
                                         truncated);
    } else {
      TranslateCheckResult check;
      translateCheck(mlir, t->target, &check);
      free(mlir);
      const char *kind = translateCheckKindName(check.kind);
      if (check.kind == TranslateCheckOk) {
        if (!args->quiet)
          say("%s: verified\n", prefix);
        verified = check.verifiedText;
        check.verifiedText = NULL;
      } else {
        char line[1024];
        firstLine(check.message, line, sizeof(line));
        logAttempt(log, kind, check.message);
        if (!args->quiet)
          say("%s: %s: %s\n", prefix, kind, line);
        feedback = translatePromptFeedback(false, check.kind, check.message,
                                           truncated);
      }
      translateCheckResultDestroy(&check);
    }
    if (feedback) {
      solarLlmRedact(feedback, strlen(feedback) + 1, secretKey);
      solarLlmConversationAdd(&conversation, "user", feedback);
      free(feedback);
    }
  }
  solarLlmHeadersDestroy(headers);
  solarLlmConversationDestroy(&conversation);
  return verified;
}

/* ---- cache ------------------------------------------------------------------------- */

/* The cached translation, re-verified against this reference run (the data
 * may differ from the run that filled the cache), or NULL. */
static char *cacheLookup(const TranslateArgs *args, const char *cacheDir,
                         const char *key, const TranslateTarget *target) {
  char *cached = solarLlmCacheLoad(cacheDir, key);
  if (!cached)
    return NULL;
  TranslateCheckResult check;
  translateCheck(cached, target, &check);
  free(cached);
  char *verified = check.verifiedText;
  check.verifiedText = NULL;
  if (!verified && !args->quiet) {
    char line[1024];
    firstLine(check.message, line, sizeof(line));
    say("solar translate: warning: the cached translation %.12s no longer "
        "verifies (%s: %s); asking the model\n",
        key, translateCheckKindName(check.kind), line);
  }
  translateCheckResultDestroy(&check);
  return verified;
}

/* ---- the command ---------------------------------------------------------------------- */

typedef struct {
  char *source, *function, *workDir, *manifestPath, *endpoint, *cacheDir;
  SolarManifest manifest;
  AttemptLog log;
} TranslateState;

static void destroyState(TranslateState *s) {
  free(s->source);
  free(s->function);
  free(s->workDir);
  free(s->manifestPath);
  free(s->endpoint);
  free(s->cacheDir);
  solarManifestDestroy(&s->manifest);
  for (int i = 0; i < s->log.count; ++i)
    free(s->log.errors[i]);
  free(s->log.errors);
}

static int translate(TranslateArgs *args, TranslateState *s) {
  char err[4096];
  s->source = readFile(args->program, err, sizeof(err));
  if (!s->source) {
    say("solar translate: error: %s\n", err);
    return 1;
  }
  const char *framework =
      args->framework ? args->framework : guessFramework(s->source);
  s->function = args->function ? strdup(args->function)
                               : functionFromPath(args->program);
  args->url = envOr(args->url, "SOLAR_LLM_URL", NULL, NULL);
  args->model = envOr(args->model, "SOLAR_LLM_MODEL", NULL, NULL);
  SolarLlmProvider provider = SolarLlmProviderOpenAI;
  if (args->providerName &&
      !solarLlmProviderParse(args->providerName, &provider)) {
    say("solar translate: error: --provider must be openai or anthropic, "
        "got '%s'\n", args->providerName);
    return 2;
  }
  if (!args->providerName && args->url)
    provider = solarLlmProviderGuess(args->url);
  args->apiKey = envOr(args->apiKey, "SOLAR_LLM_API_KEY",
                       provider == SolarLlmProviderAnthropic
                           ? "ANTHROPIC_API_KEY"
                           : "OPENAI_API_KEY",
                       NULL);
  secretKey = args->apiKey;
  if (!args->url && args->providerName)
    args->url = provider == SolarLlmProviderAnthropic
                    ? "https://api.anthropic.com"
                    : "https://api.openai.com/v1";
  if (!args->url || !args->model) {
    say("solar translate: error: no LLM %s: give --%s or set %s\n",
        !args->url ? "endpoint" : "model", !args->url ? "url" : "model",
        !args->url ? "SOLAR_LLM_URL" : "SOLAR_LLM_MODEL");
    return 2;
  }
  s->endpoint = solarLlmEndpoint(provider, args->url);

  /* 1. The reference run. */
  if (args->reference) {
    s->manifestPath = strdup(args->reference);
    char *slash = strrchr(s->manifestPath, '/');
    s->workDir = slash ? strndup(s->manifestPath,
                                 (size_t)(slash - s->manifestPath))
                       : strdup(".");
  } else {
    s->workDir = args->workDir ? strdup(args->workDir)
                               : defaultWorkDir(args->output);
    s->manifestPath = joinPath(s->workDir, "manifest.json");
    SolarReferenceRun run = {args->program, framework,
                             s->workDir,    s->function,
                             args->device,  args->runs,
                             args->overrides, args->quiet};
    if (!args->quiet)
      say("solar translate: running the %s reference of %s into %s\n",
          framework, args->program, s->workDir);
    if (!solarReferenceRun(&run, err, sizeof(err))) {
      say("solar translate: error: %s\n", err);
      return 1;
    }
  }
  if (!solarManifestLoad(s->manifestPath, &s->manifest, err, sizeof(err))) {
    say("solar translate: error: %s\n", err);
    return 1;
  }
  TranslateRequest request = {args->program, s->source,   framework,
                              s->function,   &s->manifest, args->shapeGeneric};
  TranslateTarget target = {s->manifestPath, &s->manifest, s->function,
                            args->shapeGeneric, "reply.mlir"};

  /* 2. The cache. */
  char key[65] = "";
  s->cacheDir = args->noCache ? NULL : solarLlmCacheDir();
  if (s->cacheDir) {
    char *keyText = translateCacheKeyText(
        &request, solarLlmProviderName(provider), args->model);
    bool hashed = solarSha256Hex(keyText, strlen(keyText), key);
    free(keyText);
    if (!hashed) {
      say("solar translate: error: SHA-256 failed (libcrypto)\n");
      return 1;
    }
  }
  char *verified = NULL;
  if (s->cacheDir) {
    verified = cacheLookup(args, s->cacheDir, key, &target);
    if (verified && !args->quiet)
      say("solar translate: cache hit %.12s (%s): verified, no LLM request\n",
          key, s->cacheDir);
  }

  /* 3. The conversation. */
  if (!verified) {
    if (!args->quiet)
      say("solar translate: asking %s (%s, %s) for @%s, at most %d "
          "attempt(s)\n",
          args->model, solarLlmProviderName(provider), s->endpoint,
          s->function, args->maxAttempts);
    s->log.errors = calloc((size_t)args->maxAttempts + 1, sizeof(char *));
    if (!s->log.errors)
      abort();
    Translation t = {args, provider, s->endpoint, &request, &target};
    verified = converse(&t, s->workDir, &s->log);
    if (!verified) {
      say("solar translate: error: no verified translation of %s after %d "
          "attempt(s):\n",
          args->program, s->log.count);
      for (int i = 0; i < s->log.count; ++i) {
        say("  attempt %d: ", i + 1);
        /* Indent continuation lines under their attempt. */
        for (const char *line = s->log.errors[i]; *line;) {
          size_t length = strcspn(line, "\n");
          say("%s%.*s\n", line == s->log.errors[i] ? "" : "    ", (int)length,
              line);
          line += length;
          if (*line == '\n')
            line++;
        }
      }
      say("  (replies saved in %s/attempt-N.reply.md)\n", s->workDir);
      return 1;
    }
    if (s->cacheDir) {
      if (!solarLlmCacheStore(s->cacheDir, key, verified, err, sizeof(err)))
        say("solar translate: warning: cache: %s\n", err);
      else if (!args->quiet)
        say("solar translate: cached as %.12s in %s\n", key, s->cacheDir);
    }
  }

  /* 4. The verified module. */
  solarLlmRedact(verified, strlen(verified) + 1, secretKey);
  bool written = writeText(args->output, verified);
  free(verified);
  if (!written) {
    say("solar translate: error: cannot write %s: %s\n", args->output,
        strerror(errno));
    return 1;
  }
  if (!args->quiet && args->output && strcmp(args->output, "-"))
    say("solar translate: wrote %s (@%s, verified against %s)\n",
        args->output, s->function, s->manifestPath);
  return 0;
}

int solarCmdTranslate(int argc, char **argv) {
  TranslateArgs args;
  int status = parseArgs(argc, argv, &args);
  if (status != 0) {
    free(args.overrides);
    return status < 0 ? 0 : status;
  }
  TranslateState state;
  memset(&state, 0, sizeof(state));
  status = translate(&args, &state);
  destroyState(&state);
  free(args.overrides);
  secretKey = NULL;
  return status;
}
