/* The einsum graph as JSON (jansson), from the reader's structs, so the
 * JSON and the attribute cannot drift apart. Parametric counts are written
 * as null with the isl expression beside them under "<key>_expr". */
#include "solar/einsum/einsum_graph.h"

#include <jansson.h>

#include <stdio.h>
#include <stdlib.h>

static json_t *count(int64_t value) {
  return value == SOLAR_EINSUM_PARAMETRIC ? json_null()
                                          : json_integer((json_int_t)value);
}

static json_t *string(const char *text) {
  return text ? json_string(text) : json_null();
}

static void setCount(json_t *obj, const char *key, int64_t value,
                     const char *expr) {
  json_object_set_new(obj, key, count(value));
  if (expr) {
    char exprKey[96];
    snprintf(exprKey, sizeof(exprKey), "%s_expr", key);
    json_object_set_new(obj, exprKey, json_string(expr));
  }
}

static json_t *opCounts(const SolarOpCounts *counts) {
  json_t *obj = json_object();
  for (int c = 0; c < SOLAR_OP_CLASS_COUNT; ++c)
    json_object_set_new(obj, solarOpClassName((SolarOpClass)c),
                        count(counts->counts[c]));
  return obj;
}

static json_t *tensorJson(const SolarEinsumTensor *t) {
  json_t *obj = json_object();
  json_object_set_new(obj, "id", json_integer(t->id));
  json_object_set_new(obj, "name", string(t->name));
  json_object_set_new(obj, "isl_name", string(t->islName));
  json_object_set_new(obj, "role", json_string(solarTensorRoleName(t->role)));
  json_object_set_new(obj, "dtype", string(t->dtype));
  json_object_set_new(obj, "element_bytes", json_integer(t->elementBytes));
  json_t *shape = json_array();
  for (int64_t i = 0; i < t->rank; ++i)
    json_array_append_new(shape, json_integer(t->shape[i]));
  json_object_set_new(obj, "shape", shape);
  json_object_set_new(obj, "elements", json_integer(t->elements));
  json_object_set_new(obj, "bytes", json_integer(t->bytes));
  json_object_set_new(obj, "constant", json_boolean(t->constant));
  json_object_set_new(obj, "splat", json_boolean(t->splat));
  setCount(obj, "footprint_elements", t->footprintElements, t->footprintExpr);
  json_object_set_new(obj, "footprint_bytes", count(t->footprintBytes));
  json_object_set_new(obj, "footprint_exact", json_boolean(t->footprintExact));
  json_object_set_new(obj, "read_elements", count(t->readElements));
  json_object_set_new(obj, "write_elements", count(t->writeElements));
  return obj;
}

