/* Per-phase figures of a training step (cli_phase_report.h). Fusion and the
 * cache-aware grouping cross phase boundaries (the ideal fidelity fuses the
 * whole step), so their bytes belong to the step, not to a phase; the
 * unfused fidelity runs one kernel per framework op, and each framework op
 * has one phase, so its bytes split by phase exactly. */
#include "cli_phase_report.h"

#include "cli_analyze_report.h"

#include "solar/einsum/einsum_graph.h"
#include "solar/einsum/phase.h"
#include "solar/frontend/framework_op.h"
#include "solar/einsum/einsum_graph_index.h"
#include "solar/einsum/input_zeros.h"
#include "solar/support/funcs.h"
#include "solar/sol/sol.h"
#include "solar/support/json_number.h"

#include "mlir-c/BuiltinAttributes.h"

#include <stdio.h>
#include <stdlib.h>
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
  solarPhaseReportPrintAtInputs(out, phases);
}

/* ---- at these inputs (--mask-zeros) --------------------------------------
 * The reference counted the zeros of the step's run-time masks on the
 * inputs it ran (tools/python/solar_ref/mask_zeros.py); the points they
 * make skippable are excluded for those inputs only, in a figure of its
 * own beside the input-independent one (docs/sol-model.md, "Masks at these
 * inputs"). */

/* The zeros file's masks (borrowing its strings); NULL with a message. */
static SolarMaskZeros *readMasks(json_t *file, size_t *count, char *err,
                                 size_t errSize) {
  json_t *ops = json_object_get(file, "ops");
  if (!json_is_object(ops)) {
    snprintf(err, errSize, "no 'ops' object");
    return NULL;
  }
  *count = json_object_size(ops);
  SolarMaskZeros *masks = calloc(*count ? *count : 1, sizeof(*masks));
  const char *name;
  json_t *entry;
  size_t k = 0;
  json_object_foreach(ops, name, entry) {
    json_t *zeros = json_object_get(entry, "zeros");
    json_t *elements = json_object_get(entry, "elements");
    if (!json_is_integer(zeros) || !json_is_integer(elements)) {
      snprintf(err, errSize, "'%s' needs integer 'zeros' and 'elements'",
               name);
      free(masks);
      return NULL;
    }
    masks[k++] = (SolarMaskZeros){name, json_integer_value(zeros),
                                  json_integer_value(elements)};
  }
  return masks;
}

/* {"op": {"zeros", "elements", "tensor"}}: each mask and the tensor of the
 * IR it was found in (null: none, so it excludes nothing). */
static json_t *masksJson(const SolarEinsumGraph *graph,
                         const SolarMaskZeros *masks, size_t count,
                         const int64_t *zeros, const int64_t *ready) {
  json_t *out = json_object();
  for (size_t m = 0; m < count; ++m) {
    json_t *tensor = json_null();
    for (size_t t = 0; t < graph->tensorCount; ++t) {
      if (zeros[t] != masks[m].zeros || ready[t] < 0)
        continue;
      const char *op = graph->nodes[ready[t]].frameworkOp;
      if (op && !strcmp(op, masks[m].frameworkOp)) {
        json_decref(tensor);
        tensor = json_string(graph->tensors[t].name);
      }
    }
    json_object_set_new(out, masks[m].frameworkOp,
                        json_pack("{s:I, s:I, s:o}", "zeros",
                                  (json_int_t)masks[m].zeros, "elements",
                                  (json_int_t)masks[m].elements, "tensor",
                                  tensor));
  }
  return out;
}

/* The compute bound of one phase's nodes run as one kernel, at the
 * input-independent necessary ops (skipped NULL) or at these inputs. */
static double phaseCompute(const SolarEinsumGraph *graph, const SolarSol *sol,
                           const SolarArch *arch, SolarPhase phase,
                           const int64_t *skipped) {
  size_t slots = graph->nodeCount ? graph->nodeCount : 1, count = 0;
  int64_t *ids = calloc(slots, sizeof(int64_t));
  SolarOpCounts *ops = calloc(slots, sizeof(SolarOpCounts));
  for (size_t i = 0; i < graph->nodeCount; ++i) {
    if (solarFrameworkOpPhase(graph->nodes[i].frameworkOp) != phase)
      continue;
    ids[count] = graph->nodes[i].id;
    solarEinsumNodeNecessaryOpsAt(&graph->nodes[i], skipped ? skipped[i] : 0,
                                  &ops[count]);
    count++;
  }
  double seconds =
      solarSolComputeOfNodeOps(graph, arch, sol, ids, ops, count);
  free(ids);
  free(ops);
  return seconds;
}

