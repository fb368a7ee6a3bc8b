/* `solar bench`'s children: each analyze run as a process tree
 * (cli_process_tree.c) with its log and its own TMPDIR. */
#define _XOPEN_SOURCE 700
#include "cli_bench_child.h"
#include "cli_secrets.h"
#include "cli_process_tree.h"

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

extern char **environ;

double solarBenchNow(void) { return solarProcessTreeNow(); }

/* "NAME=value", malloc'ed. */
static char *environmentEntry(const char *name, const char *value) {
  size_t length = strlen(name) + strlen(value) + 2;
  char *entry = malloc(length);
  snprintf(entry, length, "%s=%s", name, value);
  return entry;
}

/* environ with TMPDIR (and SOLAR_CPU_LEDGER) replaced, built before fork:
 * setenv is not safe between fork and exec. The child is `solar analyze`,
 * so it gets back the API keys solar took out of its own environment
 * (cli_secrets.h). The strings stay owned by environ and the key store,
 * except the new entries env[0] and env[1] (NULL without a ledger). */
static char **childEnvironment(const char *tmpDir, const char *ledgerPath) {
  enum { MaxKeys = 8 };
  size_t n = 0;
  while (environ[n])
    n++;
  char **env = calloc(n + 3 + MaxKeys, sizeof(char *));
  env[0] = environmentEntry("TMPDIR", tmpDir);
  size_t k = 1;
  if (ledgerPath)
    env[k++] = environmentEntry(SOLAR_CPU_LEDGER_ENV, ledgerPath);
  for (size_t i = 0; i < n; ++i)
    if (strncmp(environ[i], "TMPDIR=", 7) != 0 &&
        strncmp(environ[i], SOLAR_CPU_LEDGER_ENV "=",
                strlen(SOLAR_CPU_LEDGER_ENV) + 1) != 0)
      env[k++] = environ[i];
  k += solarSecretsEnvironmentEntries((const char **)env + k, MaxKeys);
  env[k] = NULL;
  return env;
}

bool solarBenchChildStart(char *const argv[], const char *logPath,
                          const char *tmpDir, const char *ledgerPath,
                          SolarBenchChild *child, char *err, size_t errSize) {
  /* A fresh file, never through a link left where the log goes: whatever
   * the old name pointed at is not written. */
  if (unlink(logPath) != 0 && errno != ENOENT) {
    snprintf(err, errSize, "cannot replace '%s': %s", logPath,
             strerror(errno));
    return false;
  }
  int log = open(logPath, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
                 0644);
  if (log < 0) {
    snprintf(err, errSize, "cannot write '%s': %s", logPath, strerror(errno));
    return false;
  }
  int devNull = open("/dev/null", O_RDONLY | O_CLOEXEC);
  char **env = childEnvironment(tmpDir, ledgerPath);
  SolarProcessTreeOptions options;
  solarProcessTreeOptionsInit(&options);
  options.stdinFd = devNull;
  options.stdoutFd = log;
  options.stderrFd = log;
  options.env = env;
  options.outputCap = SOLAR_BENCH_LOG_CAP_BYTES;
  SolarProcessTree tree;
  bool ok = solarProcessTreeStart(argv, &options, &tree, err, errSize);
  free(env[0]);
  if (ledgerPath)
    free(env[1]);
  free(env);
  close(log);
  if (devNull >= 0)
    close(devNull);
  if (!ok)
    return false;
  child->pid = tree.pid;
  child->started = tree.started;
  return true;
}

bool solarBenchChildPoll(const SolarBenchChild *child, int *waitStatus) {
  return solarBenchChildPollUsage(child, waitStatus, NULL);
}

bool solarBenchChildPollUsage(const SolarBenchChild *child, int *waitStatus,
                              struct rusage *usage) {
  SolarProcessTree tree = {child->pid, child->started};
  return solarProcessTreePollUsage(&tree, waitStatus, usage);
}

void solarBenchChildKill(const SolarBenchChild *child) {
  SolarProcessTree tree = {child->pid, child->started};
  solarProcessTreeKill(&tree);
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
