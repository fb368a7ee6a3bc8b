/* The lift's hand-over to the stages of the same run (SolarLiftedGraph,
 * einsum_graph.h): private parts shared by the builder, the reader and the
 * index. */
#ifndef SOLAR_EINSUM_LIFTED_H
#define SOLAR_EINSUM_LIFTED_H

#include "einsum_attr_text.h"
#include "solar/einsum/einsum_graph.h"

#include <isl/ctx.h>
#include <isl/map.h>
#include <isl/set.h>

typedef struct EgBuilder EgBuilder;

/* Reads the graph from its bare twin (the dictionary of
 * #solar.einsum_graph with every #solar wrapper left out, as plain C), as
 * solarEinsumGraphRead reads the attribute: the same reader, field for
 * field. */
bool egGraphReadBare(const EgTwin *dict, SolarEinsumGraph *out, char *err,
                     size_t errSize);

/* Takes the builder's isl context and the objects its frozen domain and
 * map texts were printed from (b->keepIsl), with the bare twin and the
 * arena that holds it. The builder is left without a context: destroy it
 * before the result. */
SolarLiftedGraph *egLiftedTake(EgBuilder *b, const EgTwin *bare,
                               EgTwinArena *arena);

/* Hands the index of a graph just read from the bare twin the lifted
 * objects and their context (einsum_graph_index.c); they must describe
 * the graph node for node and access for access. Takes every object, the
 * context and the two arrays of the objects' representation classes
 * (solarGraphDomainClass; malloc'd, by node and by flat access). */
void egGraphIndexAdopt(SolarEinsumGraph *graph, __isl_take isl_ctx *ctx,
                       isl_set **domains, isl_map **maps,
                       uint32_t *domainClasses, uint32_t *mapClasses);

#endif
