/* solar-fusion-groups: partitions each function's einsum graph into fusion
 * groups whose intermediates stay on chip, and attaches them as
 * `solar.fusion = #solar.fusion<{...}>` (docs/user-guide.md). */
#include "solar/support/diagnostics.h"
#include "solar/passes/passes.h"
#include "solar/passes/stage.h"

static bool fuseFunc(MlirOperation func, const SolarEinsumGraph *graph,
                     const SolarStageConfig *config) {
  SolarFusion fusion;
  if (!solarStageFusion(func, graph, config, &fusion))
    return false;
  solarFusionDestroy(&fusion);
  return true;
}

static void runFusionGroups(MlirOperation op, MlirExternalPass pass,
                            const SolarOptions *options) {
  static const char *const attach[] = {SOLAR_EINSUM_GRAPH_ATTR,
                                      SOLAR_FUSION_ATTR, NULL};
  solarRunStagePass(op, pass, options, false, false, fuseFunc, attach);
}

static const char *const fusionOptions[] = {"arch", "capacity", "dtype",
                                            "strict", NULL};

const SolarPassInfo solarFusionGroupsPass = {
    .argument = "solar-fusion-groups",
    .description = "Partition the einsum graph into fusion groups whose "
                   "intermediates stay on chip (solar.fusion)",
    .valueOption = "capacity",
    .optionNames = fusionOptions,
    .run = runFusionGroups,
};