static json_t *atInputsJson(MlirOperation func, const SolarSol *sol,
                            const SolarArch *arch, json_t *file, char *err,
                            size_t errSize) {
  SolarEinsumGraph graph;
  if (!readGraph(func, &graph)) {
    snprintf(err, errSize, "no einsum graph to apply them to");
    return NULL;
  }
  size_t count = 0;
  SolarMaskZeros *masks = readMasks(file, &count, err, errSize);
  int64_t *zeros = NULL, *ready = NULL;
  int64_t *skipped = calloc(graph.nodeCount ? graph.nodeCount : 1,
                            sizeof(int64_t));
  SolarPhaseSummary summary;
  json_t *out = NULL;
  if (masks && skipped &&
      solarEinsumGraphInputZeros(&graph, masks, count, &zeros, &ready)) {
    for (size_t i = 0; i < graph.nodeCount; ++i)
      skipped[i] = solarEinsumNodeInputZeroPoints(&graph, i, zeros, ready);
    if (solarEinsumGraphPhasesAt(&graph, skipped, &summary)) {
      out = json_object();
      for (int p = 0; p < SOLAR_PHASE_COUNT; ++p) {
        int64_t points = 0;
        for (size_t i = 0; i < graph.nodeCount; ++i)
          if (solarFrameworkOpPhase(graph.nodes[i].frameworkOp) ==
              (SolarPhase)p)
            points += skipped[i];
        json_t *ops = json_object();
        for (int c = 0; c < SOLAR_OP_CLASS_COUNT; ++c)
          json_object_set_new(
              ops, solarOpClassName((SolarOpClass)c),
              json_integer(summary.phase[p].ops.counts[c]));
        json_object_set_new(
            out, solarPhaseName((SolarPhase)p),
            json_pack("{s:I, s:o, s:I, s:f, s:f}", "flops",
                      (json_int_t)summary.phase[p].flops, "ops", ops,
                      "skipped_points", (json_int_t)points, "compute_s",
                      phaseCompute(&graph, sol, arch, (SolarPhase)p, skipped),
                      "compute_s_input_independent",
                      phaseCompute(&graph, sol, arch, (SolarPhase)p, NULL)));
      }
      json_object_set_new(out, "masks",
                          masksJson(&graph, masks, count, zeros, ready));
      json_object_set(out, "seed", json_object_get(file, "seed"));
      json_object_set(out, "sizes", json_object_get(file, "sizes"));
      json_object_set_new(out, "exact", json_boolean(summary.exact));
    } else {
      snprintf(err, errSize, "the function's nodes carry no phase");
    }
  }
  free(masks);
  free(zeros);
  free(ready);
  free(skipped);
  solarEinsumGraphDestroy(&graph);
  return out;
}

bool solarPhaseReportAddMaskZeros(MlirOperation module, const char *path,
                                  const SolarArch *arch, json_t *report,
                                  char *err, size_t errSize) {
  json_error_t error;
  json_t *file = json_load_file(path, 0, &error);
  if (!file) {
    snprintf(err, errSize, "%s: %s", path, error.text);
    return false;
  }
  size_t funcCount = 0;
  MlirOperation *funcs = solarCollectFuncs(module, &funcCount);
  bool ok = true;
  size_t i;
  json_t *fn;
  json_array_foreach(json_object_get(report, "functions"), i, fn) {
    json_t *phases = json_object_get(fn, "phases");
    const char *name = json_string_value(json_object_get(fn, "name"));
    for (size_t f = 0; f < funcCount && ok && phases && name; ++f) {
      char *funcName = solarFuncName(funcs[f]);
      bool match = funcName && !strcmp(funcName, name);
      free(funcName);
      SolarSol sol;
      if (!match || !solarAnalyzeFuncSol(funcs[f], &sol))
        continue;
      char why[256] = "";
      json_t *at = atInputsJson(funcs[f], &sol, arch, file, why, sizeof(why));
      solarSolDestroy(&sol);
      if (at) {
        json_object_set_new(phases, "at_these_inputs", at);
      } else {
        snprintf(err, errSize, "%s: @%s: %s", path, name, why);
        ok = false;
      }
    }
  }
  free(funcs);
  json_decref(file);
  return ok;
}

void solarPhaseReportPrintAtInputs(FILE *out, json_t *phases) {
  json_t *at = json_object_get(phases, "at_these_inputs");
  if (!json_is_object(at))
    return;
  fprintf(out, "  at these inputs (seed %lld; the zeros of the step's "
               "run-time masks skipped, not a bound for other inputs):\n",
          (long long)json_integer_value(json_object_get(at, "seed")));
  fprintf(out, "  %-10s %14s %14s %14s %12s %12s\n", "phase", "flop", "mac",
          "points skipped", "compute", "(any input)");
  for (int p = 0; p < SOLAR_PHASE_COUNT; ++p) {
    json_t *phase = json_object_get(at, solarPhaseName((SolarPhase)p));
    char a[32], b[32];
    fprintf(out, "  %-10s %14.0f %14.0f %14.0f %12s %12s\n",
            solarPhaseName((SolarPhase)p), number(phase, "flops"),
            number(json_object_get(phase, "ops"),
                   solarOpClassName(SOLAR_OP_MAC)),
            number(phase, "skipped_points"),
            solarAnalyzeSeconds(number(phase, "compute_s"), a, sizeof(a)),
            solarAnalyzeSeconds(number(phase, "compute_s_input_independent"),
                                b, sizeof(b)));
  }
  const char *op;
  json_t *mask;
  json_object_foreach(json_object_get(at, "masks"), op, mask) {
    json_t *tensor = json_object_get(mask, "tensor");
    fprintf(out, "  mask %s: %lld of %lld zero, %s%s\n", op,
            (long long)json_integer_value(json_object_get(mask, "zeros")),
            (long long)json_integer_value(json_object_get(mask, "elements")),
            json_is_string(tensor) ? "in " : "not found in the IR",
            json_is_string(tensor) ? json_string_value(tensor) : "");
  }
}
