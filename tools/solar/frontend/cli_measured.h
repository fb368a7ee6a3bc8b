/* Timings measured elsewhere (`--measured [NAME=]FILE` of solar analyze
 * and solar bench, docs/analyze.md "Timings"; the flag may be repeated, each
 * file is compared with the SOL and reported under its name). Two JSON
 * formats:
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

#include "cli_flag.h"

#include <stdbool.h>
#include <stddef.h>

/* What one name may hold: it becomes a JSON key and a CSV column. */
enum { SOLAR_MEASURED_NAME_SIZE = 64 };

/* One `--measured [NAME=]FILE` argument. */
typedef struct {
  char name[SOLAR_MEASURED_NAME_SIZE]; /* NAME, else the file's stem */
  const char *file;                    /* points into the argument */
} SolarMeasuredFile;

/* Splits `count` arguments: "NAME=FILE" when the text before the first '='
 * is a name ([A-Za-z0-9_.-]+; a path holding '=' is given as ./a=b.json),
 * else the whole argument is the file and its stem the name
 * ("x/baseline_time_torch.json" -> baseline_time_torch). False with a
 * message on an empty name or file, or a name given twice. */
bool solarMeasuredParseArguments(const char *const *arguments, size_t count,
                                 SolarMeasuredFile *out, char *err,
                                 size_t errSize);
/* The same over a repeated flag's values (out: SOLAR_CLI_MAX_VALUES),
 * printing "solar COMMAND: error: ..." when false. */
bool solarMeasuredParseFlag(const char *command, const SolarCliValues *values,
                            SolarMeasuredFile *out);

typedef struct {
  char name[SOLAR_MEASURED_NAME_SIZE]; /* the measurement's name */
  double medianSeconds; /* the central time; KernelBench: its mean */
  double minSeconds;    /* KernelBench: its min (else the mean) */
  long runs;            /* KernelBench: num_trials; 0 unknown */
  char statistic[8];    /* "mean" (KernelBench) or "given" (plain) */
  char source[1024];    /* "KernelBench baseline F (level1/x.py)" */
} SolarMeasured;

/* False with a message when the file cannot be read or has no entry for
 * `model`. out->name is left empty (the caller's). */
bool solarMeasuredLookup(const char *file, const char *model,
                         SolarMeasured *out, char *err, size_t errSize);

#endif
