/* Training-step phases of einsum nodes (include/solar/einsum/phase.h). */
#include "solar/einsum/phase.h"

#include "solar/einsum/input_zeros.h"
#include "solar/support/names.h"

#include <stdlib.h>
#include <string.h>

static const char *const kPhaseNames[] = {
    [SOLAR_PHASE_FORWARD] = "forward",
    [SOLAR_PHASE_BACKWARD] = "backward",
    [SOLAR_PHASE_OPTIMIZER] = "optimizer",
};

const char *solarPhaseName(SolarPhase phase) {
  return SOLAR_NAME_OF(kPhaseNames, phase, "none");
}

SolarPhase solarFrameworkOpPhase(const char *frameworkOp) {
  const char *slash = frameworkOp ? strchr(frameworkOp, '/') : NULL;
  if (!slash)
    return SOLAR_PHASE_NONE;
  size_t length = (size_t)(slash - frameworkOp);
  for (int p = 0; p < SOLAR_PHASE_COUNT; ++p)
    if (strlen(kPhaseNames[p]) == length &&
        !strncmp(frameworkOp, kPhaseNames[p], length))
      return (SolarPhase)p;
  return SOLAR_PHASE_NONE;
}

static SolarPhase nodePhase(const SolarEinsumGraph *graph, int64_t node) {
  return node >= 0 && (size_t)node < graph->nodeCount
             ? solarFrameworkOpPhase(graph->nodes[node].frameworkOp)
             : SOLAR_PHASE_NONE;
}

/* Adds node n's necessary work, `skipped` more points excluded, to its
 * phase; false when a count is symbolic (left out). */
static bool addWork(const SolarEinsumNode *n, int64_t skipped,
                    SolarPhaseWork *work) {
  SolarOpCounts ops;
  solarEinsumNodeNecessaryOpsAt(n, skipped, &ops);
  int64_t flops = solarEinsumNodeNecessaryFlopsAt(n, skipped);
  bool exact = flops != SOLAR_EINSUM_PARAMETRIC;
  for (int c = 0; c < SOLAR_OP_CLASS_COUNT; ++c)
    exact = exact && ops.counts[c] != SOLAR_EINSUM_PARAMETRIC;
  work->nodes++;
  if (!exact)
    return false;
  for (int c = 0; c < SOLAR_OP_CLASS_COUNT; ++c)
    work->ops.counts[c] += ops.counts[c];
  work->flops += flops;
  return true;
}

/* Whether tensor t is written by a forward node and read by a backward
 * one. Node indices are positions in graph->nodes (ids are positions:
 * solarEinsumGraphRead keeps them in order). */
static bool isActivation(const SolarEinsumGraph *graph, size_t t) {
  bool written = false, read = false;
  for (size_t i = 0; i < graph->nodeCount; ++i) {
    const SolarEinsumNode *n = &graph->nodes[i];
    SolarPhase phase = nodePhase(graph, (int64_t)i);
    for (size_t a = 0; a < n->accessCount; ++a) {
      if ((size_t)n->accesses[a].tensor != t)
        continue;
      written |= n->accesses[a].isWrite && phase == SOLAR_PHASE_FORWARD;
      read |= !n->accesses[a].isWrite && phase == SOLAR_PHASE_BACKWARD;
    }
  }
  return written && read;
}

bool solarEinsumGraphPhases(const SolarEinsumGraph *graph,
                            SolarPhaseSummary *out) {
  return solarEinsumGraphPhasesAt(graph, NULL, out);
}

bool solarEinsumGraphPhasesAt(const SolarEinsumGraph *graph,
                              const int64_t *skipped, SolarPhaseSummary *out) {
  memset(out, 0, sizeof(*out));
  out->exact = true;
  bool any = false;
  for (size_t i = 0; i < graph->nodeCount; ++i) {
    SolarPhase phase = nodePhase(graph, (int64_t)i);
    if (phase == SOLAR_PHASE_NONE) {
      out->exact = false;
      continue;
    }
    any = true;
    if (!addWork(&graph->nodes[i], skipped ? skipped[i] : 0,
                 &out->phase[phase]))
      out->exact = false;
  }
  if (!any) {
    memset(out, 0, sizeof(*out));
    return false;
  }
  for (size_t t = 0; t < graph->tensorCount; ++t) {
    if (!isActivation(graph, t))
      continue;
    if (graph->tensors[t].bytes < 0)
      out->exact = false;
    else
      out->activationBytes += graph->tensors[t].bytes;
  }
  return true;
}
