/* The builder's model as `#solar.einsum_graph<{...}>` (fields documented in
 * docs/einsum-graph.md). The C API cannot build IRDL attributes directly,
 * so the graph is printed as text and parsed: every dictionary is built as
 * a builtin attribute and printed once, with `#solar.node<...>` and
 * `#solar.einsum_graph<...>` written around them, and the whole text is
 * parsed once (wrapping each node on its own would print and parse every
 * node twice). */
#include "einsum_internal.h"
#include "einsum_text.h"

#include "solar/diagnostics.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <isl/set.h>
#include <isl/val.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

MlirAttribute egGraphToAttribute(EgBuilder *b);

typedef struct {
  MlirContext ctx;
  MlirNamedAttribute *items;
  int count, capacity;
} Dict;

static void put(Dict *d, const char *key, MlirAttribute value) {
  if (mlirAttributeIsNull(value))
    return;
  egGrow((void **)&d->items, &d->capacity, d->count,
         sizeof(MlirNamedAttribute));
  d->items[d->count++] = mlirNamedAttributeGet(
      mlirIdentifierGet(d->ctx, mlirStringRefCreateFromCString(key)), value);
}

static MlirAttribute finish(Dict *d) {
  MlirAttribute dict = mlirDictionaryAttrGet(d->ctx, d->count, d->items);
  free(d->items);
  d->items = NULL;
  d->count = d->capacity = 0;
  return dict;
}

static MlirAttribute i64(MlirContext ctx, int64_t value) {
  return mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), value);
}

static MlirAttribute str(MlirContext ctx, const char *text) {
  return mlirStringAttrGet(ctx, mlirStringRefCreateFromCString(text ? text : ""));
}

/* Takes an isl-allocated string. */
static MlirAttribute islStr(MlirContext ctx, char *text) {
  MlirAttribute attr = str(ctx, text ? text : "");
  free(text);
  return attr;
}


/* `key` as i64 when the count is constant, else `key_expr` as isl text. */
static void putCount(Dict *d, const char *key, const EgCount *count) {
  int64_t value = 0;
  char exprKey[64];
  snprintf(exprKey, sizeof(exprKey), "%s_expr", key);
  if (egCountConstant(count, &value))
    put(d, key, i64(d->ctx, value));
  else if (count->count)
    put(d, exprKey, islStr(d->ctx, egCountToStr(count)));
  else
    put(d, exprKey, str(d->ctx, "unbounded"));
}

static void putPwCount(Dict *d, const char *key,
                       __isl_keep isl_pw_qpolynomial *pw) {
  int64_t value = 0;
  char exprKey[64];
  snprintf(exprKey, sizeof(exprKey), "%s_expr", key);
  if (!pw)
    put(d, key, i64(d->ctx, 0));
  else if (egPwQpolynomialConstant(pw, &value))
    put(d, key, i64(d->ctx, value));
  else
    put(d, exprKey, islStr(d->ctx, isl_pw_qpolynomial_to_str(pw)));
}

static char *locationText(MlirLocation loc) {
  char buf[1024];
  solarLocationFormat(loc, buf, sizeof(buf));
  return egStrdup(buf);
}

static MlirAttribute countsDict(MlirContext ctx, const int64_t *counts) {
  Dict d = {ctx, NULL, 0, 0};
  for (int c = 0; c < SOLAR_OP_CLASS_COUNT; ++c)
    put(&d, solarOpClassName((SolarOpClass)c), i64(ctx, counts[c]));
  return finish(&d);
}

/* Sum of pw_qpolynomials (either may be NULL); takes both. */
static isl_pw_qpolynomial *addPw(isl_pw_qpolynomial *a, isl_pw_qpolynomial *b) {
  if (!a)
    return b;
  if (!b)
    return a;
  return isl_pw_qpolynomial_add(a, b);
}

static isl_pw_qpolynomial *scalePw(isl_pw_qpolynomial *a, long factor) {
  return a ? isl_pw_qpolynomial_scale_val(
                 a, isl_val_int_from_si(isl_pw_qpolynomial_get_ctx(a), factor))
           : NULL;
}

