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

/* The roof named by a group's "roof" ({"unit", "dtype"}), added to the
 * chart; the CUDA-core roof of `dtype` when it names none. */
static double groupRoof(SolarPlotChart *chart, const SolarArch *arch,
                        json_t *roof, SolarDtype dtype) {
  const char *unitName = json_string_value(json_object_get(roof, "unit"));
  const char *dtypeName = json_string_value(json_object_get(roof, "dtype"));
  SolarUnit unit = unitName ? solarUnitFromName(unitName, strlen(unitName))
                            : SOLAR_UNIT_VECTOR_FMA;
  SolarDtype roofDtype = dtypeName ? solarDtypeFromName(dtypeName) : dtype;
  if (unit == SOLAR_UNIT_COUNT || roofDtype == SOLAR_DTYPE_INVALID) {
    unit = SOLAR_UNIT_VECTOR_FMA;
    roofDtype = dtype;
  }
  return solarPlotAddRoof(chart, arch, unit, roofDtype);
}

/* Adds one point per group of fn; `median` > 0 places them at the
 * attained performance instead of the SOL point. */
static size_t groupPoints(SolarPlotChart *chart, const SolarArch *arch,
                          SolarDtype dtype, json_t *fn, double median,
                          SolarPlotPoint *points, char (*labels)[32]) {
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
    points[n].roofFlopPerS = solarPlotGroupRoof(
        groupRoof(chart, arch, json_object_get(g, "roof"), dtype), flops,
        number(g, "compute_s"));
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
  json_t *first = json_array_get(functions, 0);
  const char *dtypeName = json_string_value(json_object_get(first, "dtype"));
  SolarDtype dtype = dtypeName ? solarDtypeFromName(dtypeName)
                               : SOLAR_DTYPE_INVALID;
  if (dtype == SOLAR_DTYPE_INVALID)
    dtype = SOLAR_DTYPE_FP32;
  const char *policy = json_string_value(json_object_get(first, "fp32_math"));
  char title[256];
  if (policy && dtype == SOLAR_DTYPE_FP32)
    snprintf(title, sizeof(title), "%s (%s, fp32 math: %s)", arch.name,
             solarDtypeName(dtype), policy);
  else
    snprintf(title, sizeof(title), "%s (%s)", arch.name,
             solarDtypeName(dtype));
  SolarPlotChart chart = {
      .title = title,
      .ridgeFlopPerByte = number(first, "ridge_flop_per_byte"),
      .series = series,
  };
  /* The CUDA-core roof always: what the elementwise work runs on. */
  solarPlotAddRoof(&chart, &arch, SOLAR_UNIT_VECTOR_FMA, dtype);
  solarPlotAddSlopes(&chart, &arch);
  size_t s = 0, p = 0;
  json_array_foreach(functions, i, fn) {
    const char *name = json_string_value(json_object_get(fn, "name"));
    json_t *measured = json_object_get(fn, "measured");
    snprintf(names[s], sizeof(names[0]), "@%s SOL",
             name ? name : "?");
    series[s].name = names[s];
    series[s].points = &points[p];
    series[s].count =
        groupPoints(&chart, &arch, dtype, fn, 0, &points[p], &labels[p]);
    p += series[s++].count;
    double median = number(measured, "median_s");
    if (json_is_object(measured) && median > 0) {
      snprintf(names[s], sizeof(names[0]), "@%s measured",
               name ? name : "?");
      series[s].name = names[s];
      series[s].points = &points[p];
      series[s].count = groupPoints(&chart, &arch, dtype, fn, median,
                                    &points[p], &labels[p]);
      p += series[s++].count;
    }
  }
  chart.seriesCount = s;
  bool ok = solarPlotRooflineToFile("analyze", path, &chart, 1);
  free(series);
  free(names);
  free(points);
  free(labels);
  solarArchDestroy(&arch);
  return ok;
}
