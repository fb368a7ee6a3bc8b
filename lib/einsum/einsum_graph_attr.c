/* The builder's model as `#solar.einsum_graph<{...}>` (fields documented in
 * docs/einsum-graph.md). The C API cannot build IRDL attributes directly,
 * so the whole graph is written as attribute text (einsum_attr_text.c)
 * with `#solar.node<...>` around each node dictionary, and parsed once. */
#include "einsum_attr_text.h"
#include "einsum_frozen_text.h"
#include "einsum_internal.h"
#include "solar/count/count.h"

#include "solar/frontend/framework_op.h"
#include "solar/support/diagnostics.h"
#include "solar/support/hash.h"

#include <isl/set.h>
#include <isl/val.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* `key` as i64 when the count is constant, else `key_expr` as isl text. */
/* Counts past int64 come back saturated at INT64_MAX (solarCountValToInt64, or
 * mulCount below): the writer warns, naming the node or tensor. */
static bool saturatedProduct = false;
static unsigned long saturatedSeen = 0;

/* True when a count written since the last call was saturated. */
static bool takeSaturation(void) {
  unsigned long total = solarCountSaturatedTotal();
  bool was = saturatedProduct || total != saturatedSeen;
  saturatedProduct = false;
  saturatedSeen = total;
  return was;
}

/* a * b, saturated at INT64_MAX; -1 (unknown) stays -1. */
static int64_t mulCount(int64_t a, int64_t b) {
  if (a < 0 || b < 0)
    return -1;
  int64_t product;
  if (__builtin_mul_overflow(a, b, &product)) {
    saturatedProduct = true;
    return INT64_MAX;
  }
  return product;
}

static void putCount(EgAttrDict *d, const char *key, const SolarCount *count) {
  int64_t value = 0;
  char exprKey[64];
  if (solarCountConstant(count, &value)) {
    egAttrPut(d, key, egAttrI64(value));
  }
  else if (count->count)
    egAttrPut(d, egExprKey(exprKey, sizeof(exprKey), key),
              egAttrIslString(solarCountToStr(count)));
  else
    egAttrPut(d, egExprKey(exprKey, sizeof(exprKey), key),
              egAttrString("unbounded"));
}

static void putPwCount(EgAttrDict *d, const char *key,
                       __isl_keep isl_pw_qpolynomial *pw) {
  int64_t value = 0;
  char exprKey[64];
  if (!pw)
    egAttrPut(d, key, egAttrI64(0));
  else if (solarCountPwQpolynomialConstant(pw, &value)) {
    egAttrPut(d, key, egAttrI64(value));
  }
  else
    egAttrPut(d, egExprKey(exprKey, sizeof(exprKey), key),
              egAttrIslString(isl_pw_qpolynomial_to_str(pw)));
}

static EgAttrValue locationAttr(MlirLocation loc) {
  char buf[1024];
  solarLocationFormat(loc, buf, sizeof(buf));
  return egAttrString(buf);
}

static EgAttrValue opNameAttr(MlirOperation op) {
  char name[128];
  egOpName(op, name, sizeof(name));
  return egAttrString(name);
}

/* Op-count dictionaries repeat across nodes (a network's layers count the
 * same ops): each distinct one is written once per graph and copied. */
typedef struct {
  int64_t counts[SOLAR_OP_CLASS_COUNT];
  EgAttrValue value;
} CountsEntry;
static _Thread_local SolarHashTable countsMemo;

static bool countsEqual(const void *entry, const void *counts) {
  return memcmp(((const CountsEntry *)entry)->counts, counts,
                sizeof(((const CountsEntry *)entry)->counts)) == 0;
}

static const SolarHashKind kCounts = {sizeof(CountsEntry), countsEqual};

static void countsMemoClear(void) {
  size_t cursor = 0;
  for (CountsEntry *e; (e = solarHashNext(&countsMemo, &cursor));)
    free(e->value.text);
  solarHashClear(&countsMemo);
}

