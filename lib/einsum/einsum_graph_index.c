/* Lookups and parsed isl objects of a read graph (einsum_graph_index.h). */
#include "solar/einsum/einsum_graph_index.h"
#include "einsum_lifted.h"
#include "einsum_shape_memo.h"

#include "solar/support/grow.h"
#include "solar/support/isl_text.h"

#include <isl/options.h>

#include <stdio.h>

#include <stdlib.h>
#include <string.h>

/* Compressed lists: items[start[k] .. start[k + 1]) belong to key k. */
typedef struct {
  size_t *start;
  size_t *items;
} Lists;

/* isl's parser costs about a million instructions per domain or access
 * map, and a network's texts differ mostly in their tuple names
 * ("{ S12[m] -> alloc_3[m] : 0 <= m <= 95 }" recurs for every layer of
 * that width): each shape (the text with the tuple names replaced) is
 * parsed once and copied under the real names (einsum_shape_memo.h). */

static void freeSet(void *set) { isl_set_free(set); }
static void freeMap(void *map) { isl_map_free(map); }

struct SolarGraphIndex {
  /* Node position by id: ids are usually 0..n-1, so a table over
   * [minId, minId + span) when dense enough, else a sorted array. */
  int64_t minId;
  size_t span;
  size_t *byId;          /* span entries, nodeCount = no such node */
  int64_t *sortedIds;    /* fallback: ids ascending */
  size_t *sortedIndex;
  Lists tensorNodes;     /* by tensor */
  Lists edgesInto;       /* by consumer node index */
  Lists edgesFrom;       /* by producer node index */
  size_t *accessOffset;  /* first access of each node in flat numbering */
  int64_t *memo;         /* SOLAR_GRAPH_MEMO_SLOTS per access */
  isl_ctx *ctx;          /* created on first parse */
  SolarCountCache *counts;  /* counts in ctx, by set shape */
  isl_set **domains;     /* by node */
  isl_map **maps;        /* by flat access */
  /* The lift's representation classes of domains (by node) and maps (by
   * flat access), NULL for a graph read from an attribute. */
  uint32_t *domainClasses, *mapClasses;
  isl_set **images;      /* by flat access: the domain through the map */
  unsigned char *parsed; /* by node: 1 domain tried; by access below */
  unsigned char *mapParsed;
  EgShapeMemo *setShapes; /* parsed sets by shape; created on first parse */
  EgShapeMemo *mapShapes; /* parsed maps by shape */
};

void egGraphIndexAdopt(SolarEinsumGraph *graph, __isl_take isl_ctx *ctx,
                       isl_set **domains, isl_map **maps,
                       uint32_t *domainClasses, uint32_t *mapClasses) {
  struct SolarGraphIndex *x = graph->index;
  if (!x || x->ctx) {
    free(domainClasses);
    free(mapClasses);
    /* Never built, or already parsing in a context of its own: nothing
     * of the lift's may mix with it. */
    size_t k = 0;
    for (size_t i = 0; i < graph->nodeCount; ++i) {
      isl_set_free(domains[i]);
      for (size_t a = 0; a < graph->nodes[i].accessCount; ++a)
        isl_map_free(maps[k++]);
    }
    isl_ctx_free(ctx);
    return;
  }
  x->ctx = ctx;
  x->domainClasses = domainClasses;
  x->mapClasses = mapClasses;
  size_t k = 0;
  for (size_t i = 0; i < graph->nodeCount; ++i) {
    /* An object the lift did not keep is parsed from its text later. */
    x->domains[i] = domains[i];
    x->parsed[i] = domains[i] != NULL;
    for (size_t a = 0; a < graph->nodes[i].accessCount; ++a, ++k) {
      x->maps[k] = maps[k];
      x->mapParsed[k] = maps[k] != NULL;
    }
  }
}

static size_t slowNodeIndex(const SolarEinsumGraph *graph, int64_t id) {
  for (size_t i = 0; i < graph->nodeCount; ++i)
    if (graph->nodes[i].id == id)
      return i;
  return graph->nodeCount;
}

