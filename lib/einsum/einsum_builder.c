/* Lifting one func.func into an einsum graph: builder lifetime and the order
 * of the phases (see einsum_internal.h). */
#include "einsum_internal.h"
#include "einsum_lifted.h"
#include "solar/support/text.h"

#include "solar/support/diagnostics.h"

#include "mlir-c/BuiltinAttributes.h"

#include <isl/options.h>
#include <isl/space.h>

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void destroyNode(EgNode *node) {
  isl_set_free(node->domain);
  solarCountClear(&node->points);
  for (int i = 0; i < node->accessCount; ++i) {
    isl_map_free(node->accesses[i].map);
    isl_set_free(node->accesses[i].image);
    isl_multi_pw_aff_free(node->accesses[i].indices);
    free(node->accesses[i].mapText);
    isl_map_free(node->accesses[i].mapNamed);
    isl_map_free(node->accesses[i].shapeMap);
    solarCountClear(&node->accesses[i].footprint);
  }
  free(node->accesses);
  if (node->scope && node->labels)
    for (int i = 0; i < node->scope->depth; ++i)
      free(node->labels[i]);
  free(node->labels);
  free(node->reductionDims);
  for (int i = 0; i < node->opsCount; ++i) {
    free(node->ops[i].dtype);
    for (int c = 0; c < SOLAR_OP_CLASS_COUNT; ++c)
      isl_pw_qpolynomial_free(node->ops[i].total[c]);
  }
  free(node->ops);
  free(node->dtype);
  free(node->equation);
  isl_map_free(node->schedule);
  isl_set_free(node->necessary);
  solarCountClear(&node->necessaryPoints);
  free(node->domainText);
  isl_set_free(node->domainNamed);
}

static void destroyBuilder(EgBuilder *b) {
  for (int i = 0; i < b->nodeCount; ++i)
    destroyNode(&b->nodes[i]);
  free(b->nodes);
  for (int i = 0; i < b->edgeCount; ++i) {
    isl_map_free(b->edges[i].relation);
    solarCountClear(&b->edges[i].elements);
    free(b->edges[i].relationText);
  }
  free(b->edges);
  for (int i = 0; i < b->tensorCount; ++i) {
    EgTensor *t = &b->tensors[i];
    free(t->name);
    free(t->islName);
    free(t->dtype);
    free(t->shape);
    isl_set_free(t->touched);
    isl_set_free(t->readSet);
    isl_set_free(t->writeSet);
  }
  free(b->tensors);
  for (int i = 0; i < b->scopeCount; ++i) {
    EgScope *s = b->scopes[i];
    isl_set_free(s->domain);
    solarCountClear(&s->count);
    free(s->ivs);
    free(s->loopOps);
    free(s->sched);
    free(s);
  }
  free(b->scopes);
  egHandleMapClear(&b->scopeOfBlock);
  egHandleMapClear(&b->tensorOfBase);
  egHandleMapClear(&b->paramOfValue);
  egNameSetClear(&b->islNames);
  free(b->stores);
  for (int i = 0; i < b->paramCount; ++i) {
    free(b->params[i].name);
    free(b->params[i].source);
  }
  free(b->params);
  isl_space_free(b->paramSpace);
  egHandleMapClear(&b->claimed);
  egHandleMapClear(&b->accessedLoads);
  free(b->functionName);
  for (int i = 0; i < b->skippedCount; ++i)
    free(b->skipped[i]);
  free(b->skipped);
  if (b->asmState.ptr)
    mlirAsmStateDestroy(b->asmState);
  solarCountCacheDestroy(b->counts);
  if (b->ctx)
    isl_ctx_free(b->ctx);
}

static char *functionName(MlirOperation func) {
  MlirAttribute name = mlirOperationGetAttributeByName(
      func, mlirStringRefCreateFromCString("sym_name"));
  if (mlirAttributeIsNull(name) || !mlirAttributeIsAString(name))
    return egStrdup("");
  MlirStringRef text = mlirStringAttrGetValue(name);
  return solarFormat("%.*s", (int)text.length, text.data);
}

