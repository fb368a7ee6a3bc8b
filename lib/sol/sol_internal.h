/* Shared between the files of lib/sol. */
#ifndef SOLAR_SOL_INTERNAL_H
#define SOLAR_SOL_INTERNAL_H

#include "solar/sol/sol.h"

/* Replaces the per-node unfused totals of `out` (nodes and groups filled)
 * by totals per framework-op kernel when the graph records framework ops,
 * and charges each kernel to the group of `fusion` holding its first node
 * (groups start from framework ops, so a kernel lies in one group). */
void solarSolUnfusedKernels(const SolarEinsumGraph *graph,
                            const SolarFusion *fusion, const SolarArch *arch,
                            SolarDtype storageDtype, SolarSol *out);

/* The node's precision and the rate key its MACs use under the policy
 * (dtype, rateDtype, operand/accumulate dtypes, contraction class). */
void solarNodePrecision(const SolarEinsumGraph *graph, size_t index,
                        SolarDtype dtypeOverride, SolarDtype reportDtype,
                        const SolarFp32Policy *policy, SolarNodeSol *n);

/* The SOL of node `id` in sol->nodes (which follows graph->nodes), or
 * NULL. */
const SolarNodeSol *solarSolFindNode(const SolarEinsumGraph *graph,
                                     const SolarSol *sol, int64_t id);

/* The compute seconds of the nodes `ids` run as one kernel
 * (solarComputeOf over their unit times); ids of no node are skipped. */
double solarSolComputeOfNodes(const SolarEinsumGraph *graph,
                              const SolarArch *arch, const SolarSol *sol,
                              const int64_t *ids, size_t count);

/* ---- the rules both SOL paths state (sol_rules.c) ---------------------- */

/* One time: seconds on the numeric path, a time form (sol_symbolic.h;
 * NULL for 0, owned) on the symbolic one. */
typedef union SolarTimeTerm {
  double seconds;
  char *form;
} SolarTimeTerm;

typedef struct SolarTimeAlgebra {
  /* The sum (max false) or the maximum of parts[0..n), in that order;
   * takes the parts. */
  SolarTimeTerm (*combine)(SolarTimeTerm *parts, size_t n, bool max);
  SolarTimeTerm (*copy)(SolarTimeTerm term);
} SolarTimeAlgebra;

extern const SolarTimeAlgebra solarSecondsAlgebra;
SolarTimeTerm solarSecondsTerm(double seconds);

/* One node's part in a kernel's compute: its time on each unit (indexed
 * by SolarUnit; kept) and the dtype its work runs in. */
typedef struct SolarComputeNode {
  const SolarTimeTerm *units;
  SolarDtype dtype;
} SolarComputeNode;

/* The compute time of nodes run as one kernel (a node alone, a fusion
 * group, a framework-op kernel, the whole function for ideal): the longest
 * pipe's total (sol_rules.c). */
SolarTimeTerm solarComputeOf(const SolarTimeAlgebra *alg,
                             const SolarArch *arch,
                             const SolarComputeNode *nodes, size_t count);

/* max(compute, transfer): a kernel's roofline time; takes both. */
SolarTimeTerm solarRoofline(const SolarTimeAlgebra *alg, SolarTimeTerm compute,
                            SolarTimeTerm transfer);

#endif
