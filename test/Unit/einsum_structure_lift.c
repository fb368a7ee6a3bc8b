/* unit-einsum_structure_lift FILE.mlir: the import's structure check lifts
 * each function with solarEinsumGraphLiftStructure (no necessary-work
 * analysis, no attribute text); every field that check compares must be
 * what the full lift's attribute reads back to: per node the equation,
 * reduction, dtype, op counts per point and each access's tensor and role;
 * per tensor its name, role, rank and dtype; per edge its producer,
 * consumer and tensor. The structure lift's necessary sets are empty
 * (the analysis it leaves out); the full lift's are counted, so the test
 * shows the two lifts differ there and only there. The CPU seconds of each
 * kind of lift go to stderr (bench/cside_phases.sh reads them; no test
 * does). */
#include "solar/dialect/context.h"
#include "solar/einsum/einsum_graph.h"
#include "solar/support/funcs.h"
#include "solar/support/parse.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int failures = 0;

static void check(int ok, const char *func, const char *what, size_t i) {
  if (!ok) {
    printf("FAIL: @%s %s %zu\n", func, what, i);
    failures++;
  }
}

static int same(const char *a, const char *b) {
  return (!a && !b) || (a && b && !strcmp(a, b));
}

static void compare(const SolarEinsumGraph *full,
                    const SolarEinsumGraph *structure, size_t *necessary) {
  const char *f = full->function;
  check(full->nodeCount == structure->nodeCount, f, "node count", 0);
  check(full->tensorCount == structure->tensorCount, f, "tensor count", 0);
  check(full->edgeCount == structure->edgeCount, f, "edge count", 0);
  if (failures)
    return;
  for (size_t i = 0; i < full->nodeCount; ++i) {
    const SolarEinsumNode *a = &full->nodes[i], *b = &structure->nodes[i];
    check(same(a->equation, b->equation), f, "equation of node", i);
    check(same(a->reductionOp, b->reductionOp), f, "reduction of node", i);
    check(same(a->dtype, b->dtype), f, "dtype of node", i);
    check(!memcmp(&a->opsPerPoint, &b->opsPerPoint, sizeof(a->opsPerPoint)),
          f, "ops per point of node", i);
    check(a->accessCount == b->accessCount, f, "accesses of node", i);
    for (size_t k = 0; k < a->accessCount && k < b->accessCount; ++k)
      check(a->accesses[k].tensor == b->accesses[k].tensor &&
                a->accesses[k].role == b->accesses[k].role,
            f, "an access of node", i);
    if (a->necessaryDomain)
      ++*necessary;
    check(!b->necessaryDomain, f, "necessary set of the structure lift", i);
  }
  for (size_t i = 0; i < full->tensorCount; ++i) {
    const SolarEinsumTensor *a = &full->tensors[i], *b = &structure->tensors[i];
    check(same(a->name, b->name) && a->role == b->role && a->rank == b->rank &&
              same(a->dtype, b->dtype),
          f, "tensor", i);
  }
  for (size_t i = 0; i < full->edgeCount; ++i) {
    const SolarEinsumEdge *a = &full->edges[i], *b = &structure->edges[i];
    check(a->producer == b->producer && a->consumer == b->consumer &&
              a->tensor == b->tensor,
          f, "edge", i);
  }
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: unit-einsum_structure_lift FILE.mlir\n");
    return 2;
  }
  MlirContext ctx = solarContextCreate();
  MlirModule module = solarParseModuleFile(ctx, argv[1]);
  if (mlirModuleIsNull(module))
    return 2;
  size_t count = 0, nodes = 0, edges = 0, necessary = 0;
  clock_t fullClock = 0, structureClock = 0;
  MlirOperation *funcs =
      solarCollectFuncs(mlirModuleGetOperation(module), &count);
  for (size_t i = 0; i < count; ++i) {
    MlirAttribute attr;
    SolarEinsumGraph full, structure;
    memset(&full, 0, sizeof(full));
    memset(&structure, 0, sizeof(structure));
    char err[512];
    clock_t start = clock();
    bool fullOk = solarEinsumGraphLift(funcs[i], false, &attr) &&
                  solarEinsumGraphRead(attr, &full, err, sizeof(err));
    clock_t middle = clock();
    bool structureOk =
        fullOk && solarEinsumGraphLiftStructure(funcs[i], &structure, err,
                                                sizeof(err));
    fullClock += middle - start;
    structureClock += clock() - middle;
    if (!structureOk) {
      printf("FAIL: function %zu does not lift\n", i);
      failures++;
      if (fullOk)
        solarEinsumGraphDestroy(&full);
      continue;
    }
    compare(&full, &structure, &necessary);
    nodes += full.nodeCount;
    edges += full.edgeCount;
    solarEinsumGraphDestroy(&full);
    solarEinsumGraphDestroy(&structure);
  }
  printf("%zu function(s), %zu node(s), %zu edge(s) compared; necessary "
         "sets: %zu in the full lift, none in the structure lift\n",
         count, nodes, edges, necessary);
  printf("%d failure(s)\n", failures);
  fprintf(stderr, "lift and read as the attribute: %.2f CPU s; structure "
          "lift: %.2f CPU s\n", (double)fullClock / CLOCKS_PER_SEC,
          (double)structureClock / CLOCKS_PER_SEC);
  free(funcs);
  mlirModuleDestroy(module);
  mlirContextDestroy(ctx);
  return failures ? 1 : 0;
}
