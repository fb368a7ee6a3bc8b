/* solar-sol: speed-of-light times of each function on a hardware
 * description, at three fidelities (unfused, fused, cache-aware) plus the
 * fully fused ideal, as `solar.sol = #solar.sol<{...}>`. Runs the earlier
 * stages (einsum graph, fusion groups, cache traffic) where their attributes
 * are absent, attaching them only with stages=true. */
#include "solar/support/diagnostics.h"
#include "solar/passes/passes.h"
#include "solar/passes/stage.h"
#include "solar/passes/sol_finite.h"
#include "solar/dialect/dialect_attr.h"
#include "solar/sol/sol_symbolic.h"

/* Sizes the program leaves symbolic: the figures as expressions in them
 * (docs/sol-model.md, "Symbolic sizes"). */
static bool solFuncSymbolic(MlirOperation func, const SolarEinsumGraph *graph,
                            const SolarStageConfig *config, SolarDtype dtype) {
  SolarDtype storage = solarStorageDtype(config->dtypeOption, dtype);
  bool frameworkOps = false;
  for (size_t i = 0; i < graph->nodeCount; ++i)
    frameworkOps |= graph->nodes[i].frameworkOp != NULL;
  char err[512];
  SolarFusion fusion, kernels;
  bool haveFusion = solarFusionComputeSymbolic(graph, storage, &fusion, err,
                                               sizeof(err));
  bool haveKernels = haveFusion && frameworkOps &&
                     solarFrameworkKernelsSymbolic(graph, storage, &kernels,
                                                   err, sizeof(err));
  bool ok = haveFusion && (haveKernels || !frameworkOps);
  SolarSymSol sol;
  if (ok)
    ok = solarSolComputeSymbolic(graph, &fusion, haveKernels ? &kernels : NULL,
                                 &config->arch, storage, dtype,
                                 &config->fp32Policy, &sol, err, sizeof(err));
  if (ok) {
    mlirOperationSetDiscardableAttributeByName(
        func, mlirStringRefCreateFromCString(SOLAR_SOL_ATTR),
        solarSymSolToAttribute(mlirOperationGetContext(func), &sol));
    solarSymSolDestroy(&sol);
  } else {
    solarEmitError(mlirOperationGetLocation(func), "%s", err);
  }
  if (haveKernels)
    solarFusionDestroy(&kernels);
  if (haveFusion)
    solarFusionDestroy(&fusion);
  return ok;
}

static bool solFunc(MlirOperation func, const SolarEinsumGraph *graph,
                    const SolarStageConfig *config) {
  bool ok = false;
  SolarFusion fusion;
  SolarTraffic traffic;
  SolarDtype dtype;
  char err[256];
  if (graph->nodeCount == 0) {
    /* A bound of 0 s would claim the function is free. */
    solarEmitError(mlirOperationGetLocation(func),
                   "nothing to analyze in this function: no loop nest or "
                   "linalg op computes anything (a 0 s bound would be "
                   "meaningless)");
  } else if (!solarGraphComputeDtype(graph, config->dtypeOption, &dtype, err,
                              sizeof(err))) {
    solarEmitError(mlirOperationGetLocation(func), "%s", err);
  } else if (solarGraphIsSymbolic(graph)) {
    ok = solFuncSymbolic(func, graph, config, dtype);
  } else if (solarStageFusion(func, graph, config, &fusion)) {
    if (solarStageTraffic(func, graph, &fusion, config, &traffic)) {
      SolarSol sol;
      SolarDtype override = solarStorageDtype(config->dtypeOption, dtype);
      solarSolCompute(graph, &fusion, &traffic, &config->arch, override,
                      dtype, &config->fp32Policy, &sol);
      /* Nobody chose a policy: IEEE is the bound, the TF32 figure what a
       * framework allowing TF32 could reach. */
      if (config->fp32Policy.isDefault && sol.anyFp32Ieee) {
        SolarFp32Policy tf32;
        solarFp32PolicyParse("tf32", &tf32, err, sizeof(err));
        SolarSol alt;
        solarSolCompute(graph, &fusion, &traffic, &config->arch, override,
                        dtype, &tf32, &alt);
        if (alt.computeSeconds != sol.computeSeconds)
          solarSolSetTf32Figures(&sol, &alt);
        solarSolDestroy(&alt);
      }
      MlirAttribute attr = solarSolToAttribute(mlirOperationGetContext(func),
                                               &sol, config->detail);
      /* The hardware loader's ranges keep every figure finite; should one
       * still overflow, no bound at all beats an infinite one. */
      char where[128];
      if (solarAttrFindNonFinite(solarDialectAttrOpen(attr, "sol"), where,
                                 sizeof(where))) {
        solarEmitError(mlirOperationGetLocation(func),
                       "solar-sol: '%s' is not finite on this hardware file; "
                       "no speed-of-light figure is given",
                       where);
      } else {
        mlirOperationSetDiscardableAttributeByName(
            func, mlirStringRefCreateFromCString(SOLAR_SOL_ATTR), attr);
        ok = true;
      }
      solarSolDestroy(&sol);
      solarTrafficDestroy(&traffic);
    }
    solarFusionDestroy(&fusion);
  }
  return ok;
}

static void runSol(MlirOperation op, MlirExternalPass pass,
                   const SolarOptions *options) {
  /* The functions get solar.sol, and the intermediate stages only on
   * request (stages=true): nothing else is built or printed. */
  static const char *const solOnly[] = {SOLAR_SOL_ATTR, NULL};
  static const char *const withStages[] = {
      SOLAR_EINSUM_GRAPH_ATTR, SOLAR_FUSION_ATTR, SOLAR_TRAFFIC_ATTR,
      SOLAR_SOL_ATTR, NULL};
  solarRunStagePass(op, pass, options, true, true, solFunc,
                    solarOptionsGetBool(options, "stages", false) ? withStages
                                                                   : solOnly);
}

static const char *const solOptions[] = {"arch",   "capacity",  "dtype",
                                         "strict", "detail",    "stages",
                                         "fp32-math",
                                         NULL};

const SolarPassInfo solarSolPass = {
    .argument = "solar-sol",
    .description = "Speed-of-light times (unfused, fused, cache-aware, ideal) "
                   "on a hardware file (solar.sol)",
    .valueOption = "arch",
    .optionNames = solOptions,
    .run = runSol,
};
