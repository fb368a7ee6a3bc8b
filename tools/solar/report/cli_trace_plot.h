/* The per-kernel chart of `solar analyze --kernel-plot` (docs/analyze.md,
 * "Per-kernel headroom"): measured and SOL time per framework op, ranked by
 * saving, as the grouped bars of cli_plot_bars. */
#ifndef SOLAR_CLI_TRACE_PLOT_H
#define SOLAR_CLI_TRACE_PLOT_H

#include <jansson.h>
#include <stdbool.h>

/* Writes the chart of the report's `kernels` to `path`; false after
 * printing "solar analyze: error: ..." (also when the report has none). */
bool solarTracePlotWrite(const char *path, json_t *report);

#endif
