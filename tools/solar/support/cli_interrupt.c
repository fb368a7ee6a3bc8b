/* Cleaning up on SIGINT/SIGTERM/SIGHUP (cli_interrupt.h). The handler may
 * interrupt anything, malloc included, so it uses only async-signal-safe
 * calls: the registry is fixed-size and the tree is removed with openat,
 * getdents64 and unlinkat. */
#define _GNU_SOURCE /* getdents64 */

#include "cli_interrupt.h"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

enum { kMaxPaths = 32, kMaxPath = 4096, kMaxDepth = 64 };

static char registered[kMaxPaths][kMaxPath];
static volatile sig_atomic_t inUse[kMaxPaths];

static const int kSignals[] = {SIGINT, SIGTERM, SIGHUP};

/* The registry changes with the signals blocked, so the handler never
 * sees a half-written path. */
static void blockSignals(sigset_t *previous) {
  sigset_t set;
  sigemptyset(&set);
  for (size_t i = 0; i < sizeof(kSignals) / sizeof(*kSignals); ++i)
    sigaddset(&set, kSignals[i]);
  sigprocmask(SIG_BLOCK, &set, previous);
}

void solarInterruptRemoveOnSignal(const char *path) {
  if (!path || strlen(path) >= kMaxPath)
    return;
  sigset_t previous;
  blockSignals(&previous);
  for (int i = 0; i < kMaxPaths; ++i)
    if (!inUse[i]) {
      memcpy(registered[i], path, strlen(path) + 1);
      inUse[i] = 1;
      break;
    }
  sigprocmask(SIG_SETMASK, &previous, NULL);
}

void solarInterruptForget(const char *path) {
  if (!path)
    return;
  sigset_t previous;
  blockSignals(&previous);
  for (int i = 0; i < kMaxPaths; ++i)
    if (inUse[i] && !strcmp(registered[i], path))
      inUse[i] = 0;
  sigprocmask(SIG_SETMASK, &previous, NULL);
}

/* Removes what `name` names inside directory `dirFd` (symbolic links
 * themselves, never what they point to). */
static void removeAt(int dirFd, const char *name, int depth) {
  if (unlinkat(dirFd, name, 0) == 0 || depth >= kMaxDepth)
    return;
  int fd = openat(dirFd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (fd >= 0) {
    char buffer[2048];
    long n;
    /* Each pass removes what it listed; list again until empty. */
    while ((n = syscall(SYS_getdents64, fd, buffer, sizeof(buffer))) > 0) {
      for (long at = 0; at < n;) {
        struct dirent64 *entry = (struct dirent64 *)(buffer + at);
        at += entry->d_reclen;
        if (strcmp(entry->d_name, ".") && strcmp(entry->d_name, ".."))
          removeAt(fd, entry->d_name, depth + 1);
      }
    }
    close(fd);
  }
  unlinkat(dirFd, name, AT_REMOVEDIR);
}

static void onSignal(int signo) {
  for (int i = 0; i < kMaxPaths; ++i)
    if (inUse[i])
      removeAt(AT_FDCWD, registered[i], 0);
  signal(signo, SIG_DFL);
  raise(signo);
}

void solarInterruptInstall(void) {
  struct sigaction action;
  memset(&action, 0, sizeof(action));
  action.sa_handler = onSignal;
  sigemptyset(&action.sa_mask);
  for (size_t i = 0; i < sizeof(kSignals) / sizeof(*kSignals); ++i) {
    /* A signal ignored at the start (nohup) stays ignored. */
    struct sigaction current;
    if (sigaction(kSignals[i], NULL, &current) == 0 &&
        current.sa_handler == SIG_IGN)
      continue;
    sigaction(kSignals[i], &action, NULL);
  }
}