/* (id, index) pairs by id, then index. */
static int comparePairs(const void *lhs, const void *rhs) {
  const int64_t *a = lhs, *b = rhs;
  if (a[0] != b[0])
    return a[0] < b[0] ? -1 : 1;
  return a[1] < b[1] ? -1 : a[1] > b[1];
}

static void buildIdLookup(const SolarEinsumGraph *graph,
                          struct SolarGraphIndex *x) {
  size_t n = graph->nodeCount;
  if (n == 0)
    return;
  int64_t lo = graph->nodes[0].id, hi = lo;
  for (size_t i = 1; i < n; ++i) {
    if (graph->nodes[i].id < lo)
      lo = graph->nodes[i].id;
    if (graph->nodes[i].id > hi)
      hi = graph->nodes[i].id;
  }
  if ((uint64_t)(hi - lo) < 4 * (uint64_t)n) {
    x->minId = lo;
    x->span = (size_t)(hi - lo) + 1;
    x->byId = solarCalloc(x->span, sizeof(size_t));
    for (size_t k = 0; k < x->span; ++k)
      x->byId[k] = n;
    /* The first node of an id wins, as in a scan. */
    for (size_t i = n; i-- > 0;)
      x->byId[graph->nodes[i].id - lo] = i;
    return;
  }
  /* (id, index) pairs sorted by id, then index: the first of an id wins. */
  int64_t *pairs = solarCalloc(2 * n, sizeof(int64_t));
  for (size_t i = 0; i < n; ++i) {
    pairs[2 * i] = graph->nodes[i].id;
    pairs[2 * i + 1] = (int64_t)i;
  }
  qsort(pairs, n, 2 * sizeof(int64_t), comparePairs);
  x->sortedIds = solarCalloc(n, sizeof(int64_t));
  x->sortedIndex = solarCalloc(n, sizeof(size_t));
  for (size_t i = 0; i < n; ++i) {
    x->sortedIds[i] = pairs[2 * i];
    x->sortedIndex[i] = (size_t)pairs[2 * i + 1];
  }
  free(pairs);
}

static void buildLists(Lists *lists, size_t keys, size_t pairs) {
  lists->start = solarCalloc(keys + 1, sizeof(size_t));
  lists->items = solarCalloc(pairs, sizeof(size_t));
}

static void buildTensorNodes(const SolarEinsumGraph *graph, Lists *lists) {
  size_t keys = graph->tensorCount, total = 0;
  for (size_t i = 0; i < graph->nodeCount; ++i)
    total += graph->nodes[i].accessCount;
  buildLists(lists, keys, total);
  /* A node is listed once per tensor: skip repeats within the node. The
   * first pass counts each tensor's nodes, the second files them. */
  size_t *last = solarCalloc(keys, sizeof(size_t));
  size_t *fill = NULL;
  for (int pass = 0; pass < 2; ++pass) {
    for (size_t t = 0; t < keys; ++t)
      last[t] = SIZE_MAX;
    for (size_t i = 0; i < graph->nodeCount; ++i)
      for (size_t a = 0; a < graph->nodes[i].accessCount; ++a) {
        int64_t t = graph->nodes[i].accesses[a].tensor;
        if (t < 0 || (size_t)t >= keys || last[t] == i)
          continue;
        last[t] = i;
        if (fill)
          lists->items[fill[t]++] = i;
        else
          lists->start[t + 1]++;
      }
    if (!fill) {
      for (size_t t = 0; t < keys; ++t)
        lists->start[t + 1] += lists->start[t];
      fill = solarCalloc(keys, sizeof(size_t));
      memcpy(fill, lists->start, keys * sizeof(size_t));
    }
  }
  free(fill);
  free(last);
}

