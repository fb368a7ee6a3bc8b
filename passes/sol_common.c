/* Shared steps of the SOL passes: finding the graph, the compute dtype. */
#include "solar/support/diagnostics.h"
#include "solar/passes/stage.h"

#include "mlir-c/BuiltinAttributes.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool solarFuncEinsumGraph(MlirOperation func, bool strict, bool attach,
                          SolarEinsumGraph *graph) {
  MlirStringRef attrName = mlirStringRefCreateFromCString(SOLAR_EINSUM_GRAPH_ATTR);
  MlirAttribute attr = mlirOperationGetAttributeByName(func, attrName);
  SolarLiftedGraph *lifted = NULL;
  /* Lifted ahead of the pass, by the import's structure check
   * (sol_prelift.c): taken as the lift below would have made it. */
  bool taken = mlirAttributeIsNull(attr) &&
               solarFuncEinsumGraphTakePrelift(func, strict, attach, graph);
  if (!taken && mlirAttributeIsNull(attr)) {
    /* Each stage can run alone: lift the graph the way
     * --solar-einsum-graph would, and keep it for the next stage. The
     * read below then takes what the lift holds instead of re-parsing. */
    if (!solarEinsumGraphLiftShared(func, strict, attach ? &attr : NULL,
                                    &lifted))
      return false;
    if (attach)
      mlirOperationSetDiscardableAttributeByName(func, attrName, attr);
  }
  char err[512];
  if (!taken &&
      !solarEinsumGraphReadLifted(attr, lifted, graph, err, sizeof(err))) {
    solarEmitError(mlirOperationGetLocation(func), "%s", err);
    return false;
  }
  if (!solarEinsumGraphInferPrecision(graph, err, sizeof(err))) {
    solarEmitError(mlirOperationGetLocation(func), "%s", err);
    solarEinsumGraphDestroy(graph);
    return false;
  }
  return true;
}

/* The node's precision (solarEinsumGraphInferPrecision), else its IR type. */
static SolarDtype nodeDtype(const SolarEinsumGraph *graph,
                            const SolarEinsumNode *node) {
  return graph->precisionInferred && node->computeDtype != SOLAR_DTYPE_INVALID
             ? node->computeDtype
             : solarDtypeFromTypeSpelling(node->dtype);
}

static int64_t totalOps(const SolarEinsumNode *node) {
  int64_t sum = 0;
  for (int k = 0; k < SOLAR_OP_CLASS_COUNT; ++k)
    if (node->ops.counts[k] > 0 &&
        __builtin_add_overflow(sum, node->ops.counts[k], &sum))
      return INT64_MAX;
  return sum;
}

static bool dominates(const SolarEinsumGraph *graph, const SolarEinsumNode *a,
                      const SolarEinsumNode *b) {
  bool floatA = solarDtypeIsFloat(nodeDtype(graph, a));
  bool floatB = solarDtypeIsFloat(nodeDtype(graph, b));
  if (floatA != floatB)
    return floatA;
  int64_t macA = a->ops.counts[SOLAR_OP_MAC], macB = b->ops.counts[SOLAR_OP_MAC];
  if (macA != macB)
    return macA > macB;
  return totalOps(a) > totalOps(b);
}

bool solarGraphComputeDtype(const SolarEinsumGraph *graph, const char *option,
                            SolarDtype *out, char *err, size_t errSize) {
  if (option && *option) {
    *out = solarDtypeFromName(option);
    if (*out == SOLAR_DTYPE_INVALID) {
      snprintf(err, errSize,
               "unknown dtype '%s' (expected fp64, fp32, tf32, bf16, fp16, "
               "fp8, int8, ...)",
               option);
      return false;
    }
    return true;
  }
  /* The dominant node: most MACs, then most operations. Index
   * bookkeeping (an argmax's int64 indices, a fill of an index buffer)
   * never decides: float nodes come first. */
  const SolarEinsumNode *best = NULL;
  for (size_t i = 0; i < graph->nodeCount; ++i) {
    const SolarEinsumNode *node = &graph->nodes[i];
    if (!best || dominates(graph, node, best))
      best = node;
  }
  *out = best ? nodeDtype(graph, best) : SOLAR_DTYPE_FP32;
  if (*out == SOLAR_DTYPE_INVALID)
    *out = SOLAR_DTYPE_FP32;
  return true;
}

SolarDtype solarStorageDtype(const char *option, SolarDtype compute) {
  return option && *option ? compute : SOLAR_DTYPE_INVALID;
}

bool solarPassLoadArch(MlirLocation loc, const SolarOptions *options,
                       bool required, SolarArch *arch, bool *loaded) {
  memset(arch, 0, sizeof(*arch));
  *loaded = false;
  const char *name = solarOptionsGet(options, "arch");
  if (!name || !*name) {
    if (required)
      solarEmitError(loc, "no hardware description: pass --solar-arch=NAME "
                          "(a file under arch/) or --solar-arch=PATH");
    return !required;
  }
  SolarArchLoadOptions loadOptions = {
      .strict = solarOptionsGetBool(options, "strict", false)};
  SolarArchDiag diag;
  solarArchDiagInit(&diag);
  bool ok = solarArchResolve(name, &loadOptions, arch, &diag);
  for (size_t i = 0; i < diag.count; ++i) {
    /* The pass location leads; the file position goes into the message. */
    const SolarArchDiagEntry *entry = &diag.entries[i];
    char text[2 * SOLAR_ARCH_DIAG_TEXT + 32];
    snprintf(text, sizeof(text), "%s%s%s", entry->where,
             entry->where[0] ? ": " : "", entry->message);
    if (diag.entries[i].severity == SOLAR_ARCH_ERROR)
      solarEmitError(loc, "%s", text);
    else if (diag.entries[i].severity == SOLAR_ARCH_WARNING)
      solarEmitWarning(loc, "%s", text);
  }
  *loaded = ok;
  return ok;
}

bool solarPassCapacity(const SolarOptions *options, const SolarArch *arch,
                       double *capacity, char *err, size_t errSize) {
  const char *text = solarOptionsGet(options, "capacity");
  if (text && *text) {
    char *end = NULL;
    double value = strtod(text, &end);
    static const struct {
      const char *suffix;
      double scale;
    } units[] = {{"", 1},          {"B", 1},          {"KiB", 1024.0},
                 {"MiB", 1048576.0}, {"GiB", 1073741824.0}, {"KB", 1e3},
                 {"MB", 1e6},       {"GB", 1e9}};
    for (size_t i = 0; end && i < sizeof(units) / sizeof(units[0]); ++i) {
      if (strcmp(end, units[i].suffix) == 0 && value > 0) {
        *capacity = value * units[i].scale;
        return true;
      }
    }
    snprintf(err, errSize,
             "capacity '%s' is not a positive size in bytes (e.g. 50MiB)",
             text);
    return false;
  }
  const SolarMemLevel *l2 = arch ? solarArchFindLevel(arch, SOLAR_MEM_L2) : NULL;
  *capacity = l2 ? l2->capacity_bytes.value : INFINITY;
  return true;
}

double solarInnerCapacity(const SolarArch *arch) {
  const SolarMemLevel *l1 = solarArchFindLevel(arch, SOLAR_MEM_L1);
  const SolarMemLevel *regs = solarArchFindLevel(arch, SOLAR_MEM_REGISTER);
  if (!l1 && !regs)
    return INFINITY;
  double total = 0;
  if (l1)
    total += l1->capacity_bytes.value;
  if (regs)
    total += regs->capacity_bytes.value;
  return total;
}
