/* Shape formatting for the verify messages (the text buffer they use is
 * solar/support/text.h). */
#ifndef SOLAR_VERIFY_TEXT_H
#define SOLAR_VERIFY_TEXT_H

#include "solar/support/text.h"

#include "mlir-c/Support.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* "[4, 3]" ("[]" for rank 0). */
void solarFormatShape(const int64_t *shape, int64_t rank, char *buf,
                      size_t size);

#ifdef __cplusplus
}
#endif

#endif
