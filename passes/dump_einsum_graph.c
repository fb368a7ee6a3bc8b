/* solar-dump-einsum-graph: writes the einsum graph of every func.func as
 * JSON (schema in docs/einsum-graph.md):
 *   {"version": 1, "graphs": [ <graph>, ... ]}
 * It reads the `solar.einsum_graph` attribute left by solar-einsum-graph;
 * a function without one is lifted on the spot (and left unchanged).
 * Options: format=json (the only format), output=<path> or "-" (stdout,
 * the default). */
#include "solar/support/diagnostics.h"
#include "solar/einsum/einsum_graph.h"
#include "solar/passes/passes.h"
#include "solar/support/funcs.h"

#include <jansson.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The graph of one function as a jansson value, or NULL after an error. */
static json_t *graphOf(MlirOperation func, bool strict, bool *failed) {
  MlirAttribute attr = mlirOperationGetDiscardableAttributeByName(
      func, mlirStringRefCreateFromCString(SOLAR_EINSUM_GRAPH_ATTR));
  if (mlirAttributeIsNull(attr) &&
      !solarEinsumGraphLift(func, strict, &attr))
    *failed = true;
  if (mlirAttributeIsNull(attr))
    return NULL;
  SolarEinsumGraph graph;
  char err[512];
  if (!solarEinsumGraphRead(attr, &graph, err, sizeof(err))) {
    solarEmitError(mlirOperationGetLocation(func),
                   "malformed solar.einsum_graph attribute: %s", err);
    *failed = true;
    return NULL;
  }
  char *text = solarEinsumGraphToJson(&graph);
  solarEinsumGraphDestroy(&graph);
  json_error_t error;
  json_t *value = text ? json_loads(text, 0, &error) : NULL;
  free(text);
  return value;
}

static void runDumpEinsumGraph(MlirOperation op, MlirExternalPass pass,
                               const SolarOptions *options) {
  MlirLocation loc = mlirOperationGetLocation(op);
  const char *format = solarOptionsGet(options, "format");
  if (format && *format && strcmp(format, "json") != 0) {
    solarEmitError(loc,
                   "solar-dump-einsum-graph: unknown format '%s' (expected "
                   "'json')",
                   format);
    mlirExternalPassSignalFailure(pass);
    return;
  }
  bool strict = solarOptionsGetBool(options, "strict", false);
  size_t count = 0;
  MlirOperation *funcs = solarCollectFuncs(op, &count);
  json_t *graphs = json_array();
  bool failed = false;
  for (size_t i = 0; i < count; ++i) {
    json_t *graph = graphOf(funcs[i], strict, &failed);
    if (graph)
      json_array_append_new(graphs, graph);
  }
  free(funcs);
  json_t *doc = json_object();
  json_object_set_new(doc, "version", json_integer(SOLAR_EINSUM_GRAPH_VERSION));
  json_object_set_new(doc, "graphs", graphs);
  const char *output = solarOptionsGet(options, "output");
  FILE *file = !output || !*output || strcmp(output, "-") == 0
                   ? stdout
                   : fopen(output, "w");
  if (!file) {
    solarEmitError(loc, "solar-dump-einsum-graph: cannot write '%s'", output);
    failed = true;
  } else {
    json_dumpf(doc, file, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
    fputc('\n', file);
    if (file != stdout)
      fclose(file);
    else
      fflush(stdout);
  }
  json_decref(doc);
  if (failed)
    mlirExternalPassSignalFailure(pass);
}

static const char *const dumpOptions[] = {"format", "output", "strict", NULL};

const SolarPassInfo solarDumpEinsumGraphPass = {
    .argument = "solar-dump-einsum-graph",
    .description = "Write the einsum graph of every func.func as JSON "
                   "(lifting it when solar-einsum-graph has not run)",
    .valueOption = "format",
    .optionNames = dumpOptions,
    .run = runDumpEinsumGraph,
};