static void buildEdgeLists(const SolarEinsumGraph *graph, Lists *lists,
                           bool byConsumer) {
  size_t n = graph->nodeCount;
  buildLists(lists, n, graph->edgeCount);
  size_t *key = solarCalloc(graph->edgeCount, sizeof(size_t));
  for (size_t e = 0; e < graph->edgeCount; ++e) {
    const SolarEinsumEdge *edge = &graph->edges[e];
    key[e] = solarGraphNodeIndex(graph,
                                 byConsumer ? edge->consumer : edge->producer);
    if (key[e] < n)
      lists->start[key[e] + 1]++;
  }
  for (size_t i = 0; i < n; ++i)
    lists->start[i + 1] += lists->start[i];
  size_t *fill = solarCalloc(n, sizeof(size_t));
  memcpy(fill, lists->start, n * sizeof(size_t));
  for (size_t e = 0; e < graph->edgeCount; ++e)
    if (key[e] < n)
      lists->items[fill[key[e]]++] = e;
  free(fill);
  free(key);
}

void solarGraphIndexBuild(SolarEinsumGraph *graph) {
  struct SolarGraphIndex *x = solarCalloc(1, sizeof(*x));
  graph->index = NULL;
  buildIdLookup(graph, x);
  graph->index = x; /* edge lists below look nodes up through it */
  buildTensorNodes(graph, &x->tensorNodes);
  buildEdgeLists(graph, &x->edgesInto, true);
  buildEdgeLists(graph, &x->edgesFrom, false);
  x->accessOffset = solarCalloc(graph->nodeCount + 1, sizeof(size_t));
  for (size_t i = 0; i < graph->nodeCount; ++i)
    x->accessOffset[i + 1] = x->accessOffset[i] + graph->nodes[i].accessCount;
  size_t accesses = x->accessOffset[graph->nodeCount];
  x->memo = solarCalloc(accesses * SOLAR_GRAPH_MEMO_SLOTS, sizeof(int64_t));
  for (size_t k = 0; k < accesses * SOLAR_GRAPH_MEMO_SLOTS; ++k)
    x->memo[k] = SOLAR_GRAPH_MEMO_EMPTY;
  x->domains = solarCalloc(graph->nodeCount, sizeof(isl_set *));
  x->maps = solarCalloc(accesses, sizeof(isl_map *));
  x->images = solarCalloc(accesses, sizeof(isl_set *));
  x->parsed = solarCalloc(graph->nodeCount, 1);
  x->mapParsed = solarCalloc(accesses, 1);
}

void solarGraphIndexDestroy(SolarEinsumGraph *graph) {
  struct SolarGraphIndex *x = graph->index;
  if (!x)
    return;
  egShapeMemoDestroy(x->setShapes);
  egShapeMemoDestroy(x->mapShapes);
  for (size_t i = 0; i < graph->nodeCount; ++i)
    isl_set_free(x->domains[i]);
  for (size_t k = 0; k < x->accessOffset[graph->nodeCount]; ++k) {
    isl_map_free(x->maps[k]);
    isl_set_free(x->images[k]);
  }
  solarCountCacheDestroy(x->counts);
  if (x->ctx)
    isl_ctx_free(x->ctx);
  free(x->byId);
  free(x->sortedIds);
  free(x->sortedIndex);
  free(x->tensorNodes.start);
  free(x->tensorNodes.items);
  free(x->edgesInto.start);
  free(x->edgesInto.items);
  free(x->edgesFrom.start);
  free(x->edgesFrom.items);
  free(x->accessOffset);
  free(x->memo);
  free(x->domains);
  free(x->maps);
  free(x->domainClasses);
  free(x->mapClasses);
  free(x->images);
  free(x->parsed);
  free(x->mapParsed);
  free(x);
  graph->index = NULL;
}

size_t solarGraphNodeIndex(const SolarEinsumGraph *graph, int64_t id) {
  const struct SolarGraphIndex *x = graph->index;
  if (!x || graph->nodeCount == 0)
    return slowNodeIndex(graph, id);
  if (x->byId)
    return id >= x->minId && (uint64_t)(id - x->minId) < x->span
               ? x->byId[id - x->minId]
               : graph->nodeCount;
  size_t lo = 0, hi = graph->nodeCount;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (x->sortedIds[mid] < id)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo < graph->nodeCount && x->sortedIds[lo] == id ? x->sortedIndex[lo]
                                                         : graph->nodeCount;
}

