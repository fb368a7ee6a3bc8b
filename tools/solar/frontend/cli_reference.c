#include "cli_reference.h"

#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

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
  bool ok = json_is_number(median) && json_is_number(minimum);
  if (!ok) {
    snprintf(err, errSize, "%s: no timing.median_s / timing.min_s", path);
  } else {
    out->medianSeconds = json_number_value(median);
    out->minSeconds = json_number_value(minimum);
    json_t *runs = json_object_get(timing, "runs");
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
  }
  json_decref(root);
  return ok;
}

static bool spawnRunner(const SolarReferenceRequest *request, char *err,
                        size_t errSize) {
  const char *python = getenv("SOLAR_PYTHON");
  if (!python || !*python)
    python = "python3";
  char runs[32], warmup[32];
  snprintf(runs, sizeof(runs), "%u", request->runs ? request->runs : 1);
  snprintf(warmup, sizeof(warmup), "%d", request->warmup);
  size_t overrideCount = 0;
  while (request->overrides && request->overrides[overrideCount])
    overrideCount++;
  const char **argv = calloc(20 + 2 * overrideCount, sizeof(char *));
  if (!argv)
    abort();
  size_t n = 0;
  argv[n++] = python;
  argv[n++] = SOLAR_SOURCE_DIR "/tools/python/solar_reference.py";
  argv[n++] = request->model;
  argv[n++] = "--framework";
  argv[n++] = request->framework;
  argv[n++] = "-o";
  argv[n++] = request->outDir;
  if (request->function) {
    argv[n++] = "--function";
    argv[n++] = request->function;
  }
  argv[n++] = "--runs";
  argv[n++] = runs;
  if (request->warmup >= 0) {
    argv[n++] = "--warmup";
    argv[n++] = warmup;
  }
  if (request->noData)
    argv[n++] = "--no-data";
  if (request->device) {
    argv[n++] = "--device";
    argv[n++] = request->device;
  }
  for (size_t i = 0; i < overrideCount; ++i) {
    argv[n++] = "--override";
    argv[n++] = request->overrides[i];
  }
  argv[n] = NULL;

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  if (request->quiet)
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null",
                                     O_WRONLY, 0);
  else
    posix_spawn_file_actions_adddup2(&actions, STDERR_FILENO, STDOUT_FILENO);
  char **env = request->threads ? pinnedEnvironment(request->threads) : NULL;
  fflush(stdout);
  fflush(stderr);
  pid_t pid;
  int spawnError = posix_spawnp(&pid, python, &actions, NULL,
                                (char *const *)argv, env ? env : environ);
  posix_spawn_file_actions_destroy(&actions);
  if (env)
    freeEnvironment(env);
  free(argv);
  if (spawnError) {
    snprintf(err, errSize, "cannot run %s: %s (set SOLAR_PYTHON)", python,
             strerror(spawnError));
    return false;
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) {
      snprintf(err, errSize, "waiting for the reference runner: %s",
               strerror(errno));
      return false;
    }
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
