/* The import fork server of a bench run (tools/python/solar_imp/server.py):
 * one Python process that imports torch and torch-mlir once and forks a
 * worker per program's import, instead of every program's
 * solar_import.py importing them again (docs/bench.md). */
#ifndef SOLAR_CLI_BENCH_SERVER_H
#define SOLAR_CLI_BENCH_SERVER_H

#include <limits.h>
#include <stdbool.h>
#include <sys/types.h>

typedef struct {
  pid_t pid;           /* 0: none running */
  char dir[PATH_MAX];  /* private directory holding the socket */
  char socket[PATH_MAX];
} SolarBenchImportServer;

/* Starts the server (SOLAR_PYTHON or python3) on a socket in a new private
 * directory under $TMPDIR (or /tmp) and sets SOLAR_IMPORT_SERVER in this
 * process's environment for the children to inherit. With
 * `idleThreadsSleep` (nothing is timed on this CPU) torch's idle OpenMP
 * threads sleep in every worker instead of spinning
 * (--idle-threads-sleep: OMP_WAIT_POLICY=PASSIVE when the server loads
 * torch, as an import alone does with --runs 0). False (nothing started,
 * nothing set) when it cannot: the programs then import on their own, as
 * without a server. */
bool solarBenchImportServerStart(SolarBenchImportServer *server,
                                 bool idleThreadsSleep);

/* Unsets SOLAR_IMPORT_SERVER, stops the server (SIGTERM), waits for it
 * (its workers' CPU time then counts in this process's children's) and
 * removes its directory. Nothing for a server that did not start. */
void solarBenchImportServerStop(SolarBenchImportServer *server);

#endif
