/* Running the framework reference runner and reading its manifest
 * (cli_reference.h). */
#include "cli_reference.h"
#include "cli_process_tree.h"

#include "cli_python.h"

#include <errno.h>
#include <jansson.h>
#include <fcntl.h>
#include <math.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

extern char **environ;

/* The thread-count variables torch (OMP_NUM_THREADS, read at import), MKL
 * and OpenBLAS size their pools from. */
static const char *const kThreadVariables[] = {
    "OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS"};
enum { kThreadVariableCount = 3 };

/* environ without the thread variables, plus them set to `threads`. The
 * array and the three added strings are one allocation each (freed by
 * freeEnvironment); the inherited strings are borrowed. */
static char **pinnedEnvironment(unsigned threads) {
  size_t count = 0;
  while (environ[count])
    count++;
  char **env = calloc(count + kThreadVariableCount + 1, sizeof(char *));
  if (!env)
    abort();
  size_t n = 0;
  for (size_t i = 0; i < count; ++i) {
    bool pinned = false;
    for (int v = 0; v < kThreadVariableCount; ++v) {
      size_t length = strlen(kThreadVariables[v]);
      if (!strncmp(environ[i], kThreadVariables[v], length) &&
          environ[i][length] == '=')
        pinned = true;
    }
    if (!pinned)
      env[n++] = environ[i];
  }
  for (int v = 0; v < kThreadVariableCount; ++v) {
    char entry[64];
    snprintf(entry, sizeof(entry), "%s=%u", kThreadVariables[v], threads);
    env[n] = strdup(entry);
    if (!env[n++])
      abort();
  }
  env[n] = NULL;
  return env;
}

static void freeEnvironment(char **env) {
  size_t n = 0;
  while (env[n])
    n++;
  for (size_t i = n - kThreadVariableCount; i < n; ++i)
    free(env[i]);
  free(env);
}

static void copyString(json_t *object, const char *key, char *buf,
                       size_t size) {
  const char *value = json_string_value(json_object_get(object, key));
  snprintf(buf, size, "%s", value ? value : "?");
}

/* timing.conditions: whether the runs were timed on a quiet machine, and
 * the runner's reasons when not, joined into one line. */
static void readConditions(json_t *conditions, SolarReferenceResult *out) {
  json_t *reliable = json_object_get(conditions, "reliable");
  out->timingReliable = json_is_boolean(reliable) ? json_is_true(reliable) : -1;
  out->timingReasons[0] = '\0';
  size_t i, used = 0;
  json_t *reason;
  json_array_foreach(json_object_get(conditions, "reasons"), i, reason) {
    const char *text = json_string_value(reason);
    if (!text || used >= sizeof(out->timingReasons))
      continue;
    int n = snprintf(out->timingReasons + used,
                     sizeof(out->timingReasons) - used, "%s%s",
                     used ? "; " : "", text);
    used += n > 0 ? (size_t)n : 0;
  }
}

bool solarReferenceReadManifest(const char *path, SolarReferenceResult *out,
                                char *err, size_t errSize) {
  if (path != out->manifest)
    snprintf(out->manifest, sizeof(out->manifest), "%s", path);
  json_error_t jerr;
  json_t *root = json_load_file(path, 0, &jerr);
  if (!root) {
    snprintf(err, errSize, "%s:%d:%d: %s", path, jerr.line, jerr.column,
             jerr.text);
    return false;
  }
  json_t *timing = json_object_get(root, "timing");
  json_t *median = json_object_get(timing, "median_s");
  json_t *minimum = json_object_get(timing, "min_s");
  json_t *runs = json_object_get(timing, "runs");
  /* A run with --runs 0 (solar analyze's import) has no times: read as 0 s
   * over 0 runs; analyze times such a reference again or reports it
   * untimed. */
  bool untimed = json_is_integer(runs) && json_integer_value(runs) == 0 &&
                 json_is_null(median) && json_is_null(minimum);
  bool ok = untimed || (json_is_number(median) && json_is_number(minimum));
  if (!ok) {
    snprintf(err, errSize, "%s: no timing.median_s / timing.min_s", path);
  } else {
    out->medianSeconds = json_number_value(median);
    out->minSeconds = json_number_value(minimum);
    out->runs = json_is_integer(runs) ? (long)json_integer_value(runs) : -1;
    snprintf(out->statistic, sizeof(out->statistic), "median");
    json_t *framework = json_object_get(root, "framework");
    copyString(framework, "name", out->framework, sizeof(out->framework));
    copyString(framework, "version", out->frameworkVersion,
               sizeof(out->frameworkVersion));
    json_t *device = json_object_get(root, "device");
    copyString(device, "type", out->deviceType, sizeof(out->deviceType));
    copyString(device, "name", out->deviceName, sizeof(out->deviceName));
    json_t *threads = json_object_get(device, "threads");
    out->threads =
        json_is_integer(threads) ? (long)json_integer_value(threads) : -1;
    readConditions(json_object_get(timing, "conditions"), out);
  }
  json_decref(root);
  return ok;
}