isl_ctx *solarGraphIslCtx(const SolarEinsumGraph *graph) {
  struct SolarGraphIndex *x = graph->index;
  if (!x)
    return NULL;
  if (!x->ctx) {
    x->ctx = isl_ctx_alloc();
    if (!x->ctx)
      abort();
    isl_options_set_on_error(x->ctx, ISL_ON_ERROR_CONTINUE);
  }
  return x->ctx;
}

SolarCountCache *solarGraphCountCache(const SolarEinsumGraph *graph) {
  struct SolarGraphIndex *x = graph->index;
  if (!x)
    return NULL;
  if (!x->counts)
    x->counts = solarCountCacheCreate();
  return x->counts;
}

#define SHAPE_IN "solarShapeIn_"
#define SHAPE_OUT "solarShapeOut_"

/* The text's shape: 'm' or 's', then the text with its input (and output)
 * tuple name replaced by placeholders, names[] receiving the names; NULL
 * when the text is not of the one-space form "{ A[...] -> B[...] : ... }"
 * (possibly after parameters) the memo handles. Caller frees. */
static char *shapeKey(const char *text, bool isMap, char *names[2]) {
  names[0] = names[1] = NULL;
  if (strstr(text, "solarShape"))
    return NULL;
  SolarTupleNames at = solarIslTupleNames(text, isMap);
  size_t inAt = at.inAt, inLength = at.inLength;
  size_t outAt = at.outAt, outLength = at.outLength;
  if (!inLength)
    return NULL;
  size_t length = strlen(text);
  char *key = malloc(length + sizeof(SHAPE_IN) + sizeof(SHAPE_OUT) + 2);
  names[0] = strndup(text + inAt, inLength);
  names[1] = isMap ? strndup(text + outAt, outLength) : NULL;
  if (!key || !names[0] || (isMap && !names[1]))
    abort();
  int used = sprintf(key, "%c%.*s%s", isMap ? 'm' : 's', (int)inAt, text,
                     SHAPE_IN);
  if (isMap)
    used += sprintf(key + used, "%.*s%s", (int)(outAt - inAt - inLength),
                    text + inAt + inLength, SHAPE_OUT);
  size_t rest = isMap ? outAt + outLength : inAt + inLength;
  strcpy(key + used, text + rest);
  return key;
}

/* The text parsed in the graph's context: through the shape memo, else
 * directly (so an unparsable text reports its error as it always did). */
static void *parseText(const SolarEinsumGraph *graph, const char *text,
                       bool isMap) {
  isl_ctx *ctx = solarGraphIslCtx(graph);
  char *names[2];
  char *key = text ? shapeKey(text, isMap, names) : NULL;
  void *parsed = NULL;
  if (key) {
    struct SolarGraphIndex *x = graph->index;
    EgShapeMemo **memo = isMap ? &x->mapShapes : &x->setShapes;
    if (!*memo)
      *memo = egShapeMemoCreate(isMap ? freeMap : freeSet);
    void *shape = egShapeMemoGet(*memo, key);
    if (!shape) {
      shape = isMap ? (void *)isl_map_read_from_str(ctx, key + 1)
                    : (void *)isl_set_read_from_str(ctx, key + 1);
      if (shape)
        egShapeMemoPut(*memo, key, shape);
    }
    if (shape && isMap) {
      isl_map *map = isl_map_copy(shape);
      map = isl_map_set_tuple_name(map, isl_dim_in, names[0]);
      parsed = isl_map_set_tuple_name(map, isl_dim_out, names[1]);
    } else if (shape) {
      parsed = isl_set_set_tuple_name(isl_set_copy(shape), names[0]);
    }
    free(key);
    free(names[0]);
    free(names[1]);
  }
  if (!parsed && text)
    parsed = isMap ? (void *)isl_map_read_from_str(ctx, text)
                   : (void *)isl_set_read_from_str(ctx, text);
  return parsed;
}

