/* The per-phase part of `solar analyze`'s report for a training step
 * (docs/analyze.md, "Training steps"): what the forward, backward and
 * optimizer phases each do, and the activation bytes between them. */
#ifndef SOLAR_CLI_PHASE_REPORT_H
#define SOLAR_CLI_PHASE_REPORT_H

#include "solar/sol/sol.h"

#include "mlir-c/IR.h"

#include <jansson.h>
#include <stdio.h>

/* {"forward": {...}, "backward": {...}, "optimizer": {...},
 * "backward_forward_flops", "activation_bytes", "exact"} of func's einsum
 * graph, the unfused bytes and SOL split by phase from `sol`'s framework-op
 * kernels (read with detail), or NULL when its nodes carry no phase (not a
 * training step). New reference. */
json_t *solarPhaseReportJson(MlirOperation func, const SolarSol *sol);

/* The text section of a function's `phases` object. */
void solarPhaseReportPrint(FILE *out, json_t *phases);

#endif
