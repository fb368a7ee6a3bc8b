/* The suite's per-kernel rows (cli_bench_kernels.h). */
#include "cli_bench_kernels.h"

#include "cli_bench_summary.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int bySaving(const void *a, const void *b) {
  double x = json_number_value(json_object_get(*(json_t *const *)a, "saving_s"));
  double y = json_number_value(json_object_get(*(json_t *const *)b, "saving_s"));
  return x < y ? 1 : x > y ? -1 : 0;
}

json_t *solarBenchKernelRows(const SolarBenchProgram *programs,
                             const SolarBenchResult *results, size_t count) {
  size_t total = 0;
  for (size_t i = 0; i < count; ++i)
    total += json_array_size(results[i].kernels);
  json_t **rows = calloc(total ? total : 1, sizeof(json_t *));
  if (!rows)
    abort();
  size_t n = 0;
  for (size_t i = 0; i < count; ++i) {
    size_t k;
    json_t *row;
    json_array_foreach(results[i].kernels, k, row) {
      json_t *copy = json_deep_copy(row);
      json_object_set_new(copy, "program", json_string(programs[i].relPath));
      rows[n++] = copy;
    }
  }
  qsort(rows, n, sizeof(json_t *), bySaving);
  json_t *list = json_array();
  for (size_t k = 0; k < n; ++k)
    json_array_append_new(list, rows[k]);
  free(rows);
  return list;
}

static const char *text(json_t *row, const char *key) {
  const char *s = json_string_value(json_object_get(row, key));
  return s ? s : "";
}

static void number(FILE *out, json_t *row, const char *key) {
  json_t *v = json_object_get(row, key);
  solarBenchCsvNumber(out, json_number_value(v), json_is_number(v));
}

static const char *const kernelColumns[] = {
    "framework_op", "op",       "location", "calls",    "measured_s",
    "sol_s",        "headroom", "bound",    "saving_s", "violation"};

void solarBenchKernelCsvHeader(FILE *out, const char *prefix) {
  for (size_t k = 0; k < sizeof(kernelColumns) / sizeof(*kernelColumns); ++k)
    fprintf(out, ",%s%s", prefix, kernelColumns[k]);
}

void solarBenchKernelCsvCells(FILE *out, json_t *row) {
  static const char *const texts[] = {"framework_op", "op", "location"};
  for (size_t k = 0; k < 3; ++k) {
    fputc(',', out);
    solarBenchCsvText(out, text(row, texts[k]));
  }
  number(out, row, "calls");
  number(out, row, "measured_s");
  number(out, row, "sol_s");
  number(out, row, "headroom");
  fputc(',', out);
  solarBenchCsvText(out, text(row, "bound"));
  number(out, row, "saving_s");
  fprintf(out, ",%s",
          json_is_true(json_object_get(row, "violation")) ? "yes" : "no");
}

bool solarBenchWriteKernelsCsv(const char *path, json_t *rows, char *err,
                               size_t errSize) {
  SolarOutputFile file;
  if (!solarBenchCsvOpen(path, &file, err, errSize))
    return false;
  FILE *out = file.file;
  fputs("program", out);
  solarBenchKernelCsvHeader(out, "");
  fputc('\n', out);
  size_t i;
  json_t *row;
  json_array_foreach(rows, i, row) {
    solarBenchCsvText(out, text(row, "program"));
    solarBenchKernelCsvCells(out, row);
    fputc('\n', out);
  }
  return solarBenchCsvCommit(&file, err, errSize);
}
