/* `solar provision`'s requirements of one function: the graph and dtypes
 * taken from the function, the maths from lib/sol/sol_requirements.c. */
#include "cli_requirements.h"

#include "solar/support/diagnostics.h"
#include "solar/passes/stage.h"

#include <stdlib.h>
#include <string.h>

bool solarCliRequirements(MlirOperation func, const char *dtype,
                          SolarRequirements *out) {
  memset(out, 0, sizeof(*out));
  SolarEinsumGraph graph;
  if (!solarFuncEinsumGraph(func, false, true, &graph))
    return false;
  char err[512];
  SolarDtype compute;
  bool ok = solarGraphComputeDtype(&graph, dtype, &compute, err, sizeof(err));
  if (ok) {
    char *name = solarFuncName(func);
    ok = solarRequirementsCompute(&graph, name, compute,
                                  solarStorageDtype(dtype, compute), out, err,
                                  sizeof(err));
    free(name);
  }
  if (!ok)
    solarEmitError(mlirOperationGetLocation(func), "%s", err);
  solarEinsumGraphDestroy(&graph);
  return ok;
}
