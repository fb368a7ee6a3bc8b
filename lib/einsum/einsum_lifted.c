/* The lift's hand-over to the stages of one run (einsum_lifted.h).
 *
 * A pass that lifts a function and then reads the graph back would print
 * each #solar wrapper and re-parse its dictionary (the C API cannot reach
 * an IRDL attribute's parameters), then re-parse every domain and access
 * map from its isl text into a second isl context. The lift already holds
 * both: the bare twin (the same values the attribute's text was written
 * from, by the same calls, as plain C) and the isl objects each text was
 * printed from. */
#include "einsum_internal.h"
#include "einsum_lifted.h"

#include "solar/einsum/einsum_graph_index.h"
#include "solar/support/grow.h"

#include <stdio.h>
#include <stdlib.h>

struct SolarLiftedGraph {
  const EgTwin *bare; /* the graph dictionary without #solar wrappers */
  EgTwinArena *arena; /* holds bare; owned */
  isl_ctx *ctx;       /* of every object below; owned */
  size_t nodeCount;
  size_t *accessCounts; /* by node */
  isl_set **domains;    /* by node; owned */
  isl_map **maps;       /* by access, nodes in order; owned */
  /* Their representation classes (EgNode.domainShape, EgAccess.mapShape),
   * in the same order; owned. */
  uint32_t *domainShapes, *mapShapes;
};

SolarLiftedGraph *egLiftedTake(EgBuilder *b, const EgTwin *bare,
                               EgTwinArena *arena) {
  SolarLiftedGraph *lifted = solarCalloc(1, sizeof(*lifted));
  lifted->bare = bare;
  lifted->arena = arena;
  lifted->ctx = b->ctx;
  b->ctx = NULL;
  lifted->nodeCount = (size_t)b->nodeCount;
  lifted->accessCounts = solarCalloc(lifted->nodeCount, sizeof(size_t));
  lifted->domains = solarCalloc(lifted->nodeCount, sizeof(isl_set *));
  size_t accesses = 0;
  for (int i = 0; i < b->nodeCount; ++i)
    accesses += (size_t)b->nodes[i].accessCount;
  lifted->maps = solarCalloc(accesses, sizeof(isl_map *));
  lifted->domainShapes = solarCalloc(lifted->nodeCount + 1, sizeof(uint32_t));
  lifted->mapShapes = solarCalloc(accesses + 1, sizeof(uint32_t));
  size_t k = 0;
  for (int i = 0; i < b->nodeCount; ++i) {
    EgNode *node = &b->nodes[i];
    lifted->accessCounts[i] = (size_t)node->accessCount;
    lifted->domains[i] = node->domainNamed;
    lifted->domainShapes[i] = node->domainShape;
    node->domainNamed = NULL;
    for (int a = 0; a < node->accessCount; ++a) {
      lifted->mapShapes[k] = node->accesses[a].mapShape;
      lifted->maps[k++] = node->accesses[a].mapNamed;
      node->accesses[a].mapNamed = NULL;
    }
  }
  return lifted;
}

void solarLiftedGraphDestroy(SolarLiftedGraph *lifted) {
  if (!lifted)
    return;
  size_t k = 0;
  for (size_t i = 0; i < lifted->nodeCount; ++i) {
    isl_set_free(lifted->domains[i]);
    for (size_t a = 0; a < lifted->accessCounts[i]; ++a)
      isl_map_free(lifted->maps[k++]);
  }
  if (lifted->ctx)
    isl_ctx_free(lifted->ctx);
  egTwinArenaDestroy(lifted->arena);
  free(lifted->accessCounts);
  free(lifted->domains);
  free(lifted->maps);
  free(lifted->domainShapes);
  free(lifted->mapShapes);
  free(lifted);
}

/* Whether the read graph has the lifted graph's nodes and accesses. */
static bool sameShape(const SolarLiftedGraph *lifted,
                      const SolarEinsumGraph *graph) {
  if (graph->nodeCount != lifted->nodeCount)
    return false;
  for (size_t i = 0; i < graph->nodeCount; ++i)
    if (graph->nodes[i].accessCount != lifted->accessCounts[i])
      return false;
  return true;
}

bool solarEinsumGraphReadLifted(MlirAttribute attr, SolarLiftedGraph *lifted,
                                SolarEinsumGraph *out, char *err,
                                size_t errSize) {
  if (!lifted || !lifted->bare) {
    solarLiftedGraphDestroy(lifted);
    return solarEinsumGraphRead(attr, out, err, errSize);
  }
  bool ok = egGraphReadBare(lifted->bare, out, err, errSize);
  if (ok && sameShape(lifted, out)) {
    egGraphIndexAdopt(out, lifted->ctx, lifted->domains, lifted->maps,
                      lifted->domainShapes, lifted->mapShapes);
    lifted->ctx = NULL;
    lifted->domainShapes = lifted->mapShapes = NULL;
    lifted->nodeCount = 0; /* the index owns the objects now */
  }
  solarLiftedGraphDestroy(lifted);
  return ok;
}
