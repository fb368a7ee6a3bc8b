/* Writing a hardware file for the host CPU (docs/host-cpu.md): the
 * theoretical compute peaks from the ISA and clock, cache sizes from sysfs,
 * and DRAM bandwidth measured with cli_stream, each with a safety margin so
 * that every stated rate is an UPPER bound of what the machine does (the SOL
 * time computed from them stays a lower bound). */
#ifndef SOLAR_CLI_CALIBRATE_H
#define SOLAR_CLI_CALIBRATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef struct {
  unsigned threads;       /* cores to describe and measure; 0 = all usable */
  double streamSeconds;   /* time budget of the bandwidth measurement */
  double bandwidthMargin; /* stated DRAM bandwidth = best measured x this */
  double clockMargin;     /* stated clock = highest known clock x this */
} SolarCalibrateOptions;

/* The defaults: all cores, 1 s of STREAM, x1.25 bandwidth, x1.10 clock. */
void solarCalibrateDefaults(SolarCalibrateOptions *options);

/* Measures, writes outPath (atomically: a temporary file renamed over it)
 * and loads the result back with solarArchLoadFile. Progress goes to log
 * (may be NULL). False with a message in err on any failure. */
bool solarCalibrate(const SolarCalibrateOptions *options, const char *outPath,
                    FILE *log, char *err, size_t errSize);

#endif