/* flops as a pw_qpolynomial from per-class totals (kept). */
static isl_pw_qpolynomial *flopsPw(isl_pw_qpolynomial *const *totals) {
  static const struct {
    SolarOpClass cls;
    long weight;
  } weights[] = {{SOLAR_OP_MAC, 2},    {SOLAR_OP_ADD, 1},
                 {SOLAR_OP_MUL, 1},    {SOLAR_OP_DIV, 1},
                 {SOLAR_OP_MINMAX, 1}, {SOLAR_OP_CMP, 1},
                 {SOLAR_OP_TRANSCENDENTAL, 1}};
  isl_pw_qpolynomial *sum = NULL;
  for (size_t i = 0; i < sizeof(weights) / sizeof(weights[0]); ++i) {
    isl_pw_qpolynomial *t = totals[weights[i].cls];
    if (t)
      sum = addPw(sum, scalePw(isl_pw_qpolynomial_copy(t), weights[i].weight));
  }
  return sum;
}

/* ops / ops_expr: a dict of i64 when every total is constant. */
static void putTotals(Dict *d, const char *key,
                      isl_pw_qpolynomial *const *totals, bool *exact) {
  int64_t values[SOLAR_OP_CLASS_COUNT] = {0};
  bool constant = true;
  for (int c = 0; c < SOLAR_OP_CLASS_COUNT; ++c)
    if (totals[c] && !egPwQpolynomialConstant(totals[c], &values[c]))
      constant = false;
  if (constant) {
    put(d, key, countsDict(d->ctx, values));
    return;
  }
  if (exact)
    *exact = false;
  Dict e = {d->ctx, NULL, 0, 0};
  for (int c = 0; c < SOLAR_OP_CLASS_COUNT; ++c)
    putPwCount(&e, solarOpClassName((SolarOpClass)c), totals[c]);
  char exprKey[64];
  snprintf(exprKey, sizeof(exprKey), "%s_expr", key);
  put(d, exprKey, finish(&e));
}

static MlirAttribute loopsAttr(EgBuilder *b, EgNode *node) {
  int depth = node->scope->depth;
  MlirAttribute *loops = calloc((size_t)depth + 1, sizeof(MlirAttribute));
  for (int i = 0; i < depth; ++i) {
    Dict d = {b->mctx, NULL, 0, 0};
    char lower[32];
    egLabelName(node, i, false, lower, sizeof(lower));
    put(&d, "name", str(b->mctx, lower));
    put(&d, "label", str(b->mctx, node->labels[i]));
    put(&d, "reduction", mlirBoolAttrGet(b->mctx, node->reductionDims[i]));
    MlirOperation loop = node->scope->loopOps[i];
    char opName[128];
    egOpName(loop, opName, sizeof(opName));
    put(&d, "op", str(b->mctx, opName));
    char *loc = locationText(mlirOperationGetLocation(loop));
    put(&d, "loc", str(b->mctx, loc));
    free(loc);
    loops[i] = finish(&d);
  }
  MlirAttribute array = mlirArrayAttrGet(b->mctx, depth, loops);
  free(loops);
  return array;
}

static MlirAttribute accessesAttr(EgBuilder *b, EgNode *node) {
  MlirAttribute *items =
      calloc((size_t)node->accessCount + 1, sizeof(MlirAttribute));
  for (int i = 0; i < node->accessCount; ++i) {
    EgAccess *a = &node->accesses[i];
    Dict d = {b->mctx, NULL, 0, 0};
    put(&d, "tensor", i64(b->mctx, a->tensor));
    put(&d, "name", str(b->mctx, b->tensors[a->tensor].name));
    put(&d, "kind", str(b->mctx, a->write ? "write" : "read"));
    isl_map *named = egNamedMap(node, a->map);
    put(&d, "map", islStr(b->mctx, isl_map_to_str(named)));
    isl_map_free(named);
    put(&d, "exact", mlirBoolAttrGet(b->mctx, a->exact));
    putCount(&d, "footprint_elements", &a->footprint);
    put(&d, "footprint_exact", mlirBoolAttrGet(b->mctx, a->footprint.exact));
    put(&d, "role", str(b->mctx, a->write         ? "output"
                                 : a->accumulator ? "accumulator"
                                 : a->address     ? "address"
                                                  : "operand"));
    items[i] = finish(&d);
  }
  MlirAttribute array = mlirArrayAttrGet(b->mctx, node->accessCount, items);
  free(items);
  return array;
}

