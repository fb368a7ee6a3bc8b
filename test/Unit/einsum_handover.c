/* unit-einsum_handover FILE.mlir: the lift's hand-over to the stages
 * (einsum_lifted.c) gives the very graph the attribute reads back to.
 * Per function, three reads are compared field by field (every field of
 * einsum_graph.h's structs the reader fills):
 *
 *   attr   the lift's #solar.einsum_graph attribute, read by
 *          solarEinsumGraphRead (MLIR's dictionaries);
 *   twin   the same lift's bare twin (plain C values written by the same
 *          calls as the attribute's text), read by
 *          solarEinsumGraphReadLifted;
 *   plain  a lift that builds no attribute at all (plain --solar-sol),
 *          read the same way: equal to attr except that its edge
 *          relations are "" (no stage reads them; they are printed only
 *          for the attribute), and its domains and maps are "" where the
 *          lift handed the stages a representation class instead
 *          (solarGraphDomainClass): there the object the stages get must
 *          equal the attribute's text, and the objects of one class must
 *          be equal constraint for constraint up to names (isl's plain
 *          comparison once their tuples are named alike).
 *
 * The twin's dictionaries must also keep MLIR's order of entries: the
 * reader walks ops_per_point_by_dtype in it (mixed-dtype inputs). */
#include "solar/dialect/context.h"
#include "solar/einsum/einsum_graph.h"
#include "solar/einsum/einsum_graph_index.h"
#include "solar/support/funcs.h"
#include "solar/support/parse.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures = 0;
static const char *function = "";
static const char *pair = "";

static void check(int ok, const char *what, size_t i) {
  if (!ok) {
    printf("FAIL: @%s %s: %s %zu\n", function, pair, what, i);
    failures++;
  }
}

static int same(const char *a, const char *b) {
  return (!a && !b) || (a && b && !strcmp(a, b));
}

static int sameCounts(const SolarOpCounts *a, const SolarOpCounts *b) {
  return !memcmp(a->counts, b->counts, sizeof(a->counts));
}

static void compareTensor(const SolarEinsumTensor *a,
                          const SolarEinsumTensor *b, size_t i) {
  check(a->id == b->id && same(a->name, b->name) &&
            same(a->islName, b->islName) && a->role == b->role &&
            same(a->dtype, b->dtype) && a->elementBytes == b->elementBytes,
        "tensor", i);
  check(a->rank == b->rank &&
            !memcmp(a->shape, b->shape, (size_t)a->rank * sizeof(int64_t)),
        "tensor shape", i);
  check(a->elements == b->elements && a->bytes == b->bytes &&
            a->constant == b->constant && a->splat == b->splat,
        "tensor size", i);
  check(a->footprintElements == b->footprintElements &&
            a->footprintBytes == b->footprintBytes &&
            a->readElements == b->readElements &&
            a->writeElements == b->writeElements &&
            a->footprintExact == b->footprintExact &&
            same(a->footprintExpr, b->footprintExpr),
        "tensor footprint", i);
}

/* The plain lift's text of a domain or map: "" for an object with a
 * class, else the attribute's. */
static int sameText(const char *attr, const char *plain, uint32_t shape) {
  return shape ? plain && !plain[0] : same(attr, plain);
}

static void compareAccess(const SolarEinsumAccess *a,
                          const SolarEinsumAccess *b, size_t node,
                          uint32_t shape) {
  check(a->tensor == b->tensor && a->isWrite == b->isWrite &&
            a->role == b->role && sameText(a->map, b->map, shape) &&
            a->exact == b->exact && a->zeroSkips == b->zeroSkips,
        "an access of node", node);
  check(a->footprintElements == b->footprintElements &&
            a->footprintExact == b->footprintExact &&
            same(a->footprintExpr, b->footprintExpr),
        "an access footprint of node", node);
}

