/* `solar bench --ray` (cli_bench_ray.h): the job file, the Python
 * driver's process tree and its "done" lines, and the worker's side. */
#define _GNU_SOURCE /* pipe2 */
#include "cli_bench_ray.h"
#include "cli_report_seal.h"
#include "cli_bench_child.h"
#include "cli_flag_value.h"
#include "cli_output.h"
#include "cli_process_tree.h"
#include "cli_python.h"
#include "solar/support/json_number.h"

#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <limits.h>
#include <stdint.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int solarBenchRayTakeFlag(int argc, char **argv, char **rest,
                          const char **address) {
  int count = 0;
  *address = NULL;
  for (int k = 0; k < argc; ++k) {
    if (k > 0 && !strcmp(argv[k], "--ray")) {
      *address = "local";
      if (k + 1 < argc && (!strcmp(argv[k + 1], "auto") ||
                           !strcmp(argv[k + 1], "local") ||
                           !strncmp(argv[k + 1], "ray://", 6)))
        *address = argv[++k];
      continue;
    }
    rest[count++] = argv[k];
  }
  rest[count] = NULL;
  return count;
}

bool solarBenchRayParseFlags(const char *address,
                             const SolarBenchRayFlags *flags, double timeout,
                             SolarBenchRaySettings *s) {
  memset(s, 0, sizeof(*s));
  s->address = address;
  s->timeout = timeout;
  s->gpus = -1;
  s->cpus = 1;
  s->runtimeEnv = flags->runtimeEnv;
  if (!address && (flags->solar || flags->gpus || flags->cpus ||
                   flags->memory || flags->runtimeEnv)) {
    fprintf(stderr, "solar bench: error: --ray-* flags need --ray\n");
    return false;
  }
  if (flags->gpus &&
      !solarCliFlagDouble("bench", "--ray-gpus-per-program", flags->gpus, 0,
                          false, 1024, &s->gpus))
    return false;
  if (flags->cpus &&
      !solarCliFlagDouble("bench", "--ray-cpus-per-program", flags->cpus, 0,
                          false, 1024, &s->cpus))
    return false;
  return !flags->memory ||
         solarCliFlagBytes("bench", "--ray-memory-per-program", flags->memory,
                           1, (long long)1 << 50, &s->memory);
}

static json_t *stringArray(const char *const *items, size_t count) {
  json_t *array = json_array();
  for (size_t k = 0; k < count && items[k]; ++k)
    json_array_append_new(array, json_string(items[k]));
  return array;
}

static json_t *jobJson(const SolarBenchRaySettings *s,
                       const SolarBenchRayProgram *programs, size_t count) {
  json_t *list = json_array();
  for (size_t i = 0; i < count; ++i)
    json_array_append_new(
        list,
        json_pack("{s:I, s:s, s:b, s:s, s:o, s:o}", "index",
                  (json_int_t)programs[i].index, "rel", programs[i].relPath,
                  "gpu_reference", programs[i].gpuReference, "log",
                  programs[i].log, "args",
                  stringArray((const char *const *)programs[i].args, SIZE_MAX),
                  "files", stringArray(programs[i].files, 3)));
  json_t *job = json_pack(
      "{s:s, s:s, s:s, s:s, s:f, s:f, s:f, s:I, s:b, s:s, s:s, s:o, s:o}",
      "address", s->address, "solar", s->solar, "driver_solar",
      s->driverSolar, "arch_file", s->archFile, "timeout", s->timeout, "gpus",
      s->gpus, "cpus", s->cpus, "memory", (json_int_t)s->memory,
      "runtime_env", s->runtimeEnv, "python_dir", solarPythonDir(),
      "out_dir", s->outDir ? s->outDir : "", "files",
      stringArray(s->files, s->fileCount), "programs", list);
  return job;
}

/* One "done INDEX WAIT TIMED_OUT WALL RESOURCES NODE" line; false when
 * malformed or about a program that was not sent. */
static bool handleLine(char *line, const SolarBenchRayProgram *programs,
                       size_t count, SolarBenchRayDoneFn done, void *context,
                       size_t *finished) {
  unsigned long index;
  int waitStatus, timedOut, consumed = 0;
  double wall;
  char resources[256];
  if (sscanf(line, "done %lu %d %d %lf %255s %n", &index, &waitStatus,
             &timedOut, &wall, resources, &consumed) != 5 ||
      !consumed)
    return false;
  size_t k = 0;
  while (k < count && programs[k].index != index)
    ++k;
  if (k == count)
    return false;
  done(context, (size_t)index, waitStatus, timedOut != 0, wall, resources,
       line + consumed);
  ++*finished;
  return true;
}