/* Per-dtype op counts (per point or totals) and the node's sum over
 * dtypes. Totals are summed into `graphTotals` (taken by reference). */
static void putOps(EgBuilder *b, EgNode *node, Dict *d,
                   isl_pw_qpolynomial **graphTotals, bool *graphExact) {
  int64_t perPoint[SOLAR_OP_CLASS_COUNT] = {0};
  isl_pw_qpolynomial *totals[SOLAR_OP_CLASS_COUNT] = {NULL};
  Dict perDtype = {b->mctx, NULL, 0, 0};
  Dict totalDtype = {b->mctx, NULL, 0, 0};
  bool exact = true;
  for (int i = 0; i < node->opsCount; ++i) {
    EgDtypeOps *row = &node->ops[i];
    put(&perDtype, row->dtype, countsDict(b->mctx, row->perPoint));
    putTotals(&totalDtype, row->dtype, row->total, NULL);
    for (int c = 0; c < SOLAR_OP_CLASS_COUNT; ++c) {
      perPoint[c] += row->perPoint[c];
      if (row->total[c])
        totals[c] = addPw(totals[c], isl_pw_qpolynomial_copy(row->total[c]));
    }
  }
  put(d, "ops_per_point", countsDict(b->mctx, perPoint));
  put(d, "ops_per_point_by_dtype", finish(&perDtype));
  putTotals(d, "ops", totals, &exact);
  put(d, "ops_by_dtype", finish(&totalDtype));
  isl_pw_qpolynomial *flops = flopsPw(totals);
  putPwCount(d, "flops", flops);
  isl_pw_qpolynomial_free(flops);
  if (!exact)
    *graphExact = false;
  for (int c = 0; c < SOLAR_OP_CLASS_COUNT; ++c)
    graphTotals[c] = addPw(graphTotals[c], totals[c]);
}

static MlirAttribute nodeAttr(EgBuilder *b, EgNode *node,
                              isl_pw_qpolynomial **graphTotals,
                              bool *graphExact) {
  MlirContext ctx = b->mctx;
  Dict d = {ctx, NULL, 0, 0};
  put(&d, "id", i64(ctx, node->id));
  char *loc = locationText(node->loc);
  put(&d, "loc", str(ctx, loc));
  free(loc);
  char opName[128];
  egOpName(node->anchor, opName, sizeof(opName));
  put(&d, "op", str(ctx, opName));
  put(&d, "equation", str(ctx, node->equation));
  isl_set *domain = egNamedDomain(node);
  put(&d, "domain", islStr(ctx, isl_set_to_str(domain)));
  isl_set_free(domain);
  putCount(&d, "points", &node->points);
  put(&d, "points_exact", mlirBoolAttrGet(ctx, node->points.exact));
  put(&d, "loops", loopsAttr(b, node));
  int depth = node->scope->depth, reductions = 0;
  MlirAttribute *dims = calloc((size_t)depth + 1, sizeof(MlirAttribute));
  for (int i = 0; i < depth; ++i)
    if (node->reductionDims[i])
      dims[reductions++] = str(ctx, node->labels[i]);
  put(&d, "reduction_dims", mlirArrayAttrGet(ctx, reductions, dims));
  free(dims);
  put(&d, "reduction_op", str(ctx, node->reductionOp));
  put(&d, "accesses", accessesAttr(b, node));
  putOps(b, node, &d, graphTotals, graphExact);
  put(&d, "dtype", str(ctx, node->dtype));
  put(&d, "exact", mlirBoolAttrGet(ctx, node->exact));
  if (!node->exact)
    *graphExact = false;
  return finish(&d); /* the builtin dictionary inside #solar.node<...> */
}

