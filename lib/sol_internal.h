/* Helpers shared by lib/sol_*.c only. */
#ifndef SOLAR_SOL_INTERNAL_H
#define SOLAR_SOL_INTERNAL_H

#include "solar/io_bound.h"
#include "solar/sol.h"

/* The node as a projection nest (extents, operand projections and their
 * footprints). False when the node has symbolic sizes or too many dims. */
bool solarNodeNest(const SolarEinsumGraph *graph, const SolarEinsumNode *node,
                   SolarDtype computeDtype, SolarIoNest *nest);

#endif
