/* The aggregates of a `solar bench` run and the files that carry them:
 * summary.csv (one row per program, then aggregate rows), summary.json
 * (schema "solar-bench", docs/bench.md) and the summary on stdout. */
#ifndef SOLAR_CLI_BENCH_SUMMARY_H
#define SOLAR_CLI_BENCH_SUMMARY_H

#include "cli_bench_discover.h"
#include "cli_bench_result.h"
#include "cli_output.h"

#include <stdio.h>

#define SOLAR_BENCH_SCHEMA_VERSION 1

typedef struct {
  const char *dir;          /* the tree, resolved */
  const char *outDir;
  const char *archArgument; /* as given */
  const char *archFile;     /* what it resolved to */
  unsigned runs;
  const char *dtype;        /* NULL: from the IR */
  const char *fp32Math;     /* NULL: framework */
  const char *framework;
  /* A training run (--train): every program's training step, with this
   * loss and optimizer; NULL: forward passes. */
  const char *trainLoss, *trainOptimizer;
  double timeoutSeconds;    /* 0: none */
  unsigned jobs;
  /* The --measured names, in order (count 0: none given). */
  const char *const *measuredNames;
  size_t measuredCount;
} SolarBenchSettings;

typedef struct {
  size_t count; /* values summarized; the rest is 0 when count is 0 */
  double min, median, geomean, max;
} SolarBenchStats;

typedef struct {
  size_t programs;
  size_t framework; /* .py programs */
  size_t withIr;    /* programs whose IR was found (not no-ir, not
                       timeout) */
  size_t verified;  /* .py programs whose IR matched the reference */
  size_t measured;  /* programs with headroom (verified and timed) */
  size_t elsewhere; /* of those, timed on another machine */
  size_t unreliable; /* of those, timed on a busy machine or widely spread */
  size_t status[SOLAR_BENCH_STATUS_COUNT];
  SolarBenchStats headroom[SOLAR_FIDELITY_COUNT];
  size_t violationPrograms;   /* programs with any violation */
  size_t violationFidelities; /* sum over programs of fidelities violated */
  /* Per --measured name (settings' order): the same figures against that
   * file's times alone. violationPrograms above counts a program with a
   * violation against any of them. */
  struct {
    size_t measured;
    SolarBenchStats headroom[SOLAR_FIDELITY_COUNT];
    size_t violationPrograms, violationFidelities;
  } byName[SOLAR_CLI_MAX_VALUES];
  size_t nameCount;
  int exitStatus; /* 0: every program ok, every .py verified, no violation */
} SolarBenchSummary;

void solarBenchSummarize(const SolarBenchSettings *settings,
                         const SolarBenchProgram *programs,
                         const SolarBenchResult *results, size_t count,
                         SolarBenchSummary *out);

/* CSV cells: a text cell (RFC 4180 quoting; a leading ' before what a
 * spreadsheet would run as a formula), and ",NUMBER" (empty when absent). */
void solarBenchCsvText(FILE *out, const char *text);
void solarBenchCsvNumber(FILE *out, double value, bool present);
/* A CSV output file (cli_output: complete or absent); false with
 * "cannot write 'PATH'..." in err. */
bool solarBenchCsvOpen(const char *path, SolarOutputFile *file, char *err,
                       size_t errSize);
bool solarBenchCsvCommit(SolarOutputFile *file, char *err, size_t errSize);

/* Both false with a message on a write error. */
bool solarBenchWriteCsv(const char *path, const SolarBenchSettings *settings,
                        const SolarBenchProgram *programs,
                        const SolarBenchResult *results, size_t count,
                        const SolarBenchSummary *summary, char *err,
                        size_t errSize);
bool solarBenchWriteJson(const char *path, const SolarBenchSettings *settings,
                         const SolarBenchProgram *programs,
                         const SolarBenchResult *results, size_t count,
                         const SolarBenchSummary *summary, char *err,
                         size_t errSize);

void solarBenchPrintSummary(FILE *out, const SolarBenchSettings *settings,
                            const SolarBenchProgram *programs,
                            const SolarBenchResult *results, size_t count,
                            const SolarBenchSummary *summary);

#endif
