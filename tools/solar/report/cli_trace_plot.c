/* The per-kernel chart (cli_trace_plot.h). */
#include "cli_trace_plot.h"

#include "cli_plot_bars.h"

#include <stdio.h>
#include <stdlib.h>

bool solarTracePlotWrite(const char *path, json_t *report) {
  json_t *kernels = json_object_get(report, "kernels");
  size_t count = json_array_size(kernels);
  if (!json_is_array(kernels)) {
    fprintf(stderr, "solar analyze: error: --kernel-plot: the report has no "
                    "kernels (give --trace or --profile)\n");
    return false;
  }
  SolarBarItem *items = calloc(count ? count : 1, sizeof(SolarBarItem));
  double(*values)[2] = calloc(count ? count : 1, sizeof(*values));
  char(*labels)[160] = calloc(count ? count : 1, sizeof(*labels));
  if (!items || !values || !labels)
    abort();
  /* `kernels` is ranked by saving already. */
  for (size_t i = 0; i < count; ++i) {
    json_t *k = json_array_get(kernels, i);
    snprintf(labels[i], sizeof(labels[i]), "%s at %s",
             json_string_value(json_object_get(k, "op")),
             json_string_value(json_object_get(k, "location")));
    values[i][0] = json_number_value(json_object_get(k, "measured_s"));
    values[i][1] = json_number_value(json_object_get(k, "sol_s"));
    items[i].label = labels[i];
    items[i].values = values[i];
  }
  static const char *const series[] = {"measured per step",
                                       "SOL (the op's kernel, data possibly on chip)"};
  char title[512];
  snprintf(title, sizeof(title),
           "Measured vs SOL per framework op, by time a kernel at SOL saves "
           "(%s)",
           json_string_value(json_object_get(
               json_object_get(report, "trace"), "file")));
  SolarBarChart chart = {.title = title,
                         .valueLabel = "time per step",
                         .unit = "s",
                         .seriesNames = series,
                         .seriesCount = 2,
                         .items = items,
                         .itemCount = count};
  bool ok = solarPlotBarsToFile("analyze", path, &chart);
  free(items);
  free(values);
  free(labels);
  return ok;
}
