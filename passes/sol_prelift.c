/* Graphs lifted ahead of the SOL passes (include/solar/passes/stage.h,
 * solarFuncEinsumGraphPrelift): solar analyze's import lifts the full-size
 * module for its structure check exactly as solar-sol's first stage would,
 * and that stage takes the graph instead of lifting the module again
 * (docs/performance.md, "Tenth round"). */
#include "solar/passes/stage.h"
#include "solar/support/diagnostics.h"
#include "solar/support/grow.h"

#include "mlir-c/BuiltinAttributes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  MlirOperation func;
  bool strict, attach;
  MlirAttribute attr;      /* built when `attach`; attached when taken */
  SolarEinsumGraph graph;  /* owned until taken */
  char *diagnostics;       /* the lift's, printed when taken (owned) */
} Prelift;

/* The passes receive only string options, so a graph reaches them here.
 * Entries are few (one per function of the analyzed module) and live from
 * the import's check to the analysis; their owner discards what is left
 * before it destroys the module (solarFuncEinsumGraphPreliftsDiscard), so
 * no entry outlives the operation it is keyed by. */
static Prelift *prelifts;
static size_t preliftCount, preliftCapacity;

static Prelift *find(MlirOperation func) {
  for (size_t i = 0; i < preliftCount; ++i)
    if (mlirOperationEqual(prelifts[i].func, func))
      return &prelifts[i];
  return NULL;
}

static void discard(Prelift *p) {
  solarEinsumGraphDestroy(&p->graph);
  free(p->diagnostics);
  *p = prelifts[--preliftCount];
}

const SolarEinsumGraph *solarFuncEinsumGraphPrelift(MlirOperation func,
                                                    bool strict, bool attach) {
  Prelift *old = find(func);
  if (old)
    discard(old);
  MlirContext ctx = mlirOperationGetContext(func);
  /* The caller (the structure check) may capture diagnostics too; its
   * capture is not nestable, so the lift's own are collected here. */
  solarDiagnosticsCaptureBegin(ctx);
  MlirAttribute attr = {NULL};
  SolarLiftedGraph *lifted = NULL;
  Prelift p;
  memset(&p, 0, sizeof(p));
  char err[512];
  bool ok = solarEinsumGraphLiftShared(func, strict, attach ? &attr : NULL,
                                       &lifted) &&
            solarEinsumGraphReadLifted(attr, lifted, &p.graph, err,
                                       sizeof(err));
  char *diagnostics = solarDiagnosticsCaptureEnd(ctx);
  /* A lift that fails is left to the analysis, which fails with its own
   * diagnostics at its own time. */
  if (!ok) {
    free(diagnostics);
    return NULL;
  }
  prelifts = solarGrow(prelifts, &preliftCapacity, preliftCount,
                       sizeof(Prelift));
  p.func = func;
  p.strict = strict;
  p.attach = attach;
  p.attr = attr;
  p.diagnostics = diagnostics;
  prelifts[preliftCount] = p;
  return &prelifts[preliftCount++].graph;
}

bool solarFuncEinsumGraphTakePrelift(MlirOperation func, bool strict,
                                     bool attach, SolarEinsumGraph *graph) {
  Prelift *p = find(func);
  if (!p || p->strict != strict || p->attach != attach)
    return false;
  /* What the lift printed, at the time the lift would have run. */
  fputs(p->diagnostics, stderr);
  if (attach)
    mlirOperationSetDiscardableAttributeByName(
        func, mlirStringRefCreateFromCString(SOLAR_EINSUM_GRAPH_ATTR),
        p->attr);
  *graph = p->graph;
  memset(&p->graph, 0, sizeof(p->graph));
  discard(p);
  return true;
}

void solarFuncEinsumGraphPreliftsDiscard(void) {
  while (preliftCount)
    discard(&prelifts[preliftCount - 1]);
  free(prelifts);
  prelifts = NULL;
  preliftCapacity = 0;
}
