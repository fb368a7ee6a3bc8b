/* STREAM-style DRAM bandwidth measurement for `solar calibrate`.
 *
 * Three kernels over double arrays, each counted with the bytes the program
 * names (no write-allocate traffic, as STREAM counts):
 *   read   sum += a[i]            8 B per element
 *   copy   b[i] = a[i]           16 B per element
 *   triad  a[i] = b[i] + s*c[i]  24 B per element
 * Every (kernel, working-set size, thread count) is timed repeatedly with
 * the threads released together by a barrier; the best rate over all of
 * them is the result. The best, not the mean: the hardware file states what
 * the machine can do, so noise (other processes, steal time in a VM) may
 * only lower a sample, never raise it. */
#ifndef SOLAR_CLI_STREAM_H
#define SOLAR_CLI_STREAM_H

#include <stdbool.h>
#include <stddef.h>

typedef struct {
  size_t minWorkingSetBytes; /* smallest total footprint timed (all arrays) */
  unsigned sizeCount;        /* sizes: min, 2*min, 4*min, ... */
  unsigned maxThreads;       /* 1..maxThreads are timed */
  double budgetSeconds;      /* total time to spend timing (soft) */
} SolarStreamConfig;

typedef struct {
  double bestBytesPerS;
  const char *bestKernel; /* "read" | "copy" | "triad" (static) */
  unsigned bestThreads;
  size_t bestWorkingSetBytes;
  unsigned samples;       /* timed repetitions in all */
  double seconds;         /* wall time spent, allocation included */
} SolarStreamResult;

/* False with a message when memory or threads cannot be had. */
bool solarStreamMeasure(const SolarStreamConfig *config,
                        SolarStreamResult *out, char *err, size_t errSize);

/* Clock of one core, measured with a chain of dependent integer additions
 * (one per cycle on every x86-64 and AArch64 core): the best of many short
 * runs, in Hz. 0 on other architectures. */
double solarMeasureCoreClockHz(void);

#endif
