/* A program solar runs (the Python reference, the importer, a bench's
 * analyze) together with every process it starts, owned and ended as a
 * whole. The program runs under a watchdog: leader of a new process group,
 * a child subreaper (PR_SET_CHILD_SUBREAPER), so a grandchild that leaves
 * the group (setsid, start_new_session=True, a double fork) is still its
 * descendant; it kills every descendant (found in /proc) when the program
 * ends, when its time limit passes, when it is told to stop, and when solar
 * dies, even of SIGKILL (parent-death signal and a check of the parent
 * every second). */
#ifndef SOLAR_CLI_PROCESS_TREE_H
#define SOLAR_CLI_PROCESS_TREE_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/resource.h>
#include <sys/types.h>

typedef struct {
  int stdinFd, stdoutFd, stderrFd; /* made the program's 0/1/2; -1: inherit */
  char **env;                      /* NULL: this process's environment */
  bool searchPath;                 /* look argv[0] up in PATH */
  double timeoutSeconds;           /* the watchdog ends the tree; 0: none */
  /* > 0: the program's stdout and stderr both go to stdoutFd as a log of
   * at most this many bytes, head and tail kept (cli_capped_log.h). */
  size_t outputCap;
} SolarProcessTreeOptions;

/* Exit status of a watchdog that ended the tree at its time limit (it
 * also says so on the program's stderr). */
enum { kSolarProcessTreeTimedOut = 124 };

typedef struct {
  pid_t pid;      /* the watchdog: also the process group id */
  double started; /* solarProcessTreeNow() at the start */
} SolarProcessTree;

/* Seconds on the monotonic clock. */
double solarProcessTreeNow(void);

/* Options with every descriptor inherited, no time limit. */
void solarProcessTreeOptionsInit(SolarProcessTreeOptions *options);

/* Starts argv (NULL-terminated) under a watchdog. False with a message
 * when fork fails; an exec failure is exit status 127 with the reason on
 * the program's stderr. */
bool solarProcessTreeStart(char *const argv[],
                           const SolarProcessTreeOptions *options,
                           SolarProcessTree *tree, char *err, size_t errSize);

/* Has it ended? True with the program's wait status once it has (the
 * watchdog mirrors it; everything the program left is killed). */
bool solarProcessTreePoll(const SolarProcessTree *tree, int *waitStatus);

/* solarProcessTreePoll, and once it has ended, what the whole tree used
 * (wait4): the watchdog reaps every descendant before it ends, so the CPU
 * times are the sum over every process the program started, and ru_maxrss
 * is the peak resident size of the largest one of them (KiB). */
bool solarProcessTreePollUsage(const SolarProcessTree *tree, int *waitStatus,
                               struct rusage *usage);

/* Waits for the end; *timedOut says whether the watchdog's time limit
 * ended it. */
void solarProcessTreeWait(const SolarProcessTree *tree, int *waitStatus,
                          bool *timedOut);

/* Ends the whole tree now and reaps the watchdog. */
void solarProcessTreeKill(const SolarProcessTree *tree);

#endif
