/* Creating an MLIR context that knows every upstream dialect and the solar
 * dialect. */
#ifndef SOLAR_CONTEXT_H
#define SOLAR_CONTEXT_H

#include "mlir-c/IR.h"

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Registers upstream dialects, passes and LLVM translations once per process. */
void solarRegisterEverything(void);

/* A new context with all upstream dialects registered and the solar dialect
 * loaded; diagnostics are printed by solar's printer. Caller destroys it with
 * mlirContextDestroy. Returns a null context if the solar dialect failed to
 * load (an error has been printed). */
MlirContext solarContextCreate(void);

/* Loads the embedded IRDL definition of the solar dialect into ctx. */
bool solarDialectLoad(MlirContext ctx);

/* The embedded IRDL text (dialect/solar.irdl.mlir). */
const char *solarDialectIrdlText(void);

#ifdef __cplusplus
}
#endif

#endif
