/* Parsing MLIR text the way mlir-opt does: top-level ops other than a single
 * builtin.module are wrapped in an implicit module, and every location names
 * the buffer the text came from. */
#ifndef SOLAR_PARSE_H
#define SOLAR_PARSE_H

#include "mlir-c/IR.h"

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Returns a module owned by the caller (mlirModuleDestroy), or a null module
 * after printing the parser's diagnostics as `bufferName:line:col: error`. */
MlirModule solarParseModule(MlirContext ctx, const char *text, size_t length,
                            const char *bufferName);

#ifdef __cplusplus
}
#endif

#endif
