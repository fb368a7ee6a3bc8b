/* Small text helpers shared by the verify files: a growing string that
 * collects MLIR printer output, and shape formatting for messages. */
#ifndef SOLAR_VERIFY_TEXT_H
#define SOLAR_VERIFY_TEXT_H

#include "mlir-c/Support.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
  char *text; /* owned (free), NUL-terminated; NULL until the first append */
  size_t length;
} SolarText;

/* An MlirStringCallback; userData is a SolarText. */
void solarTextAppendChunk(MlirStringRef chunk, void *userData);

/* "[4, 3]" ("[]" for rank 0). */
void solarFormatShape(const int64_t *shape, int64_t rank, char *buf,
                      size_t size);

#ifdef __cplusplus
}
#endif

#endif
