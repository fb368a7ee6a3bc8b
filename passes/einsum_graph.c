/* solar-einsum-graph: lifts every func.func below the anchor into its
 * polyhedral einsum graph and attaches it as `solar.einsum_graph`
 * (docs/einsum-graph.md). Non-affine code is kept with conservative counts
 * and a warning; with --solar-strict the warnings are errors and the pass
 * fails. With `emit-ops`, the graph is also materialized as IR: a sibling
 * `builtin.module @solar_graph_<func>` holding one "solar.einsum" per node
 * (fields = the node's dictionary) and one "solar.edge" per edge. */
#include "solar/dialect/dialect_attr.h"
#include "solar/einsum/einsum_graph.h"
#include "solar/frontend/lower_to_affine.h"
#include "solar/passes/passes.h"
#include "solar/support/funcs.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static MlirAttribute dictField(MlirAttribute dict, const char *key) {
  return mlirDictionaryAttrGetElementByName(dict,
                                            mlirStringRefCreateFromCString(key));
}

static MlirNamedAttribute named(MlirContext ctx, const char *key,
                                MlirAttribute value) {
  return mlirNamedAttributeGet(
      mlirIdentifierGet(ctx, mlirStringRefCreateFromCString(key)), value);
}

static void appendOp(MlirBlock block, MlirLocation loc, const char *name,
                     MlirNamedAttribute *attrs, intptr_t count) {
  MlirOperationState state =
      mlirOperationStateGet(mlirStringRefCreateFromCString(name), loc);
  mlirOperationStateAddAttributes(&state, count, attrs);
  mlirBlockAppendOwnedOperation(block, mlirOperationCreate(&state));
}

/* Removes a graph module a previous run left next to the function. */
static void eraseSibling(MlirOperation func, const char *symbol) {
  MlirBlock block = mlirOperationGetBlock(func);
  for (MlirOperation op = mlirBlockGetFirstOperation(block);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    MlirAttribute sym = mlirOperationGetAttributeByName(
        op, mlirStringRefCreateFromCString("sym_name"));
    MlirStringRef opName = mlirIdentifierStr(mlirOperationGetName(op));
    if (mlirAttributeIsNull(sym) || !mlirAttributeIsAString(sym) ||
        opName.length != 14 || strncmp(opName.data, "builtin.module", 14))
      continue;
    MlirStringRef text = mlirStringAttrGetValue(sym);
    if (text.length == strlen(symbol) &&
        strncmp(text.data, symbol, text.length) == 0) {
      mlirOperationDestroy(op);
      return;
    }
  }
}

static void emitOps(MlirOperation func, MlirAttribute graphAttr) {
  MlirContext ctx = mlirOperationGetContext(func);
  MlirLocation loc = mlirOperationGetLocation(func);
  MlirAttribute graph = solarDialectAttrOpen(graphAttr, "einsum_graph");
  if (mlirAttributeIsNull(graph))
    return;
  MlirStringRef fn = mlirStringAttrGetValue(dictField(graph, "function"));
  char symbol[512];
  snprintf(symbol, sizeof(symbol), "solar_graph_%.*s", (int)fn.length, fn.data);
  eraseSibling(func, symbol);
  MlirModule module = mlirModuleCreateEmpty(loc);
  MlirOperation moduleOp = mlirModuleGetOperation(module);
  mlirOperationSetAttributeByName(
      moduleOp, mlirStringRefCreateFromCString("sym_name"),
      mlirStringAttrGet(ctx, mlirStringRefCreateFromCString(symbol)));
  mlirOperationSetAttributeByName(
      moduleOp, mlirStringRefCreateFromCString("solar.function"),
      mlirStringAttrGet(ctx, fn));
  MlirBlock body = mlirModuleGetBody(module);
  MlirAttribute nodes = dictField(graph, "nodes");
  for (intptr_t i = 0; i < mlirArrayAttrGetNumElements(nodes); ++i) {
    MlirAttribute node =
        solarDialectAttrOpen(mlirArrayAttrGetElement(nodes, i), "node");
    if (mlirAttributeIsNull(node))
      continue;
    MlirNamedAttribute attrs[2] = {
        named(ctx, "equation", dictField(node, "equation")),
        named(ctx, "fields", node)};
    appendOp(body, loc, "solar.einsum", attrs, 2);
  }
  MlirAttribute edges = dictField(graph, "edges");
  for (intptr_t i = 0; i < mlirArrayAttrGetNumElements(edges); ++i) {
    MlirAttribute edge = mlirArrayAttrGetElement(edges, i);
    MlirNamedAttribute attrs[3] = {
        named(ctx, "producer", dictField(edge, "producer")),
        named(ctx, "consumer", dictField(edge, "consumer")),
        named(ctx, "tensor", dictField(edge, "tensor_name"))};
    appendOp(body, loc, "solar.edge", attrs, 3);
  }
  /* The block now owns the module op; the MlirModule handle is dropped. */
  mlirBlockInsertOwnedOperationAfter(mlirOperationGetBlock(func), func,
                                     moduleOp);
}

static void runEinsumGraph(MlirOperation op, MlirExternalPass pass,
                           const SolarOptions *options) {
  /* torch-mlir / IREE pipelines end in linalg on tensors. */
  if (!solarLowerToAffineIfNeeded(op)) {
    mlirExternalPassSignalFailure(pass);
    return;
  }
  bool strict = solarOptionsGetBool(options, "strict", false);
  bool withOps = solarOptionsGetBool(options, "emit-ops", false);
  size_t count = 0;
  MlirOperation *funcs = solarCollectFuncs(op, &count);
  bool failed = false;
  for (size_t i = 0; i < count; ++i) {
    MlirAttribute graph = {NULL};
    if (!solarEinsumGraphLift(funcs[i], strict, &graph))
      failed = true;
    if (mlirAttributeIsNull(graph))
      continue;
    mlirOperationSetDiscardableAttributeByName(
        funcs[i], mlirStringRefCreateFromCString(SOLAR_EINSUM_GRAPH_ATTR),
        graph);
    if (withOps)
      emitOps(funcs[i], graph);
  }
  free(funcs);
  if (failed)
    mlirExternalPassSignalFailure(pass);
}

static const char *const einsumGraphOptions[] = {"strict", "emit-ops", NULL};

const SolarPassInfo solarEinsumGraphPass = {
    .argument = "solar-einsum-graph",
    .description = "Lift affine loop nests into a polyhedral einsum graph "
                   "(attribute solar.einsum_graph on each func.func)",
    .valueOption = NULL,
    .optionNames = einsumGraphOptions,
    .run = runEinsumGraph,
};