bool solarBenchRayRun(const SolarBenchRaySettings *settings,
                      const SolarBenchRayProgram *programs, size_t count,
                      const char *tmpDir, SolarBenchRayDoneFn done,
                      void *context, volatile sig_atomic_t *interrupted,
                      char *err, size_t errSize) {
  char jobPath[PATH_MAX];
  snprintf(jobPath, sizeof(jobPath), "%s/ray-job.json", tmpDir);
  json_t *job = jobJson(settings, programs, count);
  bool written = job && solarOutputWriteJson(jobPath, job, JSON_INDENT(1));
  json_decref(job);
  if (!written) {
    snprintf(err, errSize, "cannot write '%s'", jobPath);
    return false;
  }
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) {
    snprintf(err, errSize, "pipe: %s", strerror(errno));
    return false;
  }
  SolarArgs args = {0}, argv = {0};
  solarArgsAdd(&args, jobPath);
  char script[PATH_MAX];
  solarPythonCommand("solar_ray_bench.py", &args, script, sizeof(script),
                     &argv);
  SolarProcessTreeOptions options;
  solarProcessTreeOptionsInit(&options);
  options.stdoutFd = fds[1];
  options.searchPath = true;
  SolarProcessTree tree;
  fflush(stdout);
  fflush(stderr);
  bool started = solarProcessTreeStart((char *const *)argv.items, &options,
                                       &tree, err, errSize);
  close(fds[1]);
  free(argv.items);
  free(args.items);
  if (!started) {
    close(fds[0]);
    return false;
  }
  /* Lines are short; one longer than this is the driver's fault. */
  char buffer[8192];
  size_t used = 0, finished = 0;
  bool protocolOk = true, killed = false;
  for (;;) {
    if (*interrupted) {
      solarProcessTreeKill(&tree);
      killed = true;
      break;
    }
    struct pollfd p = {fds[0], POLLIN, 0};
    if (poll(&p, 1, 200) <= 0)
      continue;
    ssize_t n = read(fds[0], buffer + used, sizeof(buffer) - 1 - used);
    if (n <= 0)
      break;
    used += (size_t)n;
    buffer[used] = '\0';
    char *start = buffer, *newline;
    while ((newline = strchr(start, '\n'))) {
      *newline = '\0';
      protocolOk &=
          handleLine(start, programs, count, done, context, &finished);
      start = newline + 1;
    }
    used -= (size_t)(start - buffer);
    memmove(buffer, start, used);
    if (used == sizeof(buffer) - 1)
      used = 0, protocolOk = false;
  }
  close(fds[0]);
  int waitStatus = 0;
  if (!killed) {
    bool timedOut;
    solarProcessTreeWait(&tree, &waitStatus, &timedOut);
  }
  if (killed)
    snprintf(err, errSize, "interrupted");
  else if (!protocolOk)
    snprintf(err, errSize, "the Ray driver (%s) wrote a line solar does "
                           "not understand",
             script);
  else if (!WIFEXITED(waitStatus) || WEXITSTATUS(waitStatus) != 0 ||
           finished != count)
    snprintf(err, errSize,
             "the Ray driver (%s) stopped with %zu of %zu program(s) "
             "finished (its messages are above; is ray installed? "
             "requirements.txt)",
             script, finished, count);
  else
    return true;
  return false;
}

void solarBenchRayRecordNode(const char *jsonPath, const char *logPath,
                             const char *resources, const char *node) {
  json_t *report = json_load_file(jsonPath, 0, NULL);
  if (json_is_object(report)) {
    json_object_set_new(report, "node", json_string(node));
    /* The node is part of the report: sealed again, --resume reuses it. */
    solarReportSeal(report);
    solarOutputWriteJson(jsonPath, report,
                         JSON_INDENT(2) | SOLAR_JSON_REAL_FLAGS);
  }
  json_decref(report);
  FILE *log = fopen(logPath, "a");
  if (log) {
    fprintf(log, "solar bench: Ray task held %s\n", resources);
    fprintf(log, "solar bench: ran on Ray node %s\n", node);
    fclose(log);
  }
}

int solarBenchRayWorkerChild(int argc, char **argv) {
  const char *log = NULL, *tmpDir = NULL, *timeoutText = "0";
  int i = 1;
  for (; i + 1 < argc && strcmp(argv[i], "--"); i += 2) {
    if (!strcmp(argv[i], "--log"))
      log = argv[i + 1];
    else if (!strcmp(argv[i], "--tmpdir"))
      tmpDir = argv[i + 1];
    else if (!strcmp(argv[i], "--timeout"))
      timeoutText = argv[i + 1];
    else
      break;
  }
  char *end;
  double timeout = strtod(timeoutText, &end);
  if (!log || !tmpDir || i >= argc || strcmp(argv[i], "--") ||
      i + 1 >= argc || *end || timeout < 0) {
    fprintf(stderr, "solar bench --ray-worker-child: usage: --log LOG "
                    "--tmpdir DIR --timeout S -- PROGRAM ARGS...\n");
    return 2;
  }
  SolarBenchChild child;
  char err[PATH_MAX + 128];
  if (!solarBenchChildStart(argv + i + 1, log, tmpDir, NULL, &child, err,
                            sizeof(err))) {
    fprintf(stderr, "solar bench --ray-worker-child: %s\n", err);
    return 1;
  }
  int waitStatus = 0;
  bool timedOut = false;
  while (!solarBenchChildPoll(&child, &waitStatus)) {
    if (timeout > 0 && solarBenchNow() - child.started > timeout) {
      solarBenchChildKill(&child);
      timedOut = true;
      break;
    }
    struct timespec ts = {0, 20 * 1000 * 1000};
    nanosleep(&ts, NULL);
  }
  printf("status %d %d\n", timedOut ? 0 : waitStatus, timedOut);
  return 0;
}
