/* Facts per shape of a graph's isl texts (solar/fusion/shape_memo.h). */
#include "solar/fusion/shape_memo.h"

#include "solar/einsum/einsum_count.h"
#include "solar/einsum/einsum_graph_index.h"
#include "solar/fusion/fusion.h"

#include <isl/aff.h>
#include <isl/ilp.h>
#include <isl/map.h>
#include <isl/set.h>
#include <isl/val.h>

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Where a text's tuple names sit (length 0: none of the plain form). */
typedef struct {
  uint32_t inAt, inLength, outAt, outLength;
} TupleNames;

typedef struct {
  char *key; /* the text with its tuple names cut out; owned */
  uint64_t hash;
  bool indexKnown, extentsKnown;
  SolarIndexFacts index;
  SolarDomainExtents extents;
} Shape;

typedef struct {
  uint64_t hash;
  uint32_t *key; /* owned; NULL: free slot */
  size_t length;
  int64_t value;
  bool exact;
} FootprintSlot;

struct SolarShapeMemo {
  const SolarEinsumGraph *graph;
  size_t *accessOffset;   /* node -> first access slot */
  uint32_t *domainShape;  /* per node; SHAPE_UNSET until asked */
  uint32_t *accessShape;  /* per access */
  TupleNames *domainNames, *accessNames;
  Shape *shapes;
  size_t shapeCount, shapeCapacity;
  uint32_t *table; /* open addressing: shape id + 1, 0 free */
  size_t tableCapacity;
  FootprintSlot *footprints;
  size_t footprintCount, footprintCapacity;
};

enum { SHAPE_UNSET = UINT32_MAX - 1 };

static void *xcalloc(size_t count, size_t size) {
  void *p = calloc(count ? count : 1, size);
  if (!p)
    abort();
  return p;
}

SolarShapeMemo *solarShapeMemoCreate(const SolarEinsumGraph *graph) {
  SolarShapeMemo *memo = xcalloc(1, sizeof(*memo));
  size_t n = graph->nodeCount;
  memo->graph = graph;
  memo->accessOffset = xcalloc(n + 1, sizeof(size_t));
  for (size_t i = 0; i < n; ++i)
    memo->accessOffset[i + 1] =
        memo->accessOffset[i] + graph->nodes[i].accessCount;
  size_t accesses = memo->accessOffset[n];
  memo->domainShape = xcalloc(n, sizeof(uint32_t));
  memo->accessShape = xcalloc(accesses, sizeof(uint32_t));
  memo->domainNames = xcalloc(n, sizeof(TupleNames));
  memo->accessNames = xcalloc(accesses, sizeof(TupleNames));
  for (size_t i = 0; i < n; ++i)
    memo->domainShape[i] = SHAPE_UNSET;
  for (size_t k = 0; k < accesses; ++k)
    memo->accessShape[k] = SHAPE_UNSET;
  return memo;
}

void solarShapeMemoDestroy(SolarShapeMemo *memo) {
  if (!memo)
    return;
  for (size_t s = 0; s < memo->shapeCount; ++s)
    free(memo->shapes[s].key);
  for (size_t k = 0; k < memo->footprintCapacity; ++k)
    free(memo->footprints[k].key);
  free(memo->footprints);
  free(memo->shapes);
  free(memo->table);
  free(memo->accessOffset);
  free(memo->domainShape);
  free(memo->accessShape);
  free(memo->domainNames);
  free(memo->accessNames);
  free(memo);
}

/* ---- shape keys ------------------------------------------------------------ */

/* isl reads these identifiers as keywords (isl_stream.c, any case): such a
 * tuple name is kept in the key, where another name would read
 * differently. */
static bool islKeyword(const char *name, size_t length) {
  static const char *const keywords[] = {
      "exists", "and",  "or",   "implies", "not",    "infty", "infinity",
      "NaN",    "min",  "max",  "rat",     "true",   "false", "ceild",
      "floord", "mod",  "ceil", "floor"};
  for (size_t k = 0; k < sizeof(keywords) / sizeof(keywords[0]); ++k)
    if (strlen(keywords[k]) == length &&
        strncasecmp(keywords[k], name, length) == 0)
      return true;
  return false;
}

/* Length of the tuple name at text[at] (an identifier right before '['),
 * or 0. */
