#define _XOPEN_SOURCE 700
#include "cli_bench_child.h"

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

double solarBenchNow(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* environ with TMPDIR replaced, built before fork: setenv is not safe
 * between fork and exec. The strings stay owned by environ, except the new
 * TMPDIR entry (env[0]). */
static char **childEnvironment(const char *tmpDir) {
  size_t n = 0;
  while (environ[n])
    n++;
  char **env = calloc(n + 2, sizeof(char *));
  size_t length = strlen(tmpDir) + 8;
  env[0] = malloc(length);
  snprintf(env[0], length, "TMPDIR=%s", tmpDir);
  size_t k = 1;
  for (size_t i = 0; i < n; ++i)
    if (strncmp(environ[i], "TMPDIR=", 7) != 0)
      env[k++] = environ[i];
  env[k] = NULL;
  return env;
}

bool solarBenchChildStart(char *const argv[], const char *logPath,
                          const char *tmpDir, SolarBenchChild *child,
                          char *err, size_t errSize) {
  int log = open(logPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (log < 0) {
    snprintf(err, errSize, "cannot write '%s': %s", logPath, strerror(errno));
    return false;
  }
  int devNull = open("/dev/null", O_RDONLY | O_CLOEXEC);
  char **env = childEnvironment(tmpDir);
  fflush(NULL);
  pid_t pid = fork();
  if (pid == 0) {
    setpgid(0, 0);
    if (devNull >= 0)
      dup2(devNull, STDIN_FILENO);
    dup2(log, STDOUT_FILENO);
    dup2(log, STDERR_FILENO);
    /* The bench ignores nothing, but be explicit: default dispositions. */
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    execve(argv[0], argv, env);
    const char *why = strerror(errno);
    static const char prefix[] = "solar bench: error: cannot run ";
    (void)!write(STDERR_FILENO, prefix, sizeof(prefix) - 1);
    (void)!write(STDERR_FILENO, argv[0], strlen(argv[0]));
    (void)!write(STDERR_FILENO, ": ", 2);
    (void)!write(STDERR_FILENO, why, strlen(why));
    (void)!write(STDERR_FILENO, "\n", 1);
    _exit(127);
  }
  int forkErrno = errno;
  /* Also from the parent: a kill right after fork must find the group. */
  if (pid > 0)
    setpgid(pid, pid);
  free(env[0]);
  free(env);
  close(log);
  if (devNull >= 0)
    close(devNull);
  if (pid < 0) {
    snprintf(err, errSize, "cannot start a child process: %s",
             strerror(forkErrno));
    return false;
  }
  child->pid = pid;
  child->started = solarBenchNow();
  return true;
}

bool solarBenchChildPoll(const SolarBenchChild *child, int *waitStatus) {
  pid_t r;
  do
    r = waitpid(child->pid, waitStatus, WNOHANG);
  while (r < 0 && errno == EINTR);
  if (r < 0) {
    /* Not our child any more (cannot happen unless reaped elsewhere). */
    *waitStatus = 0;
    return true;
  }
  return r == child->pid;
}

void solarBenchChildKill(const SolarBenchChild *child) {
  kill(-child->pid, SIGKILL);
  kill(child->pid, SIGKILL); /* in case setpgid had not happened yet */
  int status;
  while (waitpid(child->pid, &status, 0) < 0 && errno == EINTR) {
  }
}

static int removeEntry(const char *path, const struct stat *st, int type,
                       struct FTW *ftw) {
  (void)st;
  (void)type;
  (void)ftw;
  remove(path);
  return 0;
}

void solarBenchRemoveTree(const char *path) {
  nftw(path, removeEntry, 16, FTW_DEPTH | FTW_PHYS);
}
