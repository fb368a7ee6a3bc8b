/* Op counts of a node restricted to its necessary points (the readers'
 * side of einsum_necessary.c), and to fewer points at one run's inputs
 * (input_zeros.h). */
#include "einsum_internal.h"
#include "solar/einsum/input_zeros.h"

#include <string.h>

static void restrictCounts(const SolarEinsumNode *node,
                           const SolarOpCounts *total,
                           const SolarOpCounts *perPoint, int64_t skipped,
                           SolarOpCounts *out) {
  *out = *total;
  int64_t excluded = node->points - node->necessaryPoints;
  if (node->points < 0 || node->necessaryPoints < 0 || skipped < 0 ||
      __builtin_add_overflow(excluded, skipped, &excluded) || excluded <= 0)
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
  restrictCounts(node, &node->ops, &node->opsPerPoint, 0, out);
}

void solarEinsumNodeNecessaryOpsAt(const SolarEinsumNode *node,
                                   int64_t skipped, SolarOpCounts *out) {
  restrictCounts(node, &node->ops, &node->opsPerPoint, skipped, out);
}

void solarEinsumNodeNecessaryDtypeOps(const SolarEinsumNode *node,
                                      const SolarDtypeOps *row,
                                      SolarOpCounts *out) {
  restrictCounts(node, &row->total, &row->perPoint, 0, out);
}

int64_t solarEinsumNodeNecessaryFlopsAt(const SolarEinsumNode *node,
                                        int64_t skipped) {
  if (node->flops < 0 ||
      (node->necessaryPoints == node->points && skipped <= 0))
    return node->flops;
  SolarOpCounts ops;
  solarEinsumNodeNecessaryOpsAt(node, skipped, &ops);
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

int64_t solarEinsumNodeNecessaryFlops(const SolarEinsumNode *node) {
  return solarEinsumNodeNecessaryFlopsAt(node, 0);
}
