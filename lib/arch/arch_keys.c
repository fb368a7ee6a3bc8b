/* The meaning of every hardware-file key: SOLAR's keys plus solar's
 * extensions (docs/hardware-format.md). Keys are case-sensitive like in
 * SOLAR; a key that differs from a known one only in case is reported with
 * the right spelling instead of being ignored. */
#include "arch_internal.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#define DTYPE_KEYS(prefix, suffix)                                            \
  {                                                                           \
    [SOLAR_DTYPE_FP64] = prefix "fp64" suffix,                                \
    [SOLAR_DTYPE_FP32] = prefix "fp32" suffix,                                \
    [SOLAR_DTYPE_TF32] = prefix "tf32" suffix,                                \
    [SOLAR_DTYPE_BF16] = prefix "bf16" suffix,                                \
    [SOLAR_DTYPE_FP16] = prefix "fp16" suffix,                                \
    [SOLAR_DTYPE_FP8] = prefix "fp8" suffix,                                  \
    [SOLAR_DTYPE_FP6] = prefix "fp6" suffix,                                  \
    [SOLAR_DTYPE_NVFP4] = prefix "nvfp4" suffix,                              \
    [SOLAR_DTYPE_INT64] = prefix "int64" suffix,                              \
    [SOLAR_DTYPE_INT32] = prefix "int32" suffix,                              \
    [SOLAR_DTYPE_INT16] = prefix "int16" suffix,                              \
    [SOLAR_DTYPE_INT8] = prefix "int8" suffix,                                \
    [SOLAR_DTYPE_INT4] = prefix "int4" suffix,                                \
    [SOLAR_DTYPE_BOOL] = prefix "bool" suffix,                                \
  }

static const char *const tensorMacKeys[SOLAR_DTYPE_COUNT] =
    DTYPE_KEYS("MAC_per_cycle_", "_tc");
static const char *const vectorMacKeys[SOLAR_DTYPE_COUNT] =
    DTYPE_KEYS("MAC_per_cycle_", "_sm");
static const char *const vectorOpKeys[SOLAR_DTYPE_COUNT] =
    DTYPE_KEYS("OP_per_cycle_", "_sm");

static const char *const sharedPipeKeys[SOLAR_DTYPE_COUNT] =
    DTYPE_KEYS("shared_pipe_", "");

static const ArchKeyInfo fixedKeys[] = {
    {ARCH_FIELD_NAME, ARCH_UNIT_NAME, 0, SOLAR_DTYPE_INVALID, "name"},
    {ARCH_FIELD_FREQ, ARCH_UNIT_GHZ, 0, SOLAR_DTYPE_INVALID, "freq_GHz"},
    {ARCH_FIELD_DRAM_BANDWIDTH, ARCH_UNIT_BYTES_PER_CYCLE, 0,
     SOLAR_DTYPE_INVALID, "DRAM_byte_per_cycle"},
    {ARCH_FIELD_DRAM_CAPACITY, ARCH_UNIT_BYTES, 0, SOLAR_DTYPE_INVALID,
     "DRAM_capacity"},
    {ARCH_FIELD_LEVEL_CAPACITY, ARCH_UNIT_BYTES, SOLAR_MEM_L2,
     SOLAR_DTYPE_INVALID, "SRAM_capacity"},
    {ARCH_FIELD_LEVEL_BANDWIDTH, ARCH_UNIT_BYTES_PER_CYCLE, SOLAR_MEM_L2,
     SOLAR_DTYPE_INVALID, "SRAM_byte_per_cycle"},
    {ARCH_FIELD_LEVEL_CAPACITY, ARCH_UNIT_BYTES, SOLAR_MEM_L1,
     SOLAR_DTYPE_INVALID, "L1_capacity"},
    /* Shared memory and L1 are one SRAM array per SM on NVIDIA GPUs since
     * Volta, so SMEM_capacity is another name for the same level. */
    {ARCH_FIELD_LEVEL_CAPACITY, ARCH_UNIT_BYTES, SOLAR_MEM_L1,
     SOLAR_DTYPE_INVALID, "SMEM_capacity"},
    {ARCH_FIELD_LEVEL_BANDWIDTH, ARCH_UNIT_BYTES_PER_CYCLE, SOLAR_MEM_L1,
     SOLAR_DTYPE_INVALID, "L1_byte_per_cycle"},
    {ARCH_FIELD_LEVEL_CAPACITY, ARCH_UNIT_BYTES, SOLAR_MEM_REGISTER,
     SOLAR_DTYPE_INVALID, "register_capacity"},
    {ARCH_FIELD_LEVEL_BANDWIDTH, ARCH_UNIT_BYTES_PER_CYCLE,
     SOLAR_MEM_REGISTER, SOLAR_DTYPE_INVALID, "register_byte_per_cycle"},
    {ARCH_FIELD_DIV_OP, ARCH_UNIT_PER_CYCLE, 0, SOLAR_DTYPE_INVALID,
     "DIV_op_per_cycle"},
    {ARCH_FIELD_SFU_OP, ARCH_UNIT_PER_CYCLE, 0, SOLAR_DTYPE_INVALID,
     "SFU_op_per_cycle"},
    {ARCH_FIELD_NUM_SM, ARCH_UNIT_COUNT, 0, SOLAR_DTYPE_INVALID, "num_SM"},
    {ARCH_FIELD_LAUNCH_GAP, ARCH_UNIT_NANOSECONDS, 0, SOLAR_DTYPE_INVALID,
     "dependent_launch_gap_ns"},
};

