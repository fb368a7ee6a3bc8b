/* Framework-op identity (docs/sol-model.md, "Unfused"): which op of the
 * source framework (torch.softmax, avg_pool3d, a StableHLO op...) a loop nest
 * was lowered from. The importers put the string attribute
 * `solar.framework_op` on the linalg/tensor ops they export; lowering to
 * affine carries it, as a named location `fwop:NAME` that upstream patterns
 * copy onto every op they create, to the stores of the resulting nests. The
 * einsum graph reads it from a store or the nearest enclosing op carrying
 * it, so hand-written affine can also put it on a loop. */
#ifndef SOLAR_FRONTEND_FRAMEWORK_OP_H
#define SOLAR_FRONTEND_FRAMEWORK_OP_H

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SOLAR_FRAMEWORK_OP_ATTR "solar.framework_op"
/* Prefix of the named locations that carry the identity during lowering. */
#define SOLAR_FRAMEWORK_OP_LOC_PREFIX "fwop:"

/* Before lowering: every op below `root` with a string `solar.framework_op`
 * gets the location `fwop:NAME`(its location) and loses the attribute. */
void solarFrameworkOpsToLocations(MlirOperation root);

/* After lowering: every op below `root` whose location is `fwop:NAME`(child)
 * gets its child location back; stores also get `solar.framework_op = NAME`. */
void solarFrameworkOpsFromLocations(MlirOperation root);

/* The framework op of `op`: its own `solar.framework_op` or that of the
 * nearest enclosing op (up to, not including, the func.func). Writes NAME
 * into buf and returns true when there is one. */
bool solarFrameworkOpOf(MlirOperation op, char *buf, size_t size);

#ifdef __cplusplus
}
#endif

#endif
