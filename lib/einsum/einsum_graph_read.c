/* Reading #solar.einsum_graph into the plain structs of einsum_graph.h.
 *
 * The C API has no accessor for the parameters of an IRDL attribute, so
 * the wrapper is printed and its dictionary parsed back by MLIR's own
 * parser; fields are then read with the builtin attribute API. The lift's
 * bare twin (einsum_attr_text.h: the same values as plain C, written by
 * the same calls as the attribute's text) is read by the same code
 * through the accessors of Val. */
#include "solar/dialect/dialect_attr.h"
#include "solar/einsum/einsum_graph.h"
#include "solar/einsum/einsum_graph_index.h"
#include "einsum_lifted.h"

#include "solar/support/text.h"

#include "mlir-c/BuiltinAttributes.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  char *err;
  size_t errSize;
  /* What is being read, for messages: `whereKind` and its index, or
   * nothing (the graph itself). Formatted only when a read fails. */
  const char *whereKind;
  size_t whereIndex;
  bool failed;
} Reader;

static void failf(Reader *r, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void failf(Reader *r, const char *fmt, ...) {
  if (r->failed)
    return;
  r->failed = true;
  char message[512];
  va_list args;
  va_start(args, fmt);
  vsnprintf(message, sizeof(message), fmt, args);
  va_end(args);
  if (r->err && r->errSize && r->whereKind)
    snprintf(r->err, r->errSize, "%s %zu: %s", r->whereKind, r->whereIndex,
             message);
  else if (r->err && r->errSize)
    snprintf(r->err, r->errSize, "%s", message);
}

/* A value being read: an attribute, or in a read of the lift's bare twin
 * (egGraphReadBare) the twin's node (NULL when absent). Every field goes
 * through the accessors below, so both are read by the same code. */
typedef struct {
  MlirAttribute attr;
  const EgTwin *twin;
  bool bare;
} Val;

static Val attrVal(MlirAttribute attr) { return (Val){attr, NULL, false}; }
static Val twinVal(const EgTwin *twin) {
  return (Val){{NULL}, twin, true};
}

static bool isNull(Val v) {
  return v.bare ? !v.twin : mlirAttributeIsNull(v.attr);
}

static bool isDict(Val v) {
  if (v.bare)
    return v.twin && v.twin->kind == EG_TWIN_DICT;
  return !mlirAttributeIsNull(v.attr) && mlirAttributeIsADictionary(v.attr);
}

static bool isArray(Val v) {
  if (v.bare)
    return v.twin && v.twin->kind == EG_TWIN_LIST;
  return !mlirAttributeIsNull(v.attr) && mlirAttributeIsAArray(v.attr);
}

/* An integer (MLIR's bool is an i1 integer, the twin's too). */
static bool intOf(Val v, int64_t *out) {
  if (v.bare) {
    if (!v.twin ||
        (v.twin->kind != EG_TWIN_I64 && v.twin->kind != EG_TWIN_BOOL))
      return false;
    *out = v.twin->number;
    return true;
  }
  if (mlirAttributeIsNull(v.attr) || !mlirAttributeIsAInteger(v.attr))
    return false;
  *out = mlirIntegerAttrGetValueInt(v.attr);
  return true;
}

static bool boolOf(Val v, bool *out) {
  if (v.bare) {
    if (!v.twin || v.twin->kind != EG_TWIN_BOOL)
      return false;
    *out = v.twin->number != 0;
    return true;
  }
  if (mlirAttributeIsNull(v.attr) || !mlirAttributeIsABool(v.attr))
    return false;
  *out = mlirBoolAttrGetValue(v.attr);
  return true;
}

static bool stringOf(Val v, MlirStringRef *out) {
  if (v.bare) {
    if (!v.twin || v.twin->kind != EG_TWIN_STRING)
      return false;
    *out = (MlirStringRef){v.twin->string, v.twin->length};
    return true;
  }
  if (mlirAttributeIsNull(v.attr) || !mlirAttributeIsAString(v.attr))
    return false;
  *out = mlirStringAttrGetValue(v.attr);
  return true;
}

/* A copy of s, NUL-terminated. */
static char *copyString(MlirStringRef s) {
  char *copy = malloc(s.length + 1);
  if (!copy)
    abort();
  if (s.length) /* an empty StringRef may carry no data pointer */
    memcpy(copy, s.data, s.length);
  copy[s.length] = '\0';
  return copy;
}

static size_t count(Val v) {
  if (v.bare)
    return v.twin ? v.twin->count : 0;
  if (mlirAttributeIsADictionary(v.attr))
    return (size_t)mlirDictionaryAttrGetNumElements(v.attr);
  return (size_t)mlirArrayAttrGetNumElements(v.attr);
}

static Val element(Val array, size_t i) {
  if (array.bare)
    return twinVal(array.twin->items[i]);
  return attrVal(mlirArrayAttrGetElement(array.attr, (intptr_t)i));
}

/* The i-th entry of a dictionary, in its order (by name); its name in
 * *name. */
static Val entryAt(Val dict, size_t i, MlirStringRef *name) {
  if (dict.bare) {
    *name = mlirStringRefCreateFromCString(dict.twin->keys[i]);
    return twinVal(dict.twin->items[i]);
  }
  MlirNamedAttribute entry =
      mlirDictionaryAttrGetElement(dict.attr, (intptr_t)i);
  *name = mlirIdentifierStr(entry.name);
  return attrVal(entry.attribute);
}

/* The dictionary inside #solar.<mnemonic><{...}>. */
static Val unwrap(Reader *r, Val v, const char *mnemonic) {
  if (isNull(v)) {
    failf(r, "missing #solar.%s attribute", mnemonic);
    return v;
  }
  if (v.bare && isDict(v))
    return v;
  Val dict = v.bare ? twinVal(NULL)
                    : attrVal(solarDialectAttrOpen(v.attr, mnemonic));
  if (isNull(dict))
    failf(r, "expected a #solar.%s<{...}> attribute", mnemonic);
  return dict;
}

static Val field(Val dict, const char *key) {
  if (dict.bare)
    return twinVal(egTwinField(dict.twin, key));
  if (mlirAttributeIsNull(dict.attr))
    return dict;
  return attrVal(mlirDictionaryAttrGetElementByName(
      dict.attr, mlirStringRefCreateFromCString(key)));
}

static int64_t readI64(Reader *r, Val dict, const char *key, bool required) {
  int64_t value;
  if (intOf(field(dict, key), &value))
    return value;
  if (required)
    failf(r, "field '%s' must be an integer", key);
  return 0;
}

static bool readBool(Reader *r, Val dict, const char *key, bool required) {
  bool value;
  if (boolOf(field(dict, key), &value))
    return value;
  if (required)
    failf(r, "field '%s' must be a boolean", key);
  return false;
}

static char *readStr(Reader *r, Val dict, const char *key, bool required) {
  MlirStringRef s;
  if (stringOf(field(dict, key), &s))
    return copyString(s);
  if (required)
    failf(r, "field '%s' must be a string", key);
  return NULL;
}

static Val readArray(Reader *r, Val dict, const char *key, size_t *n) {
  Val a = field(dict, key);
  if (!isArray(a)) {
    failf(r, "field '%s' must be an array", key);
    *n = 0;
    return dict.bare ? twinVal(NULL) : attrVal((MlirAttribute){NULL});
  }
  *n = count(a);
  return a;
}

/* `key` (i64) or `key_expr` (string): a count that may be parametric. */
static int64_t readCount(Reader *r, Val dict, const char *key,
                         char **expr) {
  *expr = NULL;
  Val constant = field(dict, key);
  if (!isNull(constant)) {
    int64_t value;
    if (intOf(constant, &value))
      return value;
    failf(r, "field '%s' must be an integer", key);
    return 0;
  }
  char exprKey[96];
  egExprKey(exprKey, sizeof(exprKey), key);
  *expr = readStr(r, dict, exprKey, false);
  if (!*expr)
    failf(r, "field '%s' (or '%s') is missing", key, exprKey);
  return SOLAR_EINSUM_PARAMETRIC;
}

static void readCounts(Reader *r, Val dict, SolarOpCounts *out) {
  if (!isDict(dict)) {
    failf(r, "op counts must be a dictionary");
    return;
  }
  for (int c = 0; c < SOLAR_OP_CLASS_COUNT; ++c)
    out->counts[c] = readI64(r, dict, solarOpClassName((SolarOpClass)c), false);
}

/* Totals under `key` (ints) or `key_expr` (parametric strings, kept in
 * exprs[] when not NULL). */
static void readTotals(Reader *r, Val dict, const char *key,
                       SolarOpCounts *out, char **exprText) {
  Val totals = field(dict, key);
  if (!isNull(totals)) {
    readCounts(r, totals, out);
    return;
  }
  char exprKey[96];
  egExprKey(exprKey, sizeof(exprKey), key);
  Val exprs = field(dict, exprKey);
  if (!isDict(exprs)) {
    failf(r, "field '%s' (or '%s') is missing", key, exprKey);
    return;
  }
  for (int c = 0; c < SOLAR_OP_CLASS_COUNT; ++c) {
    int64_t value;
    out->counts[c] = intOf(field(exprs, solarOpClassName((SolarOpClass)c)),
                           &value)
                         ? value
                         : SOLAR_EINSUM_PARAMETRIC;
    if (exprText && out->counts[c] == SOLAR_EINSUM_PARAMETRIC)
      readCount(r, exprs, solarOpClassName((SolarOpClass)c), &exprText[c]);
  }
}

static void readTensor(Reader *r, Val d, SolarEinsumTensor *t) {
  t->id = readI64(r, d, "id", true);
  t->name = readStr(r, d, "name", true);
  t->islName = readStr(r, d, "isl_name", true);
  char *role = readStr(r, d, "role", true);
  if (role && !solarTensorRoleFromName(role, &t->role))
    failf(r, "unknown tensor role '%s'", role);
  free(role);
  t->dtype = readStr(r, d, "dtype", true);
  t->elementBytes = readI64(r, d, "element_bytes", true);
  size_t rank = 0;
  Val shape = readArray(r, d, "shape", &rank);
  t->rank = (int64_t)rank;
  t->shape = calloc(rank + 1, sizeof(int64_t));
  if (!t->shape)
    abort();
  for (size_t i = 0; i < rank; ++i) {
    int64_t size;
    t->shape[i] = intOf(element(shape, i), &size) ? size : -1;
  }
  t->elements = readI64(r, d, "elements", true);
  t->bytes = readI64(r, d, "bytes", true);
  t->constant = readBool(r, d, "constant", false);
  t->splat = readBool(r, d, "splat", false);
  t->footprintElements = readCount(r, d, "footprint_elements", &t->footprintExpr);
  t->footprintBytes = t->footprintExpr ? SOLAR_EINSUM_PARAMETRIC
                                       : readI64(r, d, "footprint_bytes", true);
  t->footprintExact = readBool(r, d, "footprint_exact", true);
  char *expr = NULL;
  t->readElements = readCount(r, d, "read_elements", &expr);
  free(expr);
  t->writeElements = readCount(r, d, "write_elements", &expr);
  free(expr);
}

static void readAccess(Reader *r, Val d, SolarEinsumAccess *a) {
  a->tensor = readI64(r, d, "tensor", true);
  char *kind = readStr(r, d, "kind", true);
  if (kind && strcmp(kind, "read") != 0 && strcmp(kind, "write") != 0)
    failf(r, "access kind must be 'read' or 'write', not '%s'", kind);
  a->isWrite = kind && strcmp(kind, "write") == 0;
  free(kind);
  char *role = readStr(r, d, "role", true);
  if (role && !solarAccessRoleFromName(role, &a->role))
    failf(r, "unknown access role '%s'", role);
  free(role);
  a->map = readStr(r, d, "map", true);
  a->exact = readBool(r, d, "exact", true);
  a->footprintElements = readCount(r, d, "footprint_elements", &a->footprintExpr);
  a->footprintExact = readBool(r, d, "footprint_exact", true);
  a->zeroSkips = readBool(r, d, "zero_skips", false);
}

static void readLoop(Reader *r, Val d, SolarEinsumLoop *l) {
  l->name = readStr(r, d, "name", true);
  l->label = readStr(r, d, "label", true);
  l->reduction = readBool(r, d, "reduction", true);
  l->op = readStr(r, d, "op", true);
  l->loc = readStr(r, d, "loc", true);
}

static void readNode(Reader *r, Val attr, SolarEinsumNode *n) {
  Val d = unwrap(r, attr, "node");
  if (r->failed)
    return;
  n->id = readI64(r, d, "id", true);
  n->loc = readStr(r, d, "loc", true);
  n->frameworkOp = readStr(r, d, "framework_op", false);
  n->equation = readStr(r, d, "equation", true);
  n->domain = readStr(r, d, "domain", true);
  n->points = readCount(r, d, "points", &n->pointsExpr);
  n->pointsExact = readBool(r, d, "points_exact", true);
  Val loops = readArray(r, d, "loops", &n->loopCount);
  n->loops = calloc(n->loopCount + 1, sizeof(SolarEinsumLoop));
  for (size_t i = 0; i < n->loopCount && !r->failed; ++i)
    readLoop(r, element(loops, i), &n->loops[i]);
  Val dims = readArray(r, d, "reduction_dims", &n->reductionDimCount);
  n->reductionDims = calloc(n->reductionDimCount + 1, sizeof(char *));
  for (size_t i = 0; i < n->reductionDimCount && !r->failed; ++i) {
    MlirStringRef s;
    if (!stringOf(element(dims, i), &s)) {
      failf(r, "reduction_dims must hold strings");
      break;
    }
    n->reductionDims[i] = copyString(s);
  }
  n->reductionOp = readStr(r, d, "reduction_op", true);
  Val accesses = readArray(r, d, "accesses", &n->accessCount);
  n->accesses = calloc(n->accessCount + 1, sizeof(SolarEinsumAccess));
  for (size_t i = 0; i < n->accessCount && !r->failed; ++i)
    readAccess(r, element(accesses, i), &n->accesses[i]);
  readCounts(r, field(d, "ops_per_point"), &n->opsPerPoint);
  readTotals(r, d, "ops", &n->ops, n->opsExpr);
  Val perPoint = field(d, "ops_per_point_by_dtype");
  Val totals = field(d, "ops_by_dtype");
  if (!isDict(perPoint) || !isDict(totals)) {
    failf(r, "ops_per_point_by_dtype and ops_by_dtype must be dictionaries");
    return;
  }
  n->dtypeCount = count(perPoint);
  n->opsByDtype = calloc(n->dtypeCount + 1, sizeof(SolarDtypeOps));
  for (size_t i = 0; i < n->dtypeCount && !r->failed; ++i) {
    MlirStringRef name;
    Val entry = entryAt(perPoint, i, &name);
    SolarDtypeOps *row = &n->opsByDtype[i];
    row->dtype = copyString(name);
    readCounts(r, entry, &row->perPoint);
    readTotals(r, totals, row->dtype, &row->total, NULL);
  }
  n->flops = readCount(r, d, "flops", &n->flopsExpr);
  n->necessaryPoints = n->points;
  if (!isNull(field(d, "necessary_points")) ||
      !isNull(field(d, "necessary_points_expr"))) {
    n->necessaryPoints =
        readCount(r, d, "necessary_points", &n->necessaryPointsExpr);
    n->necessaryDomain = readStr(r, d, "necessary_domain", true);
  }
  /* Written only where false (einsum_graph_attr.c). */
  n->necessaryPointsExact =
      isNull(field(d, "necessary_points_exact")) ||
      readBool(r, d, "necessary_points_exact", true);
  n->dtype = readStr(r, d, "dtype", true);
  n->exact = readBool(r, d, "exact", true);
}

static void readEdge(Reader *r, Val d, SolarEinsumEdge *e) {
  e->producer = readI64(r, d, "producer", true);
  e->consumer = readI64(r, d, "consumer", true);
  e->tensor = readI64(r, d, "tensor", true);
  e->relation = readStr(r, d, "relation", true);
  e->elements = readCount(r, d, "elements", &e->elementsExpr);
  e->elementsExact = readBool(r, d, "elements_exact", true);
}

static bool readGraph(Reader *reader, Val attr, SolarEinsumGraph *out);

bool solarEinsumGraphRead(MlirAttribute attr, SolarEinsumGraph *out,
                          char *err, size_t errSize) {
  Reader r = {err, errSize, NULL, 0, false};
  return readGraph(&r, attrVal(attr), out);
}

bool egGraphReadBare(const EgTwin *dict, SolarEinsumGraph *out, char *err,
                     size_t errSize) {
  Reader r = {err, errSize, NULL, 0, false};
  return readGraph(&r, twinVal(dict), out);
}

static bool readGraph(Reader *reader, Val attr, SolarEinsumGraph *out) {
  Reader r = *reader;
  memset(out, 0, sizeof(*out));
  if (r.err && r.errSize)
    r.err[0] = '\0';
  Val g = unwrap(&r, attr, "einsum_graph");
  if (r.failed)
    return false;
  out->version = readI64(&r, g, "version", true);
  if (!r.failed && out->version != SOLAR_EINSUM_GRAPH_VERSION)
    failf(&r, "unsupported einsum graph version %lld (expected %d)",
          (long long)out->version, SOLAR_EINSUM_GRAPH_VERSION);
  out->function = readStr(&r, g, "function", true);
  Val params = readArray(&r, g, "parameters", &out->paramCount);
  out->params = calloc(out->paramCount + 1, sizeof(SolarEinsumParam));
  for (size_t i = 0; i < out->paramCount && !r.failed; ++i) {
    Val p = element(params, i);
    out->params[i].name = readStr(&r, p, "name", true);
    out->params[i].source = readStr(&r, p, "source", true);
  }
  Val tensors = readArray(&r, g, "tensors", &out->tensorCount);
  out->tensors = calloc(out->tensorCount + 1, sizeof(SolarEinsumTensor));
  for (size_t i = 0; i < out->tensorCount && !r.failed; ++i) {
    r.whereKind = "tensor";
    r.whereIndex = i;
    readTensor(&r, element(tensors, i), &out->tensors[i]);
  }
  r.whereKind = NULL;
  Val nodes = readArray(&r, g, "nodes", &out->nodeCount);
  out->nodes = calloc(out->nodeCount + 1, sizeof(SolarEinsumNode));
  for (size_t i = 0; i < out->nodeCount && !r.failed; ++i) {
    r.whereKind = "node";
    r.whereIndex = i;
    readNode(&r, element(nodes, i), &out->nodes[i]);
  }
  r.whereKind = NULL;
  Val edges = readArray(&r, g, "edges", &out->edgeCount);
  out->edges = calloc(out->edgeCount + 1, sizeof(SolarEinsumEdge));
  for (size_t i = 0; i < out->edgeCount && !r.failed; ++i) {
    r.whereKind = "edge";
    r.whereIndex = i;
    readEdge(&r, element(edges, i), &out->edges[i]);
  }
  r.whereKind = NULL;
  Val totals = field(g, "totals");
  if (!isDict(totals)) {
    failf(&r, "field 'totals' must be a dictionary");
  } else {
    for (int c = 0; c < SOLAR_OP_CLASS_COUNT && !r.failed; ++c) {
      char *expr = NULL;
      out->totalOps.counts[c] =
          readCount(&r, totals, solarOpClassName((SolarOpClass)c), &expr);
      free(expr);
    }
    out->totalFlops = readCount(&r, totals, "flops", &out->totalFlopsExpr);
  }
  out->exact = readBool(&r, g, "exact", true);
  out->warnings = readI64(&r, g, "warnings", true);
  if (!isNull(field(g, "skipped"))) {
    Val skipped = readArray(&r, g, "skipped", &out->skippedCount);
    out->skipped = calloc(out->skippedCount ? out->skippedCount : 1,
                          sizeof(char *));
    for (size_t i = 0; i < out->skippedCount && !r.failed; ++i) {
      MlirStringRef s;
      if (!stringOf(element(skipped, i), &s)) {
        failf(&r, "field 'skipped' must hold strings");
        break;
      }
      out->skipped[i] = copyString(s);
    }
  }
  if (r.failed) {
    solarEinsumGraphDestroy(out);
    return false;
  }
  solarGraphIndexBuild(out);
  return true;
}

void solarEinsumGraphDestroy(SolarEinsumGraph *graph) {
  if (!graph)
    return;
  solarGraphIndexDestroy(graph);
  for (size_t i = 0; i < graph->paramCount; ++i) {
    free(graph->params[i].name);
    free(graph->params[i].source);
  }
  free(graph->params);
  for (size_t i = 0; i < graph->tensorCount; ++i) {
    SolarEinsumTensor *t = &graph->tensors[i];
    free(t->name);
    free(t->islName);
    free(t->dtype);
    free(t->shape);
    free(t->footprintExpr);
  }
  free(graph->tensors);
  for (size_t i = 0; i < graph->nodeCount; ++i) {
    SolarEinsumNode *n = &graph->nodes[i];
    free(n->loc);
    free(n->frameworkOp);
    free(n->equation);
    free(n->domain);
    free(n->pointsExpr);
    for (size_t l = 0; l < n->loopCount; ++l) {
      free(n->loops[l].name);
      free(n->loops[l].label);
      free(n->loops[l].op);
      free(n->loops[l].loc);
    }
    free(n->loops);
    for (size_t k = 0; k < n->reductionDimCount; ++k)
      free(n->reductionDims[k]);
    free(n->reductionDims);
    free(n->reductionOp);
    for (size_t a = 0; a < n->accessCount; ++a) {
      free(n->accesses[a].map);
      free(n->accesses[a].footprintExpr);
    }
    free(n->accesses);
    for (size_t k = 0; k < n->dtypeCount; ++k)
      free(n->opsByDtype[k].dtype);
    free(n->opsByDtype);
    free(n->flopsExpr);
    for (int c = 0; c < SOLAR_OP_CLASS_COUNT; ++c)
      free(n->opsExpr[c]);
    free(n->necessaryDomain);
    free(n->necessaryPointsExpr);
    free(n->dtype);
  }
  free(graph->nodes);
  for (size_t i = 0; i < graph->edgeCount; ++i) {
    free(graph->edges[i].relation);
    free(graph->edges[i].elementsExpr);
  }
  free(graph->edges);
  free(graph->function);
  free(graph->totalFlopsExpr);
  for (size_t i = 0; i < graph->skippedCount; ++i)
    free(graph->skipped[i]);
  free(graph->skipped);
  memset(graph, 0, sizeof(*graph));
}
