/* Lifting one func.func into an einsum graph: builder lifetime, shared
 * helpers and the order of the phases (see einsum_internal.h). */
#include "einsum_internal.h"
#include "einsum_text.h"

#include "solar/support/diagnostics.h"

#include "mlir-c/BuiltinAttributes.h"

#include <isl/options.h>
#include <isl/space.h>

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

MlirAttribute egGraphToAttribute(EgBuilder *b);

char *egStrdup(const char *text) {
  char *copy = strdup(text ? text : "");
  if (!copy)
    abort();
  return copy;
}

void egGrow(void **items, int *capacity, int count, size_t elementSize) {
  if (count < *capacity)
    return;
  *capacity = *capacity ? 2 * *capacity : 8;
  *items = realloc(*items, (size_t)*capacity * elementSize);
  if (!*items)
    abort();
}

bool egOpIs(MlirOperation op, const char *name) {
  if (mlirOperationIsNull(op))
    return false;
  MlirStringRef text = mlirIdentifierStr(mlirOperationGetName(op));
  size_t length = strlen(name);
  return text.length == length && strncmp(text.data, name, length) == 0;
}

void egOpName(MlirOperation op, char *buf, size_t size) {
  MlirStringRef text = mlirIdentifierStr(mlirOperationGetName(op));
  snprintf(buf, size, "%.*s", (int)text.length, text.data);
}

MlirOperation egValueDefiningOp(MlirValue value) {
  if (mlirValueIsAOpResult(value))
    return mlirOpResultGetOwner(value);
  return (MlirOperation){NULL};
}

/* Copies what `print` writes into buf (truncated to size). */
static void printInto(char *buf, size_t size, EgText *text) {
  snprintf(buf, size, "%s", text->buf ? text->buf : "");
  egTextClear(text);
}

void egTypeString(MlirType type, char *buf, size_t size) {
  EgText text = {NULL, 0, 0};
  mlirTypePrint(type, egTextAppend, &text);
  printInto(buf, size, &text);
}

void egValueName(EgBuilder *b, MlirValue value, char *buf, size_t size) {
  EgText text = {NULL, 0, 0};
  mlirValuePrintAsOperand(value, b->asmState, egTextAppend, &text);
  printInto(buf, size, &text);
}

int egOpPosition(MlirOperation op) {
  MlirBlock block = mlirOperationGetBlock(op);
  int position = 0;
  for (MlirOperation it = mlirBlockGetFirstOperation(block);
       !mlirOperationIsNull(it) && !mlirOperationEqual(it, op);
       it = mlirOperationGetNextInBlock(it))
    position++;
  return position;
}

void egWarn(EgBuilder *b, MlirLocation loc, const char *fmt, ...) {
  char message[2048];
  va_list args;
  va_start(args, fmt);
  vsnprintf(message, sizeof(message), fmt, args);
  va_end(args);
  b->warnings++;
  if (b->strict) {
    solarEmitError(loc, "%s (--solar-strict)", message);
    b->failed = true;
  } else {
    solarEmitWarning(loc, "%s", message);
  }
}

static bool identifierTaken(EgBuilder *b, const char *name) {
  if (egNameSetHas(&b->islNames, name))
    return true;
  /* Statement tuples are S<n>; keep them unambiguous. */
  bool digitsAfterFirst = name[0] && name[1] &&
                          strspn(name + 1, "0123456789") == strlen(name + 1);
  if (name[0] == 'S' && digitsAfterFirst)
    return true;
  /* Dimensions are named by lower-case labels or d<n>: a parameter with
   * such a name would be read back as the dimension. */
  if ((name[0] && !name[1]) || (name[0] == 'd' && digitsAfterFirst))
    return true;
  return false;
}

char *egIslIdentifier(EgBuilder *b, const char *printed) {
  char base[256];
  size_t n = 0;
  for (const char *p = printed; *p && n + 1 < sizeof(base); ++p) {
    if (*p == '%' || *p == '@')
      continue;
    base[n++] = isalnum((unsigned char)*p) ? *p : '_';
  }
  base[n] = '\0';
  if (n == 0 || isdigit((unsigned char)base[0])) {
    memmove(base + 1, base, n + 1);
    base[0] = 'v';
  }
  char *name = egStrdup(base);
  for (int suffix = 1; identifierTaken(b, name); ++suffix) {
    free(name);
    name = solarFormat("%s_%d", base, suffix);
  }
  egNameSetAdd(&b->islNames, name);
  return name;
}

bool egClaimOp(EgBuilder *b, MlirOperation op) {
  intptr_t unused;
  if (egHandleMapGet(&b->claimed, op.ptr, &unused))
    return false;
  egHandleMapPut(&b->claimed, op.ptr, 1);
  return true;
}

static void destroyNode(EgNode *node) {
  isl_set_free(node->domain);
  egCountClear(&node->points);
  for (int i = 0; i < node->accessCount; ++i) {
    isl_map_free(node->accesses[i].map);
    isl_set_free(node->accesses[i].image);
    isl_multi_pw_aff_free(node->accesses[i].indices);
    free(node->accesses[i].mapText);
    egCountClear(&node->accesses[i].footprint);
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
  egCountClear(&node->necessaryPoints);
  free(node->domainText);
}

static void destroyBuilder(EgBuilder *b) {
  for (int i = 0; i < b->nodeCount; ++i)
    destroyNode(&b->nodes[i]);
  free(b->nodes);
  for (int i = 0; i < b->edgeCount; ++i) {
    isl_map_free(b->edges[i].relation);
    egCountClear(&b->edges[i].elements);
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
    egCountClear(&s->count);
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
  if (b->asmState.ptr)
    mlirAsmStateDestroy(b->asmState);
  egCountCacheDestroy(b->counts);
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

bool solarEinsumGraphLift(MlirOperation func, bool strict,
                          MlirAttribute *graph) {
  EgBuilder b;
  memset(&b, 0, sizeof(b));
  b.mctx = mlirOperationGetContext(func);
  b.func = func;
  b.strict = strict;
  b.ctx = isl_ctx_alloc();
  b.counts = egCountCacheCreate();
  /* isl reports misuse on stderr and returns NULL; solar checks results and
   * words its own diagnostics. */
  isl_options_set_on_error(b.ctx, ISL_ON_ERROR_CONTINUE);
  b.paramSpace = isl_space_params_alloc(b.ctx, 0);
  MlirOpPrintingFlags flags = mlirOpPrintingFlagsCreate();
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
  egComputeNecessaryWork(&b);
  *graph = egGraphToAttribute(&b);
  bool ok = !b.failed && !mlirAttributeIsNull(*graph);
  destroyBuilder(&b);
  return ok;
}
