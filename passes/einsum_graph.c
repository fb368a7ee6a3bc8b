/* solar-einsum-graph: lifts every func.func below the anchor into its
 * polyhedral einsum graph and attaches it as `solar.einsum_graph`
 * (docs/einsum-graph.md). Non-affine code is kept with conservative counts
 * and a warning; with --solar-strict the warnings are errors and the pass
 * fails. */
#include "solar/einsum_graph.h"
#include "solar/lower_to_affine.h"
#include "solar/passes.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
  MlirOperation *items;
  int count, capacity;
} FuncList;

static MlirWalkResult collectFunc(MlirOperation op, void *userData) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  if (name.length != 9 || strncmp(name.data, "func.func", 9) != 0)
    return MlirWalkResultAdvance;
  FuncList *list = userData;
  if (list->count == list->capacity) {
    list->capacity = list->capacity ? 2 * list->capacity : 8;
    list->items = realloc(list->items, (size_t)list->capacity * sizeof(op));
    if (!list->items)
      abort();
  }
  list->items[list->count++] = op;
  return MlirWalkResultSkip;
}

static bool isDeclaration(MlirOperation func) {
  MlirRegion body = mlirOperationGetRegion(func, 0);
  return mlirBlockIsNull(mlirRegionGetFirstBlock(body));
}

static void runEinsumGraph(MlirOperation op, MlirExternalPass pass,
                           const SolarOptions *options) {
  /* torch-mlir / IREE pipelines end in linalg on tensors. */
  if (!solarLowerToAffineIfNeeded(op)) {
    mlirExternalPassSignalFailure(pass);
    return;
  }
  bool strict = solarOptionsGetBool(options, "strict", false);
  FuncList funcs = {NULL, 0, 0};
  mlirOperationWalk(op, collectFunc, &funcs, MlirWalkPreOrder);
  bool failed = false;
  for (int i = 0; i < funcs.count; ++i) {
    if (isDeclaration(funcs.items[i]))
      continue;
    MlirAttribute graph = {NULL};
    if (!solarEinsumGraphLift(funcs.items[i], strict, &graph))
      failed = true;
    if (!mlirAttributeIsNull(graph))
      mlirOperationSetDiscardableAttributeByName(
          funcs.items[i],
          mlirStringRefCreateFromCString(SOLAR_EINSUM_GRAPH_ATTR), graph);
  }
  free(funcs.items);
  if (failed)
    mlirExternalPassSignalFailure(pass);
}

static const char *const einsumGraphOptions[] = {"strict", NULL};

const SolarPassInfo solarEinsumGraphPass = {
    .argument = "solar-einsum-graph",
    .description = "Lift affine loop nests into a polyhedral einsum graph "
                   "(attribute solar.einsum_graph on each func.func)",
    .valueOption = NULL,
    .optionNames = einsumGraphOptions,
    .run = runEinsumGraph,
};