static bool lift(MlirOperation func, bool strict, bool structureOnly,
                 MlirAttribute *graph, SolarLiftedGraph **lifted) {
  if (!egCheckNesting(func)) {
    if (graph)
      *graph = (MlirAttribute){NULL};
    if (lifted)
      *lifted = NULL;
    return false;
  }
  EgBuilder b;
  memset(&b, 0, sizeof(b));
  b.mctx = mlirOperationGetContext(func);
  b.func = func;
  b.strict = strict;
  b.keepIsl = lifted != NULL;
  b.printRelations = graph != NULL;
  b.structureOnly = structureOnly;
  b.ctx = isl_ctx_alloc();
  b.counts = solarCountCacheCreate();
  /* isl reports misuse on stderr and returns NULL; solar checks results and
   * words its own diagnostics. */
  isl_options_set_on_error(b.ctx, ISL_ON_ERROR_CONTINUE);
  b.paramSpace = isl_space_params_alloc(b.ctx, 0);
  /* The state only names values (egValueName). The function reaches the
   * lift verified (parsed, or lowered and verified once), and MLIR's
   * default is to verify it again here, a walk of every op. */
  MlirOpPrintingFlags flags = mlirOpPrintingFlagsCreate();
  mlirOpPrintingFlagsAssumeVerified(flags);
  b.asmState = mlirAsmStateCreateForOperation(func, flags);
  mlirOpPrintingFlagsDestroy(flags);
  b.functionName = functionName(func);

  egBuildScopes(&b);
  b.nodes = calloc((size_t)(b.storeCount ? b.storeCount : 1), sizeof(EgNode));
  if (!b.nodes)
    abort();
  for (int i = 0; i < b.storeCount; ++i) {
    EgNode *node = &b.nodes[b.nodeCount++];
    node->id = i;
    node->anchor = b.stores[i].op;
    node->storeScope = b.stores[i].scope;
    node->storePosition = b.stores[i].position;
    node->loc = mlirOperationGetLocation(node->anchor);
    egBuildNode(&b, node);
  }
  egAttachAddressLoads(&b);
  egComputeDataflow(&b);
  egTensorsFinish(&b);
  for (int i = 0; i < b.nodeCount; ++i) {
    egAssignLabels(&b, &b.nodes[i]);
    b.nodes[i].equation = egEquation(&b, &b.nodes[i]);
  }
  egGraphFreezeText(&b);
  if (!b.structureOnly)
    egComputeNecessaryWork(&b);
  const EgTwin *bare = NULL;
  EgTwinArena *arena = NULL;
  MlirAttribute attr = egGraphToAttribute(&b, lifted ? &bare : NULL, &arena,
                                          graph != NULL);
  if (graph)
    *graph = attr;
  bool ok = !b.failed && (graph ? !mlirAttributeIsNull(attr) : bare != NULL);
  if (lifted && ok)
    *lifted = egLiftedTake(&b, bare, arena);
  else {
    if (lifted)
      *lifted = NULL;
    egTwinArenaDestroy(arena);
  }
  destroyBuilder(&b);
  return ok;
}

bool solarEinsumGraphLift(MlirOperation func, bool strict,
                          MlirAttribute *graph) {
  return lift(func, strict, false, graph, NULL);
}

bool solarEinsumGraphLiftShared(MlirOperation func, bool strict,
                                MlirAttribute *graph,
                                SolarLiftedGraph **lifted) {
  return lift(func, strict, false, graph, lifted);
}

bool solarEinsumGraphLiftStructure(MlirOperation func, SolarEinsumGraph *out,
                                   char *err, size_t errSize) {
  SolarLiftedGraph *lifted = NULL;
  if (!lift(func, false, true, NULL, &lifted) || !lifted) {
    snprintf(err, errSize,
             "the einsum graph of a function could not be lifted");
    return false;
  }
  return solarEinsumGraphReadLifted((MlirAttribute){NULL}, lifted, out, err,
                                    errSize);
}