static json_t *nodeJson(const SolarEinsumNode *n) {
  json_t *obj = json_object();
  json_object_set_new(obj, "id", json_integer(n->id));
  json_object_set_new(obj, "loc", string(n->loc));
  if (n->frameworkOp)
    json_object_set_new(obj, "framework_op", string(n->frameworkOp));
  json_object_set_new(obj, "equation", string(n->equation));
  json_object_set_new(obj, "domain", string(n->domain));
  setCount(obj, "points", n->points, n->pointsExpr);
  json_object_set_new(obj, "points_exact", json_boolean(n->pointsExact));
  json_t *loops = json_array();
  for (size_t i = 0; i < n->loopCount; ++i) {
    json_t *l = json_object();
    json_object_set_new(l, "name", string(n->loops[i].name));
    json_object_set_new(l, "label", string(n->loops[i].label));
    json_object_set_new(l, "reduction", json_boolean(n->loops[i].reduction));
    json_object_set_new(l, "op", string(n->loops[i].op));
    json_object_set_new(l, "loc", string(n->loops[i].loc));
    json_array_append_new(loops, l);
  }
  json_object_set_new(obj, "loops", loops);
  json_t *dims = json_array();
  for (size_t i = 0; i < n->reductionDimCount; ++i)
    json_array_append_new(dims, string(n->reductionDims[i]));
  json_object_set_new(obj, "reduction_dims", dims);
  json_object_set_new(obj, "reduction_op", string(n->reductionOp));
  json_t *accesses = json_array();
  for (size_t i = 0; i < n->accessCount; ++i) {
    const SolarEinsumAccess *a = &n->accesses[i];
    json_t *o = json_object();
    json_object_set_new(o, "tensor", json_integer(a->tensor));
    json_object_set_new(o, "kind", json_string(a->isWrite ? "write" : "read"));
    json_object_set_new(o, "role", string(solarAccessRoleName(a->role)));
    json_object_set_new(o, "map", string(a->map));
    json_object_set_new(o, "exact", json_boolean(a->exact));
    setCount(o, "footprint_elements", a->footprintElements, a->footprintExpr);
    json_object_set_new(o, "footprint_exact", json_boolean(a->footprintExact));
    if (a->zeroSkips)
      json_object_set_new(o, "zero_skips", json_true());
    json_array_append_new(accesses, o);
  }
  json_object_set_new(obj, "accesses", accesses);
  json_object_set_new(obj, "ops_per_point", opCounts(&n->opsPerPoint));
  json_object_set_new(obj, "ops", opCounts(&n->ops));
  json_t *byDtype = json_object();
  for (size_t i = 0; i < n->dtypeCount; ++i) {
    json_t *row = json_object();
    json_object_set_new(row, "per_point", opCounts(&n->opsByDtype[i].perPoint));
    json_object_set_new(row, "total", opCounts(&n->opsByDtype[i].total));
    json_object_set_new(byDtype, n->opsByDtype[i].dtype, row);
  }
  json_object_set_new(obj, "ops_by_dtype", byDtype);
  setCount(obj, "flops", n->flops, n->flopsExpr);
  if (n->necessaryDomain) {
    json_object_set_new(obj, "necessary_domain", string(n->necessaryDomain));
    setCount(obj, "necessary_points", n->necessaryPoints,
             n->necessaryPointsExpr);
    if (!n->necessaryPointsExact) /* a lower bound: as the attribute */
      json_object_set_new(obj, "necessary_points_exact", json_false());
    json_object_set_new(obj, "flops_necessary",
                        json_integer(solarEinsumNodeNecessaryFlops(n)));
  }
  json_object_set_new(obj, "dtype", string(n->dtype));
  json_object_set_new(obj, "exact", json_boolean(n->exact));
  return obj;
}

static json_t *graphJson(const SolarEinsumGraph *g) {
  json_t *obj = json_object();
  json_object_set_new(obj, "version", json_integer(g->version));
  json_object_set_new(obj, "function", string(g->function));
  json_t *params = json_array();
  for (size_t i = 0; i < g->paramCount; ++i) {
    json_t *p = json_object();
    json_object_set_new(p, "name", string(g->params[i].name));
    json_object_set_new(p, "source", string(g->params[i].source));
    json_array_append_new(params, p);
  }
  json_object_set_new(obj, "parameters", params);
  json_t *tensors = json_array();
  for (size_t i = 0; i < g->tensorCount; ++i)
    json_array_append_new(tensors, tensorJson(&g->tensors[i]));
  json_object_set_new(obj, "tensors", tensors);
  json_t *nodes = json_array();
  for (size_t i = 0; i < g->nodeCount; ++i)
    json_array_append_new(nodes, nodeJson(&g->nodes[i]));
  json_object_set_new(obj, "nodes", nodes);
  json_t *edges = json_array();
  for (size_t i = 0; i < g->edgeCount; ++i) {
    const SolarEinsumEdge *e = &g->edges[i];
    json_t *o = json_object();
    json_object_set_new(o, "producer", json_integer(e->producer));
    json_object_set_new(o, "consumer", json_integer(e->consumer));
    json_object_set_new(o, "tensor", json_integer(e->tensor));
    json_object_set_new(o, "relation", string(e->relation));
    setCount(o, "elements", e->elements, e->elementsExpr);
    json_object_set_new(o, "elements_exact", json_boolean(e->elementsExact));
    json_array_append_new(edges, o);
  }
  json_object_set_new(obj, "edges", edges);
  json_t *totals = opCounts(&g->totalOps);
  setCount(totals, "flops", g->totalFlops, g->totalFlopsExpr);
  json_object_set_new(obj, "totals", totals);
  json_object_set_new(obj, "exact", json_boolean(g->exact));
  json_object_set_new(obj, "warnings", json_integer(g->warnings));
  return obj;
}

char *solarEinsumGraphToJson(const SolarEinsumGraph *graph) {
  json_t *obj = graphJson(graph);
  char *text = json_dumps(obj, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
  json_decref(obj);
  return text;
}
