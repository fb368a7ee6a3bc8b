/* Python child processes for the solar CLI (cli_python.h). */
#include "cli_python.h"

#include "solar/support/grow.h"

#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

const char *solarPython(void) {
  const char *python = getenv("SOLAR_PYTHON");
  return python && *python ? python : "python3";
}

const char *solarPythonDir(void) {
  /* A solar binary copied to a machine without its source tree (a Ray
   * worker given the driver's Python side through Ray's runtime_env) is
   * pointed at that copy. */
  const char *dir = getenv("SOLAR_PYTHON_DIR");
  return dir && *dir ? dir : SOLAR_SOURCE_DIR "/tools/python";
}

void solarArgsAdd(SolarArgs *args, const char *arg) {
  /* One spare slot keeps the list NULL-terminated. */
  args->items = solarGrow(args->items, &args->capacity, args->count + 1,
                          sizeof(*args->items));
  args->items[args->count++] = arg;
  args->items[args->count] = NULL;
}

void solarArgsOption(SolarArgs *args, const char *flag, const char *value) {
  if (!value)
    return;
  solarArgsAdd(args, flag);
  solarArgsAdd(args, value);
}

void solarPythonCommand(const char *script, const SolarArgs *args,
                        char *scriptPath, size_t scriptPathSize,
                        SolarArgs *command) {
  snprintf(scriptPath, scriptPathSize, "%s/%s", solarPythonDir(), script);
  solarArgsAdd(command, solarPython());
  solarArgsAdd(command, scriptPath);
  for (size_t i = 0; args && i < args->count; ++i)
    solarArgsAdd(command, args->items[i]);
}

bool solarPythonSpawn(const SolarPythonCall *call, pid_t *pid, int *errFd,
                      char *err, size_t errSize) {
  const char *python = solarPython();
  char script[4096];
  SolarArgs argv = {0};
  solarPythonCommand(call->script, call->args, script, sizeof(script), &argv);

  int pipeFds[2] = {-1, -1};
  *errFd = -1;
  if (call->err == SOLAR_STREAM_PIPE && pipe(pipeFds) != 0) {
    snprintf(err, errSize, "cannot create a pipe: %s", strerror(errno));
    free(argv.items);
    return false;
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  if (call->in == SOLAR_STREAM_NULL)
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null",
                                     O_RDONLY, 0);
  if (call->out == SOLAR_STREAM_NULL)
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null",
                                     O_WRONLY, 0);
  else if (call->out == SOLAR_STREAM_TO_STDERR)
    posix_spawn_file_actions_adddup2(&actions, STDERR_FILENO, STDOUT_FILENO);
  if (call->err == SOLAR_STREAM_NULL) {
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null",
                                     O_WRONLY, 0);
  } else if (call->err == SOLAR_STREAM_PIPE) {
    posix_spawn_file_actions_addclose(&actions, pipeFds[0]);
    posix_spawn_file_actions_adddup2(&actions, pipeFds[1], STDERR_FILENO);
    posix_spawn_file_actions_addclose(&actions, pipeFds[1]);
  }
  fflush(stdout);
  fflush(stderr);
  int rc = posix_spawnp(pid, python, &actions, NULL, (char *const *)argv.items,
                        call->env ? call->env : environ);
  posix_spawn_file_actions_destroy(&actions);
  free(argv.items);
  if (pipeFds[1] >= 0)
    close(pipeFds[1]);
  if (rc != 0) {
    if (pipeFds[0] >= 0)
      close(pipeFds[0]);
    snprintf(err, errSize, "cannot run '%s': %s (set SOLAR_PYTHON)", python,
             strerror(rc));
    return false;
  }
  *errFd = pipeFds[0];
  return true;
}

bool solarPythonWait(pid_t pid, int *status) {
  while (waitpid(pid, status, 0) < 0)
    if (errno != EINTR)
      return false;
  return true;
}