static uint32_t tupleName(const char *text, size_t at) {
  size_t end = at;
  if (!(isalpha((unsigned char)text[at]) || text[at] == '_'))
    return 0;
  while (isalnum((unsigned char)text[end]) || text[end] == '_')
    ++end;
  if (text[end] != '[' || islKeyword(text + at, end - at))
    return 0;
  return (uint32_t)(end - at);
}

static size_t skipSpaces(const char *text, size_t at) {
  while (text[at] == ' ')
    ++at;
  return at;
}

/* Past the bracketed tuple starting at text[at] == '[', or 0. */
static size_t skipTuple(const char *text, size_t at) {
  int depth = 0;
  for (size_t k = at; text[k]; ++k) {
    if (text[k] == '[')
      ++depth;
    else if (text[k] == ']' && --depth == 0)
      return k + 1;
  }
  return 0;
}

/* The tuple names of "{ A[...] }" or "{ A[...] -> B[...] ... }" (after
 * optional parameters), one space only: all zero for any other form. */
static TupleNames findNames(const char *text, bool isMap) {
  TupleNames names = {0, 0, 0, 0};
  const char *brace = strchr(text, '{');
  if (!brace || strchr(brace, ';'))
    return names;
  size_t inAt = skipSpaces(text, (size_t)(brace - text) + 1);
  uint32_t inLength = tupleName(text, inAt);
  if (!inLength)
    return names;
  if (isMap) {
    size_t after = skipTuple(text, inAt + inLength);
    if (!after)
      return names;
    after = skipSpaces(text, after);
    if (strncmp(text + after, "->", 2) != 0)
      return names;
    size_t outAt = skipSpaces(text, after + 2);
    uint32_t outLength = tupleName(text, outAt);
    if (!outLength)
      return names;
    names.outAt = (uint32_t)outAt;
    names.outLength = outLength;
  }
  names.inAt = (uint32_t)inAt;
  names.inLength = inLength;
  return names;
}

/* 'm' or 's', then the text with the names cut out ('\1' marks where they
 * were, a byte no isl text holds); 'x' and the whole text when it has no
 * plain form. Caller frees. */
static char *shapeKey(const char *text, bool isMap, TupleNames names) {
  size_t length = strlen(text);
  char *key = malloc(length + 2);
  if (!key)
    abort();
  if (!names.inLength) {
    key[0] = 'x';
    memcpy(key + 1, text, length + 1);
    return key;
  }
  size_t used = 0;
  key[used++] = isMap ? 'm' : 's';
  size_t cuts[2][2] = {{names.inAt, names.inLength},
                       {names.outAt, names.outLength}};
  size_t from = 0;
  for (int c = 0; c < (isMap ? 2 : 1); ++c) {
    memcpy(key + used, text + from, cuts[c][0] - from);
    used += cuts[c][0] - from;
    key[used++] = '\1';
    from = cuts[c][0] + cuts[c][1];
  }
  memcpy(key + used, text + from, length - from + 1);
  return key;
}

static uint64_t hashBytes(const void *data, size_t size) {
  uint64_t h = 1469598103934665603u;
  const unsigned char *c = data;
  for (size_t k = 0; k < size; ++k)
    h = (h ^ c[k]) * 1099511628211u;
  return h;
}

static void growTable(SolarShapeMemo *memo) {
  size_t capacity = memo->tableCapacity ? 2 * memo->tableCapacity : 256;
  uint32_t *table = xcalloc(capacity, sizeof(uint32_t));
  for (size_t s = 0; s < memo->shapeCount; ++s) {
    size_t h = memo->shapes[s].hash & (capacity - 1);
    while (table[h])
      h = (h + 1) & (capacity - 1);
    table[h] = (uint32_t)s + 1;
  }
  free(memo->table);
  memo->table = table;
  memo->tableCapacity = capacity;
}

/* The id of the key's shape (taking the key). */
static uint32_t intern(SolarShapeMemo *memo, char *key) {
  uint64_t hash = hashBytes(key, strlen(key));
  if (2 * (memo->shapeCount + 1) > memo->tableCapacity)
    growTable(memo);
  size_t h = hash & (memo->tableCapacity - 1);
  for (; memo->table[h]; h = (h + 1) & (memo->tableCapacity - 1)) {
    Shape *shape = &memo->shapes[memo->table[h] - 1];
    if (shape->hash == hash && strcmp(shape->key, key) == 0) {
      free(key);
      return memo->table[h] - 1;
    }
  }
  if (memo->shapeCount == memo->shapeCapacity) {
    memo->shapeCapacity = memo->shapeCapacity ? 2 * memo->shapeCapacity : 64;
    memo->shapes =
        realloc(memo->shapes, memo->shapeCapacity * sizeof(Shape));
    if (!memo->shapes)
      abort();
  }
  uint32_t id = (uint32_t)memo->shapeCount++;
  memset(&memo->shapes[id], 0, sizeof(Shape));
  memo->shapes[id].key = key;
  memo->shapes[id].hash = hash;
  memo->table[h] = id + 1;
  return id;
}

