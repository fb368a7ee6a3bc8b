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
 * command prints or writes passes through solarLlmRedact first. The loop
 * itself (cache, attempts, checks) is cli_translate_run.c, shared with
 * `solar analyze`. */
#include "cli_files.h"
#include "cli_flag_value.h"
#include "solar/support/files.h"
#include "cli_llm_config.h"
#include "cli_output.h"
#include "cli_reference.h"
#include "cli_say.h"
#include "cli_translate_run.h"
#include "cli_verify_limits.h"

#include "llm.h"
#include "solar/verify/verify_manifest.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
  SolarCliVerifyLimits verifyLimits;
  double referenceTimeout; /* seconds; 0: none */
} TranslateArgs;

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
          "  --verify-timeout S   CPU seconds each reply may run when verified "
          "(default 120)\n"
          "  --verify-memory SIZE memory it may add (default 1GiB + 16 x its "
          "buffers)\n"
          "Reference run (tools/python/solar_reference.py):\n"
          "  --work-dir DIR       where it writes (default: OUTPUT minus .mlir "
          "+ .ref)\n"
          "  --reference MANIFEST use an existing run instead\n"
          "  --device auto|cpu|cuda, --runs N (default 3), --override K=V "
          "(repeatable)\n"
          "  --reference-timeout S  the run and all it starts are stopped "
          "after S s\n"
          "                       (default 900; 0: no limit)\n"
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

/* The ranges of translate's numbers (docs/llm-frontend.md): what a
 * provider accepts, or far beyond any sensible use. */
static bool parseInt(const char *flag, const char *text, long long min,
                     long long max, int *out) {
  long long value;
  if (!solarCliFlagInt("translate", flag, text, min, max, &value))
    return false;
  *out = (int)value;
  return true;
}

static bool parseSeconds(const char *flag, const char *text, bool zero,
                         double *out) {
  return solarCliFlagSeconds("translate", flag, text, 1e-3, 86400, zero, out);
}

/* Returns 0 to go on, else the exit status. */
static int parseArgs(int argc, char **argv, TranslateArgs *args) {
  memset(args, 0, sizeof(*args));
  args->runs = 3;
  args->maxAttempts = 5;
  args->maxTokens = 8192;
  args->referenceTimeout = SOLAR_REFERENCE_DEFAULT_TIMEOUT_S;
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
    long long bytes = 0;
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
    else if (!strcmp(flag, "--reference-timeout"))
      ok = solarReferenceParseTimeout("translate", flag, value,
                                      &args->referenceTimeout);
    else if (!strcmp(flag, "--verify-timeout"))
      args->verifyLimits.timeout = value;
    else if (!strcmp(flag, "--verify-memory"))
      args->verifyLimits.memory = value;
    else if (!strcmp(flag, "--override"))
      args->overrides[args->overrideCount++] = value;
    else if (!strcmp(flag, "--runs"))
      ok = parseInt(flag, value, 1, 100000, &args->runs);
    else if (!strcmp(flag, "--max-attempts"))
      ok = parseInt(flag, value, 1, 100, &args->maxAttempts);
    else if (!strcmp(flag, "--max-tokens"))
      ok = parseInt(flag, value, 1, 1000000, &args->maxTokens);
    else if (!strcmp(flag, "--http-retries"))
      ok = parseInt(flag, value, 0, 100, &args->http.maxRetries);
    else if (!strcmp(flag, "--max-reply-bytes"))
      ok = solarCliFlagBytes("translate", flag, value, 1, 1LL << 30,
                             &bytes) &&
           (args->http.maxReplyBytes = (size_t)bytes);
    else if (!strcmp(flag, "--temperature"))
      ok = solarCliFlagDouble("translate", flag, value, 0, false, 2,
                              &args->temperature);
    else if (!strcmp(flag, "--timeout"))
      ok = parseSeconds(flag, value, false, &args->http.timeoutS);
    else if (!strcmp(flag, "--connect-timeout"))
      ok = parseSeconds(flag, value, false, &args->http.connectTimeoutS);
    else if (!strcmp(flag, "--retry-after-cap"))
      ok = parseSeconds(flag, value, true, &args->http.retryAfterCapS);
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
  if (!solarCliVerifyLimitsCheck("translate", &args->verifyLimits))
    return 2;
  const SolarCliPath outputs[] = {{"-o", args->output}};
  const SolarCliPath inputs[] = {{"the program", args->program},
                                 {"the --reference manifest", args->reference}};
  if (!solarCliCheckOutputs("translate", outputs, 1, inputs, 2))
    return 2;
  return 0;
}

/* ---- set-up ------------------------------------------------------------------- */

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

/* ---- the command ---------------------------------------------------------------------- */

typedef struct {
  char *source, *function, *workDir, *manifestPath;
  SolarLlmConfig llm;
  SolarManifest manifest;
} TranslateState;

