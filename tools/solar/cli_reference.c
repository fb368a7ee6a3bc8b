#include "cli_reference.h"

#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

bool solarReferenceRun(const SolarReferenceRun *run, char *err,
                       size_t errSize) {
  const char *python = getenv("SOLAR_PYTHON");
  if (!python || !*python)
    python = "python3";
  char runs[32];
  snprintf(runs, sizeof(runs), "%d", run->runs > 0 ? run->runs : 1);
  size_t overrideCount = 0;
  while (run->overrides && run->overrides[overrideCount])
    overrideCount++;
  const char **argv = calloc(20 + 2 * overrideCount, sizeof(char *));
  if (!argv)
    abort();
  size_t n = 0;
  argv[n++] = python;
  argv[n++] = SOLAR_SOURCE_DIR "/tools/solar_reference.py";
  argv[n++] = run->program;
  argv[n++] = "--framework";
  argv[n++] = run->framework;
  argv[n++] = "-o";
  argv[n++] = run->outputDir;
  argv[n++] = "--function";
  argv[n++] = run->function;
  argv[n++] = "--runs";
  argv[n++] = runs;
  argv[n++] = "--warmup";
  argv[n++] = "1";
  if (run->device) {
    argv[n++] = "--device";
    argv[n++] = run->device;
  }
  for (size_t i = 0; i < overrideCount; ++i) {
    argv[n++] = "--override";
    argv[n++] = run->overrides[i];
  }
  argv[n] = NULL;

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  if (run->quiet)
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null",
                                     O_WRONLY, 0);
  else
    posix_spawn_file_actions_adddup2(&actions, STDERR_FILENO, STDOUT_FILENO);
  fflush(stdout);
  fflush(stderr);
  pid_t pid;
  int spawnError = posix_spawnp(&pid, python, &actions, NULL,
                                (char *const *)argv, environ);
  posix_spawn_file_actions_destroy(&actions);
  free(argv);
  if (spawnError) {
    snprintf(err, errSize, "cannot run %s: %s", python, strerror(spawnError));
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
             "the reference runner (tools/solar_reference.py) failed with "
             "exit status %d on %s",
             WEXITSTATUS(status), run->program);
  else
    snprintf(err, errSize, "the reference runner was killed by signal %d",
             WIFSIGNALED(status) ? WTERMSIG(status) : 0);
  return false;
}
