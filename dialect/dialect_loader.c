/* Loads the solar dialect from its embedded IRDL definition. */
#include "solar/dialect/context.h"
#include "solar/support/diagnostics.h"

#include "mlir-c/Dialect/IRDL.h"

extern const char solarIrdlText[];

const char *solarDialectIrdlText(void) { return solarIrdlText; }

bool solarDialectLoad(MlirContext ctx) {
  /* IRDL dialects must not be defined twice in one context. */
  if (mlirDialectIsNull(mlirContextGetOrLoadDialect(
          ctx, mlirStringRefCreateFromCString("irdl")))) {
    solarEmitError(mlirLocationUnknownGet(ctx),
                   "the irdl dialect is not registered");
    return false;
  }
  if (!mlirDialectIsNull(mlirContextGetOrLoadDialect(
          ctx, mlirStringRefCreateFromCString("solar"))))
    return true;
  MlirModule definition = mlirModuleCreateParse(
      ctx, mlirStringRefCreateFromCString(solarIrdlText));
  if (mlirModuleIsNull(definition)) {
    solarEmitError(mlirLocationUnknownGet(ctx),
                   "the embedded solar dialect definition does not parse");
    return false;
  }
  bool loaded = mlirLogicalResultIsSuccess(mlirLoadIRDLDialects(definition));
  mlirModuleDestroy(definition);
  if (!loaded)
    solarEmitError(mlirLocationUnknownGet(ctx),
                   "loading the solar IRDL dialect failed");
  return loaded;
}
