/* Whether two lowered modules are the same program at two sizes: the
 * full-size export `solar analyze` analyzes and the shrunk export the
 * reference verified (docs/importers.md, "Two sizes"). Their einsum graphs
 * must have the same functions, nodes in the same order with the same
 * equations, reductions, operations per point and dtypes, the same tensors
 * (roles, dtypes, ranks) and the same edges; only sizes may differ, and
 * the number of repetitions of one repeated block (an unrolled loop over a
 * sequence: cli_structure_repeat.h). A
 * program whose structure depends on its sizes (a size-dependent branch,
 * a size-1 dimension squeezed away) fails this, and its small
 * verification says nothing about the full-size IR. */
#ifndef SOLAR_CLI_STRUCTURE_H
#define SOLAR_CLI_STRUCTURE_H

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stddef.h>

/* True when the structures match (*nodes: the einsum nodes compared;
 * `note`: "only sizes differ", or which block repeats more often at full
 * size, cli_structure_repeat.h); false with the first difference in `why`.
 * Lifting diagnostics are swallowed: the analysis lifts the full module
 * again and reports them. With `ahead` (solar analyze, which analyzes
 * `full` itself), each full-size function is lifted as the analysis will
 * lift it, and its graph kept for the analysis
 * (solarFuncEinsumGraphPrelift, which keeps the diagnostics for it too);
 * a refusal discards what was kept. */
bool solarStructureSame(MlirModule verified, MlirModule full, bool ahead,
                        size_t *nodes, char *note, size_t noteSize,
                        char *why, size_t whySize);

#endif