static void destroyState(TranslateState *s) {
  free(s->source);
  free(s->function);
  free(s->workDir);
  free(s->manifestPath);
  solarLlmConfigDestroy(&s->llm);
  solarManifestDestroy(&s->manifest);
}

static int translate(TranslateArgs *args, TranslateState *s) {
  char err[4096];
  s->source = solarReadFile(args->program, NULL);
  if (!s->source) {
    solarSay("solar translate: error: cannot read %s: %s\n", args->program,
             strerror(errno));
    return 1;
  }
  const char *framework = args->framework
                              ? args->framework
                              : solarTranslateGuessFramework(s->source);
  const char *imported = solarFrameworkContradicted(s->source, framework);
  if (imported) {
    solarSay("solar translate: error: --framework %s, but %s imports %s and "
             "not %s\n",
             framework, args->program, imported, framework);
    return 2;
  }
  s->function = args->function ? strdup(args->function)
                               : solarTranslateFunctionName(args->program);
  SolarLlmSettings settings = {args->url, args->model, args->apiKey,
                               args->providerName};
  SolarLlmConfigStatus config = solarLlmConfigResolve(&settings, &s->llm);
  if (config == SolarLlmConfigBadProvider) {
    solarSay("solar translate: error: --provider must be openai or "
             "anthropic, got '%s'\n", args->providerName);
    return 2;
  }
  solarSaySetSecret(s->llm.apiKey);
  if (config == SolarLlmConfigBadValue) {
    char why[256];
    solarLlmConfigDescribeBadValue(&s->llm, why, sizeof(why));
    solarSay("solar translate: error: %s\n", why);
    return 2;
  }
  if (config != SolarLlmConfigOk) {
    bool url = config == SolarLlmConfigNoEndpoint;
    solarSay("solar translate: error: no LLM %s: give --%s or set %s\n",
             url ? "endpoint" : "model", url ? "url" : "model",
             url ? "SOLAR_LLM_URL" : "SOLAR_LLM_MODEL");
    return 2;
  }

  /* 1. The reference run. */
  if (args->reference) {
    s->manifestPath = strdup(args->reference);
    char *slash = strrchr(s->manifestPath, '/');
    /* The replies go to --work-dir when given, else beside the manifest. */
    s->workDir = args->workDir ? strdup(args->workDir)
                 : slash ? strndup(s->manifestPath,
                                   (size_t)(slash - s->manifestPath))
                         : strdup(".");
    if (args->workDir && !solarMakeDirs(s->workDir)) {
      solarSay("solar translate: error: cannot create %s: %s\n", s->workDir,
               strerror(errno));
      return 1;
    }
  } else {
    s->workDir = args->workDir ? strdup(args->workDir)
                               : defaultWorkDir(args->output);
    s->manifestPath = solarPathJoin(s->workDir, "manifest.json");
    SolarReferenceRequest run = {
        .model = args->program,
        .framework = framework,
        .outDir = s->workDir,
        .function = s->function,
        .device = args->device,
        .runs = (unsigned)args->runs,
        .warmup = 1,
        .overrides = args->overrides,
        .quiet = args->quiet,
        .timeoutSeconds = args->referenceTimeout,
    };
    SolarReferenceResult measured;
    if (!args->quiet)
      solarSay("solar translate: running the %s reference of %s into %s\n",
               framework, args->program, s->workDir);
    if (!solarReferenceRun(&run, &measured, err, sizeof(err))) {
      solarSay("solar translate: error: %s\n", err);
      return 1;
    }
  }
  if (!solarManifestLoad(s->manifestPath, &s->manifest, err, sizeof(err))) {
    solarSay("solar translate: error: %s\n", err);
    return 1;
  }

  /* 2. The cache, else the conversation. */
  SolarTranslateJob job = {
      .prefix = "solar translate",
      .program = args->program,
      .source = s->source,
      .framework = framework,
      .function = s->function,
      .manifestPath = s->manifestPath,
      .manifest = &s->manifest,
      .workDir = s->workDir,
      .llm = &s->llm,
      .maxAttempts = args->maxAttempts,
      .maxTokens = args->maxTokens,
      .temperature = args->temperature,
      .noCache = args->noCache,
      .quiet = args->quiet,
      .shapeGeneric = args->shapeGeneric,
      .http = args->http,
      .verifyLimits = args->verifyLimits,
  };
  SolarTranslateOutcome outcome;
  if (!solarTranslateRun(&job, &outcome))
    return 1;

  /* 3. The verified module. */
  bool written = solarWriteText(args->output, outcome.verified);
  free(outcome.verified);
  if (!written) {
    solarSay("solar translate: error: cannot write %s: %s\n", args->output,
             strerror(errno));
    return 1;
  }
  if (!args->quiet && args->output && strcmp(args->output, "-"))
    solarSay("solar translate: wrote %s (@%s, verified against %s)\n",
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
  solarSaySetSecret(NULL);
  return status;
}
