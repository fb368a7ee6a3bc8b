/* The roofline SVG of `solar analyze --plot` (cli_analyze_plot.h). */
#include "cli_analyze_plot.h"

#include "cli_plot.h"

#include "solar/arch/arch.h"
#include "solar/sol/sol.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static double number(json_t *object, const char *key) {
  return json_number_value(json_object_get(object, key));
}

/* Adds one point per group of fn; `median` > 0 places them at the
 * attained performance instead of the SOL point. */
static size_t groupPoints(json_t *fn, double median, SolarPlotPoint *points,
                          char (*labels)[32]) {
  json_t *groups = json_object_get(fn, "groups");
  const char *cacheKey = solarFidelityName(SOLAR_FIDELITY_CACHE);
  double total = 0;
  size_t i, n = 0;
  json_t *g;
  json_array_foreach(groups, i, g)
      total += number(json_object_get(g, "sol_s"), cacheKey);
  json_array_foreach(groups, i, g) {
    double flops = number(g, "flops");
    double sol = number(json_object_get(g, "sol_s"), cacheKey);
    double seconds = median > 0 && total > 0 ? median * sol / total : sol;
    snprintf(labels[n], sizeof(labels[0]), "g%lld",
             (long long)json_integer_value(json_object_get(g, "id")));
    points[n].label = labels[n];
    points[n].intensity = number(g, solarFidelityIntensityKey(SOLAR_FIDELITY_FUSED));
    points[n].flopPerS = seconds > 0 ? flops / seconds : 0;
    n++;
  }
  return n;
}

bool solarAnalyzePlotWrite(const char *path, json_t *report) {
  const char *archFile =
      json_string_value(json_object_get(json_object_get(report, "arch"),
                                        "file"));
  SolarArch arch;
  SolarArchDiag diag;
  solarArchDiagInit(&diag);
  if (!archFile || !solarArchResolve(archFile, NULL, &arch, &diag)) {
    fprintf(stderr, "solar analyze: error: --plot: cannot load the hardware "
                    "file '%s'\n",
            archFile ? archFile : "?");
    return false;
  }
  json_t *functions = json_object_get(report, "functions");
  size_t fnCount = json_array_size(functions), groupCount = 0;
  size_t i;
  json_t *fn;
  json_array_foreach(functions, i, fn)
      groupCount += json_array_size(json_object_get(fn, "groups"));
  /* At most two series per function, each with all its groups. */
  SolarPlotSeries *series = calloc(2 * fnCount + 1, sizeof(SolarPlotSeries));
  char(*names)[160] = calloc(2 * fnCount + 1, sizeof(*names));
  SolarPlotPoint *points = calloc(2 * groupCount + 1, sizeof(SolarPlotPoint));
  char(*labels)[32] = calloc(2 * groupCount + 1, sizeof(*labels));
  size_t s = 0, p = 0;
  json_array_foreach(functions, i, fn) {
    const char *name = json_string_value(json_object_get(fn, "name"));
    json_t *measured = json_object_get(fn, "measured");
    snprintf(names[s], sizeof(names[0]), "@%s SOL",
             name ? name : "?");
    series[s].name = names[s];
    series[s].points = &points[p];
    series[s].count = groupPoints(fn, 0, &points[p], &labels[p]);
    p += series[s++].count;
    double median = number(measured, "median_s");
    if (json_is_object(measured) && median > 0) {
      snprintf(names[s], sizeof(names[0]), "@%s measured",
               name ? name : "?");
      series[s].name = names[s];
      series[s].points = &points[p];
      series[s].count = groupPoints(fn, median, &points[p], &labels[p]);
      p += series[s++].count;
    }
  }
  const char *dtypeName =
      json_string_value(json_object_get(json_array_get(functions, 0), "dtype"));
  SolarDtype dtype = dtypeName ? solarDtypeFromName(dtypeName)
                               : SOLAR_DTYPE_INVALID;
  if (dtype == SOLAR_DTYPE_INVALID)
    dtype = SOLAR_DTYPE_FP32;
  char title[256];
  snprintf(title, sizeof(title), "%s (%s)", arch.name, solarDtypeName(dtype));
  SolarPlotChart chart = {
      .title = title,
      .peakFlopPerS = solarPeakFlops(&arch, dtype, true),
      .dramBytesPerS = arch.dram_bytes_per_s.value,
      .series = series,
      .seriesCount = s,
  };
  double fma = solarPeakFlops(&arch, dtype, false);
  if (fma < chart.peakFlopPerS) {
    chart.secondaryFlopPerS = fma;
    chart.secondaryLabel = "CUDA-core FMA roof";
  }
  bool ok = solarPlotRooflineToFile("analyze", path, &chart, 1);
  free(series);
  free(names);
  free(points);
  free(labels);
  solarArchDestroy(&arch);
  return ok;
}