static EgAttrValue writeCountsDict(const int64_t *counts) {
  EgAttrDict d = {0};
  for (int c = 0; c < SOLAR_OP_CLASS_COUNT; ++c)
    egAttrPut(&d, solarOpClassName((SolarOpClass)c), egAttrI64(counts[c]));
  return egAttrDictFinish(&d);
}

static EgAttrValue countsDict(const int64_t *counts) {
  bool added;
  uint64_t hash =
      solarHashBytes(counts, SOLAR_OP_CLASS_COUNT * sizeof(*counts));
  CountsEntry *entry =
      solarHashInsert(&countsMemo, &kCounts, hash, counts, &added);
  if (added) {
    memcpy(entry->counts, counts, sizeof(entry->counts));
    entry->value = writeCountsDict(counts);
  }
  char *text = entry->value.text ? egStrdup(entry->value.text) : NULL;
  return (EgAttrValue){text, entry->value.twin};
}

static __isl_give isl_pw_qpolynomial *scalePw(__isl_take isl_pw_qpolynomial *a,
                                            long factor) {
  return a ? isl_pw_qpolynomial_scale_val(
                 a, isl_val_int_from_si(isl_pw_qpolynomial_get_ctx(a), factor))
           : NULL;
}

/* flops as a pw_qpolynomial from per-class totals (kept). */
static __isl_give isl_pw_qpolynomial *
flopsPw(__isl_keep isl_pw_qpolynomial *const *totals, bool *dropped) {
  isl_pw_qpolynomial *sum = NULL;
  for (int c = 0; c < SOLAR_OP_CLASS_COUNT; ++c) {
    int weight = solarOpClassFlops((SolarOpClass)c);
    if (totals[c] && weight)
      sum = solarCountPwQpolynomialAddOrKeep(sum, scalePw(isl_pw_qpolynomial_copy(totals[c]), weight),
                  dropped);
  }
  return sum;
}

/* ops / ops_expr: a dict of i64 when every total is constant. */
static void putTotals(EgAttrDict *d, const char *key,
                      __isl_keep isl_pw_qpolynomial *const *totals,
                      bool *exact) {
  int64_t values[SOLAR_OP_CLASS_COUNT] = {0};
  bool constant = true;
  for (int c = 0; c < SOLAR_OP_CLASS_COUNT; ++c)
    if (totals[c] && !solarCountPwQpolynomialConstant(totals[c], &values[c]))
      constant = false;
  if (constant) {
    egAttrPut(d, key, countsDict(values));
    return;
  }
  if (exact)
    *exact = false;
  EgAttrDict e = {0};
  for (int c = 0; c < SOLAR_OP_CLASS_COUNT; ++c)
    putPwCount(&e, solarOpClassName((SolarOpClass)c), totals[c]);
  char exprKey[64];
  egAttrPut(d, egExprKey(exprKey, sizeof(exprKey), key), egAttrDictFinish(&e));
}

static EgAttrValue loopsAttr(EgNode *node) {
  EgAttrList loops = {0};
  for (int i = 0; i < node->scope->depth; ++i) {
    EgAttrDict d = {0};
    char lower[32];
    egLabelName(node, i, false, lower, sizeof(lower));
    egAttrPut(&d, "name", egAttrString(lower));
    egAttrPut(&d, "label", egAttrString(node->labels[i]));
    egAttrPut(&d, "reduction", egAttrBool(node->reductionDims[i]));
    MlirOperation loop = node->scope->loopOps[i];
    egAttrPut(&d, "op", opNameAttr(loop));
    egAttrPut(&d, "loc", locationAttr(mlirOperationGetLocation(loop)));
    egAttrPush(&loops, egAttrDictFinish(&d));
  }
  return egAttrListFinish(&loops);
}

/* Whether the graph's domain and map texts are written: for the
 * attribute, or for a reader without the lift's objects. A lift for the
 * stages alone hands them the objects with their representation classes
 * (egTextMemoMapShape), which key what the texts keyed there, and prints
 * only the texts of objects without a class; the bare twin carries ""
 * for the others. */
