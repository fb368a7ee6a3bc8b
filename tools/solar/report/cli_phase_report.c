/* Per-phase figures of a training step (cli_phase_report.h). Fusion and the
 * cache-aware grouping cross phase boundaries (the ideal fidelity fuses the
 * whole step), so their bytes belong to the step, not to a phase; the
 * unfused fidelity runs one kernel per framework op, and each framework op
 * has one phase, so its bytes split by phase exactly. */
#include "cli_phase_report.h"

#include "solar/einsum/einsum_graph.h"
#include "solar/einsum/phase.h"
#include "solar/frontend/framework_op.h"
#include "solar/einsum/einsum_graph_index.h"
#include "solar/sol/sol.h"
#include "solar/support/json_number.h"

#include "mlir-c/BuiltinAttributes.h"

#include <stdio.h>
#include <string.h>

/* The unfused kernels' DRAM bytes, SOL and count per phase, from the
 * function's solar.sol kernels (so the phases' bytes add up to the step's
 * unfused figure, last-level-cache residency included, and their SOL to the
 * step's less its launch gaps, which fall between kernels); false when it
 * records none. */
static bool unfusedByPhase(const SolarEinsumGraph *graph, const SolarSol *sol,
                           double *bytes, double *seconds, int64_t *kernels) {
  if (!sol || !sol->kernelCount)
    return false;
  for (size_t k = 0; k < sol->kernelCount; ++k) {
    size_t first = solarGraphNodeIndex(graph, sol->kernels[k].firstNode);
    if (first >= graph->nodeCount)
      continue;
    SolarPhase phase = solarFrameworkOpPhase(graph->nodes[first].frameworkOp);
    if (phase == SOLAR_PHASE_NONE)
      continue;
    bytes[phase] += sol->kernels[k].bytes;
    seconds[phase] += sol->kernels[k].seconds;
    kernels[phase]++;
  }
  return true;
}

/* {"unfused": value} (null without the kernels): the one fidelity whose
 * figures split by phase. */
static json_t *unfusedOnly(double value, bool have) {
  json_t *byFidelity = json_object();
  json_object_set_new(byFidelity, solarFidelityName(SOLAR_FIDELITY_UNFUSED),
                      have ? solarJsonNumber(value) : json_null());
  return byFidelity;
}

static json_t *phaseJson(const SolarPhaseWork *work, double bytes,
                         double seconds, int64_t kernels, bool haveBytes) {
  json_t *ops = json_object();
  for (int c = 0; c < SOLAR_OP_CLASS_COUNT; ++c)
    json_object_set_new(ops, solarOpClassName((SolarOpClass)c),
                        json_integer(work->ops.counts[c]));
  return json_pack("{s:I, s:I, s:o, s:o, s:o, s:I}", "nodes",
                   (json_int_t)work->nodes, "flops", (json_int_t)work->flops,
                   "ops", ops, "bytes", unfusedOnly(bytes, haveBytes),
                   "sol_s", unfusedOnly(seconds, haveBytes),
                   "kernels_unfused", (json_int_t)kernels);
}

static MlirWalkResult findPhase(MlirOperation op, void *userData) {
  MlirAttribute name = mlirOperationGetAttributeByName(
      op, mlirStringRefCreateFromCString(SOLAR_FRAMEWORK_OP_ATTR));
  if (mlirAttributeIsNull(name) || !mlirAttributeIsAString(name))
    return MlirWalkResultAdvance;
  MlirStringRef text = mlirStringAttrGetValue(name);
  char buf[64];
  snprintf(buf, sizeof(buf), "%.*s", (int)text.length, text.data);
  if (solarFrameworkOpPhase(buf) == SOLAR_PHASE_NONE)
    return MlirWalkResultAdvance;
  *(bool *)userData = true;
  return MlirWalkResultInterrupt;
}

/* func's einsum graph as the SOL stages left it, precision inferred; false
 * when func has none or it does not read (nothing is lifted again here:
 * that would repeat the lift's warnings). */