static uint32_t shapeOf(SolarShapeMemo *memo, const char *text, bool isMap,
                        uint32_t *slot, TupleNames *names) {
  if (*slot != SHAPE_UNSET)
    return *slot;
  if (!text)
    return *slot = SOLAR_SHAPE_NONE;
  *names = findNames(text, isMap);
  return *slot = intern(memo, shapeKey(text, isMap, *names));
}

uint32_t solarShapeOfDomain(SolarShapeMemo *memo, size_t node) {
  const SolarEinsumGraph *graph = memo->graph;
  if (node >= graph->nodeCount)
    return SOLAR_SHAPE_NONE;
  return shapeOf(memo, graph->nodes[node].domain, false,
                 &memo->domainShape[node], &memo->domainNames[node]);
}

uint32_t solarShapeOfAccess(SolarShapeMemo *memo, size_t node,
                            size_t access) {
  const SolarEinsumGraph *graph = memo->graph;
  if (node >= graph->nodeCount || access >= graph->nodes[node].accessCount)
    return SOLAR_SHAPE_NONE;
  size_t k = memo->accessOffset[node] + access;
  return shapeOf(memo, graph->nodes[node].accesses[access].map, true,
                 &memo->accessShape[k], &memo->accessNames[k]);
}

bool solarShapeNamesAgree(SolarShapeMemo *memo, size_t node, size_t access,
                          const char *tensorName) {
  if (solarShapeOfDomain(memo, node) == SOLAR_SHAPE_NONE ||
      solarShapeOfAccess(memo, node, access) == SOLAR_SHAPE_NONE ||
      !tensorName)
    return false;
  const SolarEinsumNode *nd = &memo->graph->nodes[node];
  TupleNames d = memo->domainNames[node];
  TupleNames m = memo->accessNames[memo->accessOffset[node] + access];
  const char *map = nd->accesses[access].map;
  return d.inLength && m.inLength && d.inLength == m.inLength &&
         strncmp(nd->domain + d.inAt, map + m.inAt, d.inLength) == 0 &&
         strlen(tensorName) == m.outLength &&
         strncmp(tensorName, map + m.outAt, m.outLength) == 0;
}

/* ---- facts ----------------------------------------------------------------- */

static void computeIndexFacts(__isl_keep isl_map *map, SolarIndexFacts *f) {
  memset(f, 0, sizeof(*f));
  f->singleValued = map && isl_map_is_single_valued(map) == isl_bool_true;
  if (!f->singleValued)
    return;
  isl_pw_multi_aff *pma = isl_pw_multi_aff_from_map(isl_map_copy(map));
  f->indexCount = (int)isl_pw_multi_aff_dim(pma, isl_dim_out);
  for (int x = 0; x < f->indexCount && x < SOLAR_SHAPE_MAX_INDICES; ++x) {
    isl_pw_aff *index = isl_pw_multi_aff_get_pw_aff(pma, x);
    f->dims[x] = solarIndexDims(index, &f->coordinate[x]);
    isl_pw_aff_free(index);
  }
  isl_pw_multi_aff_free(pma);
}

void solarShapeIndexFacts(SolarShapeMemo *memo, size_t node, size_t access,
                          SolarIndexFacts *out) {
  uint32_t id = solarShapeOfAccess(memo, node, access);
  if (id == SOLAR_SHAPE_NONE) {
    computeIndexFacts(solarGraphAccessMap(memo->graph, node, access), out);
    return;
  }
  Shape *shape = &memo->shapes[id];
  if (!shape->indexKnown) {
    computeIndexFacts(solarGraphAccessMap(memo->graph, node, access),
                      &shape->index);
    shape->indexKnown = true;
  }
  *out = shape->index;
}

