/* Element-type names, storage sizes and the MLIR type mapping. */
#include "solar/support/dtype.h"

#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const struct {
  const char *name;
  unsigned storageBits;
} dtypeTable[SOLAR_DTYPE_COUNT] = {
    [SOLAR_DTYPE_FP64] = {"fp64", 64},  [SOLAR_DTYPE_FP32] = {"fp32", 32},
    [SOLAR_DTYPE_TF32] = {"tf32", 32},  [SOLAR_DTYPE_BF16] = {"bf16", 16},
    [SOLAR_DTYPE_FP16] = {"fp16", 16},  [SOLAR_DTYPE_FP8] = {"fp8", 8},
    [SOLAR_DTYPE_FP6] = {"fp6", 6},     [SOLAR_DTYPE_NVFP4] = {"nvfp4", 4},
    [SOLAR_DTYPE_INT64] = {"int64", 64}, [SOLAR_DTYPE_INT32] = {"int32", 32},
    [SOLAR_DTYPE_INT16] = {"int16", 16}, [SOLAR_DTYPE_INT8] = {"int8", 8},
    [SOLAR_DTYPE_INT4] = {"int4", 4},   [SOLAR_DTYPE_BOOL] = {"bool", 8},
};

/* Other spellings people write in hardware files and on the command line. */
static const struct {
  const char *alias;
  SolarDtype dtype;
} dtypeAliases[] = {
    {"f64", SOLAR_DTYPE_FP64},   {"double", SOLAR_DTYPE_FP64},
    {"f32", SOLAR_DTYPE_FP32},   {"float", SOLAR_DTYPE_FP32},
    {"f16", SOLAR_DTYPE_FP16},   {"half", SOLAR_DTYPE_FP16},
    {"e4m3", SOLAR_DTYPE_FP8},   {"e5m2", SOLAR_DTYPE_FP8},
    {"f8", SOLAR_DTYPE_FP8},     {"fp4", SOLAR_DTYPE_NVFP4},
    {"f4", SOLAR_DTYPE_NVFP4},   {"mxfp4", SOLAR_DTYPE_NVFP4},
    {"f6", SOLAR_DTYPE_FP6},     {"i64", SOLAR_DTYPE_INT64},
    {"i32", SOLAR_DTYPE_INT32},  {"i16", SOLAR_DTYPE_INT16},
    {"i8", SOLAR_DTYPE_INT8},    {"i4", SOLAR_DTYPE_INT4},
    {"i1", SOLAR_DTYPE_BOOL},    {"int1", SOLAR_DTYPE_BOOL},
};

static bool isValid(SolarDtype dtype) {
  return dtype >= 0 && dtype < SOLAR_DTYPE_COUNT;
}

const char *solarDtypeName(SolarDtype dtype) {
  return isValid(dtype) ? dtypeTable[dtype].name : "invalid";
}

SolarDtype solarDtypeFromName(const char *name) {
  if (!name)
    return SOLAR_DTYPE_INVALID;
  for (int d = 0; d < SOLAR_DTYPE_COUNT; ++d)
    if (strcasecmp(name, dtypeTable[d].name) == 0)
      return (SolarDtype)d;
  for (size_t i = 0; i < sizeof(dtypeAliases) / sizeof(dtypeAliases[0]); ++i)
    if (strcasecmp(name, dtypeAliases[i].alias) == 0)
      return dtypeAliases[i].dtype;
  return SOLAR_DTYPE_INVALID;
}

unsigned solarDtypeStorageBits(SolarDtype dtype) {
  return isValid(dtype) ? dtypeTable[dtype].storageBits : 0;
}

double solarDtypeStorageBytes(SolarDtype dtype) {
  return solarDtypeStorageBits(dtype) / 8.0;
}

static bool isFloat8(MlirType type) {
  return mlirTypeIsAFloat8E5M2(type) || mlirTypeIsAFloat8E4M3(type) ||
         mlirTypeIsAFloat8E4M3FN(type) || mlirTypeIsAFloat8E5M2FNUZ(type) ||
         mlirTypeIsAFloat8E4M3FNUZ(type) ||
         mlirTypeIsAFloat8E4M3B11FNUZ(type) || mlirTypeIsAFloat8E3M4(type) ||
         mlirTypeIsAFloat8E8M0FNU(type);
}

