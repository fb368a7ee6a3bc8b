/* `solar bench` progress on stderr: one line per finished program,
 *   [ 3/10] matmul_128.py ... verified, headroom cache 1.63x (2.1 s)
 * and, only when stderr is a terminal, a status line for the program
 * running now, redrawn in place with \r. Logs and pipes get plain lines. */
#ifndef SOLAR_CLI_BENCH_PROGRESS_H
#define SOLAR_CLI_BENCH_PROGRESS_H

#include "cli_bench_result.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef struct {
  FILE *out;
  bool tty;
  size_t total;
  int width;     /* digits of total */
  bool lineOpen; /* a status line is on screen */
} SolarBenchProgress;

void solarBenchProgressInit(SolarBenchProgress *p, FILE *out, size_t total);

/* The status line (terminal only): program `index` (0-based) running for
 * `elapsed` seconds, with `others` more running beside it. */
void solarBenchProgressRunning(SolarBenchProgress *p, size_t index,
                               const char *relPath, double elapsed,
                               size_t others);

/* One finished program's line. */
void solarBenchProgressDone(SolarBenchProgress *p, size_t index,
                            const char *relPath, bool framework,
                            const SolarBenchResult *result);

/* Clears the status line. */
void solarBenchProgressFinish(SolarBenchProgress *p);

/* "verified, headroom cache 1.63x" and the like, for the line above. */
void solarBenchDescribe(const SolarBenchResult *r, bool framework, char *buf,
                        size_t size);

#endif
