/* Grouped bar charts on a log-scale value axis as plain SVG (the headroom
 * chart of `solar bench --plot`): one group of bars per item, one bar per
 * series, and a horizontal reference line (headroom 1 = at SOL). */
#ifndef SOLAR_CLI_PLOT_BARS_H
#define SOLAR_CLI_PLOT_BARS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef struct {
  const char *label;
  const double *values; /* seriesCount values; <= 0 or non-finite: no bar */
} SolarBarItem;

typedef struct {
  const char *title;
  const char *valueLabel;              /* the value axis, e.g. "headroom" */
  const char *const *seriesNames;
  size_t seriesCount;
  const SolarBarItem *items;
  size_t itemCount;
  /* NULL: the values are ratios ("12x"); else an SI unit ("s": "1.5 ms"). */
  const char *unit;
  double reference;                    /* > 0: a line at this value */
  const char *referenceLabel;
} SolarBarChart;

/* False on a write error. Items without any bar keep their label and show
 * "n/a"; a chart without items says so. */
bool solarPlotBars(FILE *out, const SolarBarChart *chart);

/* Opens `path`, writes the chart, closes it; prints
 * "solar <command>: error: ..." on failure. */
bool solarPlotBarsToFile(const char *command, const char *path,
                         const SolarBarChart *chart);

#endif
