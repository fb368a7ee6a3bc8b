/* Helpers shared by lib/sol_*.c only. */
#ifndef SOLAR_SOL_INTERNAL_H
#define SOLAR_SOL_INTERNAL_H

#include "solar/io_bound.h"
#include "solar/sol.h"

/* The node as a projection nest (extents, operand projections and their
 * footprints); operandTensors[j] receives operand j's tensor id. False when the node has symbolic sizes or too many dims. */
bool solarNodeNest(const SolarEinsumGraph *graph, const SolarEinsumNode *node,
                   SolarDtype computeDtype, SolarIoNest *nest,
                   int64_t *operandTensors);

/* Loop dims that the expression of an index uses, over all its pieces but
 * ignoring the pieces' domains (which restate the loop bounds).
 * *coordinate: one piece of the form c*d + k with one dim and no division. */
#include <isl/aff.h>
uint32_t solarIndexDims(__isl_keep isl_pw_aff *index, bool *coordinate);

#endif
