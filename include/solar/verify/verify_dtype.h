/* Element types that solar-verify can exchange with a framework reference.
 *
 * One table ties together the manifest's dtype name, the .npy descriptor the
 * data is stored with, the byte size of one element in memory (which is also
 * its size inside an LLVM-lowered memref) and the MLIR element type. */
#ifndef SOLAR_VERIFY_DTYPE_H
#define SOLAR_VERIFY_DTYPE_H

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
  SolarDTypeInvalid = 0,
  SolarDTypeF64,
  SolarDTypeF32,
  SolarDTypeF16,
  SolarDTypeBF16, /* stored in .npy as the raw bits, descr '<u2' */
  SolarDTypeI64,
  SolarDTypeI32,
  SolarDTypeI8,
  SolarDTypeI1, /* one byte per element, 0 or 1 (numpy bool) */
} SolarDType;

/* Manifest name ("f32", "bf16", ...) -> dtype; Invalid when unknown. */
SolarDType solarDTypeFromName(const char *name);
const char *solarDTypeName(SolarDType dtype);

/* .npy descr string ("<f4", "|b1", ...) -> dtype; Invalid when unknown. */
SolarDType solarDTypeFromNpyDescr(const char *descr);
const char *solarDTypeNpyDescr(SolarDType dtype);

/* Bytes per element in memory. */
size_t solarDTypeSize(SolarDType dtype);
bool solarDTypeIsFloat(SolarDType dtype);

/* The dtype of an MLIR scalar type; `index` counts as i64 (the lowering uses
 * 64-bit indices). Invalid for anything else. */
SolarDType solarDTypeFromMlirType(MlirType type);

/* Element value as a double (exact for every supported integer type up to
 * 2^53 and for all float types); i64 beyond 2^53 is rounded. */
double solarDTypeLoadAsDouble(SolarDType dtype, const void *element);
/* Exact integer value for integer dtypes. */
int64_t solarDTypeLoadAsInt(SolarDType dtype, const void *element);

/* IEEE half and bfloat16 bit patterns to float. */
float solarHalfToFloat(uint16_t bits);
float solarBFloat16ToFloat(uint16_t bits);

#ifdef __cplusplus
}
#endif

#endif
