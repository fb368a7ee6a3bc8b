/* What `solar bench` keeps of one program: its status and the figures of
 * its analyze report (schema solar-analyze, docs/analyze.md), read back
 * with jansson from the JSON the child wrote. */
#ifndef SOLAR_CLI_BENCH_RESULT_H
#define SOLAR_CLI_BENCH_RESULT_H

#include "cli_flag.h"
#include "solar/sol/sol.h"

#include <jansson.h>

#include <stdbool.h>
#include <stddef.h>

typedef enum {
  SOLAR_BENCH_OK,            /* analyzed (verified, or SOL-only .mlir) */
  SOLAR_BENCH_VERIFY_FAILED, /* the IR does not match the reference */
  SOLAR_BENCH_ERROR,         /* any other failure, crash included */
  SOLAR_BENCH_TIMEOUT,       /* killed after --timeout */
  SOLAR_BENCH_NO_IR,         /* no frontend produced IR */
  SOLAR_BENCH_STATUS_COUNT
} SolarBenchStatus;

const char *solarBenchStatusName(SolarBenchStatus status);

/* One --measured file's times of the primary function (the report's
 * functions[].measurements[]). */
typedef struct {
  char name[64];
  double medianSeconds, minSeconds;
  double headroom[SOLAR_FIDELITY_COUNT]; /* median / SOL */
  unsigned violations; /* bit f: min < SOL at fidelity f */
} SolarBenchMeasurement;

typedef struct {
  SolarBenchStatus status;
  bool resumed;        /* the report of an earlier run was reused */
  double wallSeconds;  /* the child's run time (0 when resumed) */
  /* What the child's whole process tree used (the Python reference and
   * importer included): CPU seconds (user + system) summed over its
   * processes, and the peak resident size of the largest of them. Known
   * only for a child that ended by itself (not resumed, not timed out). */
  bool usageKnown;
  double cpuSeconds;
  double peakRssBytes;
  char message[512];   /* why it failed: the first error line of its log */

  /* From the report (status ok only). The figures are those of the
   * primary function: the one that was measured, else the first. */
  char frontend[32];
  char ir[4096];
  char archArgument[4096];
  bool measured; /* the reference verified and timed the primary function */
  bool verified; /* the IR matched the reference (timed or not) */
  bool elsewhere; /* the times come from another machine */
  /* The runner timed on a busy machine or saw a wide spread (the report's
   * reference.timing_reliable is false). */
  bool timingUnreliable;
  size_t functions;
  double flops;
  double sol[SOLAR_FIDELITY_COUNT];
  char bound[16]; /* at the cache-aware fidelity */
  /* The unfused model's kernels (-1 unknown), what bounds its figure
   * ("launch" when dependent-launch gaps do) and the measured central time
   * per kernel (docs/analyze.md). */
  long long kernelsUnfused;
  char boundUnfused[16];
  double medianSeconds, minSeconds;
  double headroom[SOLAR_FIDELITY_COUNT]; /* median / SOL */
  unsigned violations; /* bit f: measured min < SOL at fidelity f */
  /* With `solar bench --profile`: the report's per-kernel rows (owned
   * reference, json_decref; NULL without) and its trace's step time. */
  json_t *kernels;
  double traceStepSeconds;
  /* Every measurement by name, the first being the one above. */
  SolarBenchMeasurement measurements[SOLAR_CLI_MAX_VALUES];
  size_t measurementCount;
} SolarBenchResult;

/* Reads an analyze report into *out (status ok). False with a message when
 * it cannot be read or is not a solar-analyze report. */
bool solarBenchResultRead(const char *jsonPath, SolarBenchResult *out,
                          char *err, size_t errSize);

/* A failed child's status from `solar analyze`'s exit code: 3 is
 * verify-failed, 4 no-ir, anything else error. The message is the first
 * mismatch line of the log (verify-failed) or its first "error:" line. */
void solarBenchResultClassify(const char *logPath, int exitCode,
                              SolarBenchResult *out);

size_t solarBenchViolationCount(unsigned violations);

/* The fidelities `list` (a JSON array of fidelity names) holds, as bits. */
unsigned solarBenchViolationBits(json_t *list);

/* The measurement of `result` named `name`, NULL when it has none. */
const SolarBenchMeasurement *
solarBenchMeasurementNamed(const SolarBenchResult *result, const char *name);

#endif
