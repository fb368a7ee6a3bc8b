/* Lookups over a read einsum graph, and its isl strings parsed once.
 *
 * solarEinsumGraphRead builds the index with the graph (graph->index) and
 * solarEinsumGraphDestroy frees it. The SOL stages (fusion, traffic, SOL)
 * ask it instead of scanning nodes and edges or re-parsing isl text per
 * query, so their cost stays linear in the graph: one isl_ctx and one
 * parsed copy of every domain and access map per function. On a graph
 * without an index (not read with solarEinsumGraphRead) the lookups fall
 * back to scans and the isl getters return NULL. */
#ifndef SOLAR_EINSUM_GRAPH_INDEX_H
#define SOLAR_EINSUM_GRAPH_INDEX_H

#include "solar/count/count.h"
#include "solar/einsum/einsum_graph.h"

#include <isl/ctx.h>
#include <isl/map.h>
#include <isl/set.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Builds graph->index (replacing none: call once, after reading). */
void solarGraphIndexBuild(SolarEinsumGraph *graph);
void solarGraphIndexDestroy(SolarEinsumGraph *graph);

/* Position of the node with that id in graph->nodes, or graph->nodeCount. */
size_t solarGraphNodeIndex(const SolarEinsumGraph *graph, int64_t id);

/* The graph's isl context (errors continue), or NULL without an index. */
isl_ctx *solarGraphIslCtx(const SolarEinsumGraph *graph);

/* A memo of point counts of sets in the graph's context (solarCountSetCached),
 * or NULL without an index. Owned by the index. */
SolarCountCache *solarGraphCountCache(const SolarEinsumGraph *graph);

/* The node's domain and an access map, parsed on first use in the graph's
 * context and kept; NULL when the text does not parse or there is no
 * index. The index owns them. */
__isl_keep isl_set *solarGraphDomain(const SolarEinsumGraph *graph,
                                     size_t node);
__isl_keep isl_map *solarGraphAccessMap(const SolarEinsumGraph *graph,
                                        size_t node, size_t access);

/* The class of the node's domain (an access map's) representation, from
 * the lift that handed its objects over (1, 2, ...): the objects of one
 * class were equal constraint for constraint up to their tuple and
 * dimension names when handed over, so facts that depend on constraints
 * alone may be keyed by it instead of by the object's text (which a lift
 * for the stages alone leaves empty for an object with a class). 0 when
 * unknown: a graph read from an attribute, an object the lift left to
 * isl's printing. */
uint32_t solarGraphDomainClass(const SolarEinsumGraph *graph, size_t node);
uint32_t solarGraphAccessClass(const SolarEinsumGraph *graph, size_t node,
                               size_t access);

/* The elements the access touches (the domain through the map; the map
 * may carry its own constraints), computed on first use and kept; NULL
 * when the domain or the map is. Fusion, traffic and SOL ask for the same
 * accesses' images group after group. The index owns it. */
__isl_keep isl_set *solarGraphAccessImage(const SolarEinsumGraph *graph,
                                          size_t node, size_t access);

/* Indices (ascending, each once) of the nodes accessing the tensor; NULL
 * and *count = 0 without an index. */
const size_t *solarGraphTensorNodes(const SolarEinsumGraph *graph,
                                    int64_t tensor, size_t *count);

/* Indices into graph->edges of the edges whose consumer (producer) is the
 * node at index `node`, in edge order; NULL without an index. */
const size_t *solarGraphEdgesInto(const SolarEinsumGraph *graph, size_t node,
                                  size_t *count);
const size_t *solarGraphEdgesFrom(const SolarEinsumGraph *graph, size_t node,
                                  size_t *count);

/* Memo slots for values the stages derive from one access of one node and
 * reuse (a footprint counted once instead of once per stage):
 * SOLAR_GRAPH_MEMO_SLOTS int64 values per access, each starting as
 * SOLAR_GRAPH_MEMO_EMPTY; NULL without an index. The stages that share
 * them agree on the slots (lib/fusion/sol_footprint.c). */
#define SOLAR_GRAPH_MEMO_EMPTY INT64_MIN
#define SOLAR_GRAPH_MEMO_SLOTS 4
int64_t *solarGraphAccessMemo(const SolarEinsumGraph *graph, size_t node,
                              size_t access, int slot);

#ifdef __cplusplus
}
#endif

#endif
