#include "solar/dialect/context.h"
#include "solar/support/diagnostics.h"

#include "mlir-c/RegisterEverything.h"

void solarRegisterEverything(void) {
  static bool registered = false;
  if (registered)
    return;
  registered = true;
  mlirRegisterAllPasses();
}

MlirContext solarContextCreate(void) {
  solarRegisterEverything();
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  mlirRegisterAllDialects(registry);
  MlirContext ctx = mlirContextCreateWithRegistry(registry, false);
  mlirDialectRegistryDestroy(registry);
  mlirRegisterAllLLVMTranslations(ctx);
  /* Deterministic diagnostic order and pass output matter more for a
   * regression-tested analyzer than parallel pass execution. */
  mlirContextEnableMultithreading(ctx, false);
  solarDiagnosticsAttach(ctx);
  if (!solarDialectLoad(ctx)) {
    mlirContextDestroy(ctx);
    return (MlirContext){NULL};
  }
  return ctx;
}