static bool textsWritten(const EgBuilder *b) {
  return b->printRelations || !b->keepIsl;
}

/* isl's text of the graph's sets, printed once by egGraphFreezeText (see
 * there) or on the spot. Each returns a string the caller owns. */
static char *accessMapText(const EgBuilder *b, EgNode *node, EgAccess *a) {
  if (a->mapText) {
    char *text = a->mapText;
    a->mapText = NULL;
    return text;
  }
  if (!textsWritten(b) && a->mapShape)
    return egStrdup("");
  isl_map *named = egNamedMap(node, a->map);
  char *text = isl_map_to_str(named);
  isl_map_free(named);
  return text;
}

/* The copy of an access map or a domain that the stages are handed: a
 * copy of its own (isl_map_copy would share it, and the necessary-work
 * analysis simplifies the lift's objects in place), named where its text
 * is written. Without a text, naming the first dimension alone makes the
 * copy (isl copies an object shared with another before renaming any of
 * it): no stage reads the other dimensions' names, and isl matches spaces
 * by their tuples alone. */
static __isl_give isl_map *stagesMap(const EgBuilder *b, EgNode *node,
                                     __isl_keep isl_map *map) {
  if (textsWritten(b) || node->scope->depth == 0)
    return egNamedMap(node, map);
  char name[32];
  egLabelName(node, 0, false, name, sizeof(name));
  return isl_map_set_dim_name(isl_map_copy(map), isl_dim_in, 0, name);
}

static __isl_give isl_set *stagesDomain(const EgBuilder *b, EgNode *node) {
  if (textsWritten(b) || node->scope->depth == 0)
    return egNamedDomain(node);
  char name[32];
  egLabelName(node, 0, false, name, sizeof(name));
  return isl_set_set_dim_name(isl_set_copy(node->domain), isl_dim_set, 0,
                              name);
}

/* The printed text of the access map, where it is written, keeping the
 * object it was printed from when the lift hands its isl objects to the
 * stages. */
static char *freezeAccessMap(EgBuilder *b, EgTextMemo *memo, EgNode *node,
                             EgAccess *a) {
  isl_map *named = stagesMap(b, node, a->map);
  /* Maps of one access shape were copied from one object. */
  char *text = NULL;
  a->mapShape = egTextMemoMapShape(memo, (uint64_t)(uintptr_t)a->shapeMap,
                                   named, textsWritten(b) ? &text : NULL);
  if (!text && !a->mapShape) {
    /* The stages key this one by its text. */
    isl_map_free(named);
    named = egNamedMap(node, a->map);
    text = isl_map_to_str(named);
  }
  if (b->keepIsl)
    a->mapNamed = named;
  else
    isl_map_free(named);
  return text;
}

static char *freezeDomain(EgBuilder *b, EgTextMemo *memo, EgNode *node) {
  isl_set *domain = stagesDomain(b, node);
  /* Domains of one scope shape were copied from one object. */
  char *text = NULL;
  node->domainShape = egTextMemoSetShape(memo, (uint64_t)node->scope->shape,
                                         domain,
                                         textsWritten(b) ? &text : NULL);
  if (!text && !node->domainShape) {
    isl_set_free(domain);
    domain = egNamedDomain(node);
    text = isl_set_to_str(domain);
  }
  if (b->keepIsl)
    node->domainNamed = domain;
  else
    isl_set_free(domain);
  return text;
}

static char *domainText(const EgBuilder *b, EgNode *node) {
  if (node->domainText) {
    char *text = node->domainText;
    node->domainText = NULL;
    return text;
  }
  if (!textsWritten(b) && node->domainShape)
    return egStrdup("");
  isl_set *domain = egNamedDomain(node);
  char *text = isl_set_to_str(domain);
  isl_set_free(domain);
  return text;
}

