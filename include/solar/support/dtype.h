/* The element types of the whole pipeline: hardware rates are stated for
 * them (arch), verification exchanges data in them (verify), the SOL stage
 * sizes tensors with them. One enum for all; verify supports a subset
 * (solar/verify/verify_dtype.h). */
#ifndef SOLAR_SUPPORT_DTYPE_H
#define SOLAR_SUPPORT_DTYPE_H

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Several MLIR types map
 * to one entry (all f8E* formats are FP8; i1 is BOOL). TF32 is a tensor-core
 * input format: stored as 32 bits, multiplied with a 10-bit mantissa. */
typedef enum SolarDtype {
  SOLAR_DTYPE_INVALID = -1,
  SOLAR_DTYPE_FP64 = 0,
  SOLAR_DTYPE_FP32,
  SOLAR_DTYPE_TF32,
  SOLAR_DTYPE_BF16,
  SOLAR_DTYPE_FP16,
  SOLAR_DTYPE_FP8,   /* f8E4M3FN, f8E5M2, ... */
  SOLAR_DTYPE_FP6,   /* f6E2M3FN, f6E3M2FN */
  SOLAR_DTYPE_NVFP4, /* f4E2M1FN elements (block scales not counted) */
  SOLAR_DTYPE_INT64, /* also `index` */
  SOLAR_DTYPE_INT32,
  SOLAR_DTYPE_INT16,
  SOLAR_DTYPE_INT8,
  SOLAR_DTYPE_INT4,
  SOLAR_DTYPE_BOOL, /* i1 */
  SOLAR_DTYPE_COUNT
} SolarDtype;

/* Canonical lower-case name ("bf16"), or "invalid". */
const char *solarDtypeName(SolarDtype dtype);

/* Case-insensitive; accepts the canonical names and common aliases
 * ("f32", "fp4", "i8", "i1", "e4m3", ...). SOLAR_DTYPE_INVALID if unknown. */
SolarDtype solarDtypeFromName(const char *name);

/* Maps an MLIR element type: f64 f32 tf32 bf16 f16, every f8E*, f6E*,
 * f4E2M1FN, signless/signed/unsigned i1 i4 i8 i16 i32 i64, index. Other types
 * (complex, f80, i7, ...) give SOLAR_DTYPE_INVALID. */
SolarDtype solarDtypeFromMlirType(MlirType type);

/* The sizes of a shaped type (-1 for a dynamic one) in an array of at
 * least one entry the caller frees; *rank gets its rank (0 when unranked).
 * With the element type above, what every stage reads of a tensor type. */
int64_t *solarShapedTypeSizes(MlirType type, int64_t *rank);

/* Maps an element type as MLIR prints it ("f32", "bf16", "f8E4M3FN",
 * "f6E3M2FN", "f4E2M1FN", "i8", "ui8", "index") to its hardware key: every
 * f8E* is FP8, every f6E* FP6, every f4E* NVFP4. Types no hardware key
 * covers (f80, f128, complex<...>, i7) give SOLAR_DTYPE_INVALID. */
SolarDtype solarDtypeFromTypeSpelling(const char *spelling);

/* FP64 ... NVFP4 (TF32 included). */
bool solarDtypeIsFloat(SolarDtype dtype);

/* Storage size of one element in bits as it sits in memory (i1 and BOOL: 8,
 * since memref<i1> stores a byte per element; TF32: 32). 0 for INVALID. */
unsigned solarDtypeStorageBits(SolarDtype dtype);

/* Storage size in bytes; fractional for FP6 (0.75) and 4-bit types (0.5). */
double solarDtypeStorageBytes(SolarDtype dtype);

#ifdef __cplusplus
}
#endif

#endif
