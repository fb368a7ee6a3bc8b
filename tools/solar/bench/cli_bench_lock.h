/* The lock on a bench's output directory: one `solar bench` writes there
 * at a time, so a --resume run never reads, deletes or overwrites the
 * reports, logs and temporary folder of a run that is still alive. */
#ifndef SOLAR_CLI_BENCH_LOCK_H
#define SOLAR_CLI_BENCH_LOCK_H

#include <stddef.h>

/* An exclusive flock on OUTDIR/.lock, which then holds this process's pid;
 * returns its descriptor, or -1 with a message naming the holder. The
 * lock is inherited by the children's watchdogs (not by the programs they
 * exec), so it is free once the bench and its children are gone. */
int solarBenchLockOutput(const char *outDir, char *err, size_t errSize);

/* Releases it (closing the descriptor); -1 is ignored. */
void solarBenchUnlockOutput(int fd);

#endif