__isl_keep isl_set *solarGraphDomain(const SolarEinsumGraph *graph,
                                     size_t node) {
  struct SolarGraphIndex *x = graph->index;
  if (!x || node >= graph->nodeCount)
    return NULL;
  if (!x->parsed[node]) {
    x->parsed[node] = 1;
    x->domains[node] = parseText(graph, graph->nodes[node].domain, false);
  }
  return x->domains[node];
}

/* The index slot of a node's access (false for an index-less graph or
 * an access out of range). */
static bool accessSlot(const SolarEinsumGraph *graph, size_t node,
                       size_t access, size_t *k) {
  if (!graph->index || node >= graph->nodeCount ||
      access >= graph->nodes[node].accessCount)
    return false;
  *k = graph->index->accessOffset[node] + access;
  return true;
}

__isl_keep isl_map *solarGraphAccessMap(const SolarEinsumGraph *graph,
                                        size_t node, size_t access) {
  struct SolarGraphIndex *x = graph->index;
  size_t k;
  if (!accessSlot(graph, node, access, &k))
    return NULL;
  if (!x->mapParsed[k]) {
    x->mapParsed[k] = 1;
    x->maps[k] =
        parseText(graph, graph->nodes[node].accesses[access].map, true);
  }
  return x->maps[k];
}

uint32_t solarGraphDomainClass(const SolarEinsumGraph *graph, size_t node) {
  struct SolarGraphIndex *x = graph->index;
  return x && x->domainClasses && node < graph->nodeCount
             ? x->domainClasses[node]
             : 0;
}

uint32_t solarGraphAccessClass(const SolarEinsumGraph *graph, size_t node,
                               size_t access) {
  size_t k;
  return accessSlot(graph, node, access, &k) && graph->index->mapClasses
             ? graph->index->mapClasses[k]
             : 0;
}

__isl_keep isl_set *solarGraphAccessImage(const SolarEinsumGraph *graph,
                                          size_t node, size_t access) {
  isl_set *domain = solarGraphDomain(graph, node);
  isl_map *map = solarGraphAccessMap(graph, node, access);
  if (!domain || !map)
    return NULL; /* also an index-less graph or an access out of range */
  isl_set **image =
      &graph->index->images[graph->index->accessOffset[node] + access];
  if (!*image)
    *image = isl_set_apply(isl_set_copy(domain), isl_map_copy(map));
  return *image;
}

static const size_t *listOf(const Lists *lists, size_t key, size_t *count) {
  *count = lists->start[key + 1] - lists->start[key];
  return lists->items + lists->start[key];
}

const size_t *solarGraphTensorNodes(const SolarEinsumGraph *graph,
                                    int64_t tensor, size_t *count) {
  *count = 0;
  if (!graph->index || tensor < 0 || (size_t)tensor >= graph->tensorCount)
    return NULL;
  return listOf(&graph->index->tensorNodes, (size_t)tensor, count);
}

const size_t *solarGraphEdgesInto(const SolarEinsumGraph *graph, size_t node,
                                  size_t *count) {
  *count = 0;
  if (!graph->index || node >= graph->nodeCount)
    return NULL;
  return listOf(&graph->index->edgesInto, node, count);
}

const size_t *solarGraphEdgesFrom(const SolarEinsumGraph *graph, size_t node,
                                  size_t *count) {
  *count = 0;
  if (!graph->index || node >= graph->nodeCount)
    return NULL;
  return listOf(&graph->index->edgesFrom, node, count);
}

int64_t *solarGraphAccessMemo(const SolarEinsumGraph *graph, size_t node,
                              size_t access, int slot) {
  struct SolarGraphIndex *x = graph->index;
  if (!x || node >= graph->nodeCount ||
      access >= graph->nodes[node].accessCount || slot < 0 ||
      slot >= SOLAR_GRAPH_MEMO_SLOTS)
    return NULL;
  return &x->memo[(x->accessOffset[node] + access) * SOLAR_GRAPH_MEMO_SLOTS +
                  (size_t)slot];
}
