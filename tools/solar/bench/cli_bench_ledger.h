/* Work done for a `solar bench` child outside its process tree. With the
 * import fork server, a program's Python import and reference run in a
 * fork of the server, which `wait4` on the child's tree never sees; the
 * server's supervisor measures each worker it reaps and the client (in the
 * child's tree) appends "CPU_SECONDS MAX_RSS_KB" as one line to the file
 * named by SOLAR_CPU_LEDGER (tools/python/solar_imp/server.py). The bench
 * adds those lines to what the tree used, so `cpu_s` counts the program's
 * whole work whichever process did it. */
#ifndef SOLAR_CLI_BENCH_LEDGER_H
#define SOLAR_CLI_BENCH_LEDGER_H

#include <stdbool.h>

/* Adds the ledger's lines at `path` to *cpuSeconds and raises
 * *peakRssBytes to the largest process's, then removes the file. Missing
 * is an empty ledger; a line that is not two numbers is skipped. False
 * when a line was skipped (the figures then undercount). */
bool solarBenchLedgerAdd(const char *path, double *cpuSeconds,
                         double *peakRssBytes);

#endif