static char *relationText(EgBuilder *b, EgEdge *edge) {
  if (edge->relationText) {
    char *text = edge->relationText;
    edge->relationText = NULL;
    return text;
  }
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
  char *text = isl_map_to_str(rel);
  isl_map_free(rel);
  return text;
}

void egGraphFreezeText(EgBuilder *b) {
  EgTextMemo *memo = egTextMemoCreate();
  for (int i = 0; i < b->nodeCount; ++i) {
    EgNode *node = &b->nodes[i];
    free(node->domainText);
    isl_set_free(node->domainNamed);
    node->domainNamed = NULL;
    node->domainText = freezeDomain(b, memo, node);
    for (int k = 0; k < node->accessCount; ++k) {
      EgAccess *a = &node->accesses[k];
      free(a->mapText);
      isl_map_free(a->mapNamed);
      a->mapNamed = NULL;
      a->mapText = freezeAccessMap(b, memo, node, a);
    }
  }
  egTextMemoDestroy(memo);
  for (int i = 0; b->printRelations && i < b->edgeCount; ++i) {
    free(b->edges[i].relationText);
    b->edges[i].relationText = NULL;
    b->edges[i].relationText = relationText(b, &b->edges[i]);
  }
}

static EgAttrValue accessesAttr(EgBuilder *b, EgNode *node) {
  EgAttrList items = {0};
  for (int i = 0; i < node->accessCount; ++i) {
    EgAccess *a = &node->accesses[i];
    EgAttrDict d = {0};
    egAttrPut(&d, "tensor", egAttrI64(a->tensor));
    egAttrPut(&d, "name", egAttrString(b->tensors[a->tensor].name));
    egAttrPut(&d, "kind", egAttrString(a->write ? "write" : "read"));
    egAttrPut(&d, "map", egAttrIslString(accessMapText(b, node, a)));
    egAttrPut(&d, "exact", egAttrBool(a->exact));
    putCount(&d, "footprint_elements", &a->footprint);
    egAttrPut(&d, "footprint_exact", egAttrBool(a->footprint.exact));
    egAttrPut(&d, "role",
              egAttrString(solarAccessRoleName(
                  a->write         ? SOLAR_ACCESS_ROLE_OUTPUT
                  : a->accumulator ? SOLAR_ACCESS_ROLE_ACCUMULATOR
                  : a->address     ? SOLAR_ACCESS_ROLE_ADDRESS
                                   : SOLAR_ACCESS_ROLE_OPERAND)));
    /* Only where it holds: most accesses are no such factor. */
    if (a->zeroSkips)
      egAttrPut(&d, "zero_skips", egAttrBool(true));
    egAttrPush(&items, egAttrDictFinish(&d));
  }
  return egAttrListFinish(&items);
}

/* Per-dtype op counts (per point or totals) and the node's sum over
 * dtypes. Totals are summed into `graphTotals` (taken by reference). */
static void putOps(EgNode *node, EgAttrDict *d,
                   __isl_keep isl_pw_qpolynomial **graphTotals,
                   bool *graphExact) {
  int64_t perPoint[SOLAR_OP_CLASS_COUNT] = {0};
  isl_pw_qpolynomial *totals[SOLAR_OP_CLASS_COUNT] = {NULL};
  EgAttrDict perDtype = {0};
  EgAttrDict totalDtype = {0};
  bool exact = true, dropped = false;
  for (int i = 0; i < node->opsCount; ++i) {
    EgDtypeOps *row = &node->ops[i];
    egAttrPut(&perDtype, row->dtype, countsDict(row->perPoint));
    putTotals(&totalDtype, row->dtype, row->total, NULL);
    for (int c = 0; c < SOLAR_OP_CLASS_COUNT; ++c) {
      perPoint[c] += row->perPoint[c];
      if (row->total[c])
        totals[c] = solarCountPwQpolynomialAddOrKeep(totals[c], isl_pw_qpolynomial_copy(row->total[c]),
                          &dropped);
    }
  }
  egAttrPut(d, "ops_per_point", countsDict(perPoint));
  egAttrPut(d, "ops_per_point_by_dtype", egAttrDictFinish(&perDtype));
  putTotals(d, "ops", totals, &exact);
  egAttrPut(d, "ops_by_dtype", egAttrDictFinish(&totalDtype));
  isl_pw_qpolynomial *flops = flopsPw(totals, &dropped);
  putPwCount(d, "flops", flops);
  isl_pw_qpolynomial_free(flops);
  if (dropped)
    node->exact = false;
  if (!exact)
    *graphExact = false;
  bool graphDropped = false;
  for (int c = 0; c < SOLAR_OP_CLASS_COUNT; ++c)
    graphTotals[c] = solarCountPwQpolynomialAddOrKeep(graphTotals[c], totals[c], &graphDropped);
  if (graphDropped)
    *graphExact = false;
}

