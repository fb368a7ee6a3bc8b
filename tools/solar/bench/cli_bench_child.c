/* Running one `solar analyze` child of `solar bench` with its log, time
 * limit and process group (cli_bench_child.h). */
#define _XOPEN_SOURCE 700
#include "cli_bench_child.h"

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
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

static void writeError(const char *what, const char *detail) {
  const char *why = strerror(errno);
  static const char prefix[] = "solar bench: error: ";
  (void)!write(STDERR_FILENO, prefix, sizeof(prefix) - 1);
  (void)!write(STDERR_FILENO, what, strlen(what));
  (void)!write(STDERR_FILENO, detail, strlen(detail));
  (void)!write(STDERR_FILENO, ": ", 2);
  (void)!write(STDERR_FILENO, why, strlen(why));
  (void)!write(STDERR_FILENO, "\n", 1);
}

/* Ends the watchdog the way the program ended, so the bench sees the
 * program's own exit status or signal. */
static _Noreturn void mirrorStatus(int status) {
  if (WIFEXITED(status))
    _exit(WEXITSTATUS(status));
  int sig = WTERMSIG(status);
  struct rlimit noCore = {0, 0};
  setrlimit(RLIMIT_CORE, &noCore);
  signal(sig, SIG_DFL);
  sigset_t all;
  sigfillset(&all);
  sigprocmask(SIG_UNBLOCK, &all, NULL);
  raise(sig);
  _exit(128 + sig);
}

/* The child of the bench: leader of the program's process group, it runs
 * the program as its own child and waits. When the bench dies (even of
 * SIGKILL, which it cannot handle: the kernel's parent-death signal tells
 * the watchdog, and a once-a-second check of the parent backs it up) or
 * is told to stop, it kills the whole group, itself included, so no
 * analyze or Python reference outlives the bench. */
static _Noreturn void runWatchdog(pid_t benchPid, char *const argv[],
                                  char **env, int log, int devNull) {
  sigset_t watched, previous;
  sigemptyset(&watched);
  int signals[] = {SIGCHLD, SIGUSR1, SIGTERM, SIGINT, SIGHUP};
  for (size_t i = 0; i < sizeof(signals) / sizeof(*signals); ++i)
    sigaddset(&watched, signals[i]);
  sigprocmask(SIG_BLOCK, &watched, &previous);
  setpgid(0, 0);
  prctl(PR_SET_PDEATHSIG, SIGUSR1);
  /* The bench may have died between fork and prctl. */
  if (getppid() != benchPid)
    _exit(137);
  if (devNull >= 0)
    dup2(devNull, STDIN_FILENO);
  dup2(log, STDOUT_FILENO);
  dup2(log, STDERR_FILENO);
  pid_t watchdog = getpid();
  pid_t program = fork();
  if (program == 0) {
    sigprocmask(SIG_SETMASK, &previous, NULL);
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != watchdog)
      _exit(137);
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    execve(argv[0], argv, env);
    writeError("cannot run ", argv[0]);
    _exit(127);
  }
  if (program < 0) {
    writeError("cannot start ", argv[0]);
    _exit(127);
  }
  for (;;) {
    struct timespec tick = {1, 0};
    int sig = sigtimedwait(&watched, NULL, &tick);
    int status;
    if ((sig == SIGCHLD || sig < 0) &&
        waitpid(program, &status, WNOHANG) == program)
      mirrorStatus(status);
    if ((sig > 0 && sig != SIGCHLD) || getppid() != benchPid)
      kill(0, SIGKILL);
  }
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
  pid_t benchPid = getpid();
  fflush(NULL);
  pid_t pid = fork();
  if (pid == 0)
    runWatchdog(benchPid, argv, env, log, devNull);
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
  /* Look before reaping: while the watchdog is a zombie its pid, and so
   * its process group, cannot be reused, and whatever the program left
   * running in the group (a reference's helper) is killed with it. */
  siginfo_t info;
  memset(&info, 0, sizeof(info));
  int w;
  do
    w = waitid(P_PID, (id_t)child->pid, &info, WEXITED | WNOHANG | WNOWAIT);
  while (w < 0 && errno == EINTR);
  if (w == 0 && info.si_pid == 0)
    return false;
  if (w == 0)
    kill(-child->pid, SIGKILL);
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
