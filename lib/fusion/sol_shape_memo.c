/* Facts per shape of a graph's isl texts (solar/fusion/shape_memo.h). */
#include "solar/fusion/shape_memo.h"

#include "solar/count/count.h"
#include "solar/einsum/einsum_graph_index.h"
#include "solar/fusion/fusion.h"
#include "solar/support/grow.h"
#include "solar/support/hash.h"
#include "solar/support/isl_text.h"

#include <isl/aff.h>
#include <isl/ilp.h>
#include <isl/map.h>
#include <isl/constraint.h>
#include <isl/set.h>
#include <isl/val.h>

#include <stdlib.h>
#include <string.h>

typedef struct {
  char *key; /* the text with its tuple names cut out; owned (NULL for a
                lift's class) */
  bool indexKnown, extentsKnown;
  SolarIndexFacts index;
  SolarDomainExtents extents;
} Shape;

/* The table entry of a shape: its key (owned by the shape) and id. */
typedef struct {
  const char *key;
  uint32_t id;
} ShapeEntry;

static bool shapeEqual(const void *entry, const void *key) {
  return strcmp(((const ShapeEntry *)entry)->key, key) == 0;
}

static const SolarHashKind kShape = {sizeof(ShapeEntry), shapeEqual};

typedef struct {
  const uint32_t *key; /* owned by the entry */
  size_t length;
} FootprintKey;

typedef struct {
  FootprintKey key;
  int64_t value;
  bool exact;
} FootprintEntry;

static bool footprintEqual(const void *entry, const void *key) {
  const FootprintKey *a = &((const FootprintEntry *)entry)->key;
  const FootprintKey *b = key;
  return a->length == b->length &&
         memcmp(a->key, b->key, a->length * sizeof(uint32_t)) == 0;
}

static const SolarHashKind kFootprint = {sizeof(FootprintEntry),
                                         footprintEqual};

struct SolarShapeMemo {
  const SolarEinsumGraph *graph;
  size_t *accessOffset;   /* node -> first access slot */
  uint32_t *domainShape;  /* per node; SHAPE_UNSET until asked */
  uint32_t *accessShape;  /* per access */
  SolarTupleNames *domainNames, *accessNames;
  Shape *shapes; /* by id */
  size_t shapeCount, shapeCapacity;
  SolarHashTable table;      /* ShapeEntry: ids by key */
  SolarHashTable footprints; /* FootprintEntry */
  /* Shape ids by the lift's representation class (solarGraphDomainClass),
   * SHAPE_UNSET where none yet; classCount slots. */
  uint32_t *classShape;
  size_t classCount;
};

enum { SHAPE_UNSET = UINT32_MAX - 1 };

SolarShapeMemo *solarShapeMemoCreate(const SolarEinsumGraph *graph) {
  SolarShapeMemo *memo = solarCalloc(1, sizeof(*memo));
  size_t n = graph->nodeCount;
  memo->graph = graph;
  memo->accessOffset = solarCalloc(n + 1, sizeof(size_t));
  for (size_t i = 0; i < n; ++i)
    memo->accessOffset[i + 1] =
        memo->accessOffset[i] + graph->nodes[i].accessCount;
  size_t accesses = memo->accessOffset[n];
  memo->domainShape = solarCalloc(n, sizeof(uint32_t));
  memo->accessShape = solarCalloc(accesses, sizeof(uint32_t));
  memo->domainNames = solarCalloc(n, sizeof(SolarTupleNames));
  memo->accessNames = solarCalloc(accesses, sizeof(SolarTupleNames));
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
  size_t cursor = 0;
  for (FootprintEntry *e; (e = solarHashNext(&memo->footprints, &cursor));)
    free((uint32_t *)e->key.key);
  solarHashClear(&memo->footprints);
  free(memo->shapes);
  free(memo->classShape);
  solarHashClear(&memo->table);
  free(memo->accessOffset);
  free(memo->domainShape);
  free(memo->accessShape);
  free(memo->domainNames);
  free(memo->accessNames);
  free(memo);
}

