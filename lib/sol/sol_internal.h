/* Shared between the files of lib/sol. */
#ifndef SOLAR_SOL_INTERNAL_H
#define SOLAR_SOL_INTERNAL_H

#include "solar/sol/sol.h"

/* Replaces the per-node unfused totals of `out` (nodes filled) by totals per
 * framework-op kernel when the graph records framework ops. */
void solarSolUnfusedKernels(const SolarEinsumGraph *graph,
                            SolarDtype storageDtype, double dramBytesPerS,
                            SolarSol *out);

/* The node's precision and the rate key its MACs use under the policy
 * (dtype, rateDtype, operand/accumulate dtypes, contraction class). */
void solarNodePrecision(const SolarEinsumGraph *graph, size_t index,
                        SolarDtype dtypeOverride, SolarDtype reportDtype,
                        const SolarFp32Policy *policy, SolarNodeSol *n);

#endif