/* `#solar.node<{...}>`. */
static EgAttrValue nodeAttr(EgBuilder *b, EgNode *node,
                      __isl_keep isl_pw_qpolynomial **graphTotals,
                      bool *graphExact) {
  EgAttrDict d = {0};
  egAttrPut(&d, "id", egAttrI64(node->id));
  egAttrPut(&d, "loc", locationAttr(node->loc));
  egAttrPut(&d, "op", opNameAttr(node->anchor));
  char frameworkOp[512];
  if (solarFrameworkOpOf(node->anchor, frameworkOp, sizeof(frameworkOp)))
    egAttrPut(&d, "framework_op", egAttrString(frameworkOp));
  egAttrPut(&d, "equation", egAttrString(node->equation));
  egAttrPut(&d, "domain", egAttrIslString(domainText(b, node)));
  putCount(&d, "points", &node->points);
  egAttrPut(&d, "points_exact", egAttrBool(node->points.exact));
  egAttrPut(&d, "loops", loopsAttr(node));
  /* A parametric necessary set is kept as an expression: the symbolic SOL
   * figures restrict the op counts by it as the bound ones do. */
  if (node->necessary && node->necessaryPoints.count) {
    isl_set *named = egNamedSet(node, node->necessary);
    egAttrPut(&d, "necessary_domain", egAttrIslString(isl_set_to_str(named)));
    isl_set_free(named);
    putCount(&d, "necessary_points", &node->necessaryPoints);
    /* Only where it is a lower bound (einsum_necessary.c lowerBoundCount):
     * most necessary counts are exact. */
    if (!node->necessaryPoints.exact)
      egAttrPut(&d, "necessary_points_exact", egAttrBool(false));
  }
  EgAttrList dims = {0};
  for (int i = 0; i < node->scope->depth; ++i)
    if (node->reductionDims[i])
      egAttrPush(&dims, egAttrString(node->labels[i]));
  egAttrPut(&d, "reduction_dims", egAttrListFinish(&dims));
  egAttrPut(&d, "reduction_op", egAttrString(node->reductionOp));
  egAttrPut(&d, "accesses", accessesAttr(b, node));
  putOps(node, &d, graphTotals, graphExact);
  egAttrPut(&d, "dtype", egAttrString(node->dtype));
  egAttrPut(&d, "exact", egAttrBool(node->exact));
  if (!node->exact)
    *graphExact = false;
  return egAttrSolarWrap("node", egAttrDictFinish(&d));
}

