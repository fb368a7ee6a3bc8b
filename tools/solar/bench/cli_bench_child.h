/* One `solar analyze` child of `solar bench`: started in its own process
 * group (so a timeout kills the Python reference it runs too), stdin from
 * /dev/null, stdout and stderr into a log file, TMPDIR pointed at a
 * directory the bench removes afterwards (a killed child cannot clean up
 * its own temporary files). The group's leader is a watchdog that runs the
 * program and kills the whole group when the bench dies, even of SIGKILL
 * (parent-death signal, and a check of the parent every second), so no
 * analyze or Python reference outlives the bench. */
#ifndef SOLAR_CLI_BENCH_CHILD_H
#define SOLAR_CLI_BENCH_CHILD_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

typedef struct {
  pid_t pid;      /* also the process group id */
  double started; /* solarBenchNow() at the start */
} SolarBenchChild;

/* Seconds on the monotonic clock. */
double solarBenchNow(void);

/* Starts argv[0] with argv (NULL-terminated). The log is truncated first.
 * False with a message when the log cannot be opened or fork fails; an exec
 * failure shows up as exit status 127 with the reason in the log. */
bool solarBenchChildStart(char *const argv[], const char *logPath,
                          const char *tmpDir, SolarBenchChild *child,
                          char *err, size_t errSize);

/* Has it ended? True with its wait status once it has (it is reaped, and
 * anything it left in its process group is killed). */
bool solarBenchChildPoll(const SolarBenchChild *child, int *waitStatus);

/* SIGKILL to the whole process group, then reaps the child. */
void solarBenchChildKill(const SolarBenchChild *child);

/* Removes a directory tree (what killed children left in their TMPDIR).
 * Missing is fine. */
void solarBenchRemoveTree(const char *path);

#endif
