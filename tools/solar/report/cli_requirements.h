/* The requirements of one function of a model for `solar provision`: its
 * einsum graph and dtype resolved as the passes do, then the inverse
 * roofline of lib/sol (solar/sol/sol_requirements.h). */
#ifndef SOLAR_CLI_REQUIREMENTS_H
#define SOLAR_CLI_REQUIREMENTS_H

#include "cli_sol_run.h"

#include "solar/sol/sol_requirements.h"

#include "mlir-c/IR.h"

#include <stdbool.h>

/* Computes the requirements of func (its einsum graph must be attached:
 * solarCliModelOpen does that). dtype: the --dtype option or NULL. Errors
 * are emitted at the function; false on failure (out then needs no
 * destroy, but solarRequirementsDestroy is harmless). */
bool solarCliRequirements(MlirOperation func, const char *dtype,
                          SolarRequirements *out);

#endif
