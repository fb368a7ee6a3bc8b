/* Necessary work at one run's inputs (docs/sol-model.md, "Masks at these
 * inputs"): the zeros of run-time masks (ReLU's output and its gradient),
 * counted by the reference on the inputs the step is measured on, make
 * the points that multiply by them skippable for those inputs. A figure
 * of its own, labelled "at these inputs"; the input-independent necessary
 * work (solarEinsumNodeNecessaryOps) stays the bound. */
#ifndef SOLAR_EINSUM_INPUT_ZEROS_H
#define SOLAR_EINSUM_INPUT_ZEROS_H

#include "solar/einsum/einsum_graph.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* One framework op's output as the reference counted it. */
typedef struct {
  const char *frameworkOp; /* the identity on the IR (solar.framework_op) */
  int64_t zeros;           /* elements equal to 0 */
  int64_t elements;        /* all its elements */
} SolarMaskZeros;

/* Per tensor of the graph (graph->tensorCount entries of *zeros, which
 * the caller frees): the elements known 0 at these inputs, -1 where
 * nothing is known. A count describes the tensor its framework op writes
 * and other ops read (exactly one; written by that op alone, of the same
 * element count), and goes on through whole-tensor copies (a transpose
 * with no arithmetic, the tensor's only writer). *ready (same length)
 * holds the position of the last node writing the tensor: reads after it
 * see those values. False on allocation failure. */
bool solarEinsumGraphInputZeros(const SolarEinsumGraph *graph,
                                const SolarMaskZeros *masks, size_t count,
                                int64_t **zeros, int64_t **ready);

/* Points of node `node` (a position in graph->nodes) that are skippable at
 * these inputs: zeros(T) x R for its `zero_skips` operand T read after
 * its last write through a map that reads every element of T from the
 * same number R of points (checked with isl), the largest over its
 * operands; 0 when none qualifies, when a count is symbolic, or when the
 * node already has points excluded (input-independent exclusions and
 * these could overlap). */
int64_t solarEinsumNodeInputZeroPoints(const SolarEinsumGraph *graph,
                                       size_t node, const int64_t *zeros,
                                       const int64_t *ready);

/* solarEinsumNodeNecessaryOps / Flops with `skipped` more points excluded
 * (the ops of each point dropped there). */
void solarEinsumNodeNecessaryOpsAt(const SolarEinsumNode *node,
                                   int64_t skipped, SolarOpCounts *out);
int64_t solarEinsumNodeNecessaryFlopsAt(const SolarEinsumNode *node,
                                        int64_t skipped);

#ifdef __cplusplus
}
#endif

#endif
