/* The rules of the SOL model that the numeric path (sol_bound.c,
 * sol_unfused.c) and the symbolic one (sol_symbolic.c) both state, written
 * once over a time algebra: seconds for the one, time forms for the other
 * (docs/sol-model.md, "Compute time"). Each rule combines its parts in one
 * order, so a symbolic figure evaluated at given sizes repeats the numeric
 * path's floating-point operations exactly. */
#include "sol_internal.h"

#include <math.h>
#include <stdlib.h>

static SolarTimeTerm combineSeconds(SolarTimeTerm *parts, size_t n,
                                    bool max) {
  double total = 0;
  for (size_t i = 0; i < n; ++i) {
    if (!max)
      total += parts[i].seconds;
    else if (parts[i].seconds > total)
      total = parts[i].seconds;
  }
  return (SolarTimeTerm){.seconds = total};
}

static SolarTimeTerm copySeconds(SolarTimeTerm term) { return term; }

const SolarTimeAlgebra solarSecondsAlgebra = {combineSeconds, copySeconds};

SolarTimeTerm solarSecondsTerm(double seconds) {
  return (SolarTimeTerm){.seconds = seconds};
}

/* Inside one kernel the pipes run side by side, and nothing orders one
 * node's work before another's: a fused kernel overlaps a contraction on
 * the tensor cores with its epilogue on the vector units. Each pipe must
 * still issue all of its work, so the kernel takes at least the longest
 * pipe's total: per pipe (the units the hardware file puts on it, for work
 * of one dtype), the sum over the nodes of each unit's time, then the
 * maximum over the pipes (docs/sol-model.md, "Compute time"). Work of
 * different dtypes is kept apart: its units may be different hardware. */
SolarTimeTerm solarComputeOf(const SolarTimeAlgebra *alg,
                             const SolarArch *arch,
                             const SolarComputeNode *nodes, size_t count) {
  enum { MAX_PIPES = SOLAR_DTYPE_COUNT * SOLAR_UNIT_COUNT };
  SolarTimeTerm pipes[MAX_PIPES];
  size_t pipeCount = 0;
  SolarTimeTerm *parts =
      calloc((count ? count : 1) * SOLAR_UNIT_COUNT, sizeof(SolarTimeTerm));
  for (int d = 0; d < SOLAR_DTYPE_COUNT; ++d) {
    bool present = false;
    for (size_t k = 0; k < count && !present; ++k)
      present = nodes[k].dtype == (SolarDtype)d;
    if (!present)
      continue;
    /* A pipe is named by its first unit. */
    for (int pipe = 0; pipe < SOLAR_UNIT_COUNT; ++pipe) {
      if (solarArchPipeOf(arch, d, pipe) != (SolarUnit)pipe)
        continue;
      size_t n = 0;
      for (size_t k = 0; k < count; ++k)
        if (nodes[k].dtype == (SolarDtype)d)
          for (int u = 0; u < SOLAR_UNIT_COUNT; ++u)
            if (solarArchPipeOf(arch, d, u) == (SolarUnit)pipe)
              parts[n++] = alg->copy(nodes[k].units[u]);
      pipes[pipeCount++] = alg->combine(parts, n, false);
    }
  }
  free(parts);
  return alg->combine(pipes, pipeCount, true);
}

/* A kernel takes at least its compute and at least its transfer time. */
SolarTimeTerm solarRoofline(const SolarTimeAlgebra *alg, SolarTimeTerm compute,
                            SolarTimeTerm transfer) {
  SolarTimeTerm parts[] = {compute, transfer};
  return alg->combine(parts, 2, true);
}

/* Eager execution runs its kernels one after another on one stream, each
 * waiting for the one before it: between two of them the device idles at
 * least the hardware file's dependent-launch gap (docs/sol-model.md,
 * "Launch gaps"). */
double solarLaunchGapRate(const SolarArch *arch) {
  double gap = arch->launch_gap_s.value;
  return gap > 0 && isfinite(gap) ? 1.0 / gap : 0;
}

double solarLaunchGapSeconds(const SolarArch *arch, int64_t gaps) {
  double rate = solarLaunchGapRate(arch);
  return gaps > 0 && rate > 0 ? (double)gaps / rate : 0;
}
