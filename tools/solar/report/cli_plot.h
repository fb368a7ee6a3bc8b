/* Roofline charts as plain SVG, written by hand-placed primitives (no
 * plotting library): log-log axes with a tick per decade, one compute roof
 * per unit and dtype the program uses (CUDA-core FMA, tensor cores at
 * TF32/bf16/fp8, read from the hardware file through lib/sol's unit
 * table), a memory slope per level the file gives (DRAM, L2, shared
 * memory), the report's ridge point and one marker per work item (a fusion
 * group, a kernel, ...) at its arithmetic intensity and attained
 * performance. One chart per hardware file, stacked in one SVG document on
 * shared axes. Markers and the ridge carry data-* attributes with their
 * exact values, so that a test can check every point against its roof. */
#ifndef SOLAR_CLI_PLOT_H
#define SOLAR_CLI_PLOT_H

#include "solar/arch/arch.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef struct {
  const char *label;   /* drawn beside the marker, e.g. "g0" */
  double intensity;    /* flop per DRAM byte */
  double flopPerS;     /* flops / SOL time */
  double roofFlopPerS; /* the compute roof of its unit, 0 when unknown */
} SolarPlotPoint;

/* One colour and legend entry: e.g. the fusion groups of one function. */
typedef struct {
  const char *name;
  const SolarPlotPoint *points;
  size_t count;
} SolarPlotSeries;

enum { SOLAR_PLOT_MAX_LINES = 8 };

/* A compute roof (flop/s) or a memory slope (B/s) and its legend text. */
typedef struct {
  char label[48];
  double perS;
} SolarPlotLine;

typedef struct {
  const char *title;           /* e.g. "H100_SXM (fp32, TF32 for convs)" */
  SolarPlotLine roofs[SOLAR_PLOT_MAX_LINES];  /* flop/s */
  size_t roofCount;
  SolarPlotLine slopes[SOLAR_PLOT_MAX_LINES]; /* B/s; slopes[0] is DRAM */
  size_t slopeCount;
  double ridgeFlopPerByte;     /* the report's ridge_flop_per_byte */
  const SolarPlotSeries *series;
  size_t seriesCount;
} SolarPlotChart;

/* Adds (once) the roof of `unit` at `dtype`'s rate (solarUnitOfClass's MAC
 * rate, 2 flop per MAC) and returns it in flop/s; 0 when the file has no
 * such rate. */
double solarPlotAddRoof(SolarPlotChart *chart, const SolarArch *arch,
                        SolarUnit unit, SolarDtype dtype);

/* The roof a group's point sits under: its unit's roof, or the group's
 * own flops / compute seconds when higher (work on other units, a bias or
 * activation epilogue, overlaps the MACs and adds flops at no time). */
double solarPlotGroupRoof(double unitRoof, double flops,
                          double computeSeconds);

/* Adds the DRAM slope and one per on-chip level with a finite bandwidth
 * (L2, then shared memory / L1). */
void solarPlotAddSlopes(SolarPlotChart *chart, const SolarArch *arch);

/* Writes one SVG document with the charts stacked vertically on the same
 * axes. Points with zero or non-finite intensity or performance cannot sit
 * on log axes: they are left out and counted in the legend. False when a
 * chart has no finite positive roof or DRAM slope, or on a write error. */
bool solarPlotRoofline(FILE *out, const SolarPlotChart *charts,
                       size_t chartCount);

/* Opens `path`, writes the charts, closes it; prints
 * "solar <command>: error: ..." on failure. */
bool solarPlotRooflineToFile(const char *command, const char *path,
                             const SolarPlotChart *charts, size_t chartCount);

/* text with &, <, >, " escaped for SVG text and attributes. */
void solarPlotWriteEscaped(FILE *out, const char *text);

#endif
