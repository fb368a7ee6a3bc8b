/* `solar bench --profile`: the per-kernel rows of every program's analyze
 * report (docs/analyze.md, "Per-kernel headroom") gathered into one list
 * ranked by the time a kernel at SOL would save, written to summary.json
 * (`kernels`) and kernels.csv, and after each program's row of summary.csv,
 * so a suite is ranked by kernel. */
#ifndef SOLAR_CLI_BENCH_KERNELS_H
#define SOLAR_CLI_BENCH_KERNELS_H

#include "cli_bench_discover.h"
#include "cli_bench_result.h"

#include <jansson.h>
#include <stdio.h>

/* New list (json_decref): every program's `kernels` rows, each with its
 * `program` (relative path), ranked by saving_s, largest first. */
json_t *solarBenchKernelRows(const SolarBenchProgram *programs,
                             const SolarBenchResult *results, size_t count);

/* The kernel columns of a CSV (",framework_op,...,violation", each name
 * after `prefix`) and one row's cells (each after a comma). */
void solarBenchKernelCsvHeader(FILE *out, const char *prefix);
void solarBenchKernelCsvCells(FILE *out, json_t *row);

/* kernels.csv: one line per row of solarBenchKernelRows. False with a
 * message on a write error. */
bool solarBenchWriteKernelsCsv(const char *path, json_t *rows, char *err,
                               size_t errSize);

#endif
