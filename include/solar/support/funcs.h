/* Finding the func.func operations below an anchor: the one walk every pass
 * and command uses. */
#ifndef SOLAR_SUPPORT_FUNCS_H
#define SOLAR_SUPPORT_FUNCS_H

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A func.func, declaration or definition. */
bool solarIsFunc(MlirOperation op);
/* A func.func with a body. */
bool solarIsFuncDefinition(MlirOperation op);

/* The function's symbol name without '@', malloc'ed; "?" without one. */
char *solarFuncName(MlirOperation func);

/* The func.func definitions below op (op itself when it is one), in walk
 * order; the caller frees the array (NULL when there are none). */
MlirOperation *solarCollectFuncs(MlirOperation op, size_t *count);

#ifdef __cplusplus
}
#endif

#endif
