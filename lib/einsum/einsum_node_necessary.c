/* Op counts of a node restricted to its necessary points (the readers'
 * side of einsum_necessary.c). */
#include "einsum_internal.h"

#include <string.h>

static void restrictCounts(const SolarEinsumNode *node,
                           const SolarOpCounts *total,
                           const SolarOpCounts *perPoint, SolarOpCounts *out) {
  *out = *total;
  int64_t excluded = node->points - node->necessaryPoints;
  if (node->points < 0 || node->necessaryPoints < 0 || excluded <= 0)
    return;
  for (int c = 0; c < SOLAR_OP_CLASS_COUNT; ++c) {
    int64_t dropped;
    if (total->counts[c] < 0 ||
        __builtin_mul_overflow(perPoint->counts[c], excluded, &dropped))
      continue;
    /* Ops per point run at every point, so the total holds them all. */
    out->counts[c] = dropped <= total->counts[c] ? total->counts[c] - dropped
                                                 : total->counts[c];
  }
}

void solarEinsumNodeNecessaryOps(const SolarEinsumNode *node,
                                 SolarOpCounts *out) {
  restrictCounts(node, &node->ops, &node->opsPerPoint, out);
}

void solarEinsumNodeNecessaryDtypeOps(const SolarEinsumNode *node,
                                      const SolarDtypeOps *row,
                                      SolarOpCounts *out) {
  restrictCounts(node, &row->total, &row->perPoint, out);
}

int64_t solarEinsumNodeNecessaryFlops(const SolarEinsumNode *node) {
  if (node->flops < 0 || node->necessaryPoints == node->points)
    return node->flops;
  SolarOpCounts ops;
  solarEinsumNodeNecessaryOps(node, &ops);
  int64_t flops = 0;
  for (int c = 0; c < SOLAR_OP_CLASS_COUNT; ++c) {
    int64_t term;
    if (__builtin_mul_overflow(ops.counts[c],
                               (int64_t)solarOpClassFlops((SolarOpClass)c),
                               &term) ||
        __builtin_add_overflow(flops, term, &flops))
      return node->flops;
  }
  return flops >= 0 && flops <= node->flops ? flops : node->flops;
}
