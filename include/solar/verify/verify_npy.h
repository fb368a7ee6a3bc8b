/* Reading and writing NumPy .npy files (format versions 1.0, 2.0 and 3.0).
 *
 * The header of a .npy file is a Python dict literal such as
 *   {'descr': '<f4', 'fortran_order': False, 'shape': (3, 4), }
 * It is not JSON (single quotes, True/False, tuples), so jansson cannot read
 * it; a strict parser for exactly this grammar lives in verify_npy.c. */
#ifndef SOLAR_VERIFY_NPY_H
#define SOLAR_VERIFY_NPY_H

#include "solar/verify/verify_dtype.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
  SolarDtype dtype;
  int64_t rank;
  int64_t *shape; /* owned; rank entries (NULL for rank 0) */
  size_t count;   /* number of elements: product of shape, 1 for rank 0 */
  void *data;     /* owned; count * solarVerifyDtypeSize(dtype) bytes, C order */
} SolarNpyArray;

/* Reads `path`. '<u2' data is taken as bfloat16 bits (see verify_dtype.h).
 * On failure returns false with a message (without the path) in err and
 * leaves *out empty. */
bool solarNpyRead(const char *path, SolarNpyArray *out, char *err,
                  size_t errSize);

/* Parses a header dict (the text between the length field and the data).
 * Exposed for unit tests. */
bool solarNpyParseHeader(const char *text, size_t length, char *descr,
                         size_t descrSize, bool *fortranOrder,
                         int64_t **shape, int64_t *rank, char *err,
                         size_t errSize);

/* Writes a version 1.0 file in C order. */
bool solarNpyWrite(const char *path, const SolarNpyArray *array, char *err,
                   size_t errSize);

void solarNpyArrayDestroy(SolarNpyArray *array);

#ifdef __cplusplus
}
#endif

#endif
