/* Element types that solar-verify can exchange with a framework reference.
 *
 * One table ties together the manifest's dtype name, the .npy descriptor the
 * data is stored with, the byte size of one element in memory (which is also
 * its size inside an LLVM-lowered memref) and the MLIR element type. */
#ifndef SOLAR_VERIFY_DTYPE_H
#define SOLAR_VERIFY_DTYPE_H

#include "solar/support/dtype.h"

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The supported subset of SolarDtype: FP64, FP32, FP16, BF16 (stored in
 * .npy as the raw bits, descr '<u2'), INT64, INT32, INT8 and BOOL (i1: one
 * byte per element, 0 or 1, numpy bool). The functions below answer
 * SOLAR_DTYPE_INVALID, "invalid", 0 or false for any other. */

/* Manifest name ("f32", "bf16", ...) -> dtype; INVALID when unknown. (The
 * manifest spells names as MLIR does; solarDtypeName says "fp32".) */
SolarDtype solarVerifyDtypeFromName(const char *name);
const char *solarVerifyDtypeName(SolarDtype dtype);

/* .npy descr string ("<f4", "|b1", ...) -> dtype; INVALID when unknown. */
SolarDtype solarVerifyDtypeFromNpyDescr(const char *descr);
const char *solarVerifyDtypeNpyDescr(SolarDtype dtype);

/* Bytes per element in memory. */
size_t solarVerifyDtypeSize(SolarDtype dtype);
bool solarVerifyDtypeIsFloat(SolarDtype dtype);

/* The dtype of an MLIR scalar type; `index` counts as i64 (the lowering uses
 * 64-bit indices). INVALID for anything else. */
SolarDtype solarVerifyDtypeFromMlirType(MlirType type);

/* Element value as a double (exact for every supported integer type up to
 * 2^53 and for all float types); i64 beyond 2^53 is rounded. */
double solarVerifyDtypeLoadAsDouble(SolarDtype dtype, const void *element);
/* Exact integer value for integer dtypes. */
int64_t solarVerifyDtypeLoadAsInt(SolarDtype dtype, const void *element);

/* IEEE half and bfloat16 bit patterns to float. */
float solarHalfToFloat(uint16_t bits);
float solarBFloat16ToFloat(uint16_t bits);

#ifdef __cplusplus
}
#endif

#endif
