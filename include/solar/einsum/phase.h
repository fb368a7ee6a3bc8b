/* Training-step phases (docs/sol-model.md, "Training steps"): which part of
 * a step (forward, backward, optimizer update) each einsum node belongs to.
 * The importer writes the phase as the prefix of the framework op's name
 * (`backward/aten.mm.default:mm`, tools/python/solar_imp/framework_ops.py),
 * so it travels with solar.framework_op through the lowering into the
 * graph; solarFrameworkOpPhase is the one reader of that prefix. */
#ifndef SOLAR_EINSUM_PHASE_H
#define SOLAR_EINSUM_PHASE_H

#include "solar/einsum/einsum_graph.h"

#include <stdbool.h>
#include <stdint.h>

typedef enum SolarPhase {
  SOLAR_PHASE_FORWARD,
  SOLAR_PHASE_BACKWARD,
  SOLAR_PHASE_OPTIMIZER,
  SOLAR_PHASE_COUNT,
  SOLAR_PHASE_NONE = SOLAR_PHASE_COUNT /* no phase: not a training step */
} SolarPhase;

/* "forward", "backward", "optimizer"; "none" otherwise. */
const char *solarPhaseName(SolarPhase phase);

/* The phase named before the first '/' of a framework op's name;
 * SOLAR_PHASE_NONE for NULL, a name without one or an unknown prefix. */
SolarPhase solarFrameworkOpPhase(const char *frameworkOp);

/* What one phase does: its nodes and their necessary op counts. */
typedef struct {
  int64_t nodes;
  SolarOpCounts ops;
  int64_t flops;
} SolarPhaseWork;

typedef struct {
  SolarPhaseWork phase[SOLAR_PHASE_COUNT];
  /* Bytes of the tensors a forward node writes and a backward node reads:
   * the forward results the backward needs, saved or recomputed. */
  int64_t activationBytes;
  /* Every node has a phase and every count is a number (false: a symbolic
   * size or a node outside the phases; the figures then leave it out). */
  bool exact;
} SolarPhaseSummary;

/* The summary of a graph whose nodes carry phases; false (and *out zeroed)
 * when no node has one. */
bool solarEinsumGraphPhases(const SolarEinsumGraph *graph,
                            SolarPhaseSummary *out);

/* The same with skipped[i] more points of node i excluded (at one run's
 * inputs: solarEinsumNodeInputZeroPoints, input_zeros.h); skipped NULL:
 * solarEinsumGraphPhases. */
bool solarEinsumGraphPhasesAt(const SolarEinsumGraph *graph,
                              const int64_t *skipped, SolarPhaseSummary *out);

#endif
