/* Compute-time lower bound of one piece of work on one chip
 * (docs/sol-model.md, "Compute time"). */
#ifndef SOLAR_SOL_TIME_H
#define SOLAR_SOL_TIME_H

#include "solar/arch/arch.h"
#include "solar/einsum/einsum_graph.h"

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Operation totals of a node or group, by the unit class that runs them. */
typedef struct SolarWork {
  SolarDtype dtype;  /* compute dtype */
  bool contraction;  /* MACs feed a reduction: tensor cores may run them */
  double mac;        /* multiply-accumulates */
  double vectorOps;  /* add, sub, mul, compare, select, min/max, casts */
  double divOps;     /* divisions and remainders */
  double sfuOps;     /* transcendentals: exp, log, tanh, erf, rsqrt, ... */
} SolarWork;

/* Sorts op counts into the unit classes above: the one mapping from
 * SolarOpClass to a unit, used by the SOL times and the requirements. */
SolarWork solarWorkFromOps(const SolarOpCounts *ops, SolarDtype dtype,
                           bool contraction);

typedef enum SolarUnit {
  SOLAR_UNIT_NONE,
  SOLAR_UNIT_TENSOR,
  SOLAR_UNIT_VECTOR_FMA,
  SOLAR_UNIT_VECTOR_ALU,
  SOLAR_UNIT_DIV,
  SOLAR_UNIT_SFU,
} SolarUnit;

/* "none", "tensor", "fma", "alu", "div", "sfu". */
const char *solarUnitName(SolarUnit unit);

typedef struct SolarComputeTime {
  double seconds;      /* max of the per-unit times: perfect overlap */
  double macSeconds, vectorSeconds, divSeconds, sfuSeconds;
  double macRate;      /* MAC/s used for the MACs */
  bool tensorCores;    /* MACs counted at the tensor-core rate */
  SolarUnit limiter;   /* the unit whose time is the maximum */
} SolarComputeTime;

SolarComputeTime solarComputeTime(const SolarArch *arch, const SolarWork *work);

/* Peak FLOP/s for the ridge point: 2 * the fastest MAC rate for dtype. */
double solarPeakFlops(const SolarArch *arch, SolarDtype dtype,
                      bool contraction);

#ifdef __cplusplus
}
#endif

#endif
