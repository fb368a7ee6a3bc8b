/* Shared between the files of lib/sol. */
#ifndef SOLAR_SOL_INTERNAL_H
#define SOLAR_SOL_INTERNAL_H

#include "solar/sol/sol.h"

/* Replaces the per-node unfused totals of `out` (nodes filled) by totals per
 * framework-op kernel when the graph records framework ops. */
void solarSolUnfusedKernels(const SolarEinsumGraph *graph,
                            SolarDtype storageDtype, double dramBytesPerS,
                            SolarSol *out);

#endif
