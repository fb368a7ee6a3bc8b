#include "solar/sol/sol_time.h"

const char *solarUnitName(SolarUnit unit) {
  switch (unit) {
  case SOLAR_UNIT_NONE:
    return "none";
  case SOLAR_UNIT_TENSOR:
    return "tensor";
  case SOLAR_UNIT_VECTOR_FMA:
    return "fma";
  case SOLAR_UNIT_VECTOR_ALU:
    return "alu";
  case SOLAR_UNIT_DIV:
    return "div";
  case SOLAR_UNIT_SFU:
    return "sfu";
  }
  return "none";
}

SolarWork solarWorkFromOps(const SolarOpCounts *ops, SolarDtype dtype,
                           bool contraction) {
  const int64_t *c = ops->counts;
  SolarWork w = {0};
  w.dtype = dtype;
  w.contraction = contraction;
  w.mac = (double)c[SOLAR_OP_MAC];
  /* Summed in double: counts near int64 must not wrap. */
  w.vectorOps = (double)c[SOLAR_OP_ADD] + (double)c[SOLAR_OP_MUL] +
                (double)c[SOLAR_OP_CMP] + (double)c[SOLAR_OP_SELECT] +
                (double)c[SOLAR_OP_MINMAX] + (double)c[SOLAR_OP_CAST] +
                (double)c[SOLAR_OP_OTHER];
  w.divOps = (double)c[SOLAR_OP_DIV];
  w.sfuOps = (double)c[SOLAR_OP_TRANSCENDENTAL];
  return w;
}

/* Tensor cores take only contractions, and only in dtypes with a rate. A
 * dtype with no stated CUDA-core rate (fp8, fp4) has it defaulted to the
 * tensor rate: its contractions still run on the tensor cores. */
static double macRate(const SolarArch *arch, const SolarWork *work,
                      bool *tensorCores) {
  double tensor = arch->tensor_mac_per_s[work->dtype].value;
  double vector = arch->vector_mac_per_s[work->dtype].value;
  *tensorCores = work->contraction && tensor > 0 && tensor >= vector;
  return *tensorCores ? tensor : vector;
}

static double timeOf(double ops, double rate) {
  return ops > 0 && rate > 0 ? ops / rate : 0;
}

SolarComputeTime solarComputeTime(const SolarArch *arch,
                                  const SolarWork *work) {
  SolarComputeTime t = {0};
  t.macRate = macRate(arch, work, &t.tensorCores);
  t.macSeconds = timeOf(work->mac, t.macRate);
  t.vectorSeconds =
      timeOf(work->vectorOps, arch->vector_op_per_s[work->dtype].value);
  t.divSeconds = timeOf(work->divOps, arch->div_op_per_s.value);
  t.sfuSeconds = timeOf(work->sfuOps, arch->sfu_op_per_s.value);
  struct {
    double seconds;
    SolarUnit unit;
  } parts[] = {
      {t.macSeconds,
       t.tensorCores ? SOLAR_UNIT_TENSOR : SOLAR_UNIT_VECTOR_FMA},
      {t.vectorSeconds, SOLAR_UNIT_VECTOR_ALU},
      {t.divSeconds, SOLAR_UNIT_DIV},
      {t.sfuSeconds, SOLAR_UNIT_SFU},
  };
  t.limiter = SOLAR_UNIT_NONE;
  for (unsigned i = 0; i < sizeof(parts) / sizeof(parts[0]); ++i) {
    if (parts[i].seconds > t.seconds) {
      t.seconds = parts[i].seconds;
      t.limiter = parts[i].unit;
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
