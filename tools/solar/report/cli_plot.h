/* Roofline charts as plain SVG, written by hand-placed primitives (no
 * plotting library): log-log axes with a tick per decade, the compute roof,
 * the DRAM slope, the ridge point and one marker per work item (a fusion
 * group, a kernel, ...) at its arithmetic intensity and attained
 * performance. One chart per hardware file, stacked in one SVG document. */
#ifndef SOLAR_CLI_PLOT_H
#define SOLAR_CLI_PLOT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef struct {
  const char *label;  /* drawn beside the marker, e.g. "g0" */
  double intensity;   /* flop per DRAM byte */
  double flopPerS;    /* flops / SOL time */
} SolarPlotPoint;

/* One colour and legend entry: e.g. the fusion groups of one function. */
typedef struct {
  const char *name;
  const SolarPlotPoint *points;
  size_t count;
} SolarPlotSeries;

typedef struct {
  const char *title;           /* e.g. "H100_SXM (bf16)" */
  double peakFlopPerS;         /* the compute roof */
  double secondaryFlopPerS;    /* a lower roof (CUDA-core FMA), 0: none */
  const char *secondaryLabel;  /* its legend text, e.g. "FMA roof" */
  double dramBytesPerS;        /* the memory slope */
  const SolarPlotSeries *series;
  size_t seriesCount;
} SolarPlotChart;

/* Writes one SVG document with the charts stacked vertically. Points with
 * zero or non-finite intensity or performance cannot sit on log axes: they
 * are left out and counted in the legend. False when a chart has no finite
 * positive roof or bandwidth, or on a write error. */
bool solarPlotRoofline(FILE *out, const SolarPlotChart *charts,
                       size_t chartCount);

/* Opens `path`, writes the charts, closes it; prints
 * "solar <command>: error: ..." on failure. */
bool solarPlotRooflineToFile(const char *command, const char *path,
                             const SolarPlotChart *charts, size_t chartCount);

/* text with &, <, >, " escaped for SVG text and attributes. */
void solarPlotWriteEscaped(FILE *out, const char *text);

#endif
