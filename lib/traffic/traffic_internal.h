/* Helpers shared by lib/traffic/ only. */
#ifndef SOLAR_TRAFFIC_INTERNAL_H
#define SOLAR_TRAFFIC_INTERNAL_H

#include "solar/traffic/io_bound.h"
#include "solar/traffic/traffic.h"
#include "solar/fusion/shape_memo.h"

/* The node as a projection nest (extents, operand projections and their
 * footprints); operandTensors[j] receives operand j's tensor id. False
 * when the node has symbolic sizes or too many dims. `shapes`: the stage's
 * memo over the same graph. */
bool solarNodeNest(SolarShapeMemo *shapes, const SolarEinsumGraph *graph,
                   const SolarEinsumNode *node, SolarDtype computeDtype,
                   SolarIoNest *nest, int64_t *operandTensors);

#endif
