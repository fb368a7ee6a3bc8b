/* The unfused fidelity per framework-op kernel (docs/sol-model.md,
 * "Unfused"): nodes lowered from one framework op run as one kernel, whose
 * DRAM traffic is the op's inputs and outputs only. The groups' unfused
 * figures are shares of the same kernels, so that every figure speaking of
 * unfused kernels (the function's, a group's, a fusion opportunity's)
 * counts the same ones. */
#include "sol_internal.h"
#include "solar/einsum/einsum_graph_index.h"

#include <stdbool.h>

static bool anyFrameworkOp(const SolarEinsumGraph *graph) {
  for (size_t i = 0; i < graph->nodeCount; ++i)
    if (graph->nodes[i].frameworkOp)
      return true;
  return false;
}

/* The group of `fusion` holding node `id` (its index in out->groups, which
 * follows fusion->groups), or NULL. */
static SolarGroupSol *groupOfNode(const SolarFusion *fusion, SolarSol *out,
                                  int64_t id) {
  for (size_t g = 0; g < fusion->groupCount && g < out->groupCount; ++g)
    for (size_t k = 0; k < fusion->groups[g].nodeCount; ++k)
      if (fusion->groups[g].nodes[k] == id)
        return &out->groups[g];
  return NULL;
}

/* Without framework ops every node is its own unfused kernel. */
static void chargeNodes(const SolarEinsumGraph *graph,
                        const SolarFusion *fusion, SolarSol *out) {
  for (size_t i = 0; i < out->nodeCount; ++i) {
    SolarGroupSol *g = groupOfNode(fusion, out, graph->nodes[i].id);
    if (g)
      g->unfusedSeconds += out->nodes[i].seconds;
  }
}

void solarSolUnfusedKernels(const SolarEinsumGraph *graph,
                            const SolarFusion *fusion, const SolarArch *arch,
                            SolarDtype storageDtype, SolarSol *out) {
  double dramBytesPerS = arch->dram_bytes_per_s.value;
  for (size_t g = 0; g < out->groupCount; ++g)
    out->groups[g].unfusedSeconds = 0;
  SolarFusion kernels;
  char err[256];
  /* The footprints were counted for the fusion groups already; a failure
   * here (parametric sizes) leaves the per-node figures. */
  if (!anyFrameworkOp(graph) ||
      !solarFrameworkKernels(graph, storageDtype, &kernels, err, sizeof(err))) {
    chargeNodes(graph, fusion, out);
    return;
  }
  out->bytes[SOLAR_FIDELITY_UNFUSED] = 0;
  out->bytesDram[SOLAR_FIDELITY_UNFUSED] = 0;
  out->seconds[SOLAR_FIDELITY_UNFUSED] = 0;
  double worst = -1, capacity = solarLlcCapacity(arch, fusion->capacityBytes);
  /* Eager runs the framework ops one after another, each as one kernel. */
  SolarLlcTouch facts;
  solarLlcTouchOfPartition(graph, &kernels, true, &facts);
  for (size_t k = 0; k < kernels.groupCount; ++k) {
    const SolarFusionGroup *g = &kernels.groups[k];
    double compute =
        solarSolComputeOfNodes(graph, arch, out, g->nodes, g->nodeCount);
    SolarLlcBytes parts =
        solarLlcGroupBytes(graph, &facts, g, k, storageDtype);
    double bytes = solarLlcTotal(&parts, capacity);
    double dram = bytes > 0 && dramBytesPerS > 0 ? bytes / dramBytesPerS : 0;
    double seconds = solarRoofline(&solarSecondsAlgebra,
                                   solarSecondsTerm(compute),
                                   solarSecondsTerm(dram))
                         .seconds;
    out->bytes[SOLAR_FIDELITY_UNFUSED] += bytes;
    out->bytesDram[SOLAR_FIDELITY_UNFUSED] += parts.dram;
    out->seconds[SOLAR_FIDELITY_UNFUSED] += seconds;
    SolarGroupSol *group =
        g->nodeCount ? groupOfNode(fusion, out, g->nodes[0]) : NULL;
    if (group)
      group->unfusedSeconds += seconds;
    if (seconds > worst) {
      worst = seconds;
      out->bound[SOLAR_FIDELITY_UNFUSED] =
          dram > compute ? SOLAR_BOUND_DRAM : SOLAR_BOUND_COMPUTE;
    }
  }
  out->kernelsUnfused = (int64_t)kernels.groupCount;
  solarLlcTouchDestroy(&facts);
  solarFusionDestroy(&kernels);
}
