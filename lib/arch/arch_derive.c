/* Per-cycle file values -> per-second model, and the defaults for what the
 * file leaves out. Every default is the most optimistic value derivable
 * from the keys present, so a SOL time computed from it stays a lower bound
 * (docs/hardware-format.md, "Defaults"). */
#include "arch_internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Decimal file values times a decimal clock carry binary noise
 * (1446.1 * 1.41e9 = 2039000999999.9998); 15 significant digits, the
 * precision of a double, give back the decimal product (2039001000000). */
static double roundToDecimalPrecision(double value) {
  char text[64];
  snprintf(text, sizeof(text), "%.15g", value);
  return strtod(text, NULL);
}

static SolarArchValue fromFile(const ArchRawValue *raw, double scale) {
  SolarArchValue value = {
      .value = roundToDecimalPrecision(raw->value * scale),
      .origin = raw->converted ? SOLAR_ARCH_FROM_CONVERTED
                               : SOLAR_ARCH_FROM_FILE,
      .line = raw->line,
      .key = raw->key,
  };
  return value;
}

static SolarArchValue byDefault(double value) {
  SolarArchValue result = {value, SOLAR_ARCH_FROM_DEFAULT, 0, NULL};
  return result;
}

static SolarArchValue fileOr(const ArchRawValue *raw, double scale,
                             double fallback) {
  return raw->present ? fromFile(raw, scale) : byDefault(fallback);
}

static char *fileStem(const char *path) {
  const char *base = strrchr(path, '/');
  base = base ? base + 1 : path;
  const char *dot = strrchr(base, '.');
  size_t length = dot && dot != base ? (size_t)(dot - base) : strlen(base);
  return strndup(base, length);
}

static void deriveLevels(const ArchRawModel *raw, double hz, SolarArch *out) {
  out->num_levels = 0;
  for (int k = 0; k < SOLAR_MEM_KIND_COUNT; ++k) {
    const ArchRawValue *capacity = &raw->levelCapacity[k];
    const ArchRawValue *bandwidth = &raw->levelBytesPerCycle[k];
    /* L2 is SOLAR's SRAM and always modelled; inner levels only when the
     * file describes them. */
    if (k != SOLAR_MEM_L2 && !capacity->present && !bandwidth->present)
      continue;
    SolarMemLevel *level = &out->levels[out->num_levels++];
    level->kind = (SolarMemKind)k;
    level->capacity_bytes = fileOr(capacity, 1.0, INFINITY);
    level->bytes_per_s = fileOr(bandwidth, hz, INFINITY);
  }
}

static void deriveCompute(const ArchRawModel *raw, double hz, SolarArch *out) {
  double fastestMac = 0;
  for (int d = 0; d < SOLAR_DTYPE_COUNT; ++d) {
    out->tensor_mac_per_s[d] = fileOr(&raw->tensorMac[d], hz, 0.0);
    if (raw->tensorMac[d].present)
      fastestMac = fmax(fastestMac, raw->tensorMac[d].value * hz);
    if (raw->vectorMac[d].present)
      fastestMac = fmax(fastestMac, raw->vectorMac[d].value * hz);
  }
  for (int d = 0; d < SOLAR_DTYPE_COUNT; ++d) {
    if (d == SOLAR_DTYPE_TF32)
      continue;
    /* Tensor cores outrun the SM vector units for every dtype they take;
     * a dtype no path is stated for gets the fastest stated path. */
    double tensor = out->tensor_mac_per_s[d].value;
    out->vector_mac_per_s[d] =
        fileOr(&raw->vectorMac[d], hz, tensor > 0 ? tensor : fastestMac);
    /* One FMA lane retires one op of any other kind per cycle. */
    out->vector_op_per_s[d] =
        fileOr(&raw->vectorOp[d], hz, out->vector_mac_per_s[d].value);
  }
  /* TF32 values live in fp32 registers: SM arithmetic on them is fp32. */
  out->vector_mac_per_s[SOLAR_DTYPE_TF32] =
      fileOr(&raw->vectorMac[SOLAR_DTYPE_TF32], hz,
             out->vector_mac_per_s[SOLAR_DTYPE_FP32].value);
  out->vector_op_per_s[SOLAR_DTYPE_TF32] =
      fileOr(&raw->vectorOp[SOLAR_DTYPE_TF32], hz,
             out->vector_op_per_s[SOLAR_DTYPE_FP32].value);

  /* A division or transcendental needs at least one issued instruction. */
  double fp32Op = out->vector_op_per_s[SOLAR_DTYPE_FP32].value;
  out->div_op_per_s = fileOr(&raw->divOp, hz, fp32Op);
  out->sfu_op_per_s = fileOr(&raw->sfuOp, hz, fp32Op);
}

void archDerive(const ArchRawModel *raw, const char *path, SolarArch *out) {
  memset(out, 0, sizeof(*out));
  out->name = raw->name ? strdup(raw->name) : fileStem(path);
  out->source_path = strdup(path);
  if (!out->name || !out->source_path)
    abort();
  double hz = raw->freqGHz.value * 1e9;
  out->freq_hz = fromFile(&raw->freqGHz, 1e9);
  out->dram_bytes_per_s = fromFile(&raw->dramBytesPerCycle, hz);
  out->dram_capacity_bytes = fileOr(&raw->dramCapacity, 1.0, INFINITY);
  deriveLevels(raw, hz, out);
  deriveCompute(raw, hz, out);
  out->num_sm = fileOr(&raw->numSm, 1.0, 0.0);
  out->launch_gap_s = fileOr(&raw->launchGapNs, 1e-9, 0.0);
  memcpy(out->sharedWith, raw->sharedWith, sizeof(out->sharedWith));
  memcpy(out->pipeLine, raw->pipeLine, sizeof(out->pipeLine));
}
