#include "solar/verify/verify_dtype.h"

#include "mlir-c/BuiltinTypes.h"

#include <math.h>
#include <string.h>

typedef struct {
  SolarDType dtype;
  const char *name;
  const char *npyDescr;
  size_t size;
  bool isFloat;
} DTypeInfo;

/* numpy has no bfloat16, so bf16 travels as its bit pattern in uint16; the
 * manifest's dtype says how to read it. */
static const DTypeInfo dtypeTable[] = {
    {SolarDTypeF64, "f64", "<f8", 8, true},
    {SolarDTypeF32, "f32", "<f4", 4, true},
    {SolarDTypeF16, "f16", "<f2", 2, true},
    {SolarDTypeBF16, "bf16", "<u2", 2, true},
    {SolarDTypeI64, "i64", "<i8", 8, false},
    {SolarDTypeI32, "i32", "<i4", 4, false},
    {SolarDTypeI8, "i8", "|i1", 1, false},
    {SolarDTypeI1, "i1", "|b1", 1, false},
};

static const DTypeInfo *lookup(SolarDType dtype) {
  for (size_t i = 0; i < sizeof(dtypeTable) / sizeof(dtypeTable[0]); ++i)
    if (dtypeTable[i].dtype == dtype)
      return &dtypeTable[i];
  return NULL;
}

SolarDType solarDTypeFromName(const char *name) {
  for (size_t i = 0; i < sizeof(dtypeTable) / sizeof(dtypeTable[0]); ++i)
    if (strcmp(dtypeTable[i].name, name) == 0)
      return dtypeTable[i].dtype;
  return SolarDTypeInvalid;
}

const char *solarDTypeName(SolarDType dtype) {
  const DTypeInfo *info = lookup(dtype);
  return info ? info->name : "invalid";
}

SolarDType solarDTypeFromNpyDescr(const char *descr) {
  for (size_t i = 0; i < sizeof(dtypeTable) / sizeof(dtypeTable[0]); ++i)
    if (strcmp(dtypeTable[i].npyDescr, descr) == 0)
      return dtypeTable[i].dtype;
  return SolarDTypeInvalid;
}

const char *solarDTypeNpyDescr(SolarDType dtype) {
  const DTypeInfo *info = lookup(dtype);
  return info ? info->npyDescr : "?";
}

size_t solarDTypeSize(SolarDType dtype) {
  const DTypeInfo *info = lookup(dtype);
  return info ? info->size : 0;
}

bool solarDTypeIsFloat(SolarDType dtype) {
  const DTypeInfo *info = lookup(dtype);
  return info && info->isFloat;
}

SolarDType solarDTypeFromMlirType(MlirType type) {
  if (mlirTypeIsAF64(type))
    return SolarDTypeF64;
  if (mlirTypeIsAF32(type))
    return SolarDTypeF32;
  if (mlirTypeIsAF16(type))
    return SolarDTypeF16;
  if (mlirTypeIsABF16(type))
    return SolarDTypeBF16;
  if (mlirTypeIsAIndex(type))
    return SolarDTypeI64;
  if (mlirTypeIsAInteger(type) && !mlirIntegerTypeIsUnsigned(type)) {
    switch (mlirIntegerTypeGetWidth(type)) {
    case 64:
      return SolarDTypeI64;
    case 32:
      return SolarDTypeI32;
    case 8:
      return SolarDTypeI8;
    case 1:
      return SolarDTypeI1;
    default:
      break;
    }
  }
  return SolarDTypeInvalid;
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

int64_t solarDTypeLoadAsInt(SolarDType dtype, const void *element) {
  switch (dtype) {
  case SolarDTypeI64: {
    int64_t v;
    memcpy(&v, element, sizeof(v));
    return v;
  }
  case SolarDTypeI32: {
    int32_t v;
    memcpy(&v, element, sizeof(v));
    return v;
  }
  case SolarDTypeI8:
    return *(const int8_t *)element;
  case SolarDTypeI1:
    /* LLVM stores i1 as a byte whose low bit is the value. */
    return *(const uint8_t *)element & 1;
  default:
    return (int64_t)solarDTypeLoadAsDouble(dtype, element);
  }
}

double solarDTypeLoadAsDouble(SolarDType dtype, const void *element) {
  switch (dtype) {
  case SolarDTypeF64: {
    double v;
    memcpy(&v, element, sizeof(v));
    return v;
  }
  case SolarDTypeF32: {
    float v;
    memcpy(&v, element, sizeof(v));
    return v;
  }
  case SolarDTypeF16: {
    uint16_t bits;
    memcpy(&bits, element, sizeof(bits));
    return solarHalfToFloat(bits);
  }
  case SolarDTypeBF16: {
    uint16_t bits;
    memcpy(&bits, element, sizeof(bits));
    return solarBFloat16ToFloat(bits);
  }
  case SolarDTypeInvalid:
    return 0.0;
  default:
    return (double)solarDTypeLoadAsInt(dtype, element);
  }
}