static bool readGraph(MlirOperation func, SolarEinsumGraph *graph) {
  MlirAttribute attr = mlirOperationGetAttributeByName(
      func, mlirStringRefCreateFromCString(SOLAR_EINSUM_GRAPH_ATTR));
  char err[256];
  if (mlirAttributeIsNull(attr) ||
      !solarEinsumGraphRead(attr, graph, err, sizeof(err)))
    return false;
  if (solarEinsumGraphInferPrecision(graph, err, sizeof(err)))
    return true;
  solarEinsumGraphDestroy(graph);
  return false;
}

json_t *solarPhaseReportJson(MlirOperation func, const SolarSol *sol) {
  /* Most functions are forward passes: a walk over the framework ops'
   * names settles that before any graph is read. */
  bool training = false;
  mlirOperationWalk(func, findPhase, &training, MlirWalkPreOrder);
  SolarEinsumGraph graph;
  if (!training || !readGraph(func, &graph))
    return NULL;
  SolarPhaseSummary summary;
  if (!solarEinsumGraphPhases(&graph, &summary)) {
    solarEinsumGraphDestroy(&graph);
    return NULL;
  }
  double bytes[SOLAR_PHASE_COUNT] = {0};
  double seconds[SOLAR_PHASE_COUNT] = {0};
  int64_t kernels[SOLAR_PHASE_COUNT] = {0};
  bool haveBytes = unfusedByPhase(&graph, sol, bytes, seconds, kernels);
  solarEinsumGraphDestroy(&graph);
  json_t *out = json_object();
  for (int p = 0; p < SOLAR_PHASE_COUNT; ++p)
    json_object_set_new(out, solarPhaseName((SolarPhase)p),
                        phaseJson(&summary.phase[p], bytes[p], seconds[p],
                                  kernels[p], haveBytes));
  double forward = (double)summary.phase[SOLAR_PHASE_FORWARD].flops;
  double backward = (double)summary.phase[SOLAR_PHASE_BACKWARD].flops;
  json_object_set_new(out, "backward_forward_flops",
                      forward > 0 ? json_real(backward / forward)
                                  : json_null());
  json_object_set_new(out, "activation_bytes",
                      json_integer(summary.activationBytes));
  json_object_set_new(out, "exact", json_boolean(summary.exact));
  return out;
}

static double number(json_t *object, const char *key) {
  return json_number_value(json_object_get(object, key));
}

void solarPhaseReportPrint(FILE *out, json_t *phases) {
  if (!json_is_object(phases))
    return;
  const char *unfused = solarFidelityName(SOLAR_FIDELITY_UNFUSED);
  fprintf(out, "  training step by phase (fusion crosses phases: fused, "
               "cache-aware and ideal bytes are the step's):\n");
  fprintf(out, "  %-10s %6s %14s %14s %16s %8s\n", "phase", "nodes", "flop",
          "mac", "unfused DRAM B", "kernels");
  for (int p = 0; p < SOLAR_PHASE_COUNT; ++p) {
    json_t *phase = json_object_get(phases, solarPhaseName((SolarPhase)p));
    json_t *bytes = json_object_get(json_object_get(phase, "bytes"), unfused);
    char b[32] = "-";
    if (json_is_number(bytes))
      snprintf(b, sizeof(b), "%.0f", json_number_value(bytes));
    fprintf(out, "  %-10s %6.0f %14.0f %14.0f %16s %8.0f\n",
            solarPhaseName((SolarPhase)p), number(phase, "nodes"),
            number(phase, "flops"),
            number(json_object_get(phase, "ops"),
                   solarOpClassName(SOLAR_OP_MAC)),
            b, number(phase, "kernels_unfused"));
  }
  json_t *ratio = json_object_get(phases, "backward_forward_flops");
  char r[32] = "-";
  if (json_is_number(ratio))
    snprintf(r, sizeof(r), "%.3g", json_number_value(ratio));
  fprintf(out, "  backward/forward flops %s; activation bytes (forward "
               "results the backward reads) %.0f%s\n",
          r, number(phases, "activation_bytes"),
          json_is_true(json_object_get(phases, "exact"))
              ? ""
              : " (some nodes have no phase or symbolic counts: left out)");
}
