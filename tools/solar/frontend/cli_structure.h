/* Whether two lowered modules are the same program at two sizes: the
 * full-size export `solar analyze` analyzes and the shrunk export the
 * reference verified (docs/importers.md, "Two sizes"). Their einsum graphs
 * must have the same functions, nodes in the same order with the same
 * equations, reductions, operations per point and dtypes, the same tensors
 * (roles, dtypes, ranks) and the same edges; only sizes may differ. A
 * program whose structure depends on its sizes (a size-dependent branch,
 * a size-1 dimension squeezed away) fails this, and its small
 * verification says nothing about the full-size IR. */
#ifndef SOLAR_CLI_STRUCTURE_H
#define SOLAR_CLI_STRUCTURE_H

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stddef.h>

/* True when the structures match (*nodes: the einsum nodes compared);
 * false with the first difference in `why`. Lifting diagnostics are
 * swallowed: the analysis lifts the full module again and reports them. */
bool solarStructureSame(MlirModule verified, MlirModule full, size_t *nodes,
                        char *why, size_t whySize);

#endif
