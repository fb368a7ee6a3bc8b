/* solar-cache-traffic: DRAM traffic of each fusion group under a cache of the
 * given capacity: the proven lower bound used for SOL time and the best
 * tiling found beside it, as `solar.traffic = #solar.traffic<{...}>`. */
#include "solar/diagnostics.h"
#include "solar/passes.h"
#include "solar/sol.h"

#include <stdlib.h>

static void runCacheTraffic(MlirOperation op, MlirExternalPass pass,
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
    SolarTraffic traffic;
    if (!solarStageFusion(funcs[i], &graph, &config, &fusion)) {
      ok = false;
    } else {
      if (solarStageTraffic(funcs[i], &graph, &fusion, &config, &traffic))
        solarTrafficDestroy(&traffic);
      else
        ok = false;
      solarFusionDestroy(&fusion);
    }
    solarEinsumGraphDestroy(&graph);
  }
  free(funcs);
  solarStageConfigDestroy(&config);
  if (!ok)
    mlirExternalPassSignalFailure(pass);
}

static const char *const trafficOptions[] = {"arch", "capacity", "dtype",
                                             "strict", NULL};

const SolarPassInfo solarCacheTrafficPass = {
    .argument = "solar-cache-traffic",
    .description = "Cache-aware DRAM traffic per fusion group: proven lower "
                   "bound and best tiling (solar.traffic)",
    .valueOption = "capacity",
    .optionNames = trafficOptions,
    .run = runCacheTraffic,
};
