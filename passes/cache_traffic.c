/* solar-cache-traffic: DRAM traffic of each fusion group under a cache of the
 * given capacity: the proven lower bound used for SOL time and the best
 * tiling found beside it, as `solar.traffic = #solar.traffic<{...}>`. */
#include "solar/support/diagnostics.h"
#include "solar/passes/passes.h"
#include "solar/passes/stage.h"

static bool trafficFunc(MlirOperation func, const SolarEinsumGraph *graph,
                        const SolarStageConfig *config) {
  SolarFusion fusion;
  if (!solarStageFusion(func, graph, config, &fusion))
    return false;
  SolarTraffic traffic;
  bool ok = solarStageTraffic(func, graph, &fusion, config, &traffic);
  if (ok)
    solarTrafficDestroy(&traffic);
  solarFusionDestroy(&fusion);
  return ok;
}

static void runCacheTraffic(MlirOperation op, MlirExternalPass pass,
                            const SolarOptions *options) {
  static const char *const attach[] = {
      SOLAR_EINSUM_GRAPH_ATTR, SOLAR_FUSION_ATTR, SOLAR_TRAFFIC_ATTR, NULL};
  solarRunStagePass(op, pass, options, false, true, trafficFunc, attach);
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
