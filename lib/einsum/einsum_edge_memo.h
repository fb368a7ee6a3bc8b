/* A memo of the edges the dataflow writes down directly (einsum_edges.c):
 * one entry per (write, read) pair of access relations up to the names of
 * their spaces. Blocks of a network repeat the same nests on other
 * buffers (MobileNetV2: 582 such edges, 154 shapes), so the composition,
 * its simplification and the count of the elements that flow are done once
 * per shape; an edge of a known shape gets the stored relation under its
 * own names. lib/einsum only. */
#ifndef SOLAR_EINSUM_EDGE_MEMO_H
#define SOLAR_EINSUM_EDGE_MEMO_H

#include "einsum_internal.h"
#include "solar/count/count.h"

#include <isl/map.h>

#include <stdbool.h>

typedef struct EgEdgeMemo EgEdgeMemo;

EgEdgeMemo *egEdgeMemoCreate(void);
void egEdgeMemoDestroy(EgEdgeMemo *memo);

/* What a (write, read) pair flows: `relation` (producer instances ->
 * consumer instances, NULL when nothing flows) and the count of the
 * elements that flow (`counted` false when counting failed). */
typedef struct {
  isl_map *relation; /* owned */
  SolarCount elements;  /* owned */
  bool counted;
} EgEdgeShape;

/* The stored shape of (write, read) (both kept), with the relation put on
 * the space `space` (taken); false (space freed) when not stored. */
bool egEdgeMemoFind(EgEdgeMemo *memo, __isl_keep isl_map *write,
                    __isl_keep isl_map *read, __isl_take isl_space *space,
                    EgEdgeShape *out);
/* Stores a copy of `shape` for (write, read) (all kept). */
void egEdgeMemoStore(EgEdgeMemo *memo, __isl_keep isl_map *write,
                     __isl_keep isl_map *read, const EgEdgeShape *shape);

void egEdgeShapeClear(EgEdgeShape *shape);

/* Lets `map` (kept) take the key of `shape` (kept), a relation equal to it
 * constraint for constraint up to names (EgAccess.shapeMap): the key is
 * made once per shape instead of once per access. */
void egEdgeMemoShareKey(EgEdgeMemo *memo, __isl_keep isl_map *map,
                        __isl_keep isl_map *shape);

/* Yes/no facts about sets that depend on their constraints alone (a map's
 * injectivity, one set holding another), by shape too: `kind` tells the
 * facts apart, `second` may be NULL. egEdgeMemoFact: 1 yes, 0 no, -1 not
 * stored. */
enum {
  EG_FACT_INJECTIVE = 1,
  EG_FACT_SUBSET = 2,
  EG_RESULT_LAST_INSTANCES = 3,
  EG_RESULT_FIRST_INSTANCES = 4,
  EG_FACT_PLAIN_ACCESS = 5
};
int egEdgeMemoFact(EgEdgeMemo *memo, int kind, __isl_keep isl_set *first,
                   __isl_keep isl_set *second);
void egEdgeMemoStoreFact(EgEdgeMemo *memo, int kind,
                         __isl_keep isl_set *first,
                         __isl_keep isl_set *second, bool value);

/* A yes/no fact `kind` of a map's constraints alone (names aside), by
 * shape: `decide` is asked once per shape of relation, the other maps of
 * the shape get its answer. */
bool egEdgeMemoMapFact(EgEdgeMemo *memo, int kind, __isl_keep isl_map *map,
                       bool (*decide)(__isl_keep isl_map *map));

/* Injectivity of an access of `node` (EgAccess.injective first, then its
 * index expressions, then by shape) and inclusion of two sets of one
 * space, through the memo. */
bool egEdgeMemoInjective(EgEdgeMemo *memo, const EgNode *node,
                         EgAccess *access);
bool egEdgeMemoSubset(EgEdgeMemo *memo, __isl_keep isl_set *inner,
                      __isl_keep isl_set *outer);

/* { p -> e : p is the lexicographically last (first) instance of `map`
 * (kept) reaching e }, by shape: isl_map_lexmax (lexmin) of the reversed
 * relation, reversed back. */
__isl_give isl_map *egEdgeMemoLastInstances(EgEdgeMemo *memo,
                                            __isl_keep isl_map *map);
__isl_give isl_map *egEdgeMemoFirstInstances(EgEdgeMemo *memo,
                                             __isl_keep isl_map *map);

/* Injectivity read off the index expressions of an exact access of `node`
 * (einsum_injective.c): 1 injective, 0 not, -1 not decided that way. */
int egAccessInjectiveByIndices(const EgNode *node, const EgAccess *access);

/* Whether an exact access of a tensor of static shape reaches only
 * elements inside the tensor's box: with an image free of parameters, any
 * other element is an error of the graph (checkInBounds in
 * einsum_statement.c). */
bool egAccessInsideBox(const EgBuilder *b, const EgAccess *a);
/* The image of an exact access of `node` as a progression box of `rank`
 * dimensions (einsum_box_count.h), read off its index expressions over the
 * node's domain: when the domain is a box and each index is a constant
 * plus a multiple of at most one loop dimension of more than one value,
 * a dimension no other index uses, the image is the product of the
 * indices' progressions. False for any other access. */
bool egAccessImageProgressions(const EgNode *node, const EgAccess *access,
                               int rank, int64_t *box);
/* Whether the access's image is every element of its tensor: inside the
 * box and counting as many elements. */
bool egAccessCoversTensor(const EgBuilder *b, const EgAccess *a);
/* Whether two accesses of one node have the same relation: the same
 * affine indices (over the same scope, the one of their depth among the
 * node's), else isl_map_is_equal. */
bool egAccessSameRelation(const EgAccess *a, const EgAccess *c);

#endif