static EgAttrValue tensorAttr(EgBuilder *b, int id, bool *graphExact) {
  EgTensor *t = &b->tensors[id];
  EgAttrDict d = {0};
  egAttrPut(&d, "id", egAttrI64(id));
  egAttrPut(&d, "name", egAttrString(t->name));
  egAttrPut(&d, "isl_name", egAttrString(t->islName));
  egAttrPut(&d, "role", egAttrString(solarTensorRoleName(t->role)));
  egAttrPut(&d, "dtype", egAttrString(t->dtype));
  egAttrPut(&d, "element_bytes", egAttrI64(t->elementBytes));
  EgAttrList shape = {0};
  int64_t elements = 1;
  for (int i = 0; i < t->rank; ++i) {
    egAttrPush(&shape, egAttrI64(t->shape[i]));
    elements = mulCount(elements, t->shape[i]);
  }
  egAttrPut(&d, "shape", egAttrListFinish(&shape));
  egAttrPut(&d, "elements", egAttrI64(elements));
  egAttrPut(&d, "bytes", egAttrI64(mulCount(elements, t->elementBytes)));
  if (t->isGlobal)
    egAttrPut(&d, "constant", egAttrBool(t->isConstantGlobal));
  if (egTensorIsSplat(t))
    egAttrPut(&d, "splat", egAttrBool(true));
  /* A set that is the whole box counts the tensor's elements. */
  bool whole[3];
  for (int k = 0; k < 3; ++k)
    whole[k] = t->whole[k] && elements >= 0 && elements < INT64_MAX;
  SolarCount footprint = {NULL, true};
  if (t->touched && !whole[0])
    solarCountSetCached(b->counts, t->touched, &footprint);
  else
    footprint.count = NULL;
  footprint.exact = footprint.exact && t->exactAccesses;
  int64_t touched = 0;
  if (whole[0]) {
    egAttrPut(&d, "footprint_elements", egAttrI64(elements));
    egAttrPut(&d, "footprint_bytes",
              egAttrI64(mulCount(elements, t->elementBytes)));
  } else if (!t->touched) {
    egAttrPut(&d, "footprint_elements", egAttrI64(0));
    egAttrPut(&d, "footprint_bytes", egAttrI64(0));
  } else if (solarCountConstant(&footprint, &touched)) {
    egAttrPut(&d, "footprint_elements", egAttrI64(touched));
    egAttrPut(&d, "footprint_bytes",
              egAttrI64(mulCount(touched, t->elementBytes)));
  } else {
    putCount(&d, "footprint_elements", &footprint);
  }
  egAttrPut(&d, "footprint_exact", egAttrBool(footprint.exact));
  if (!footprint.exact)
    *graphExact = false;
  solarCountClear(&footprint);
  isl_set *sets[2] = {t->readSet, t->writeSet};
  const char *keys[2] = {"read_elements", "write_elements"};
  for (int k = 0; k < 2; ++k) {
    SolarCount c = {NULL, true};
    if (sets[k] && whole[k + 1]) {
      egAttrPut(&d, keys[k], egAttrI64(elements));
    } else if (sets[k]) {
      solarCountSetCached(b->counts, sets[k], &c);
      putCount(&d, keys[k], &c);
    } else {
      egAttrPut(&d, keys[k], egAttrI64(0));
    }
    solarCountClear(&c);
  }
  return egAttrDictFinish(&d);
}

static EgAttrValue edgeAttr(EgBuilder *b, EgEdge *edge) {
  EgAttrDict d = {0};
  egAttrPut(&d, "producer", egAttrI64(edge->producer));
  egAttrPut(&d, "consumer", egAttrI64(edge->consumer));
  egAttrPut(&d, "tensor", egAttrI64(edge->tensor));
  egAttrPut(&d, "tensor_name", egAttrString(b->tensors[edge->tensor].name));
  egAttrPut(&d, "relation", b->printRelations
                                ? egAttrIslString(relationText(b, edge))
                                : egAttrString(""));
  putCount(&d, "elements", &edge->elements);
  egAttrPut(&d, "elements_exact", egAttrBool(edge->elements.exact));
  return egAttrDictFinish(&d);
}

