/* Process trees owned as a whole (cli_process_tree.h). The watchdog runs
 * between fork and the program's exit in a copy of a process that may have
 * had threads (MLIR's pool): it allocates nothing and reads /proc with
 * raw getdents64. */
#define _GNU_SOURCE /* execvpe, prctl, getdents64 */

#include "cli_process_tree.h"

#include "cli_capped_log.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

double solarProcessTreeNow(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void solarProcessTreeOptionsInit(SolarProcessTreeOptions *options) {
  memset(options, 0, sizeof(*options));
  options->stdinFd = options->stdoutFd = options->stderrFd = -1;
}

static void writeText(const char *text) {
  (void)!write(STDERR_FILENO, text, strlen(text));
}

/* ---- finding every descendant ----------------------------------------- */

/* Every live process's parent, from /proc/PID/stat (fixed tables: no
 * allocation in the watchdog). */
enum { kMaxProcesses = 1 << 16 };
static pid_t tablePid[kMaxProcesses], tableParent[kMaxProcesses];
static bool tableLive[kMaxProcesses];

static bool readParent(pid_t pid, pid_t *parent, bool *live) {
  char path[64], text[512];
  snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return false;
  ssize_t n = read(fd, text, sizeof(text) - 1);
  close(fd);
  if (n <= 0)
    return false;
  text[n] = '\0';
  /* "pid (comm) state ppid ...": comm may hold ')' itself. */
  char *close = strrchr(text, ')');
  if (!close || close[1] != ' ' || !close[2])
    return false;
  *live = close[2] != 'Z' && close[2] != 'X';
  *parent = (pid_t)atoi(close + 4);
  return true;
}

static size_t readProcessTable(void) {
  int dir = open("/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir < 0)
    return 0;
  size_t count = 0;
  char buffer[8192];
  for (;;) {
    long n = syscall(SYS_getdents64, dir, buffer, sizeof(buffer));
    if (n <= 0)
      break;
    for (long at = 0; at < n;) {
      struct dirent64 *entry = (struct dirent64 *)(buffer + at);
      at += entry->d_reclen;
      pid_t pid = (pid_t)atoi(entry->d_name);
      if (pid <= 0 || count == kMaxProcesses)
        continue;
      if (readParent(pid, &tableParent[count], &tableLive[count]))
        tablePid[count++] = pid;
    }
  }
  close(dir);
  return count;
}

/* Whether `pid` descends from `root` in the table (a walk up the parents,
 * bounded by the table's size). */
static bool descendsFrom(size_t count, pid_t pid, pid_t root) {
  for (size_t steps = 0; steps < count && pid > 1; ++steps) {
    pid_t parent = 0;
    for (size_t i = 0; i < count; ++i)
      if (tablePid[i] == pid) {
        parent = tableParent[i];
        break;
      }
    if (parent == root)
      return true;
    pid = parent;
  }
  return false;
}

static void reapAll(void) {
  while (waitpid(-1, NULL, WNOHANG) > 0) {
  }
}

/* Kills every descendant of this process until none is left alive: a
 * process forking while the kill goes on leaves a child that, orphaned,
 * comes to this subreaper and is found in the next round. */
static void killDescendants(void) {
  pid_t self = getpid();
  for (int round = 0; round < 200; ++round) {
    size_t count = readProcessTable();
    size_t killed = 0;
    for (size_t i = 0; i < count; ++i)
      if (tableLive[i] && tablePid[i] != self &&
          descendsFrom(count, tablePid[i], self)) {
        kill(tablePid[i], SIGKILL);
        killed++;
      }
    reapAll();
    if (!killed)
      return;
    struct timespec pause = {0, 5 * 1000 * 1000};
    nanosleep(&pause, NULL);
  }
}

/* ---- the watchdog ------------------------------------------------------ */

/* With an output cap, the program's stdout and stderr come through this
 * pipe and go to the watchdog's stdout as a capped log. */
static int relayFd = -1;
static SolarCappedLog relayLog;

static void relayChunk(void) {
  char chunk[65536];
  ssize_t n = read(relayFd, chunk, sizeof(chunk));
  if (n > 0) {
    solarCappedLogWrite(&relayLog, chunk, (size_t)n);
  } else if (n == 0 || errno != EINTR) {
    close(relayFd);
    relayFd = -1;
  }
}

/* After killDescendants no writer is left: the rest of the pipe, then the
 * log's tail. */
static void endRelay(void) {
  while (relayFd >= 0)
    relayChunk();
  solarCappedLogFinish(&relayLog);
}

/* Ends the watchdog the way the program ended, so the caller sees the
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

static void moveFd(int from, int to) {
  if (from >= 0 && from != to)
    dup2(from, to);
}

static _Noreturn void runWatchdog(pid_t ownerPid, char *const argv[],
                                  const SolarProcessTreeOptions *options,
                                  char **env) {
  sigset_t watched, previous;
  sigemptyset(&watched);
  int signals[] = {SIGCHLD, SIGUSR1, SIGTERM, SIGINT, SIGHUP};
  for (size_t i = 0; i < sizeof(signals) / sizeof(*signals); ++i)
    sigaddset(&watched, signals[i]);
  sigprocmask(SIG_BLOCK, &watched, &previous);
  setpgid(0, 0);
  prctl(PR_SET_CHILD_SUBREAPER, 1);
  prctl(PR_SET_PDEATHSIG, SIGUSR1);
  /* The owner may have died between fork and prctl. */
  if (getppid() != ownerPid)
    _exit(137);
  moveFd(options->stdinFd, STDIN_FILENO);
  moveFd(options->stdoutFd, STDOUT_FILENO);
  moveFd(options->stderrFd, STDERR_FILENO);
  int relay[2] = {-1, -1};
  if (options->outputCap && pipe(relay) != 0)
    relay[0] = relay[1] = -1;
  pid_t watchdog = getpid();
  pid_t program = fork();
  if (program == 0) {
    if (relay[1] >= 0) {
      dup2(relay[1], STDOUT_FILENO);
      dup2(relay[1], STDERR_FILENO);
      close(relay[0]);
      close(relay[1]);
    }
    sigprocmask(SIG_SETMASK, &previous, NULL);
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != watchdog)
      _exit(137);
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    signal(SIGHUP, SIG_DFL);
    if (options->searchPath)
      execvpe(argv[0], argv, env);
    else
      execve(argv[0], argv, env);
    int saved = errno;
    writeText("solar: error: cannot run ");
    writeText(argv[0]);
    writeText(": ");
    writeText(strerror(saved));
    writeText("\n");
    _exit(127);
  }
  if (program < 0) {
    writeText("solar: error: cannot start a process\n");
    _exit(127);
  }
  if (relay[1] >= 0) {
    close(relay[1]);
    relayFd = relay[0];
    solarCappedLogInit(&relayLog, STDOUT_FILENO, options->outputCap);
  }
  double deadline = options->timeoutSeconds > 0
                        ? solarProcessTreeNow() + options->timeoutSeconds
                        : 0;
  for (;;) {
    int sig;
    if (relayFd >= 0) {
      /* Signals stay blocked: poll for output, then look for them. */
      struct pollfd p = {relayFd, POLLIN, 0};
      if (poll(&p, 1, 100) > 0)
        relayChunk();
      struct timespec now = {0, 0};
      sig = sigtimedwait(&watched, NULL, &now);
    } else {
      struct timespec tick = {1, 0};
      sig = sigtimedwait(&watched, NULL, &tick);
    }
    int status;
    if (sig == SIGCHLD || sig < 0) {
      pid_t reaped;
      while ((reaped = waitpid(-1, &status, WNOHANG)) > 0)
        if (reaped == program) {
          killDescendants();
          endRelay();
          mirrorStatus(status);
        }
    }
    if (deadline && solarProcessTreeNow() >= deadline) {
      killDescendants();
      endRelay();
      char line[160];
      snprintf(line, sizeof(line),
               "solar: the program ran past its time limit of %g s and was "
               "stopped, with every process it started\n",
               options->timeoutSeconds);
      writeText(line);
      _exit(kSolarProcessTreeTimedOut);
    }
    if ((sig > 0 && sig != SIGCHLD) || getppid() != ownerPid) {
      killDescendants();
      endRelay();
      kill(0, SIGKILL);
      _exit(137);
    }
  }
}