static MlirAttribute tensorAttr(EgBuilder *b, int id, bool *graphExact) {
  EgTensor *t = &b->tensors[id];
  MlirContext ctx = b->mctx;
  Dict d = {ctx, NULL, 0, 0};
  put(&d, "id", i64(ctx, id));
  put(&d, "name", str(ctx, t->name));
  put(&d, "isl_name", str(ctx, t->islName));
  put(&d, "role", str(ctx, solarTensorRoleName(t->role)));
  put(&d, "dtype", str(ctx, t->dtype));
  put(&d, "element_bytes", i64(ctx, t->elementBytes));
  MlirAttribute *shape = calloc((size_t)t->rank + 1, sizeof(MlirAttribute));
  int64_t elements = 1;
  for (int i = 0; i < t->rank; ++i) {
    shape[i] = i64(ctx, t->shape[i]);
    elements = t->shape[i] < 0 || elements < 0 ? -1 : elements * t->shape[i];
  }
  put(&d, "shape", mlirArrayAttrGet(ctx, t->rank, shape));
  free(shape);
  put(&d, "elements", i64(ctx, elements));
  put(&d, "bytes", i64(ctx, elements < 0 ? -1 : elements * t->elementBytes));
  if (t->isGlobal)
    put(&d, "constant", mlirBoolAttrGet(ctx, t->isConstantGlobal));
  EgCount footprint = {NULL, true};
  if (t->touched)
    egCountSetCached(b->counts, t->touched, &footprint);
  else
    footprint.count = NULL;
  footprint.exact = footprint.exact && t->exactAccesses;
  int64_t touched = 0;
  if (!t->touched) {
    put(&d, "footprint_elements", i64(ctx, 0));
    put(&d, "footprint_bytes", i64(ctx, 0));
  } else if (egCountConstant(&footprint, &touched)) {
    put(&d, "footprint_elements", i64(ctx, touched));
    put(&d, "footprint_bytes", i64(ctx, touched * t->elementBytes));
  } else {
    putCount(&d, "footprint_elements", &footprint);
  }
  put(&d, "footprint_exact", mlirBoolAttrGet(ctx, footprint.exact));
  if (!footprint.exact)
    *graphExact = false;
  egCountClear(&footprint);
  isl_set *sets[2] = {t->readSet, t->writeSet};
  const char *keys[2] = {"read_elements", "write_elements"};
  for (int k = 0; k < 2; ++k) {
    EgCount c = {NULL, true};
    if (sets[k]) {
      egCountSetCached(b->counts, sets[k], &c);
      putCount(&d, keys[k], &c);
    } else {
      put(&d, keys[k], i64(ctx, 0));
    }
    egCountClear(&c);
  }
  return finish(&d);
}

static MlirAttribute edgeAttr(EgBuilder *b, EgEdge *edge) {
  MlirContext ctx = b->mctx;
  Dict d = {ctx, NULL, 0, 0};
  put(&d, "producer", i64(ctx, edge->producer));
  put(&d, "consumer", i64(ctx, edge->consumer));
  put(&d, "tensor", i64(ctx, edge->tensor));
  put(&d, "tensor_name", str(ctx, b->tensors[edge->tensor].name));
  isl_map *rel = isl_map_copy(edge->relation);
  EgNode *p = &b->nodes[edge->producer], *c = &b->nodes[edge->consumer];
  for (int i = 0; i < p->scope->depth; ++i) {
    char name[32];
    egLabelName(p, i, false, name, sizeof(name));
    rel = isl_map_set_dim_name(rel, isl_dim_in, (unsigned)i, name);
  }
  for (int i = 0; i < c->scope->depth; ++i) {
    char name[32];
    egLabelName(c, i, false, name, sizeof(name));
    rel = isl_map_set_dim_name(rel, isl_dim_out, (unsigned)i, name);
  }
  put(&d, "relation", islStr(ctx, isl_map_to_str(rel)));
  isl_map_free(rel);
  putCount(&d, "elements", &edge->elements);
  put(&d, "elements_exact", mlirBoolAttrGet(ctx, edge->elements.exact));
  return finish(&d);
}