int64_t *solarShapedTypeSizes(MlirType type, int64_t *rank) {
  *rank = mlirShapedTypeHasRank(type) ? mlirShapedTypeGetRank(type) : 0;
  int64_t *sizes = calloc((size_t)*rank + 1, sizeof(int64_t));
  if (!sizes)
    abort();
  for (int64_t d = 0; d < *rank; ++d)
    sizes[d] = mlirShapedTypeIsDynamicDim(type, d)
                   ? -1
                   : mlirShapedTypeGetDimSize(type, d);
  return sizes;
}

SolarDtype solarDtypeFromMlirType(MlirType type) {
  if (mlirTypeIsNull(type))
    return SOLAR_DTYPE_INVALID;
  if (mlirTypeIsAF64(type))
    return SOLAR_DTYPE_FP64;
  if (mlirTypeIsAF32(type))
    return SOLAR_DTYPE_FP32;
  if (mlirTypeIsATF32(type))
    return SOLAR_DTYPE_TF32;
  if (mlirTypeIsABF16(type))
    return SOLAR_DTYPE_BF16;
  if (mlirTypeIsAF16(type))
    return SOLAR_DTYPE_FP16;
  if (isFloat8(type))
    return SOLAR_DTYPE_FP8;
  if (mlirTypeIsAFloat6E2M3FN(type) || mlirTypeIsAFloat6E3M2FN(type))
    return SOLAR_DTYPE_FP6;
  if (mlirTypeIsAFloat4E2M1FN(type))
    return SOLAR_DTYPE_NVFP4;
  /* index lowers to i64 on every GPU target solar models. */
  if (mlirTypeIsAIndex(type))
    return SOLAR_DTYPE_INT64;
  if (mlirTypeIsAInteger(type)) {
    switch (mlirIntegerTypeGetWidth(type)) {
    case 1:
      return SOLAR_DTYPE_BOOL;
    case 4:
      return SOLAR_DTYPE_INT4;
    case 8:
      return SOLAR_DTYPE_INT8;
    case 16:
      return SOLAR_DTYPE_INT16;
    case 32:
      return SOLAR_DTYPE_INT32;
    case 64:
      return SOLAR_DTYPE_INT64;
    default:
      return SOLAR_DTYPE_INVALID;
    }
  }
  return SOLAR_DTYPE_INVALID;
}

/* The einsum graph records element types as MLIR prints them ("f32",
 * "f8E4M3FN", "ui8", "index"); hardware rates are keyed by SolarDtype. The
 * MLIR float families are matched by prefix so that every variant of a
 * width (f8E4M3FN, f8E5M2FNUZ, f8E8M0FNU, ...) lands on its hardware key. */
SolarDtype solarDtypeFromTypeSpelling(const char *spelling) {
  if (!spelling || !*spelling)
    return SOLAR_DTYPE_INVALID;
  if (strcmp(spelling, "index") == 0)
    return SOLAR_DTYPE_INT64;
  if (strncmp(spelling, "f8E", 3) == 0)
    return SOLAR_DTYPE_FP8;
  if (strncmp(spelling, "f6E", 3) == 0)
    return SOLAR_DTYPE_FP6;
  if (strncmp(spelling, "f4E", 3) == 0)
    return SOLAR_DTYPE_NVFP4;
  /* Signedness does not change a unit's rate: ui8 and si8 run as i8. */
  if ((spelling[0] == 'u' || spelling[0] == 's') && spelling[1] == 'i')
    ++spelling;
  static const char *const exact[] = {"f64", "f32", "tf32", "bf16", "f16",
                                      "i64", "i32", "i16",  "i8",   "i4",
                                      "i1"};
  for (size_t i = 0; i < sizeof(exact) / sizeof(exact[0]); ++i)
    if (strcmp(spelling, exact[i]) == 0)
      return solarDtypeFromName(spelling);
  return SOLAR_DTYPE_INVALID;
}

bool solarDtypeIsFloat(SolarDtype dtype) {
  return dtype == SOLAR_DTYPE_FP64 || dtype == SOLAR_DTYPE_FP32 ||
         dtype == SOLAR_DTYPE_TF32 || dtype == SOLAR_DTYPE_BF16 ||
         dtype == SOLAR_DTYPE_FP16 || dtype == SOLAR_DTYPE_FP8 ||
         dtype == SOLAR_DTYPE_FP6 || dtype == SOLAR_DTYPE_NVFP4;
}
