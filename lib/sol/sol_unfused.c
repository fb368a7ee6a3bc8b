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

void solarSolUnfusedKernels(const SolarEinsumGraph *graph,
                            const SolarArch *arch, SolarDtype storageDtype,
                            SolarSol *out) {
  double dramBytesPerS = arch->dram_bytes_per_s.value;
  if (!anyFrameworkOp(graph))
    return;
  SolarFusion kernels;
  char err[256];
  /* The footprints were counted for the fusion groups already; a failure
   * here (parametric sizes) leaves the per-node figures. */
  if (!solarFrameworkKernels(graph, storageDtype, &kernels, err, sizeof(err)))
    return;
  out->bytes[SOLAR_FIDELITY_UNFUSED] = 0;
  out->seconds[SOLAR_FIDELITY_UNFUSED] = 0;
  double worst = -1;
  for (size_t k = 0; k < kernels.groupCount; ++k) {
    const SolarFusionGroup *g = &kernels.groups[k];
    double compute =
        solarSolComputeOfNodes(graph, arch, out, g->nodes, g->nodeCount);
    double dram = g->dramBytes > 0 && dramBytesPerS > 0
                      ? g->dramBytes / dramBytesPerS
                      : 0;
    double seconds = solarRoofline(&solarSecondsAlgebra,
                                   solarSecondsTerm(compute),
                                   solarSecondsTerm(dram))
                         .seconds;
    out->bytes[SOLAR_FIDELITY_UNFUSED] += g->dramBytes;
    out->seconds[SOLAR_FIDELITY_UNFUSED] += seconds;
    if (seconds > worst) {
      worst = seconds;
      out->bound[SOLAR_FIDELITY_UNFUSED] =
          dram > compute ? SOLAR_BOUND_DRAM : SOLAR_BOUND_COMPUTE;
    }
  }
  out->kernelsUnfused = (int64_t)kernels.groupCount;
  solarFusionDestroy(&kernels);
}
