/* `solar analyze --plot FILE.svg`: the roofline of the report's hardware
 * file (cli_plot.c) with every fusion group of every function. */
#ifndef SOLAR_CLI_ANALYZE_PLOT_H
#define SOLAR_CLI_ANALYZE_PLOT_H

#include <jansson.h>
#include <stdbool.h>

/* Per function one series at the groups' SOL points: x = group flops /
 * fused DRAM bytes, y = group flops / cache-aware SOL time. For a measured
 * function a second series at the attained performance: the reference is
 * timed as a whole, so its median is split among the groups in proportion
 * to their cache-aware SOL times, y = group flops / that share (every
 * group then has the function's headroom). The roof is the dtype of the
 * first function. False with a message on stderr. */
bool solarAnalyzePlotWrite(const char *path, json_t *report);

#endif