/* ---- the owner's side --------------------------------------------------- */

bool solarProcessTreeStart(char *const argv[],
                           const SolarProcessTreeOptions *options,
                           SolarProcessTree *tree, char *err, size_t errSize) {
  pid_t ownerPid = getpid();
  char **env = options->env ? options->env : environ;
  fflush(NULL);
  pid_t pid = fork();
  if (pid == 0)
    runWatchdog(ownerPid, argv, options, env);
  int forkErrno = errno;
  /* Also from here: a kill right after fork must find the group. */
  if (pid > 0)
    setpgid(pid, pid);
  if (pid < 0) {
    snprintf(err, errSize, "cannot start a child process: %s",
             strerror(forkErrno));
    return false;
  }
  tree->pid = pid;
  tree->started = solarProcessTreeNow();
  return true;
}

bool solarProcessTreePoll(const SolarProcessTree *tree, int *waitStatus) {
  return solarProcessTreePollUsage(tree, waitStatus, NULL);
}

bool solarProcessTreePollUsage(const SolarProcessTree *tree, int *waitStatus,
                               struct rusage *usage) {
  pid_t r;
  do
    r = wait4(tree->pid, waitStatus, WNOHANG, usage);
  while (r < 0 && errno == EINTR);
  if (r < 0) {
    /* Not our child any more (cannot happen unless reaped elsewhere). */
    *waitStatus = 0;
    return true;
  }
  return r == tree->pid;
}

void solarProcessTreeWait(const SolarProcessTree *tree, int *waitStatus,
                          bool *timedOut) {
  while (waitpid(tree->pid, waitStatus, 0) < 0 && errno == EINTR) {
  }
  *timedOut = WIFEXITED(*waitStatus) &&
              WEXITSTATUS(*waitStatus) == kSolarProcessTreeTimedOut;
}

void solarProcessTreeKill(const SolarProcessTree *tree) {
  /* The watchdog kills every descendant, then itself; SIGKILL to the group
   * only if it does not end within two seconds. */
  kill(tree->pid, SIGTERM);
  int status;
  for (int i = 0; i < 200; ++i) {
    if (solarProcessTreePoll(tree, &status))
      return;
    struct timespec pause = {0, 10 * 1000 * 1000};
    nanosleep(&pause, NULL);
  }
  kill(-tree->pid, SIGKILL);
  kill(tree->pid, SIGKILL);
  while (waitpid(tree->pid, &status, 0) < 0 && errno == EINTR) {
  }
}