MlirAttribute egGraphToAttribute(EgBuilder *b, const EgTwin **plain,
                                 EgTwinArena **arena, bool attribute) {
  /* The bare twin for the reader of the same run: the dictionaries it
   * would otherwise get by printing and re-parsing each wrapper. Without
   * the attribute, only the twin is built: no text, no parse. */
  if (plain)
    egAttrTwinBegin(attribute);
  countsMemoClear(); /* its twins belong to the session just begun */
  bool exact = true;
  isl_pw_qpolynomial *totals[SOLAR_OP_CLASS_COUNT] = {NULL};

  EgAttrList nodes = {0};
  takeSaturation();
  for (int i = 0; i < b->nodeCount; ++i) {
    egAttrPush(&nodes, nodeAttr(b, &b->nodes[i], totals, &exact));
    if (takeSaturation())
      egWarn(b, b->nodes[i].loc,
             "node %d: a count (points, operations or flops) exceeds int64 "
             "and is saturated at 9223372036854775807",
             b->nodes[i].id);
  }
  EgAttrList tensors = {0};
  for (int i = 0; i < b->tensorCount; ++i) {
    egAttrPush(&tensors, tensorAttr(b, i, &exact));
    if (takeSaturation())
      egWarn(b, mlirOperationGetLocation(b->func),
             "tensor %s: its element or byte count exceeds int64 and is "
             "saturated at 9223372036854775807",
             b->tensors[i].name);
  }
  EgAttrList edges = {0};
  for (int i = 0; i < b->edgeCount; ++i) {
    egAttrPush(&edges, edgeAttr(b, &b->edges[i]));
    if (!b->edges[i].elements.exact)
      exact = false;
  }
  EgAttrList params = {0};
  for (int i = 0; i < b->paramCount; ++i) {
    EgAttrDict p = {0};
    egAttrPut(&p, "name", egAttrString(b->params[i].name));
    egAttrPut(&p, "source", egAttrString(b->params[i].source));
    egAttrPush(&params, egAttrDictFinish(&p));
  }

  EgAttrDict t = {0};
  for (int c = 0; c < SOLAR_OP_CLASS_COUNT; ++c)
    putPwCount(&t, solarOpClassName((SolarOpClass)c), totals[c]);
  bool dropped = false;
  isl_pw_qpolynomial *flops = flopsPw(totals, &dropped);
  if (dropped)
    exact = false;
  putPwCount(&t, "flops", flops);
  isl_pw_qpolynomial_free(flops);
  for (int c = 0; c < SOLAR_OP_CLASS_COUNT; ++c)
    isl_pw_qpolynomial_free(totals[c]);

  EgAttrDict g = {0};
  egAttrPut(&g, "version", egAttrI64(SOLAR_EINSUM_GRAPH_VERSION));
  egAttrPut(&g, "function", egAttrString(b->functionName));
  egAttrPut(&g, "parameters", egAttrListFinish(&params));
  egAttrPut(&g, "tensors", egAttrListFinish(&tensors));
  egAttrPut(&g, "nodes", egAttrListFinish(&nodes));
  egAttrPut(&g, "edges", egAttrListFinish(&edges));
  egAttrPut(&g, "totals", egAttrDictFinish(&t));
  /* A warning means something was not analyzed: nothing is guaranteed. */
  egAttrPut(&g, "exact", egAttrBool(exact && b->warnings == 0));
  egAttrPut(&g, "warnings", egAttrI64(b->warnings));
  /* Only when an op was left out: a complete graph's text stays as it
   * was. */
  if (b->skippedCount) {
    EgAttrList skipped = {0};
    for (int i = 0; i < b->skippedCount; ++i)
      egAttrPush(&skipped, egAttrString(b->skipped[i]));
    egAttrPut(&g, "skipped", egAttrListFinish(&skipped));
  }
  EgAttrValue dict = egAttrDictFinish(&g);
  if (plain)
    *plain = dict.twin;
  EgAttrValue wrapped = egAttrSolarWrap("einsum_graph", dict);
  MlirAttribute graph = {NULL};
  if (wrapped.text)
    graph = mlirAttributeParseGet(
        b->mctx, mlirStringRefCreateFromCString(wrapped.text));
  free(wrapped.text);
  countsMemoClear();
  if (plain)
    *arena = egAttrTwinEnd();
  return graph;
}
