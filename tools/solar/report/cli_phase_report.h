/* The per-phase part of `solar analyze`'s report for a training step
 * (docs/analyze.md, "Training steps"): what the forward, backward and
 * optimizer phases each do, and the activation bytes between them. */
#ifndef SOLAR_CLI_PHASE_REPORT_H
#define SOLAR_CLI_PHASE_REPORT_H

#include "solar/arch/arch.h"
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

/* The text section of a function's `phases` object (with its
 * at_these_inputs part, when it has one). */
void solarPhaseReportPrint(FILE *out, json_t *phases);

/* --mask-zeros: adds `at_these_inputs` to the `phases` of every function
 * of `report` (docs/analyze.md, "At these inputs"): each phase's necessary
 * work with the points the zeros of the step's run-time masks, counted by
 * the reference in the file `path` (tools/python/solar_ref/mask_zeros.py),
 * make skippable, and its compute bound on `arch`. False with a message
 * when the file does not read or a training step has no einsum graph. */
bool solarPhaseReportAddMaskZeros(MlirOperation module, const char *path,
                                  const SolarArch *arch, json_t *report,
                                  char *err, size_t errSize);

/* The text of a phases object's at_these_inputs part (nothing without). */
void solarPhaseReportPrintAtInputs(FILE *out, json_t *phases);

#endif
