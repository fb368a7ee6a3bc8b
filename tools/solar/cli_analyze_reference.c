#include "cli_analyze_reference.h"

#include <dirent.h>
#include <errno.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static void copyString(json_t *object, const char *key, char *buf,
                       size_t size) {
  const char *value = json_string_value(json_object_get(object, key));
  snprintf(buf, size, "%s", value ? value : "?");
}

static bool readManifest(const char *path, SolarReferenceResult *out,
                         char *err, size_t errSize) {
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

bool solarAnalyzeReferenceRun(const SolarReferenceRequest *request,
                       SolarReferenceResult *out, char *err, size_t errSize) {
  memset(out, 0, sizeof(*out));
  const char *python = getenv("SOLAR_PYTHON");
  if (!python || !*python)
    python = "python3";
  char script[4096], runs[32];
  snprintf(script, sizeof(script), "%s/tools/solar_reference.py",
           SOLAR_SOURCE_DIR);
  snprintf(runs, sizeof(runs), "%u", request->runs ? request->runs : 1);
  const char *argv[16];
  int argc = 0;
  argv[argc++] = python;
  argv[argc++] = script;
  argv[argc++] = request->model;
  argv[argc++] = "--framework";
  argv[argc++] = request->framework;
  argv[argc++] = "--device";
  argv[argc++] = request->device;
  argv[argc++] = "--runs";
  argv[argc++] = runs;
  argv[argc++] = "-o";
  argv[argc++] = request->outDir;
  if (request->function) {
    argv[argc++] = "--function";
    argv[argc++] = request->function;
  }
  argv[argc] = NULL;

  fflush(stdout);
  fflush(stderr);
  pid_t pid = fork();
  if (pid < 0) {
    snprintf(err, errSize, "cannot start the reference runner: %s",
             strerror(errno));
    return false;
  }
  if (pid == 0) {
    /* The report owns our stdout; the runner's chatter goes to stderr. */
    dup2(STDERR_FILENO, STDOUT_FILENO);
    if (request->threads) {
      /* torch sizes its intra-op pool from OMP_NUM_THREADS at import;
       * MKL and OpenBLAS read their own variables. */
      char n[32];
      snprintf(n, sizeof(n), "%u", request->threads);
      setenv("OMP_NUM_THREADS", n, 1);
      setenv("MKL_NUM_THREADS", n, 1);
      setenv("OPENBLAS_NUM_THREADS", n, 1);
    }
    execvp(python, (char *const *)argv);
    fprintf(stderr, "solar: cannot run '%s': %s\n", python, strerror(errno));
    _exit(127);
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
    ;
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    snprintf(err, errSize,
             "the reference runner failed (%s %s %s, exit status %d)", python,
             script, request->model,
             WIFEXITED(status) ? WEXITSTATUS(status) : -1);
    return false;
  }
  snprintf(out->manifest, sizeof(out->manifest), "%s/manifest.json",
           request->outDir);
  return readManifest(out->manifest, out, err, errSize);
}

void solarReferenceRemoveDir(const char *dir) {
  DIR *d = opendir(dir);
  if (!d)
    return;
  struct dirent *entry;
  char path[4352];
  while ((entry = readdir(d)) != NULL) {
    if (!strcmp(entry->d_name, ".") || !strcmp(entry->d_name, ".."))
      continue;
    snprintf(path, sizeof(path), "%s/%s", dir, entry->d_name);
    unlink(path);
  }
  closedir(d);
  rmdir(dir);
}
