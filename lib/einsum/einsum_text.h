/* A growable text buffer for MLIR's print callbacks (types, values,
 * attributes), shared by the einsum builder and reader. */
#ifndef SOLAR_EINSUM_TEXT_H
#define SOLAR_EINSUM_TEXT_H

#include "mlir-c/IR.h"

#include <stddef.h>

typedef struct {
  char *buf; /* NUL-terminated once anything was appended; owned */
  size_t used, capacity;
} EgText;

/* MlirStringCallback appending to the EgText passed as userData. */
void egTextAppend(MlirStringRef chunk, void *userData);
void egTextAppendCString(EgText *text, const char *chunk);
/* The printed attribute; the caller frees text->buf. */
void egTextPrintAttribute(EgText *text, MlirAttribute attr);
void egTextClear(EgText *text);

#endif
