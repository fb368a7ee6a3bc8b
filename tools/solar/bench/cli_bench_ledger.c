#include "cli_bench_ledger.h"

#include <stdio.h>

bool solarBenchLedgerAdd(const char *path, double *cpuSeconds,
                         double *peakRssBytes) {
  FILE *f = fopen(path, "r");
  if (!f)
    return true;
  bool whole = true;
  char line[128];
  while (fgets(line, sizeof(line), f)) {
    double cpu, rssKb;
    char extra;
    if (sscanf(line, "%lf %lf %c", &cpu, &rssKb, &extra) != 2 || cpu < 0 ||
        rssKb < 0) {
      whole = false;
      continue;
    }
    *cpuSeconds += cpu;
    if (rssKb * 1024.0 > *peakRssBytes)
      *peakRssBytes = rssKb * 1024.0;
  }
  fclose(f);
  remove(path);
  return whole;
}
