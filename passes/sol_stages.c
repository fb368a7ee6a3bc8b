/* Running the SOL stages in order, each reusing what earlier ones attached. */
#include "solar/support/diagnostics.h"
#include "solar/passes/analysis.h"
#include "solar/passes/stage.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

bool solarStageConfigInit(MlirLocation loc, const SolarOptions *options,
                          bool archRequired, SolarStageConfig *config) {
  memset(config, 0, sizeof(*config));
  config->strict = solarOptionsGetBool(options, "strict", false);
  config->detail = solarOptionsGetBool(options, "detail", false);
  config->dtypeOption = solarOptionsGet(options, "dtype");
  char policyErr[256];
  if (!solarFp32PolicyParse(solarOptionsGet(options, "fp32-math"),
                            &config->fp32Policy, policyErr,
                            sizeof(policyErr))) {
    solarEmitError(loc, "%s", policyErr);
    return false;
  }
  if (!solarPassLoadArch(loc, options, archRequired, &config->arch,
                         &config->haveArch))
    return false;
  char err[512];
  if (!solarPassCapacity(options, config->haveArch ? &config->arch : NULL,
                         &config->capacityBytes, err, sizeof(err))) {
    solarEmitError(loc, "%s", err);
    solarStageConfigDestroy(config);
    return false;
  }
  config->innerCapacityBytes =
      config->haveArch ? solarInnerCapacity(&config->arch) : INFINITY;
  return true;
}

void solarStageConfigDestroy(SolarStageConfig *config) {
  if (config->haveArch)
    solarArchDestroy(&config->arch);
  config->haveArch = false;
}

static bool storageDtype(MlirOperation func, const SolarEinsumGraph *graph,
                         const SolarStageConfig *config, SolarDtype *out) {
  char err[256];
  SolarDtype compute;
  if (!solarGraphComputeDtype(graph, config->dtypeOption, &compute, err,
                              sizeof(err))) {
    solarEmitError(mlirOperationGetLocation(func), "%s", err);
    return false;
  }
  *out = solarStorageDtype(config->dtypeOption, compute);
  return true;
}

bool solarStageFusion(MlirOperation func, const SolarEinsumGraph *graph,
                      const SolarStageConfig *config, SolarFusion *fusion) {
  char err[512];
  MlirStringRef name = mlirStringRefCreateFromCString(SOLAR_FUSION_ATTR);
  MlirAttribute attr = mlirOperationGetAttributeByName(func, name);
  if (!mlirAttributeIsNull(attr)) {
    if (solarFusionFromAttribute(attr, fusion, err, sizeof(err)))
      return true;
    solarEmitError(mlirOperationGetLocation(func), "%s", err);
    return false;
  }
  SolarDtype storage;
  if (!storageDtype(func, graph, config, &storage))
    return false;
  if (!solarFusionCompute(graph, config->capacityBytes, storage, fusion, err,
                          sizeof(err))) {
    solarEmitError(mlirOperationGetLocation(func), "%s", err);
    return false;
  }
  if (config->attachFusion)
    mlirOperationSetDiscardableAttributeByName(
        func, name,
        solarFusionToAttribute(mlirOperationGetContext(func), fusion));
  return true;
}

bool solarStageTraffic(MlirOperation func, const SolarEinsumGraph *graph,
                       const SolarFusion *fusion,
                       const SolarStageConfig *config, SolarTraffic *traffic) {
  char err[512];
  MlirStringRef name = mlirStringRefCreateFromCString(SOLAR_TRAFFIC_ATTR);
  MlirAttribute attr = mlirOperationGetAttributeByName(func, name);
  if (!mlirAttributeIsNull(attr)) {
    if (solarTrafficFromAttribute(attr, traffic, err, sizeof(err)))
      return true;
    solarEmitError(mlirOperationGetLocation(func), "%s", err);
    return false;
  }
  SolarDtype storage;
  if (!storageDtype(func, graph, config, &storage))
    return false;
  if (!solarTrafficCompute(graph, fusion, config->capacityBytes,
                           config->innerCapacityBytes, storage, traffic, err,
                           sizeof(err))) {
    solarEmitError(mlirOperationGetLocation(func), "%s", err);
    return false;
  }
  if (config->attachTraffic)
    mlirOperationSetDiscardableAttributeByName(
        func, name,
        solarTrafficToAttribute(mlirOperationGetContext(func), traffic));
  return true;
}

static bool attachNamed(const char *const *names, const char *name) {
  for (; *names; ++names)
    if (strcmp(*names, name) == 0)
      return true;
  return false;
}

void solarRunStagePass(MlirOperation op, MlirExternalPass pass,
                       const SolarOptions *options, bool archRequired,
                       bool needsTraffic, SolarStageFuncFn perFunc,
                       const char *const *attachNames) {
  SolarStageConfig config;
  if (!solarStageConfigInit(mlirOperationGetLocation(op), options,
                            archRequired, &config)) {
    mlirExternalPassSignalFailure(pass);
    return;
  }
  SolarAnalysisTarget target;
  if (!solarAnalysisBegin(op, &target)) {
    solarStageConfigDestroy(&config);
    mlirExternalPassSignalFailure(pass);
    return;
  }
  /* A stage's attribute is built only when the pass hands it out
   * (attachNames): plain solar-sol writes solar.sol alone, and the stages
   * before it pass their results on in memory. */
  bool attachGraph = attachNamed(attachNames, SOLAR_EINSUM_GRAPH_ATTR);
  config.attachFusion = attachNamed(attachNames, SOLAR_FUSION_ATTR);
  config.attachTraffic = attachNamed(attachNames, SOLAR_TRAFFIC_ATTR);
  size_t count = 0;
  MlirOperation *funcs = solarCollectFuncs(target.analyzed, &count);
  bool ok = true;
  MlirStringRef trafficName = mlirStringRefCreateFromCString(SOLAR_TRAFFIC_ATTR);
  for (size_t i = 0; i < count; ++i) {
    SolarEinsumGraph graph;
    if (needsTraffic &&
        mlirAttributeIsNull(
            mlirOperationGetAttributeByName(funcs[i], trafficName)) &&
        !solarCheckTrafficDepth(funcs[i])) {
      ok = false;
      continue;
    }
    if (!solarFuncEinsumGraph(funcs[i], config.strict, attachGraph,
                              &graph)) {
      ok = false;
      continue;
    }
    ok &= perFunc(funcs[i], &graph, &config);
    solarEinsumGraphDestroy(&graph);
  }
  free(funcs);
  solarAnalysisEnd(&target, attachNames);
  solarStageConfigDestroy(&config);
  if (!ok)
    mlirExternalPassSignalFailure(pass);
}
