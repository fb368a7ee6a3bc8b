/* The element types solar-verify exchanges with a framework reference:
 * manifest names, .npy descriptors, MLIR types
 * (solar/verify/verify_dtype.h). */
#include "solar/verify/verify_dtype.h"

#include "mlir-c/BuiltinTypes.h"

#include <math.h>
#include <string.h>

typedef struct {
  SolarDtype dtype;
  const char *name;
  const char *npyDescr;
  size_t size;
  bool isFloat;
} DTypeInfo;

/* numpy has no bfloat16, so bf16 travels as its bit pattern in uint16; the
 * manifest's dtype says how to read it. */
static const DTypeInfo dtypeTable[] = {
    {SOLAR_DTYPE_FP64, "f64", "<f8", 8, true},
    {SOLAR_DTYPE_FP32, "f32", "<f4", 4, true},
    {SOLAR_DTYPE_FP16, "f16", "<f2", 2, true},
    {SOLAR_DTYPE_BF16, "bf16", "<u2", 2, true},
    {SOLAR_DTYPE_INT64, "i64", "<i8", 8, false},
    {SOLAR_DTYPE_INT32, "i32", "<i4", 4, false},
    {SOLAR_DTYPE_INT8, "i8", "|i1", 1, false},
    {SOLAR_DTYPE_BOOL, "i1", "|b1", 1, false},
};

static const DTypeInfo *lookup(SolarDtype dtype) {
  for (size_t i = 0; i < sizeof(dtypeTable) / sizeof(dtypeTable[0]); ++i)
    if (dtypeTable[i].dtype == dtype)
      return &dtypeTable[i];
  return NULL;
}

SolarDtype solarVerifyDtypeFromName(const char *name) {
  for (size_t i = 0; i < sizeof(dtypeTable) / sizeof(dtypeTable[0]); ++i)
    if (strcmp(dtypeTable[i].name, name) == 0)
      return dtypeTable[i].dtype;
  return SOLAR_DTYPE_INVALID;
}

const char *solarVerifyDtypeName(SolarDtype dtype) {
  const DTypeInfo *info = lookup(dtype);
  return info ? info->name : "invalid";
}

SolarDtype solarVerifyDtypeFromNpyDescr(const char *descr) {
  for (size_t i = 0; i < sizeof(dtypeTable) / sizeof(dtypeTable[0]); ++i)
    if (strcmp(dtypeTable[i].npyDescr, descr) == 0)
      return dtypeTable[i].dtype;
  return SOLAR_DTYPE_INVALID;
}

const char *solarVerifyDtypeNpyDescr(SolarDtype dtype) {
  const DTypeInfo *info = lookup(dtype);
  return info ? info->npyDescr : "?";
}

size_t solarVerifyDtypeSize(SolarDtype dtype) {
  const DTypeInfo *info = lookup(dtype);
  return info ? info->size : 0;
}

bool solarVerifyDtypeIsFloat(SolarDtype dtype) {
  const DTypeInfo *info = lookup(dtype);
  return info && info->isFloat;
}

SolarDtype solarVerifyDtypeFromMlirType(MlirType type) {
  /* The general mapping, narrowed to what verify exchanges: no unsigned
   * integers (numpy's are other types), nothing outside the table. */
  if (mlirTypeIsAInteger(type) && mlirIntegerTypeIsUnsigned(type))
    return SOLAR_DTYPE_INVALID;
  SolarDtype dtype = solarDtypeFromMlirType(type);
  return lookup(dtype) ? dtype : SOLAR_DTYPE_INVALID;
}

float solarHalfToFloat(uint16_t bits) {
  int sign = (bits >> 15) & 1;
  int exponent = (bits >> 10) & 0x1f;
  int mantissa = bits & 0x3ff;
  float value;
  if (exponent == 0)
    value = ldexpf((float)mantissa, -24); /* subnormal */
  else if (exponent == 31)
    value = mantissa ? NAN : INFINITY;
  else
    value = ldexpf((float)(mantissa | 0x400), exponent - 25);
  return sign ? -value : value;
}

float solarBFloat16ToFloat(uint16_t bits) {
  /* bfloat16 is the upper half of an IEEE single. */
  uint32_t wide = (uint32_t)bits << 16;
  float value;
  memcpy(&value, &wide, sizeof(value));
  return value;
}

int64_t solarVerifyDtypeLoadAsInt(SolarDtype dtype, const void *element) {
  switch (dtype) {
  case SOLAR_DTYPE_INT64: {
    int64_t v;
    memcpy(&v, element, sizeof(v));
    return v;
  }
  case SOLAR_DTYPE_INT32: {
    int32_t v;
    memcpy(&v, element, sizeof(v));
    return v;
  }
  case SOLAR_DTYPE_INT8:
    return *(const int8_t *)element;
  case SOLAR_DTYPE_BOOL:
    /* LLVM stores i1 as a byte whose low bit is the value. */
    return *(const uint8_t *)element & 1;
  default:
    return (int64_t)solarVerifyDtypeLoadAsDouble(dtype, element);
  }
}

double solarVerifyDtypeLoadAsDouble(SolarDtype dtype, const void *element) {
  switch (dtype) {
  case SOLAR_DTYPE_FP64: {
    double v;
    memcpy(&v, element, sizeof(v));
    return v;
  }
  case SOLAR_DTYPE_FP32: {
    float v;
    memcpy(&v, element, sizeof(v));
    return v;
  }
  case SOLAR_DTYPE_FP16: {
    uint16_t bits;
    memcpy(&bits, element, sizeof(bits));
    return solarHalfToFloat(bits);
  }
  case SOLAR_DTYPE_BF16: {
    uint16_t bits;
    memcpy(&bits, element, sizeof(bits));
    return solarBFloat16ToFloat(bits);
  }
  case SOLAR_DTYPE_INT64:
  case SOLAR_DTYPE_INT32:
  case SOLAR_DTYPE_INT8:
  case SOLAR_DTYPE_BOOL:
    return (double)solarVerifyDtypeLoadAsInt(dtype, element);
  default:
    return 0.0; /* not a verify dtype */
  }
}
