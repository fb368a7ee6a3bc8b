/* Timings measured elsewhere (`--measured FILE` of solar analyze and
 * solar bench, docs/analyze.md "Timings"). Two JSON formats:
 *
 *   KernelBench's baseline:  {"level1": {"19_ReLU.py": {"mean": 0.0153,
 *                              "min": 0.0143, ...}, ...}, ...}   (ms)
 *   plain:                   {"name-or-path": seconds, ...}
 *
 * A KernelBench entry is found by the program's folder (the level) and
 * file name; without a level folder of that name, by the file name alone
 * when exactly one level has it. A plain key matches when it is the
 * program's path, a trailing part of it ("level1/relu.py"), its file
 * name or its stem; the longest matching key wins. */
#ifndef SOLAR_CLI_MEASURED_H
#define SOLAR_CLI_MEASURED_H

#include <stdbool.h>
#include <stddef.h>

typedef struct {
  double medianSeconds; /* the central time; KernelBench: its mean */
  double minSeconds;    /* KernelBench: its min (else the mean) */
  long runs;            /* KernelBench: num_trials; 0 unknown */
  char statistic[8];    /* "mean" (KernelBench) or "given" (plain) */
  char source[1024];    /* "KernelBench baseline F (level1/x.py)" */
} SolarMeasured;

/* False with a message when the file cannot be read or has no entry for
 * `model`. */
bool solarMeasuredLookup(const char *file, const char *model,
                         SolarMeasured *out, char *err, size_t errSize);

#endif