static const char kMacPrefix[] = "MAC_per_cycle_";
static const char kOpPrefix[] = "OP_per_cycle_";
static const char kPipePrefix[] = "shared_pipe_";

static void listDtypes(char *buf, size_t size) {
  size_t used = 0;
  buf[0] = '\0';
  for (int d = 0; d < SOLAR_DTYPE_COUNT && used < size; ++d)
    used += (size_t)snprintf(buf + used, size - used, "%s%s", d ? ", " : "",
                             solarDtypeName((SolarDtype)d));
}

/* MAC_per_cycle_<dtype>_<tc|sm> and OP_per_cycle_<dtype>_sm. */
static ArchKeyStatus classifyRateKey(const char *key, bool isMac,
                                     ArchKeyInfo *info, char *why,
                                     size_t whySize) {
  const char *prefix = isMac ? kMacPrefix : kOpPrefix;
  size_t prefixLength = strlen(prefix);
  if (strncmp(key, prefix, prefixLength) != 0) {
    snprintf(why, whySize, "key '%s' must start with '%s' (keys are "
             "case-sensitive)", key, prefix);
    return ARCH_KEY_BAD;
  }
  const char *rest = key + prefixLength;
  const char *underscore = strrchr(rest, '_');
  if (!underscore || underscore == rest) {
    if (isMac)
      snprintf(why, whySize,
               "key '%s' needs a dtype and a path: %s<dtype>_tc (tensor "
               "cores) or %s<dtype>_sm (SM vector units)",
               key, prefix, prefix);
    else
      snprintf(why, whySize, "key '%s' needs a dtype: %s<dtype>_sm", key,
               prefix);
    return ARCH_KEY_BAD;
  }
  char dtypeName[64];
  size_t dtypeLength = (size_t)(underscore - rest);
  if (dtypeLength >= sizeof(dtypeName))
    dtypeLength = sizeof(dtypeName) - 1;
  memcpy(dtypeName, rest, dtypeLength);
  dtypeName[dtypeLength] = '\0';
  const char *suffix = underscore + 1;
  bool tensor = strcmp(suffix, "tc") == 0;
  bool vector = strcmp(suffix, "sm") == 0;
  if (!tensor && !vector) {
    snprintf(why, whySize,
             "unknown path '_%s' in key '%s': expected _tc (tensor cores) or "
             "_sm (SM vector units)",
             suffix, key);
    return ARCH_KEY_BAD;
  }
  if (!isMac && tensor) {
    snprintf(why, whySize,
             "key '%s': tensor cores only multiply-accumulate; give non-FMA "
             "op rates as %s<dtype>_sm",
             key, prefix);
    return ARCH_KEY_BAD;
  }
  SolarDtype dtype = solarDtypeFromName(dtypeName);
  if (dtype == SOLAR_DTYPE_INVALID) {
    char known[256];
    listDtypes(known, sizeof(known));
    snprintf(why, whySize, "unknown dtype '%s' in key '%s' (known: %s)",
             dtypeName, key, known);
    return ARCH_KEY_BAD;
  }
  info->unit = ARCH_UNIT_PER_CYCLE;
  info->dtype = dtype;
  info->level = 0;
  if (!isMac) {
    info->field = ARCH_FIELD_VECTOR_OP;
    info->canonicalKey = vectorOpKeys[dtype];
  } else if (tensor) {
    info->field = ARCH_FIELD_TENSOR_MAC;
    info->canonicalKey = tensorMacKeys[dtype];
  } else {
    info->field = ARCH_FIELD_VECTOR_MAC;
    info->canonicalKey = vectorMacKeys[dtype];
  }
  return ARCH_KEY_KNOWN;
}

ArchKeyStatus archKeyClassify(const char *key, ArchKeyInfo *info, char *why,
                              size_t whySize) {
  why[0] = '\0';
  for (size_t i = 0; i < sizeof(fixedKeys) / sizeof(fixedKeys[0]); ++i) {
    if (strcmp(key, fixedKeys[i].canonicalKey) == 0) {
      *info = fixedKeys[i];
      return ARCH_KEY_KNOWN;
    }
    if (strcasecmp(key, fixedKeys[i].canonicalKey) == 0) {
      snprintf(why, whySize, "key '%s' must be spelled '%s'", key,
               fixedKeys[i].canonicalKey);
      return ARCH_KEY_BAD;
    }
  }
  if (strncmp(key, kPipePrefix, strlen(kPipePrefix)) == 0) {
    SolarDtype dtype = solarDtypeFromName(key + strlen(kPipePrefix));
    if (dtype == SOLAR_DTYPE_INVALID) {
      char known[256];
      listDtypes(known, sizeof(known));
      snprintf(why, whySize, "unknown dtype '%s' in key '%s' (known: %s)",
               key + strlen(kPipePrefix), key, known);
      return ARCH_KEY_BAD;
    }
    *info = (ArchKeyInfo){ARCH_FIELD_SHARED_PIPE, ARCH_UNIT_NAME, 0, dtype,
                          sharedPipeKeys[dtype]};
    return ARCH_KEY_KNOWN;
  }
  if (strncasecmp(key, kMacPrefix, strlen(kMacPrefix)) == 0)
    return classifyRateKey(key, true, info, why, whySize);
  if (strncasecmp(key, kOpPrefix, strlen(kOpPrefix)) == 0)
    return classifyRateKey(key, false, info, why, whySize);
  return ARCH_KEY_UNKNOWN;
}