static void compareNode(const SolarEinsumNode *a, const SolarEinsumNode *b,
                        size_t i, const SolarEinsumGraph *bGraph) {
  /* bGraph: b's graph when b is a plain lift's, else NULL. */
  check(a->id == b->id && same(a->loc, b->loc) &&
            same(a->frameworkOp, b->frameworkOp) &&
            same(a->equation, b->equation) &&
            sameText(a->domain, b->domain,
                     bGraph ? solarGraphDomainClass(bGraph, i) : 0),
        "node", i);
  check(a->points == b->points && a->pointsExact == b->pointsExact &&
            same(a->pointsExpr, b->pointsExpr),
        "points of node", i);
  check(a->loopCount == b->loopCount, "loop count of node", i);
  for (size_t l = 0; l < a->loopCount && l < b->loopCount; ++l) {
    const SolarEinsumLoop *x = &a->loops[l], *y = &b->loops[l];
    check(same(x->name, y->name) && same(x->label, y->label) &&
              x->reduction == y->reduction && same(x->op, y->op) &&
              same(x->loc, y->loc),
          "a loop of node", i);
  }
  check(a->reductionDimCount == b->reductionDimCount &&
            same(a->reductionOp, b->reductionOp),
        "reduction of node", i);
  for (size_t k = 0; k < a->reductionDimCount && k < b->reductionDimCount; ++k)
    check(same(a->reductionDims[k], b->reductionDims[k]),
          "a reduction dim of node", i);
  check(a->accessCount == b->accessCount, "access count of node", i);
  for (size_t k = 0; k < a->accessCount && k < b->accessCount; ++k)
    compareAccess(&a->accesses[k], &b->accesses[k], i,
                  bGraph ? solarGraphAccessClass(bGraph, i, k) : 0);
  check(sameCounts(&a->opsPerPoint, &b->opsPerPoint) &&
            sameCounts(&a->ops, &b->ops),
        "ops of node", i);
  for (int c = 0; c < SOLAR_OP_CLASS_COUNT; ++c)
    check(same(a->opsExpr[c], b->opsExpr[c]), "an ops expression of node", i);
  check(a->dtypeCount == b->dtypeCount, "dtype rows of node", i);
  for (size_t k = 0; k < a->dtypeCount && k < b->dtypeCount; ++k)
    check(same(a->opsByDtype[k].dtype, b->opsByDtype[k].dtype) &&
              sameCounts(&a->opsByDtype[k].perPoint,
                         &b->opsByDtype[k].perPoint) &&
              sameCounts(&a->opsByDtype[k].total, &b->opsByDtype[k].total),
          "a dtype row (in order) of node", i);
  check(a->flops == b->flops && same(a->flopsExpr, b->flopsExpr),
        "flops of node", i);
  check(a->necessaryPoints == b->necessaryPoints &&
            same(a->necessaryDomain, b->necessaryDomain) &&
            same(a->necessaryPointsExpr, b->necessaryPointsExpr),
        "necessary work of node", i);
  check(same(a->dtype, b->dtype) && a->exact == b->exact, "dtype of node", i);
}

/* b's edge relations are "" when it is a plain lift's. */
static void compare(const SolarEinsumGraph *a, const SolarEinsumGraph *b,
                    bool plain) {
  check(a->version == b->version && same(a->function, b->function),
        "version and name", 0);
  check(a->paramCount == b->paramCount && a->tensorCount == b->tensorCount &&
            a->nodeCount == b->nodeCount && a->edgeCount == b->edgeCount &&
            a->skippedCount == b->skippedCount,
        "counts", 0);
  if (failures)
    return;
  for (size_t i = 0; i < a->paramCount; ++i)
    check(same(a->params[i].name, b->params[i].name) &&
              same(a->params[i].source, b->params[i].source),
          "parameter", i);
  for (size_t i = 0; i < a->tensorCount; ++i)
    compareTensor(&a->tensors[i], &b->tensors[i], i);
  for (size_t i = 0; i < a->nodeCount; ++i)
    compareNode(&a->nodes[i], &b->nodes[i], i, plain ? b : NULL);
  for (size_t i = 0; i < a->edgeCount; ++i) {
    const SolarEinsumEdge *x = &a->edges[i], *y = &b->edges[i];
    check(x->producer == y->producer && x->consumer == y->consumer &&
              x->tensor == y->tensor && x->elements == y->elements &&
              x->elementsExact == y->elementsExact &&
              same(x->elementsExpr, y->elementsExpr),
          "edge", i);
    check(plain ? y->relation && !y->relation[0] && x->relation[0]
                : same(x->relation, y->relation),
          "edge relation", i);
  }
  check(sameCounts(&a->totalOps, &b->totalOps) &&
            a->totalFlops == b->totalFlops &&
            same(a->totalFlopsExpr, b->totalFlopsExpr) &&
            a->exact == b->exact && a->warnings == b->warnings,
        "totals", 0);
  for (size_t i = 0; i < a->skippedCount; ++i)
    check(same(a->skipped[i], b->skipped[i]), "skipped", i);
}

/* A copy of the object with its tuples named "T" and "U". */
static __isl_give isl_map *renamedMap(__isl_keep isl_map *map) {
  map = isl_map_set_tuple_name(isl_map_copy(map), isl_dim_in, "T");
  return isl_map_set_tuple_name(map, isl_dim_out, "U");
}

static size_t classes = 0, classed = 0;

