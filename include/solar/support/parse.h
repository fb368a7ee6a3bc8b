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

/* MLIR's parser recurses once per nested region (and attribute
 * dictionary): text nested a few thousand '{' deep overflows its stack. Text
 * nested deeper than this is refused before parsing, with the place where
 * it first goes deeper; no program written or generated for analysis comes
 * near it. */
enum { SOLAR_MAX_TEXT_NESTING = 1000 };

/* Returns a module owned by the caller (mlirModuleDestroy), or a null module
 * after printing the parser's diagnostics as `bufferName:line:col: error`
 * (text nested deeper than SOLAR_MAX_TEXT_NESTING included). */
MlirModule solarParseModule(MlirContext ctx, const char *text, size_t length,
                            const char *bufferName);

/* solarParseModule on the whole of the file at `path`, named by the path;
 * a file that cannot be read gives "PATH: cannot read: REASON" on stderr
 * and a null module. The text is not kept: the parser works on its own
 * copy, and later diagnostics at the file's locations show no source line
 * (solarParseModule's caller keeps the text for that). */
MlirModule solarParseModuleFile(MlirContext ctx, const char *path);

#ifdef __cplusplus
}
#endif

#endif
