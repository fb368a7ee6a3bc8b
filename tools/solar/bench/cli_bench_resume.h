/* Whether `solar bench --resume` may reuse a program's earlier report:
 * the report is re-validated, never trusted because it exists
 * (docs/bench.md, "Resume"). */
#ifndef SOLAR_CLI_BENCH_RESUME_H
#define SOLAR_CLI_BENCH_RESUME_H

#include <stdbool.h>
#include <stddef.h>

/* True when `jsonPath` reads whole as a solar-analyze report of this
 * schema version, sealed by this solar with a digest that matches
 * (cli_report_seal.h), made for the program `programPath` (the same file,
 * by device and inode), with every SOL figure finite, non-negative and in
 * the model's order and every measured time finite and positive, and of
 * the same step: a training step with `trainLoss` and `trainOptimizer`,
 * or (trainLoss NULL) no training step asked for. Else false with the
 * reason in `why`. The caller still compares the --arch argument and the
 * modification times. */
bool solarBenchReportReusable(const char *jsonPath, const char *programPath,
                              const char *trainLoss,
                              const char *trainOptimizer, char *why,
                              size_t whySize);

#endif
