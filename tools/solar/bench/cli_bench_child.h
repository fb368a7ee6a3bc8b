/* One `solar analyze` child of `solar bench`: started in its own process
 * group (so a timeout kills the Python reference it runs too), stdin from
 * /dev/null, stdout and stderr into a log file, TMPDIR pointed at a
 * directory the bench removes afterwards (a killed child cannot clean up
 * its own temporary files). It runs as a process tree
 * (support/cli_process_tree.h): a watchdog, subreaper of everything the
 * program starts, kills every descendant when the program ends, when it is
 * killed and when the bench dies, even of SIGKILL, so no analyze, Python
 * reference or process they started in a new session outlives the bench. */
#ifndef SOLAR_CLI_BENCH_CHILD_H
#define SOLAR_CLI_BENCH_CHILD_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/resource.h>
#include <sys/types.h>

/* A program's log keeps at most this much: the first and the last half,
 * with a line saying what was cut between them. */
#define SOLAR_BENCH_LOG_CAP_BYTES ((size_t)8 << 20)

typedef struct {
  pid_t pid;      /* also the process group id */
  double started; /* solarBenchNow() at the start */
} SolarBenchChild;

/* Seconds on the monotonic clock. */
double solarBenchNow(void);

/* Where work done for the child outside its process tree is written down
 * (cli_bench_ledger.h): the import server's forks append their CPU time. */
#define SOLAR_CPU_LEDGER_ENV "SOLAR_CPU_LEDGER"

/* Starts argv[0] with argv (NULL-terminated). The log is truncated first.
 * `ledgerPath` (or NULL): the file named to it by SOLAR_CPU_LEDGER.
 * False with a message when the log cannot be opened or fork fails; an exec
 * failure shows up as exit status 127 with the reason in the log. */
bool solarBenchChildStart(char *const argv[], const char *logPath,
                          const char *tmpDir, const char *ledgerPath,
                          SolarBenchChild *child, char *err, size_t errSize);

/* Has it ended? True with its wait status once it has (it is reaped, and
 * anything it left running was killed). */
bool solarBenchChildPoll(const SolarBenchChild *child, int *waitStatus);

/* solarBenchChildPoll, with what the whole tree used once it has ended
 * (solarProcessTreePollUsage). */
bool solarBenchChildPollUsage(const SolarBenchChild *child, int *waitStatus,
                              struct rusage *usage);

/* Ends the whole tree, then reaps the child. */
void solarBenchChildKill(const SolarBenchChild *child);

/* Removes a directory tree (what killed children left in their TMPDIR).
 * Missing is fine. */
void solarBenchRemoveTree(const char *path);

#endif
