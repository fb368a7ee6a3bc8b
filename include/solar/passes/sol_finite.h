/* A SOL figure that is infinite or NaN is nonsense: jansson cannot even
 * write it (json_real returns NULL and the key silently disappears). The
 * passes check attributes with this before storing or reporting them. */
#ifndef SOLAR_PASSES_SOL_FINITE_H
#define SOLAR_PASSES_SOL_FINITE_H

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Whether a float anywhere inside `attr` (dictionaries and arrays, and the
 * dictionary inside a solar dialect attribute) is not finite; its key path
 * (time_fused_s, groups[2].bytes) goes to `where`. */
bool solarAttrFindNonFinite(MlirAttribute attr, char *where, size_t whereSize);

#ifdef __cplusplus
}
#endif

#endif