json_t *solarReferenceFlopCounter(const char *manifestPath) {
  json_t *root = json_load_file(manifestPath, 0, NULL);
  json_t *counter = json_object_get(root, "flop_counter");
  json_t *total = json_object_get(counter, "total");
  json_t *out = NULL;
  /* A count torch gave is a non-negative integer; anything else is not
   * torch's figure and is left out rather than shown. */
  if (json_is_integer(total) && json_integer_value(total) >= 0 &&
      json_is_object(json_object_get(counter, "by_op"))) {
    out = json_deep_copy(counter);
    json_t *function = json_object_get(root, "function");
    json_object_set(out, "function",
                    json_is_string(function) ? function : json_null());
  }
  json_decref(root);
  return out;
}

static bool spawnRunner(const SolarReferenceRequest *request, char *err,
                        size_t errSize) {
  char runs[32], warmup[32], steps[32];
  snprintf(runs, sizeof(runs), "%u", request->runs ? request->runs : 1);
  snprintf(steps, sizeof(steps), "%u",
           request->profileSteps ? request->profileSteps : 1);
  snprintf(warmup, sizeof(warmup), "%d", request->warmup);
  SolarArgs args = {0};
  solarArgsAdd(&args, request->model);
  solarArgsOption(&args, "--framework", request->framework);
  solarArgsOption(&args, "-o", request->outDir);
  solarArgsOption(&args, "--function", request->function);
  solarArgsOption(&args, "--runs", runs);
  solarArgsOption(&args, "--warmup", request->warmup >= 0 ? warmup : NULL);
  if (request->noData)
    solarArgsAdd(&args, "--no-data");
  solarTrainArgs(&args, &request->train);
  solarArgsOption(&args, "--device", request->device);
  if (request->profileTrace) {
    solarArgsOption(&args, "--profile-trace", request->profileTrace);
    solarArgsOption(&args, "--profile-steps", steps);
    if (request->profileCompile)
      solarArgsAdd(&args, "--profile-compile");
  }
  solarArgsOption(&args, "--kernel-ops", request->kernelOps);
  solarArgsOption(&args, "--mask-zeros", request->maskZeros);
  for (size_t i = 0; request->overrides && request->overrides[i]; ++i)
    solarArgsOption(&args, "--override", request->overrides[i]);
  char script[4096];
  SolarArgs argv = {0};
  solarPythonCommand("solar_reference.py", &args, script, sizeof(script),
                     &argv);

  /* The runner's stdout goes to our stderr, or nowhere when quiet. */
  int devNull = request->quiet ? open("/dev/null", O_WRONLY | O_CLOEXEC) : -1;
  SolarProcessTreeOptions options;
  solarProcessTreeOptionsInit(&options);
  options.stdoutFd = request->quiet ? devNull : STDERR_FILENO;
  options.searchPath = true;
  options.timeoutSeconds = request->timeoutSeconds;
  char **env = request->threads ? pinnedEnvironment(request->threads) : NULL;
  options.env = env;
  SolarProcessTree tree;
  fflush(stdout);
  fflush(stderr);
  bool started = solarProcessTreeStart((char *const *)argv.items, &options,
                                       &tree, err, errSize);
  if (env)
    freeEnvironment(env);
  if (devNull >= 0)
    close(devNull);
  free(argv.items);
  free(args.items);
  if (!started)
    return false;
  int status = 0;
  bool timedOut = false;
  solarProcessTreeWait(&tree, &status, &timedOut);
  if (timedOut) {
    snprintf(err, errSize,
             "the reference run of %s ran past its time limit of %g s and "
             "was stopped with every process it started (--timeout)",
             request->model, request->timeoutSeconds);
    return false;
  }
  if (WIFEXITED(status) && WEXITSTATUS(status) == 127) {
    snprintf(err, errSize, "cannot run %s (see above; set SOLAR_PYTHON)",
             solarPython());
    return false;
  }
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
    return true;
  if (WIFEXITED(status))
    snprintf(err, errSize,
             "the reference runner (tools/python/solar_reference.py) failed with "
             "exit status %d on %s",
             WEXITSTATUS(status), request->model);
  else
    snprintf(err, errSize, "the reference runner was killed by signal %d",
             WIFSIGNALED(status) ? WTERMSIG(status) : 0);
  return false;
}

bool solarReferenceRun(const SolarReferenceRequest *request,
                       SolarReferenceResult *out, char *err, size_t errSize) {
  memset(out, 0, sizeof(*out));
  if (!spawnRunner(request, err, errSize))
    return false;
  snprintf(out->manifest, sizeof(out->manifest), "%s/manifest.json",
           request->outDir);
  return solarReferenceReadManifest(out->manifest, out, err, errSize);
}

bool solarReferenceParseTimeout(const char *command, const char *flag,
                                const char *text, double *seconds) {
  char *end = NULL;
  errno = 0;
  double value = strtod(text, &end);
  if (!*text || *end || errno || !isfinite(value) || value < 0 ||
      value > 1e6) {
    fprintf(stderr,
            "solar %s: error: %s needs seconds in [0, 1e6] (0: no limit), "
            "got '%s'\n",
            command, flag, text);
    return false;
  }
  *seconds = value;
  return true;
}
