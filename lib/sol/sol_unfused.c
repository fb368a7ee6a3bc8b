/* The unfused fidelity per framework-op kernel (docs/sol-model.md,
 * "Unfused"): nodes lowered from one framework op run as one kernel, whose
 * DRAM traffic is the op's inputs and outputs only. */
#include "sol_internal.h"
#include "solar/einsum/einsum_graph_index.h"

#include <stdbool.h>

static bool anyFrameworkOp(const SolarEinsumGraph *graph) {
  for (size_t i = 0; i < graph->nodeCount; ++i)
    if (graph->nodes[i].frameworkOp)
      return true;
  return false;
}

/* sol->nodes follows graph->nodes (solarSolCompute fills one per node, in
 * order), so the graph's id lookup finds it. */
static const SolarNodeSol *nodeSol(const SolarEinsumGraph *graph,
                                const SolarSol *sol, int64_t id) {
  size_t i = solarGraphNodeIndex(graph, id);
  return i < sol->nodeCount && sol->nodes[i].node == id ? &sol->nodes[i]
                                                        : NULL;
}

void solarSolUnfusedKernels(const SolarEinsumGraph *graph,
                            SolarDtype storageDtype, double dramBytesPerS,
                            SolarSol *out) {
  if (!anyFrameworkOp(graph))
    return;
  SolarFusion kernels;
  char err[256];
  /* The footprints were counted for the fusion groups already; a failure
   * here (parametric sizes) leaves the per-node figures. */
  if (!solarFrameworkKernels(graph, storageDtype, &kernels, err, sizeof(err)))
    return;
  out->bytesUnfused = 0;
  out->timeUnfused = 0;
  double worst = -1;
  for (size_t k = 0; k < kernels.groupCount; ++k) {
    const SolarFusionGroup *g = &kernels.groups[k];
    double compute = 0;
    for (size_t i = 0; i < g->nodeCount; ++i) {
      const SolarNodeSol *n = nodeSol(graph, out, g->nodes[i]);
      compute += n ? n->compute.seconds : 0;
    }
    double dram = g->dramBytes > 0 && dramBytesPerS > 0
                      ? g->dramBytes / dramBytesPerS
                      : 0;
    double seconds = dram > compute ? dram : compute;
    out->bytesUnfused += g->dramBytes;
    out->timeUnfused += seconds;
    if (seconds > worst) {
      worst = seconds;
      out->boundUnfused =
          dram > compute ? SOLAR_BOUND_DRAM : SOLAR_BOUND_COMPUTE;
    }
  }
  out->kernelsUnfused = (int64_t)kernels.groupCount;
  solarFusionDestroy(&kernels);
}
