/* Group bookkeeping shared by lib/fusion/ only (sol_fuser.c): the lookups
 * that solarFusionCompute and solarFrameworkKernels reuse across their many
 * merge attempts and groups, so that one attempt costs about the size of
 * the groups involved, not of the whole graph. The graph must carry its
 * index (solarEinsumGraphRead builds it). */
#ifndef SOLAR_FUSION_INTERNAL_H
#define SOLAR_FUSION_INTERNAL_H

#include "solar/fusion/fusion.h"
#include "solar/fusion/shape_memo.h"
#include "solar/support/union_find.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct {
  const SolarEinsumGraph *graph;
  SolarDtype dtype;
  /* Per-tensor facts of sol_layout.c, computed once per graph. view: NULL
   * for no views; the fused groups set solarTensorIsView, the eager kernels
   * their own (owned either way). */
  bool *view;
  /* solarEagerViewReadsInit: per tensor, the node writing it when it is a
   * view its readers read through to its source (nodeCount when not). Per node, always: whether it writes such
   * a view or a result view (solarNodeWritesResultView; its own reads are
   * then its readers', or nobody's). Owned. */
  size_t *viewWriter;
  bool *writesView;
  bool *noBuffer;
  /* Union-find over node indices (owned); each root's members form a list
   * first[root] -> next[...] -> ... -> n, with their count, the count of
   * non-layout members and the largest member index. */
  SolarUnionFind *sets;
  size_t *next, *first, *last, *size, *heavy, *lastIndex;
  size_t *edgeConsumer; /* node index of each edge's consumer (n: none) */
  /* Every edge runs from a node to itself or a later one (program order
   * is topological), so a search for a path into a group can stop at
   * nodes after the group's last. */
  bool forward;
  bool uniqueIds; /* solarGraphNodeIndex(id of node i) == i for every i */
  /* Marks by node (tensor) index: equal to `stamp` when set in the current
   * query, so clearing them is free. */
  size_t *nodeMark, *tensorMark, *stack;
  size_t stamp;
  size_t *members;  /* scratch: node indices of a group */
  int64_t *ids;     /* scratch: node ids of a group */
  int64_t *tensors; /* scratch: tensor ids of a group */
  int64_t *orphans; /* intermediates no node touches: internal anywhere */
  size_t orphanCount;
  double *live;     /* live bytes of each tensor when internal; NAN: not yet */
  bool symbolic;    /* bytes as isl counts in the parameters (dramBytesPw) */
  /* Footprints and index facts per layer shape: groups of one network
   * repeat the same few shapes. Owned. */
  SolarShapeMemo *shapes;
  /* After solarFuserTrackLive: the live bytes of the intermediates inside
   * each root's group (all users there), and of those no node touches. */
  double *inner;
  double orphanLive;
} SolarFuser;

/* Every node its own group; false when memory ran out. */
bool solarFuserInit(SolarFuser *f, const SolarEinsumGraph *graph,
                    SolarDtype dtype, bool views);
void solarFuserDestroy(SolarFuser *f);

size_t solarFuserRoot(SolarFuser *f, size_t node);
/* Merges the group with root `from` into the one with root `into`. */
void solarFuserUnite(SolarFuser *f, size_t from, size_t into);

/* True when some path from group a reaches group b through a node of
 * neither group (merging them would then create a cycle of groups). */
bool solarFuserPathThroughOutside(SolarFuser *f, size_t a, size_t b);

/* Node ids of the groups with roots a and b (b = graph->nodeCount: none),
 * in program order, into f->ids; returns their count. */
size_t solarFuserCollect(SolarFuser *f, size_t a, size_t b);

/* On-chip working set of the intermediates the nodes keep inside. */
double solarFuserLiveBytes(SolarFuser *f, const int64_t *nodes, size_t n);
/* The same for the nodes at these indices (f->members after
 * solarFuserCollect), without looking their ids up. */
double solarFuserLiveBytesAt(SolarFuser *f, const size_t *members, size_t n);

/* Starts keeping each group's live bytes by parts (f->inner), so a merge
 * test costs the smaller group, not both: only when the parts add up
 * exactly (integers, total below 2^53), false otherwise (then use
 * solarFuserLiveBytesAt). Call after any unites so far; afterwards add
 * solarFuserMergeGain(a, b) and the merged root's parts at each unite. */
bool solarFuserTrackLive(SolarFuser *f);
/* Live bytes of intermediates inside the union of groups a and b but
 * inside neither alone. The merged group's solarFuserLiveBytes is then
 * orphanLive + inner[a] + inner[b] + this gain. */
double solarFuserMergeGain(SolarFuser *f, size_t a, size_t b);

/* Eager views (sol_eager_views.c, docs/sol-model.md "Unfused"): the
 * intermediates written only by framework ops made of layout nodes alone,
 * given each node's kernel leader; caller frees. */
bool *solarEagerViewTensors(const SolarEinsumGraph *graph,
                            const size_t *leader);
/* Fills f->viewWriter and f->writesView from f->view; with
 * resultViewsOnly (the fused groups), only for the views whose writer
 * writes a result view already (f->writesView): a result's readers read
 * its source through it, other views keep their writers' reads. False
 * when memory ran out. */
bool solarEagerViewReadsInit(SolarFuser *f, bool resultViewsOnly);
/* The tensor a reader of `view` touching `elements` of it reads through
 * it (the first that is not such a view), and in *sourceElements at least
 * how many elements of that tensor it must read. */
int64_t solarEagerViewRoot(const SolarFuser *f, int64_t view,
                           int64_t elements, int64_t *sourceElements);

/* Fills g for the nodes (ids in program order): boundary tensors with
 * their footprints, internal ones, live bytes. False with a message when
 * a footprint is parametric. */
bool solarFuserFillGroup(SolarFuser *f, const int64_t *nodes, size_t n,
                         SolarFusionGroup *g, char *err, size_t errSize);

#endif
