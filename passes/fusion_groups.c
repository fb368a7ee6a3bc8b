/* solar-fusion-groups: partitions each function's einsum graph into fusion
 * groups whose intermediates stay on chip, and attaches them as
 * `solar.fusion = #solar.fusion<{...}>` (docs/user-guide.md). */
#include "solar/diagnostics.h"
#include "solar/passes.h"
#include "solar/sol.h"

#include <stdlib.h>

static void runFusionGroups(MlirOperation op, MlirExternalPass pass,
                            const SolarOptions *options) {
  SolarStageConfig config;
  if (!solarStageConfigInit(mlirOperationGetLocation(op), options, false,
                            &config)) {
    mlirExternalPassSignalFailure(pass);
    return;
  }
  size_t count = 0;
  MlirOperation *funcs = solarCollectFuncs(op, &count);
  bool ok = true;
  for (size_t i = 0; i < count; ++i) {
    SolarEinsumGraph graph;
    if (!solarFuncEinsumGraph(funcs[i], config.strict, &graph)) {
      ok = false;
      continue;
    }
    SolarFusion fusion;
    if (solarStageFusion(funcs[i], &graph, &config, &fusion))
      solarFusionDestroy(&fusion);
    else
      ok = false;
    solarEinsumGraphDestroy(&graph);
  }
  free(funcs);
  solarStageConfigDestroy(&config);
  if (!ok)
    mlirExternalPassSignalFailure(pass);
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
