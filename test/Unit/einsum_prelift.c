/* unit-einsum_prelift FILE.mlir ARCH: graphs lifted ahead of the SOL
 * passes (passes/sol_prelift.c, what `solar analyze`'s structure check
 * does on the full-size module) give the analysis it would have made.
 *
 * The module is parsed twice. In the first copy every function is lifted
 * ahead (solarFuncEinsumGraphPrelift, not strict, the attribute built)
 * and its node count printed; then solar-sol{stages=true} (what solar
 * analyze runs) runs on both copies, and per function the attributes it
 * leaves (solar.einsum_graph, solar.fusion, solar.traffic, solar.sol)
 * must be the same attribute in both (MLIR uniques attributes: equal
 * means equal text). The lift's warnings are printed once, when the
 * analysis takes the graph ("taking" on stderr marks the pass run), and
 * none is left after the pass.
 * Then a graph lifted ahead as strict is not what a non-strict analysis
 * takes (it lifts again) and is freed by the discard. */
#include "solar/dialect/context.h"
#include "solar/passes/passes.h"
#include "solar/passes/stage.h"
#include "solar/support/funcs.h"
#include "solar/support/options.h"
#include "solar/support/parse.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const kAttrs[] = {"solar.einsum_graph", "solar.fusion",
                                     "solar.traffic", "solar.sol"};

static bool runSol(MlirModule module, const char *arch) {
  SolarOptions sol;
  solarOptionsInit(&sol);
  solarOptionsSet(&sol, "arch", arch);
  solarOptionsSet(&sol, "detail", "true");
  solarOptionsSet(&sol, "stages", "true");
  bool ok = solarRunPass(mlirModuleGetOperation(module), "solar-sol", &sol);
  solarOptionsDestroy(&sol);
  return ok;
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: unit-einsum_prelift FILE.mlir ARCH\n");
    return 2;
  }
  MlirContext ctx = solarContextCreate();
  MlirModule ahead = solarParseModuleFile(ctx, argv[1]);
  MlirModule plain = solarParseModuleFile(ctx, argv[1]);
  if (mlirModuleIsNull(ahead) || mlirModuleIsNull(plain))
    return 2;
  size_t count = 0, plainCount = 0;
  MlirOperation *funcs =
      solarCollectFuncs(mlirModuleGetOperation(ahead), &count);
  MlirOperation *plainFuncs =
      solarCollectFuncs(mlirModuleGetOperation(plain), &plainCount);
  for (size_t i = 0; i < count; ++i) {
    const SolarEinsumGraph *graph =
        solarFuncEinsumGraphPrelift(funcs[i], false, true);
    printf("@%s: %zu node(s) lifted ahead\n", graph ? graph->function : "?",
           graph ? graph->nodeCount : 0);
  }
  fflush(stdout);
  fprintf(stderr, "taking\n");
  bool okAhead = runSol(ahead, argv[2]);
  /* The pass took every graph lifted ahead: none is left to take. */
  size_t left = 0;
  for (size_t i = 0; i < count; ++i) {
    SolarEinsumGraph graph;
    if (solarFuncEinsumGraphTakePrelift(funcs[i], false, true, &graph)) {
      ++left;
      solarEinsumGraphDestroy(&graph);
    }
  }
  printf("left after the pass: %zu\n", left);
  fprintf(stderr, "plain\n");
  bool okPlain = runSol(plain, argv[2]);
  int failures = okAhead == okPlain ? 0 : 1;
  size_t same = 0;
  for (size_t i = 0; i < count && i < plainCount; ++i)
    for (size_t k = 0; k < sizeof(kAttrs) / sizeof(kAttrs[0]); ++k) {
      MlirStringRef name = mlirStringRefCreateFromCString(kAttrs[k]);
      MlirAttribute a = mlirOperationGetAttributeByName(funcs[i], name);
      MlirAttribute b = mlirOperationGetAttributeByName(plainFuncs[i], name);
      if (mlirAttributeIsNull(a) != mlirAttributeIsNull(b) ||
          (!mlirAttributeIsNull(a) && !mlirAttributeEqual(a, b))) {
        printf("FAIL: function %zu: %s differs\n", i, kAttrs[k]);
        ++failures;
      } else {
        same += !mlirAttributeIsNull(a);
      }
    }
  printf("%zu function(s), %zu attribute(s) the same, none only in one\n", count,
         same);

  /* Lifted ahead as strict: a non-strict lift does not take it. */
  MlirModule strict = solarParseModuleFile(ctx, argv[1]);
  MlirOperation *strictFuncs =
      solarCollectFuncs(mlirModuleGetOperation(strict), &count);
  size_t kept = 0, taken = 0;
  for (size_t i = 0; i < count; ++i) {
    kept += solarFuncEinsumGraphPrelift(strictFuncs[i], true, true) != NULL;
    SolarEinsumGraph graph;
    if (solarFuncEinsumGraphTakePrelift(strictFuncs[i], false, true, &graph)) {
      ++taken;
      solarEinsumGraphDestroy(&graph);
    }
  }
  solarFuncEinsumGraphPreliftsDiscard();
  printf("strict: %zu lifted ahead, %zu taken by a non-strict lift\n", kept,
         taken);
  printf("%d failure(s)\n", failures);
  free(strictFuncs);
  free(funcs);
  free(plainFuncs);
  mlirModuleDestroy(strict);
  mlirModuleDestroy(ahead);
  mlirModuleDestroy(plain);
  mlirContextDestroy(ctx);
  return failures ? 1 : 0;
}