/* The plain lift's classes against the attribute's texts (see the top). */
static void checkClasses(const SolarEinsumGraph *a,
                         const SolarEinsumGraph *plain) {
  isl_ctx *ctx = solarGraphIslCtx(plain);
  size_t objects = 0;
  for (size_t i = 0; i < plain->nodeCount; ++i)
    objects += 1 + plain->nodes[i].accessCount;
  uint32_t *shape = calloc(objects + 1, sizeof(uint32_t));
  isl_map **object = calloc(objects + 1, sizeof(isl_map *));
  size_t n = 0;
  for (size_t i = 0; i < plain->nodeCount; ++i) {
    for (size_t k = 0; k <= plain->nodes[i].accessCount; ++k, ++n) {
      bool domain = k == plain->nodes[i].accessCount;
      shape[n] = domain ? solarGraphDomainClass(plain, i)
                        : solarGraphAccessClass(plain, i, k);
      if (!shape[n])
        continue;
      classed++;
      const char *text = domain ? a->nodes[i].domain
                                : a->nodes[i].accesses[k].map;
      isl_map *own = domain
                         ? isl_map_from_range(
                               isl_set_copy(solarGraphDomain(plain, i)))
                         : isl_map_copy(solarGraphAccessMap(plain, i, k));
      isl_map *parsed =
          domain ? isl_map_from_range(isl_set_read_from_str(ctx, text))
                 : isl_map_read_from_str(ctx, text);
      check(isl_map_is_equal(own, parsed) == isl_bool_true,
            "a classed object against its text, node", i);
      isl_map_free(parsed);
      object[n] = renamedMap(own);
      isl_map_free(own);
      bool seen = false;
      for (size_t m = 0; m < n; ++m) {
        if (shape[m] != shape[n])
          continue;
        seen = true;
        check(isl_map_plain_is_equal(object[m], object[n]) == isl_bool_true,
              "two objects of one class, node", i);
      }
      classes += !seen;
    }
  }
  for (size_t m = 0; m < n; ++m)
    isl_map_free(object[m]);
  free(object);
  free(shape);
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: unit-einsum_handover FILE.mlir\n");
    return 2;
  }
  MlirContext ctx = solarContextCreate();
  MlirModule module = solarParseModuleFile(ctx, argv[1]);
  if (mlirModuleIsNull(module))
    return 2;
  size_t count = 0, nodes = 0, accesses = 0, edges = 0, dtypeRows = 0,
         parametric = 0, skipped = 0;
  MlirOperation *funcs =
      solarCollectFuncs(mlirModuleGetOperation(module), &count);
  for (size_t i = 0; i < count; ++i) {
    MlirAttribute attr = {NULL};
    SolarLiftedGraph *lifted = NULL, *plainLifted = NULL;
    SolarEinsumGraph fromAttr, fromTwin, fromPlain;
    memset(&fromAttr, 0, sizeof(fromAttr));
    memset(&fromTwin, 0, sizeof(fromTwin));
    memset(&fromPlain, 0, sizeof(fromPlain));
    char err[512];
    bool ok = solarEinsumGraphLiftShared(funcs[i], false, &attr, &lifted) &&
              solarEinsumGraphRead(attr, &fromAttr, err, sizeof(err));
    if (ok) {
      ok = solarEinsumGraphReadLifted(attr, lifted, &fromTwin, err,
                                      sizeof(err));
      lifted = NULL; /* taken by the read */
    }
    ok = ok &&
         solarEinsumGraphLiftShared(funcs[i], false, NULL, &plainLifted) &&
         solarEinsumGraphReadLifted((MlirAttribute){NULL}, plainLifted,
                                    &fromPlain, err, sizeof(err));
    if (!ok) {
      printf("FAIL: function %zu does not lift or read\n", i);
      failures++;
      solarLiftedGraphDestroy(lifted);
    } else {
      function = fromAttr.function;
      pair = "attr/twin";
      compare(&fromAttr, &fromTwin, false);
      pair = "attr/plain";
      compare(&fromAttr, &fromPlain, true);
      checkClasses(&fromAttr, &fromPlain);
      nodes += fromAttr.nodeCount;
      edges += fromAttr.edgeCount;
      skipped += fromAttr.skippedCount;
      for (size_t n = 0; n < fromAttr.nodeCount; ++n) {
        accesses += fromAttr.nodes[n].accessCount;
        dtypeRows += fromAttr.nodes[n].dtypeCount;
        parametric += fromAttr.nodes[n].pointsExpr != NULL;
      }
    }
    solarEinsumGraphDestroy(&fromAttr);
    solarEinsumGraphDestroy(&fromTwin);
    solarEinsumGraphDestroy(&fromPlain);
  }
  printf("%zu function(s), %zu node(s), %zu access(es), %zu edge(s), %zu "
         "dtype row(s), %zu parametric domain(s), %zu skipped op(s) "
         "compared\n",
         count, nodes, accesses, edges, dtypeRows, parametric, skipped);
  printf("%zu domain(s) and map(s) of %zu class(es) handed over without "
         "a text\n",
         classed, classes);
  printf("%d failure(s)\n", failures);
  free(funcs);
  mlirModuleDestroy(module);
  mlirContextDestroy(ctx);
  return failures ? 1 : 0;
}
