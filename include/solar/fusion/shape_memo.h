/* What fusion and traffic derive from a graph's isl texts, computed once
 * per shape instead of once per node or access.
 *
 * A network repeats a handful of layer shapes: MobileNetV2's 1,367 access
 * maps are 168 texts once the tuple names (the statement and the tensor)
 * are set aside, GPT-2's 2,448 are 52. Every fact kept here (which loop
 * dims an index uses, the extents of a box domain, the point count of a
 * union of access images) depends on the sets alone, never on their tuple
 * names, so two texts equal up to those names share one answer. The memo
 * belongs to one stage run over one graph (it points into the graph's
 * texts); without the graph's index it answers from isl every time. */
#ifndef SOLAR_FUSION_SHAPE_MEMO_H
#define SOLAR_FUSION_SHAPE_MEMO_H

#include "solar/einsum/einsum_graph.h"
#include "solar/fusion/fusion.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct SolarShapeMemo SolarShapeMemo;

/* NULL only when memory ran out. */
SolarShapeMemo *solarShapeMemoCreate(const SolarEinsumGraph *graph);
void solarShapeMemoDestroy(SolarShapeMemo *memo);

/* Shape ids: equal ids mean texts equal up to their tuple names (a text
 * not of the plain "{ A[...] -> B[...] : ... }" form is only equal to
 * itself). SOLAR_SHAPE_NONE for a missing text. */
#define SOLAR_SHAPE_NONE UINT32_MAX
uint32_t solarShapeOfDomain(SolarShapeMemo *memo, size_t node);
uint32_t solarShapeOfAccess(SolarShapeMemo *memo, size_t node, size_t access);

/* True when the domain's tuple name is the access map's input tuple name
 * and the map's output tuple name is `tensorName` (so isl can apply and
 * unite them as the graph intends); false also for texts of no plain form. */
bool solarShapeNamesAgree(SolarShapeMemo *memo, size_t node, size_t access,
                          const char *tensorName);

/* ---- Index expressions of an access map ---------------------------------- */

enum { SOLAR_SHAPE_MAX_INDICES = 16 };

typedef struct {
  /* The map parsed and is single-valued: the indices below are known. */
  bool singleValued;
  /* Output dims (isl_pw_multi_aff_dim), of which the first
   * SOLAR_SHAPE_MAX_INDICES are described. */
  int indexCount;
  uint32_t dims[SOLAR_SHAPE_MAX_INDICES]; /* solarIndexDims of index x */
  bool coordinate[SOLAR_SHAPE_MAX_INDICES];
} SolarIndexFacts;

/* The index facts of the node's access map (the map of the graph's index,
 * solarGraphAccessMap), computed once per shape. */
void solarShapeIndexFacts(SolarShapeMemo *memo, size_t node, size_t access,
                          SolarIndexFacts *out);

/* ---- Loop extents of a domain --------------------------------------------- */

enum { SOLAR_SHAPE_MAX_LOOPS = 16 };

typedef struct {
  /* 0: no domain, symbolic sizes or more than SOLAR_SHAPE_MAX_LOOPS dims;
   * 1: dims and extent[] hold the bounding box's trip counts (an extent
   * is 1 where a bound is not an integer, and valid is then false). */
  int known;
  bool valid;
  int dims;
  double extent[SOLAR_SHAPE_MAX_LOOPS];
} SolarDomainExtents;

/* The extents of the node's domain, computed once per shape. */
void solarShapeDomainExtents(SolarShapeMemo *memo, size_t node,
                             SolarDomainExtents *out);

/* ---- Union footprints ----------------------------------------------------- */

/* Counts of unions of access images keyed by the sequence of (domain
 * shape, map shape) pairs united, in order: the union, its coalescing and
 * its count are then the same isl computation up to names. */
bool solarShapeFootprintFind(SolarShapeMemo *memo, const uint32_t *key,
                             size_t length, int64_t *value, bool *exact);
void solarShapeFootprintStore(SolarShapeMemo *memo, const uint32_t *key,
                              size_t length, int64_t value, bool exact);

/* How a stage asks solarUnionFootprintIn for many footprints. */
typedef struct SolarFootprintContext {
  SolarShapeMemo *shapes; /* NULL: count every union with isl */
  /* NULL, or node-index marks: mark[i] == stamp exactly for the indices of
   * the nodes asked about (solarGraphNodeIndex of each id that names a
   * node). With `ascending` (those indices, in the order given, strictly
   * increase) the tensor's users are scanned instead of the whole set. */
  const size_t *mark;
  size_t stamp;
  bool ascending;
} SolarFootprintContext;

/* solarUnionFootprint (fusion.h), with the same value and exactness,
 * answered from ctx's memo where it can (ctx may be NULL). */
int64_t solarUnionFootprintIn(const SolarFootprintContext *ctx,
                              const SolarEinsumGraph *graph, int64_t tensor,
                              const int64_t *nodes, size_t n,
                              SolarAccessKind kind, bool skipSatisfied,
                              bool *exact);

#ifdef __cplusplus
}
#endif

#endif