/* ---- shape keys ------------------------------------------------------------ */

/* 'm' or 's', then the text with the names cut out ('\1' marks where they
 * were, a byte no isl text holds); 'x' and the whole text when it has no
 * plain form. Caller frees. */
static char *shapeKey(const char *text, bool isMap, SolarTupleNames names) {
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

/* A new shape of that key (taken; NULL for a lift's class). */
static uint32_t addShape(SolarShapeMemo *memo, char *key) {
  memo->shapes = solarGrow(memo->shapes, &memo->shapeCapacity, memo->shapeCount,
                           sizeof(Shape));
  uint32_t id = (uint32_t)memo->shapeCount++;
  memset(&memo->shapes[id], 0, sizeof(Shape));
  memo->shapes[id].key = key;
  return id;
}

/* The id of the key's shape (taking the key). */
static uint32_t intern(SolarShapeMemo *memo, char *key) {
  bool added;
  ShapeEntry *entry =
      solarHashInsert(&memo->table, &kShape, solarHashString(key), key, &added);
  if (!added) {
    free(key);
    return entry->id;
  }
  uint32_t id = addShape(memo, key);
  entry->key = key;
  entry->id = id;
  return id;
}

/* The shape of the lift's representation class `shape` (not 0): objects
 * of one class are equal constraint for constraint up to names, as the
 * texts that key the other shapes are equal up to tuple names; the
 * facts below depend on the constraints alone. */
static uint32_t internClass(SolarShapeMemo *memo, uint32_t shape) {
  if (shape >= memo->classCount) {
    size_t old = memo->classCount;
    memo->classShape = solarGrow(memo->classShape, &memo->classCount,
                                 (size_t)shape, sizeof(uint32_t));
    for (size_t k = old; k < memo->classCount; ++k)
      memo->classShape[k] = SHAPE_UNSET;
  }
  if (memo->classShape[shape] == SHAPE_UNSET)
    memo->classShape[shape] = addShape(memo, NULL);
  return memo->classShape[shape];
}

static uint32_t shapeOf(SolarShapeMemo *memo, const char *text, bool isMap,
                        uint32_t shape, uint32_t *slot,
                        SolarTupleNames *names) {
  if (*slot != SHAPE_UNSET)
    return *slot;
  if (shape)
    return *slot = internClass(memo, shape);
  if (!text)
    return *slot = SOLAR_SHAPE_NONE;
  *names = solarIslTupleNames(text, isMap);
  return *slot = intern(memo, shapeKey(text, isMap, *names));
}

uint32_t solarShapeOfDomain(SolarShapeMemo *memo, size_t node) {
  const SolarEinsumGraph *graph = memo->graph;
  if (node >= graph->nodeCount)
    return SOLAR_SHAPE_NONE;
  return shapeOf(memo, graph->nodes[node].domain, false,
                 solarGraphDomainClass(graph, node), &memo->domainShape[node],
                 &memo->domainNames[node]);
}

uint32_t solarShapeOfAccess(SolarShapeMemo *memo, size_t node,
                            size_t access) {
  const SolarEinsumGraph *graph = memo->graph;
  if (node >= graph->nodeCount || access >= graph->nodes[node].accessCount)
    return SOLAR_SHAPE_NONE;
  size_t k = memo->accessOffset[node] + access;
  return shapeOf(memo, graph->nodes[node].accesses[access].map, true,
                 solarGraphAccessClass(graph, node, access),
                 &memo->accessShape[k], &memo->accessNames[k]);
}

/* Whether the objects' tuple names agree: the domain's is the map's
 * domain's, the map's range is the tensor. */
static bool objectNamesAgree(const SolarEinsumGraph *graph, size_t node,
                             size_t access, const char *tensorName) {
  isl_set *domain = solarGraphDomain(graph, node);
  isl_map *map = solarGraphAccessMap(graph, node, access);
  const char *d = domain ? isl_set_get_tuple_name(domain) : NULL;
  const char *in = map ? isl_map_get_tuple_name(map, isl_dim_in) : NULL;
  const char *out = map ? isl_map_get_tuple_name(map, isl_dim_out) : NULL;
  return d && in && out && strcmp(d, in) == 0 && strcmp(out, tensorName) == 0;
}

bool solarShapeNamesAgree(SolarShapeMemo *memo, size_t node, size_t access,
                          const char *tensorName) {
  if (solarShapeOfDomain(memo, node) == SOLAR_SHAPE_NONE ||
      solarShapeOfAccess(memo, node, access) == SOLAR_SHAPE_NONE ||
      !tensorName)
    return false;
  const SolarEinsumGraph *graph = memo->graph;
  /* A class has no text to read the names from; its objects have them. */
  if (solarGraphDomainClass(graph, node) ||
      solarGraphAccessClass(graph, node, access))
    return objectNamesAgree(graph, node, access, tensorName);
  const SolarEinsumNode *nd = &graph->nodes[node];
  SolarTupleNames d = memo->domainNames[node];
  SolarTupleNames m = memo->accessNames[memo->accessOffset[node] + access];
  const char *map = nd->accesses[access].map;
  return d.inLength && m.inLength && d.inLength == m.inLength &&
         strncmp(nd->domain + d.inAt, map + m.inAt, d.inLength) == 0 &&
         strlen(tensorName) == m.outLength &&
         strncmp(tensorName, map + m.outAt, m.outLength) == 0;
}

/* ---- facts ----------------------------------------------------------------- */

/* The index facts read off the equalities of a one-piece map, as
 * isl_pw_multi_aff_from_map derives its expressions (isl 0.24 on: a map
 * of one basic map whose plain affine hull defines every output by an
 * equality is turned into one multi_aff over the map's domain, each output
 * -(the rest of its defining equality) / its coefficient). Taken here only
 * where that expression needs no floor: no local variables, a coefficient
 * of 1 or -1 and no other output in the equality, so an index uses input
 * dim d exactly when the equality's coefficient of d is nonzero, and it is
 * one affine piece (a coordinate when it uses one dim). The piece exists
 * when the map's domain is not plainly empty, sure when the map is not
 * empty (`nonempty`: the caller knows a point of it). False: ask isl.
 * isl_pw_multi_aff_from_map spent 78 K instructions a shape projecting
 * the domain and building the expressions (U-Net: 139 shapes, 11 M). */
static bool plainIndexFacts(__isl_keep isl_map *map, bool nonempty,
                            SolarIndexFacts *f) {
  if (!nonempty || isl_map_n_basic_map(map) != 1)
    return false;
  isl_basic_map_list *list = isl_map_get_basic_map_list(map);
  isl_basic_map *piece = isl_basic_map_list_get_at(list, 0);
  isl_basic_map_list_free(list);
  isl_size in = isl_basic_map_dim(piece, isl_dim_in);
  isl_size out = isl_basic_map_dim(piece, isl_dim_out);
  bool ok = in >= 0 && out >= 0 && in <= 32 &&
            out <= SOLAR_SHAPE_MAX_INDICES &&
            isl_basic_map_dim(piece, isl_dim_div) == 0;
  /* A basic map of a map is kept final (isl_basic_map_finalize): its
   * equalities are the Gauss-reduced ones of the plain affine hull isl
   * reads. Without local variables isl's defining equality of output x
   * (isl_basic_map_output_defining_equality) is the first with a nonzero
   * coefficient of x and none of a later output, the one
   * isl_basic_map_has_defining_equality returns. */
  for (int x = 0; ok && x < out; ++x) {
    isl_constraint *eq = NULL;
    ok = isl_basic_map_has_defining_equality(piece, isl_dim_out, x, &eq) ==
             isl_bool_true &&
         (x == 0 || isl_constraint_involves_dims(eq, isl_dim_out, 0,
                                                 (unsigned)x) ==
                        isl_bool_false);
    isl_val *c = ok ? isl_constraint_get_coefficient_val(eq, isl_dim_out, x)
                    : NULL;
    ok = ok && c &&
         (isl_val_is_one(c) == isl_bool_true ||
          isl_val_is_negone(c) == isl_bool_true);
    isl_val_free(c);
    uint32_t mask = 0;
    for (int d = 0; ok && d < in; ++d)
      if (isl_constraint_involves_dims(eq, isl_dim_in, (unsigned)d, 1) ==
          isl_bool_true)
        mask |= 1u << d;
    isl_constraint_free(eq);
    f->dims[x] = mask;
    f->coordinate[x] = __builtin_popcount(mask) == 1;
  }
  isl_basic_map_free(piece);
  if (ok)
    f->indexCount = out;
  return ok;
}

static void computeIndexFacts(__isl_keep isl_map *map, bool nonempty,
                              SolarIndexFacts *f) {
  memset(f, 0, sizeof(*f));
  f->singleValued = map && isl_map_is_single_valued(map) == isl_bool_true;
  if (!f->singleValued)
    return;
  if (plainIndexFacts(map, nonempty, f))
    return;
  memset(f, 0, sizeof(*f));
  f->singleValued = true;
  isl_pw_multi_aff *pma = isl_pw_multi_aff_from_map(isl_map_copy(map));
  f->indexCount = (int)isl_pw_multi_aff_dim(pma, isl_dim_out);
  for (int x = 0; x < f->indexCount && x < SOLAR_SHAPE_MAX_INDICES; ++x) {
    isl_pw_aff *index = isl_pw_multi_aff_get_pw_aff(pma, x);
    f->dims[x] = solarIndexDims(index, &f->coordinate[x]);
    isl_pw_aff_free(index);
  }
  isl_pw_multi_aff_free(pma);
}

/* Whether the access map has a point: the lift counted a nonempty image
 * of the node's domain through it. */
static bool accessNonempty(const SolarEinsumGraph *graph, size_t node,
                           size_t access) {
  if (node >= graph->nodeCount || access >= graph->nodes[node].accessCount)
    return false;
  const SolarEinsumAccess *a = &graph->nodes[node].accesses[access];
  return a->footprintExact && a->footprintElements > 0;
}

void solarShapeIndexFacts(SolarShapeMemo *memo, size_t node, size_t access,
                          SolarIndexFacts *out) {
  uint32_t id = solarShapeOfAccess(memo, node, access);
  bool nonempty = accessNonempty(memo->graph, node, access);
  if (id == SOLAR_SHAPE_NONE) {
    computeIndexFacts(solarGraphAccessMap(memo->graph, node, access),
                      nonempty, out);
    return;
  }
  Shape *shape = &memo->shapes[id];
  if (!shape->indexKnown) {
    computeIndexFacts(solarGraphAccessMap(memo->graph, node, access),
                      nonempty, &shape->index);
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
  bool box = solarCountBoxBounds(domain, boxLo, boxHi);
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

bool solarShapeFootprintFind(SolarShapeMemo *memo, const uint32_t *key,
                             size_t length, int64_t *value, bool *exact) {
  FootprintKey k = {key, length};
  const FootprintEntry *e =
      solarHashFind(&memo->footprints, &kFootprint,
                    solarHashBytes(key, length * sizeof(uint32_t)), &k);
  if (!e)
    return false;
  *value = e->value;
  *exact = e->exact;
  return true;
}

void solarShapeFootprintStore(SolarShapeMemo *memo, const uint32_t *key,
                              size_t length, int64_t value, bool exact) {
  FootprintKey k = {key, length};
  bool added;
  FootprintEntry *e = solarHashInsert(
      &memo->footprints, &kFootprint,
      solarHashBytes(key, length * sizeof(uint32_t)), &k, &added);
  if (!added)
    return;
  uint32_t *copy = solarCalloc(length, sizeof(uint32_t));
  memcpy(copy, key, length * sizeof(uint32_t));
  e->key = (FootprintKey){copy, length};
  e->value = value;
  e->exact = exact;
}
