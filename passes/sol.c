/* solar-sol: speed-of-light times of each function on a hardware
 * description, at three fidelities (unfused, fused, cache-aware) plus the
 * fully fused ideal, as `solar.sol = #solar.sol<{...}>`. Runs the earlier
 * stages (einsum graph, fusion groups, cache traffic) where their attributes
 * are absent. */
#include "solar/support/diagnostics.h"
#include "solar/frontend/lower_to_affine.h"
#include "solar/passes/passes.h"
#include "solar/passes/stage.h"

static bool solFunc(MlirOperation func, const SolarEinsumGraph *graph,
                    const SolarStageConfig *config) {
  bool ok = false;
  SolarFusion fusion;
  SolarTraffic traffic;
  SolarDtype dtype;
  char err[256];
  if (!solarGraphComputeDtype(graph, config->dtypeOption, &dtype, err,
                              sizeof(err))) {
    solarEmitError(mlirOperationGetLocation(func), "%s", err);
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
      mlirOperationSetDiscardableAttributeByName(
          func, mlirStringRefCreateFromCString(SOLAR_SOL_ATTR),
          solarSolToAttribute(mlirOperationGetContext(func), &sol,
                              config->detail));
      solarSolDestroy(&sol);
      solarTrafficDestroy(&traffic);
      ok = true;
    }
    solarFusionDestroy(&fusion);
  }
  return ok;
}

static void runSol(MlirOperation op, MlirExternalPass pass,
                   const SolarOptions *options) {
  /* torch-mlir / IREE pipelines end in linalg on tensors. */
  if (!solarLowerToAffineIfNeeded(op)) {
    mlirExternalPassSignalFailure(pass);
    return;
  }
  solarRunStagePass(op, pass, options, true, solFunc);
}

static const char *const solOptions[] = {"arch",   "capacity",  "dtype",
                                         "strict", "detail",    "fp32-math",
                                         NULL};

const SolarPassInfo solarSolPass = {
    .argument = "solar-sol",
    .description = "Speed-of-light times (unfused, fused, cache-aware, ideal) "
                   "on a hardware file (solar.sol)",
    .valueOption = "arch",
    .optionNames = solOptions,
    .run = runSol,
};