MlirAttribute egGraphToAttribute(EgBuilder *b) {
  MlirContext ctx = b->mctx;
  bool exact = true;
  isl_pw_qpolynomial *totals[SOLAR_OP_CLASS_COUNT] = {NULL};

  MlirAttribute *nodes = calloc((size_t)b->nodeCount + 1, sizeof(MlirAttribute));
  for (int i = 0; i < b->nodeCount; ++i)
    nodes[i] = nodeAttr(b, &b->nodes[i], totals, &exact);
  MlirAttribute *tensors =
      calloc((size_t)b->tensorCount + 1, sizeof(MlirAttribute));
  for (int i = 0; i < b->tensorCount; ++i)
    tensors[i] = tensorAttr(b, i, &exact);
  MlirAttribute *edges = calloc((size_t)b->edgeCount + 1, sizeof(MlirAttribute));
  for (int i = 0; i < b->edgeCount; ++i) {
    edges[i] = edgeAttr(b, &b->edges[i]);
    if (!b->edges[i].elements.exact)
      exact = false;
  }
  MlirAttribute *params = calloc((size_t)b->paramCount + 1, sizeof(MlirAttribute));
  for (int i = 0; i < b->paramCount; ++i) {
    Dict p = {ctx, NULL, 0, 0};
    put(&p, "name", str(ctx, b->params[i].name));
    put(&p, "source", str(ctx, b->params[i].source));
    params[i] = finish(&p);
  }

  Dict t = {ctx, NULL, 0, 0};
  for (int c = 0; c < SOLAR_OP_CLASS_COUNT; ++c)
    putPwCount(&t, solarOpClassName((SolarOpClass)c), totals[c]);
  isl_pw_qpolynomial *flops = flopsPw(totals);
  putPwCount(&t, "flops", flops);
  isl_pw_qpolynomial_free(flops);
  for (int c = 0; c < SOLAR_OP_CLASS_COUNT; ++c)
    isl_pw_qpolynomial_free(totals[c]);

  /* Everything but the nodes; the parsed dictionary sorts its keys. */
  Dict g = {ctx, NULL, 0, 0};
  put(&g, "version", i64(ctx, SOLAR_EINSUM_GRAPH_VERSION));
  put(&g, "function", str(ctx, b->functionName));
  put(&g, "parameters", mlirArrayAttrGet(ctx, b->paramCount, params));
  put(&g, "tensors", mlirArrayAttrGet(ctx, b->tensorCount, tensors));
  put(&g, "edges", mlirArrayAttrGet(ctx, b->edgeCount, edges));
  put(&g, "totals", finish(&t));
  /* A warning means something was not analyzed: nothing is guaranteed. */
  put(&g, "exact", mlirBoolAttrGet(ctx, exact && b->warnings == 0));
  put(&g, "warnings", i64(ctx, b->warnings));

  EgText text = {NULL, 0, 0};
  egTextAppendCString(&text, "#solar.einsum_graph<{");
  for (int i = 0; i < g.count; ++i) {
    MlirStringRef key = mlirIdentifierStr(g.items[i].name);
    egTextAppend(key, &text);
    egTextAppendCString(&text, " = ");
    egTextPrintAttribute(&text, g.items[i].attribute);
    egTextAppendCString(&text, ", ");
  }
  egTextAppendCString(&text, "nodes = [");
  for (int i = 0; i < b->nodeCount; ++i) {
    egTextAppendCString(&text, i ? ", #solar.node<" : "#solar.node<");
    egTextPrintAttribute(&text, nodes[i]);
    egTextAppendCString(&text, ">");
  }
  egTextAppendCString(&text, "]}>");
  MlirAttribute graph =
      mlirAttributeParseGet(ctx, (MlirStringRef){text.buf, text.used});
  egTextClear(&text);
  free(g.items);
  free(nodes);
  free(tensors);
  free(edges);
  free(params);
  return graph;
}