static void computeExtents(__isl_keep isl_set *domain, SolarDomainExtents *e) {
  memset(e, 0, sizeof(*e));
  if (!domain || isl_set_dim(domain, isl_dim_param) > 0)
    return;
  isl_size dims = isl_set_dim(domain, isl_dim_set);
  if (dims < 0 || dims > SOLAR_SHAPE_MAX_LOOPS)
    return;
  e->known = 1;
  e->dims = dims;
  /* A box domain (most are) shows its bounds in its constraints; isl's
   * dim_min/max solve an LP per dimension. */
  isl_val *boxLo[SOLAR_SHAPE_MAX_LOOPS + 1] = {NULL};
  isl_val *boxHi[SOLAR_SHAPE_MAX_LOOPS + 1] = {NULL};
  bool box = egSetBoxBounds(domain, boxLo, boxHi);
  bool ok = true;
  for (int d = 0; d < dims && ok; ++d) {
    isl_val *lowest =
        box ? boxLo[d] : isl_set_dim_min_val(isl_set_copy(domain), d);
    isl_val *highest =
        box ? boxHi[d] : isl_set_dim_max_val(isl_set_copy(domain), d);
    boxLo[d] = boxHi[d] = NULL; /* taken below */
    double lo = 0, hi = -1;
    bool lowOk = lowest && isl_val_is_int(lowest);
    bool highOk = highest && isl_val_is_int(highest);
    if (lowOk)
      lo = isl_val_get_d(lowest);
    if (highOk)
      hi = isl_val_get_d(highest);
    isl_val_free(lowest);
    isl_val_free(highest);
    ok = lowOk && highOk;
    e->extent[d] = ok && hi >= lo ? hi - lo + 1 : 1;
  }
  for (int d = 0; d < dims; ++d) {
    isl_val_free(boxLo[d]);
    isl_val_free(boxHi[d]);
  }
  e->valid = ok;
}

void solarShapeDomainExtents(SolarShapeMemo *memo, size_t node,
                             SolarDomainExtents *out) {
  uint32_t id = solarShapeOfDomain(memo, node);
  if (id == SOLAR_SHAPE_NONE) {
    computeExtents(solarGraphDomain(memo->graph, node), out);
    return;
  }
  Shape *shape = &memo->shapes[id];
  if (!shape->extentsKnown) {
    computeExtents(solarGraphDomain(memo->graph, node), &shape->extents);
    shape->extentsKnown = true;
  }
  *out = shape->extents;
}

/* ---- footprints ------------------------------------------------------------ */

static FootprintSlot *footprintSlot(FootprintSlot *slots, size_t capacity,
                                    uint64_t hash, const uint32_t *key,
                                    size_t length) {
  for (size_t h = hash & (capacity - 1);; h = (h + 1) & (capacity - 1)) {
    FootprintSlot *slot = &slots[h];
    if (!slot->key)
      return slot;
    if (slot->hash == hash && slot->length == length &&
        memcmp(slot->key, key, length * sizeof(uint32_t)) == 0)
      return slot;
  }
}

bool solarShapeFootprintFind(SolarShapeMemo *memo, const uint32_t *key,
                             size_t length, int64_t *value, bool *exact) {
  if (!memo->footprintCapacity)
    return false;
  FootprintSlot *slot =
      footprintSlot(memo->footprints, memo->footprintCapacity,
                    hashBytes(key, length * sizeof(uint32_t)), key, length);
  if (!slot->key)
    return false;
  *value = slot->value;
  *exact = slot->exact;
  return true;
}

void solarShapeFootprintStore(SolarShapeMemo *memo, const uint32_t *key,
                              size_t length, int64_t value, bool exact) {
  if (2 * (memo->footprintCount + 1) > memo->footprintCapacity) {
    size_t capacity =
        memo->footprintCapacity ? 2 * memo->footprintCapacity : 256;
    FootprintSlot *grown = xcalloc(capacity, sizeof(FootprintSlot));
    for (size_t k = 0; k < memo->footprintCapacity; ++k) {
      FootprintSlot *old = &memo->footprints[k];
      if (old->key)
        *footprintSlot(grown, capacity, old->hash, old->key, old->length) =
            *old;
    }
    free(memo->footprints);
    memo->footprints = grown;
    memo->footprintCapacity = capacity;
  }
  uint64_t hash = hashBytes(key, length * sizeof(uint32_t));
  FootprintSlot *slot = footprintSlot(
      memo->footprints, memo->footprintCapacity, hash, key, length);
  if (slot->key)
    return;
  slot->key = xcalloc(length, sizeof(uint32_t));
  memcpy(slot->key, key, length * sizeof(uint32_t));
  slot->hash = hash;
  slot->length = length;
  slot->value = value;
  slot->exact = exact;
  memo->footprintCount++;
}
