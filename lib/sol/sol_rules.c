/* The rules of the SOL model that the numeric path (sol_bound.c,
 * sol_unfused.c) and the symbolic one (sol_symbolic.c) both state, written
 * once over a time algebra: seconds for the one, time forms for the other
 * (docs/sol-model.md, "Compute time"). Each rule combines its parts in one
 * order, so a symbolic figure evaluated at given sizes repeats the numeric
 * path's floating-point operations exactly. */
#include "sol_internal.h"

#include <stdlib.h>

static SolarTimeTerm combineSeconds(SolarTimeTerm *parts, size_t n,
                                    bool max) {
  double total = 0;
  for (size_t i = 0; i < n; ++i) {
    if (!max)
      total += parts[i].seconds;
    else if (parts[i].seconds > total)
      total = parts[i].seconds;
  }
  return (SolarTimeTerm){.seconds = total};
}

static SolarTimeTerm copySeconds(SolarTimeTerm term) { return term; }

const SolarTimeAlgebra solarSecondsAlgebra = {combineSeconds, copySeconds};

SolarTimeTerm solarSecondsTerm(double seconds) {
  return (SolarTimeTerm){.seconds = seconds};
}

/* Inside one kernel the units run side by side, so a node takes the
 * longest of its units' times; the nodes of a kernel are charged one after
 * the other. */
SolarTimeTerm solarComputeOf(const SolarTimeAlgebra *alg,
                             const SolarTimeTerm *const *nodes, size_t count) {
  SolarTimeTerm *perNode = calloc(count ? count : 1, sizeof(SolarTimeTerm));
  SolarTimeTerm units[SOLAR_UNIT_COUNT];
  for (size_t k = 0; k < count; ++k) {
    for (int u = 0; u < SOLAR_UNIT_COUNT; ++u)
      units[u] = alg->copy(nodes[k][u]);
    perNode[k] = alg->combine(units, SOLAR_UNIT_COUNT, true);
  }
  SolarTimeTerm total = alg->combine(perNode, count, false);
  free(perNode);
  return total;
}

/* A kernel takes at least its compute and at least its transfer time. */
SolarTimeTerm solarRoofline(const SolarTimeAlgebra *alg, SolarTimeTerm compute,
                            SolarTimeTerm transfer) {
  SolarTimeTerm parts[] = {compute, transfer};
  return alg->combine(parts, 2, true);
}
