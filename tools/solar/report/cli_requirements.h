/* What a function needs from any chip to run in a given time: its work by
 * unit class and its DRAM bytes at each fidelity, plus how the fused and
 * cache-aware bytes shrink with on-chip capacity (docs/provisioning.md). */
#ifndef SOLAR_CLI_REQUIREMENTS_H
#define SOLAR_CLI_REQUIREMENTS_H

#include "cli_sol_run.h"

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stddef.h>

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
  double mac, vectorOps, divOps, sfuOps;
  double bytes[SOLAR_FIDELITY_COUNT]; /* at unlimited capacity */
  /* Smallest power of two at which the fused / cache-aware bytes reach
   * their unlimited-capacity value; 0 when the smallest one tried (1 B)
   * already does (no capacity needed); INFINITY when none up to 2^60. */
  double capacityFused, capacityCache;
  SolarCapacityStep *sweep; /* owned; capacities 1 B, 2 B, 4 B, ... */
  size_t sweepCount;
} SolarRequirements;

/* Computes the requirements of func (its einsum graph must be attached:
 * solarCliModelOpen does that). dtype: the --dtype option or NULL. Errors
 * are emitted at the function; false on failure. */
bool solarRequirementsCompute(MlirOperation func, const char *dtype,
                              SolarRequirements *out);
void solarRequirementsDestroy(SolarRequirements *req);

#endif
