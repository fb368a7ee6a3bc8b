/* The inverse roofline (docs/provisioning.md): what a function needs from
 * any chip to run in a given time. Its work by unit class and its DRAM
 * bytes at each fidelity, how the fused and cache-aware bytes shrink with
 * on-chip capacity, and the rates a target time asks of each resource. */
#ifndef SOLAR_SOL_REQUIREMENTS_H
#define SOLAR_SOL_REQUIREMENTS_H

#include "solar/sol/sol.h"

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* One capacity of the sweep (a power of two). */
typedef struct {
  double capacityBytes;
  double fusedBytes; /* sum of the fusion groups' DRAM bytes */
  double cacheBytes; /* sum of the groups' cache-aware lower bounds */
} SolarCapacityStep;

typedef struct {
  char *function; /* owned */
  char dtype[16];
  double flops;
  double work[SOLAR_UNIT_CLASS_COUNT]; /* necessary ops by unit class */
  double bytes[SOLAR_FIDELITY_COUNT];  /* at unlimited capacity */
  /* Smallest power of two at which the fused / cache-aware bytes reach
   * their unlimited-capacity value; 0 when the smallest one tried (1 B)
   * already does (no capacity needed); INFINITY when none up to 2^60. */
  double capacityFused, capacityCache;
  SolarCapacityStep *sweep; /* owned; capacities 1 B, 2 B, 4 B, ... */
  size_t sweepCount;
} SolarRequirements;

/* The requirements of `graph` (its function named `function`) in compute
 * dtype `compute`, bytes stored as `storage` (solarStorageDtype). False
 * with a message when the fusion or traffic analysis fails. */
bool solarRequirementsCompute(const SolarEinsumGraph *graph,
                              const char *function, SolarDtype compute,
                              SolarDtype storage, SolarRequirements *out,
                              char *err, size_t errSize);
void solarRequirementsDestroy(SolarRequirements *req);

/* What a target time T asks: each count / T (flop/s, op/s per unit class,
 * DRAM bytes/s per fidelity). */
typedef struct {
  double flopPerS;
  double workPerS[SOLAR_UNIT_CLASS_COUNT];
  double dramBytesPerS[SOLAR_FIDELITY_COUNT];
} SolarRequiredRates;

SolarRequiredRates solarRequiredRates(const SolarRequirements *req,
                                      double targetSeconds);

#ifdef __cplusplus
}
#endif

#endif
