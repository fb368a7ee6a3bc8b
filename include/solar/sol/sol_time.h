/* Compute-time lower bound of one piece of work on one chip
 * (docs/sol-model.md, "Compute time"). */
#ifndef SOLAR_SOL_TIME_H
#define SOLAR_SOL_TIME_H

#include "solar/arch/arch.h"
#include "solar/einsum/einsum_graph.h"

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The kinds of work the model counts, each run by one unit. */
typedef enum SolarUnitClass {
  SOLAR_UNIT_CLASS_MAC,    /* multiply-accumulates */
  SOLAR_UNIT_CLASS_VECTOR, /* add, sub, mul, compare, select, min/max,
                              casts, other */
  SOLAR_UNIT_CLASS_DIV,    /* divisions and remainders */
  SOLAR_UNIT_CLASS_SFU,    /* transcendentals: exp, log, tanh, erf, ... */
  SOLAR_UNIT_CLASS_COUNT
} SolarUnitClass;

/* The class of an op class's ops: the one table from SolarOpClass to a
 * unit. SOLAR_UNIT_CLASS_COUNT for ops that are no work: the importer's
 * widening casts when castsWiden (bf16 -> f32 around a matmul, f32 -> f64
 * around a norm's statistics are not in the program: tensor cores take the
 * narrow operands directly). */
SolarUnitClass solarOpClassUnitClass(SolarOpClass opClass, bool castsWiden);

/* Operation totals of a node or group, by unit class. */
typedef struct SolarWork {
  SolarDtype dtype;  /* compute dtype */
  bool contraction;  /* MACs feed a reduction: tensor cores may run them */
  double ops[SOLAR_UNIT_CLASS_COUNT];
} SolarWork;

/* Sorts op counts into the unit classes (solarOpClassUnitClass). */
SolarWork solarWorkFromOps(const SolarOpCounts *ops, SolarDtype dtype,
                           bool contraction, bool castsWiden);

/* The unit that runs a class of work and its rate (ops/s; 0 when the file
 * states none) for work of `dtype`: MACs of a contraction go to the tensor
 * cores when they have a rate for dtype at least the CUDA cores' (a dtype
 * with no CUDA-core rate, fp8 or fp4, has it defaulted to the tensor rate),
 * else to the FMA pipe. */
SolarUnit solarUnitOfClass(const SolarArch *arch, SolarUnitClass cls,
                           SolarDtype dtype, bool contraction, double *rate);

typedef struct SolarComputeTime {
  double seconds;      /* the node alone (solarNodeCompute) */
  double unitSeconds[SOLAR_UNIT_COUNT]; /* work / rate on each unit */
  double macRate;      /* MAC/s used for the MACs */
  bool tensorCores;    /* MACs counted at the tensor-core rate */
  SolarUnit limiter;   /* the unit whose time is the largest */
} SolarComputeTime;

SolarComputeTime solarComputeTime(const SolarArch *arch, const SolarWork *work);

/* Peak FLOP/s for the ridge point: 2 * the fastest MAC rate for dtype. */
double solarPeakFlops(const SolarArch *arch, SolarDtype dtype,
                      bool contraction);

#ifdef __cplusplus
}
#endif

#endif
