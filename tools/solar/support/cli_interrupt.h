/* SIGINT, SIGTERM and SIGHUP in the solar commands: the temporary
 * directories and unfinished output files registered here are removed,
 * then solar ends by the signal as it would have without a handler.
 * Children end with it: every program solar runs is a process tree whose
 * watchdog gets a parent-death signal (cli_process_tree.h), and the JIT
 * sandbox's child too (lib/verify/verify_sandbox.c). */
#ifndef SOLAR_CLI_INTERRUPT_H
#define SOLAR_CLI_INTERRUPT_H

/* Installs the handler (main does, for every command). */
void solarInterruptInstall(void);

/* Removes `path` (a directory tree or a file) if a signal ends solar
 * before solarInterruptForget(path). At most 32 paths at once; more are
 * not removed on a signal (the normal paths still remove them). */
void solarInterruptRemoveOnSignal(const char *path);
void solarInterruptForget(const char *path);

#endif
