/* Compute time: the one table from op class to unit class, the units and
 * their rates (docs/sol-model.md, "Compute time"). */
#include "solar/sol/sol_time.h"
#include "sol_internal.h"

#include <string.h>

static const SolarUnitClass opClassUnitClass[SOLAR_OP_CLASS_COUNT] = {
    [SOLAR_OP_MAC] = SOLAR_UNIT_CLASS_MAC,
    [SOLAR_OP_ADD] = SOLAR_UNIT_CLASS_VECTOR,
    [SOLAR_OP_MUL] = SOLAR_UNIT_CLASS_VECTOR,
    [SOLAR_OP_CMP] = SOLAR_UNIT_CLASS_VECTOR,
    [SOLAR_OP_SELECT] = SOLAR_UNIT_CLASS_VECTOR,
    [SOLAR_OP_MINMAX] = SOLAR_UNIT_CLASS_VECTOR,
    [SOLAR_OP_DIV] = SOLAR_UNIT_CLASS_DIV,
    [SOLAR_OP_TRANSCENDENTAL] = SOLAR_UNIT_CLASS_SFU,
    [SOLAR_OP_CAST] = SOLAR_UNIT_CLASS_VECTOR,
    [SOLAR_OP_OTHER] = SOLAR_UNIT_CLASS_VECTOR,
};

SolarUnitClass solarOpClassUnitClass(SolarOpClass opClass, bool castsWiden) {
  if ((int)opClass < 0 || opClass >= SOLAR_OP_CLASS_COUNT ||
      (castsWiden && opClass == SOLAR_OP_CAST))
    return SOLAR_UNIT_CLASS_COUNT;
  return opClassUnitClass[opClass];
}

SolarWork solarWorkFromOps(const SolarOpCounts *ops, SolarDtype dtype,
                           bool contraction, bool castsWiden) {
  SolarWork w = {.dtype = dtype, .contraction = contraction};
  /* Summed in double: counts near int64 must not wrap. */
  for (int c = 0; c < SOLAR_OP_CLASS_COUNT; ++c) {
    SolarUnitClass cls = solarOpClassUnitClass((SolarOpClass)c, castsWiden);
    if (cls != SOLAR_UNIT_CLASS_COUNT)
      w.ops[cls] += (double)ops->counts[c];
  }
  return w;
}

SolarUnit solarUnitOfClass(const SolarArch *arch, SolarUnitClass cls,
                           SolarDtype dtype, bool contraction, double *rate) {
  switch (cls) {
  case SOLAR_UNIT_CLASS_MAC: {
    double tensor = arch->tensor_mac_per_s[dtype].value;
    double vector = arch->vector_mac_per_s[dtype].value;
    bool tensorCores = contraction && tensor > 0 && tensor >= vector;
    *rate = tensorCores ? tensor : vector;
    return tensorCores ? SOLAR_UNIT_TENSOR : SOLAR_UNIT_VECTOR_FMA;
  }
  case SOLAR_UNIT_CLASS_VECTOR:
    *rate = arch->vector_op_per_s[dtype].value;
    return SOLAR_UNIT_VECTOR_ALU;
  case SOLAR_UNIT_CLASS_DIV:
    *rate = arch->div_op_per_s.value;
    return SOLAR_UNIT_DIV;
  case SOLAR_UNIT_CLASS_SFU:
    *rate = arch->sfu_op_per_s.value;
    return SOLAR_UNIT_SFU;
  default:
    *rate = 0;
    return SOLAR_UNIT_NONE;
  }
}

static double timeOf(double ops, double rate) {
  return ops > 0 && rate > 0 ? ops / rate : 0;
}

SolarComputeTime solarComputeTime(const SolarArch *arch,
                                  const SolarWork *work) {
  SolarComputeTime t = {0};
  for (int c = 0; c < SOLAR_UNIT_CLASS_COUNT; ++c) {
    double rate;
    SolarUnit unit = solarUnitOfClass(arch, (SolarUnitClass)c, work->dtype,
                                      work->contraction, &rate);
    if (c == SOLAR_UNIT_CLASS_MAC) {
      t.macRate = rate;
      t.tensorCores = unit == SOLAR_UNIT_TENSOR;
    }
    t.unitSeconds[unit] += timeOf(work->ops[c], rate);
  }
  SolarTimeTerm units[SOLAR_UNIT_COUNT];
  for (int u = 0; u < SOLAR_UNIT_COUNT; ++u)
    units[u] = solarSecondsTerm(t.unitSeconds[u]);
  SolarComputeNode node = {units, work->dtype};
  t.seconds = solarComputeOf(&solarSecondsAlgebra, arch, &node, 1).seconds;
  /* The report names the unit with the largest time on the longest pipe
   * (the first of equals). */
  double pipeSeconds[SOLAR_UNIT_COUNT] = {0};
  for (int u = 0; u < SOLAR_UNIT_COUNT; ++u)
    pipeSeconds[solarArchPipeOf(arch, work->dtype, u)] += t.unitSeconds[u];
  t.limiter = SOLAR_UNIT_NONE;
  double longestPipe = 0, longest = 0;
  for (int u = 0; u < SOLAR_UNIT_COUNT; ++u) {
    double p = pipeSeconds[solarArchPipeOf(arch, work->dtype, u)];
    if (t.unitSeconds[u] > 0 &&
        (p > longestPipe || (p == longestPipe && t.unitSeconds[u] > longest))) {
      longestPipe = p;
      longest = t.unitSeconds[u];
      t.limiter = (SolarUnit)u;
    }
  }
  return t;
}

double solarPeakFlops(const SolarArch *arch, SolarDtype dtype,
                      bool contraction) {
  double tensor = contraction ? arch->tensor_mac_per_s[dtype].value : 0;
  double vector = arch->vector_mac_per_s[dtype].value;
  return 2.0 * (tensor > vector ? tensor : vector);
}
