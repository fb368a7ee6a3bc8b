/* unit-shape_memo: the fusion/traffic shape memo (lib/fusion/
 * sol_shape_memo.c) against isl asked directly. Texts equal up to their
 * tuple names share a shape id, isl keywords and other forms do not; every
 * index fact, domain extent and union footprint read through the memo is
 * the one isl gives for that node alone, whether the memo computed it or
 * reused another node's. The graph the memo reads carries the lift's
 * footprint counts, as a lifted graph does: index facts are then read off
 * the maps' equalities and a union reaching the tensor's whole footprint
 * is that footprint, each checked against isl on a copy without them. */
#include "solar/einsum/einsum_graph_index.h"
#include "solar/fusion/fusion.h"
#include "solar/fusion/shape_memo.h"

#include <isl/aff.h>
#include <isl/ctx.h>
#include <isl/map.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures = 0;

static void check(int ok, const char *what, long detail) {
  if (!ok) {
    printf("FAIL: %s (%ld)\n", what, detail);
    failures++;
  }
}

typedef struct {
  const char *domain;
  const char *maps[3];
  int tensors[3];
  bool writes[3];
  bool exact[3];
  /* The lift's count of each access's image (exact when the access is);
   * 0: none. */
  int footprint[3];
} NodeSpec;

/* Tensors: 0 T_1, 1 in_0, 2 alloc, 3 floor (an isl keyword), 4 pad. */
static const char *const kTensors[] = {"T_1", "in_0", "alloc", "floor",
                                       "pad"};
enum { TENSORS = sizeof(kTensors) / sizeof(kTensors[0]) };
/* The lift's footprint of each tensor: the union of every access's image
 * (-1: not an exact count). alloc: S1's 8 x 4 box and row 0's columns
 * 0..13 (S2, S3, S5): 32 + 10 = 42; pad: S6's pad[0..9] and pad[2..9]. */
static const int kTensorFootprint[] = {-1, -1, 42, 10, 10};

/* S1 is S0 renamed; S2 has a fixed outer dim (its first index is then the
 * constant 0 on the affine hull); S3 reads alloc twice (a union of two
 * shifted boxes); S4 has an inexact read; S5 repeats S3's shapes; S6
 * reads all of pad and a part of it again (the union is the whole). */
static const NodeSpec kNodes[] = {
    {"{ S0[i, j] : 0 <= i <= 7 and 0 <= j <= 3 }",
     {"{ S0[i, j] -> T_1[i, j] : 0 <= i <= 7 and 0 <= j <= 3 }",
      "{ S0[i, j] -> in_0[i + j] : 0 <= i <= 7 and 0 <= j <= 3 }", NULL},
     {0, 1, 0},
     {true, false, false},
     {true, true, false},
     {32, 11, 0}},
    {"{ S1[i, j] : 0 <= i <= 7 and 0 <= j <= 3 }",
     {"{ S1[i, j] -> alloc[i, j] : 0 <= i <= 7 and 0 <= j <= 3 }",
      "{ S1[i, j] -> T_1[i + j] : 0 <= i <= 7 and 0 <= j <= 3 }", NULL},
     {2, 0, 0},
     {true, false, false},
     {true, true, false},
     {32, 11, 0}},
    {"{ S2[b = 0, i] : 0 <= i <= 7 }",
     {"{ S2[b = 0, i] -> alloc[b, i] : 0 <= i <= 7 }",
      "{ S2[b = 0, i] -> in_0[i] : 0 <= i <= 7 }", NULL},
     {2, 1, 0},
     {false, true, false},
     {true, true, false},
     {8, 8, 0}},
    {"{ S3[i] : 0 <= i <= 9 }",
     {"{ S3[i] -> alloc[0, i] : 0 <= i <= 9 }",
      "{ S3[i] -> alloc[0, i + 4] : 0 <= i <= 9 }",
      "{ S3[i] -> in_0[2i] : 0 <= i <= 9 }"},
     {2, 2, 1},
     {false, false, true},
     {true, true, true},
     {10, 10, 10}},
    {"{ S4[i] : 0 <= i <= 9 }",
     {"{ S4[i] -> floor[i] : 0 <= i <= 9 }",
      "{ S4[i] -> in_0[o0] : 0 <= o0 <= 99 }", NULL},
     {3, 1, 0},
     {true, false, false},
     {true, false, false},
     {10, 0, 0}},
    {"{ S5[i] : 0 <= i <= 9 }",
     {"{ S5[i] -> alloc[0, i] : 0 <= i <= 9 }",
      "{ S5[i] -> alloc[0, i + 4] : 0 <= i <= 9 }",
      "{ S5[i] -> in_0[2i] : 0 <= i <= 9 }"},
     {2, 2, 1},
     {false, false, true},
     {true, true, true},
     {10, 10, 10}},
    {"{ S6[i] : 0 <= i <= 9 }",
     {"{ S6[i] -> pad[i] : 0 <= i <= 9 }",
      "{ S6[i] -> pad[i + 2] : 0 <= i <= 7 }", NULL},
     {4, 4, 0},
     {false, false, false},
     {true, true, false},
     {10, 8, 0}},
};
enum { NODES = sizeof(kNodes) / sizeof(kNodes[0]) };

/* lifted: with the lift's footprint counts (else none is known). */
static void buildGraph(SolarEinsumGraph *g, bool lifted) {
  memset(g, 0, sizeof(*g));
  g->tensorCount = TENSORS;
  g->tensors = calloc(TENSORS, sizeof(SolarEinsumTensor));
  for (int t = 0; t < TENSORS; ++t) {
    g->tensors[t].id = t;
    g->tensors[t].islName = (char *)kTensors[t];
    g->tensors[t].role = SOLAR_ROLE_INTERMEDIATE;
    g->tensors[t].footprintExact = lifted && kTensorFootprint[t] >= 0;
    g->tensors[t].footprintElements = kTensorFootprint[t];
  }
  g->nodeCount = NODES;
  g->nodes = calloc(NODES, sizeof(SolarEinsumNode));
  for (int i = 0; i < NODES; ++i) {
    SolarEinsumNode *n = &g->nodes[i];
    n->id = 10 + i;
    n->domain = (char *)kNodes[i].domain;
    n->accesses = calloc(3, sizeof(SolarEinsumAccess));
    for (int a = 0; a < 3 && kNodes[i].maps[a]; ++a) {
      n->accesses[a].map = (char *)kNodes[i].maps[a];
      n->accesses[a].tensor = kNodes[i].tensors[a];
      n->accesses[a].isWrite = kNodes[i].writes[a];
      n->accesses[a].exact = kNodes[i].exact[a];
      n->accesses[a].footprintExact = lifted && kNodes[i].exact[a];
      n->accesses[a].footprintElements =
          lifted ? kNodes[i].footprint[a] : 0;
      n->accessCount++;
    }
  }
  /* S0 writes T_1, which S1 reads: a served read when both are asked. */
  g->edgeCount = 1;
  g->edges = calloc(1, sizeof(SolarEinsumEdge));
  g->edges[0] = (SolarEinsumEdge){.producer = 10, .consumer = 11, .tensor = 0};
  solarGraphIndexBuild(g);
}

static void freeGraph(SolarEinsumGraph *g) {
  solarGraphIndexDestroy(g);
  for (size_t i = 0; i < g->nodeCount; ++i)
    free(g->nodes[i].accesses);
  free(g->nodes);
  free(g->tensors);
  free(g->edges);
}

/* The facts straight from isl, as traffic computed them before the memo. */
static void directFacts(isl_ctx *ctx, const char *text, SolarIndexFacts *f) {
  memset(f, 0, sizeof(*f));
  isl_map *map = isl_map_read_from_str(ctx, text);
  f->singleValued = map && isl_map_is_single_valued(map) == isl_bool_true;
  if (f->singleValued) {
    isl_pw_multi_aff *pma = isl_pw_multi_aff_from_map(isl_map_copy(map));
    f->indexCount = (int)isl_pw_multi_aff_dim(pma, isl_dim_out);
    for (int x = 0; x < f->indexCount; ++x) {
      isl_pw_aff *index = isl_pw_multi_aff_get_pw_aff(pma, x);
      f->dims[x] = solarIndexDims(index, &f->coordinate[x]);
      isl_pw_aff_free(index);
    }
    isl_pw_multi_aff_free(pma);
  }
  isl_map_free(map);
}

int main(void) {
  SolarEinsumGraph g, plain;
  buildGraph(&g, true);
  SolarShapeMemo *memo = solarShapeMemoCreate(&g);

  /* Shape ids. */
  check(solarShapeOfDomain(memo, 0) == solarShapeOfDomain(memo, 1),
        "renamed domain shares the shape", 0);
  check(solarShapeOfAccess(memo, 0, 0) == solarShapeOfAccess(memo, 1, 0),
        "renamed map shares the shape", 0);
  check(solarShapeOfAccess(memo, 0, 1) == solarShapeOfAccess(memo, 1, 1),
        "the same index into another tensor shares the shape", 0);
  check(solarShapeOfAccess(memo, 0, 0) != solarShapeOfAccess(memo, 0, 1),
        "another index expression is another shape", 0);
  check(solarShapeOfDomain(memo, 3) != solarShapeOfDomain(memo, 2),
        "another domain is another shape", 0);
  check(solarShapeOfAccess(memo, 4, 0) != solarShapeOfAccess(memo, 1, 0),
        "a keyword tuple name is kept", 0);
  check(!solarShapeNamesAgree(memo, 4, 0, "floor"),
        "a kept keyword has no names to agree", 0);
  check(solarShapeNamesAgree(memo, 3, 0, "alloc"), "names agree", 0);
  check(!solarShapeNamesAgree(memo, 3, 0, "T_1"), "tensor name differs", 0);
  check(solarShapeOfAccess(memo, 0, 7) == SOLAR_SHAPE_NONE,
        "no such access", 0);

  /* Index facts: through the memo (computed or shared) as isl says. */
  isl_ctx *ctx = isl_ctx_alloc();
  for (int i = 0; i < NODES; ++i)
    for (size_t a = 0; a < g.nodes[i].accessCount; ++a) {
      SolarIndexFacts viaMemo, direct;
      solarShapeIndexFacts(memo, (size_t)i, a, &viaMemo);
      directFacts(ctx, kNodes[i].maps[a], &direct);
      check(viaMemo.singleValued == direct.singleValued &&
                viaMemo.indexCount == direct.indexCount,
            "index count", i * 10 + (long)a);
      for (int x = 0; x < direct.indexCount; ++x)
        check(viaMemo.dims[x] == direct.dims[x] &&
                  viaMemo.coordinate[x] == direct.coordinate[x],
              "index dims", i * 100 + (long)a * 10 + x);
    }
  SolarIndexFacts fixed;
  solarShapeIndexFacts(memo, 2, 0, &fixed);
  printf("S2 alloc index dims: %u %u\n", fixed.dims[0], fixed.dims[1]);
  isl_ctx_free(ctx);

  /* Extents: 8 x 4, the fixed dim 1 x 8, 10. */
  SolarDomainExtents e;
  solarShapeDomainExtents(memo, 1, &e);
  printf("S1 extents: %d dims %.0f %.0f valid %d\n", e.dims, e.extent[0],
         e.extent[1], e.valid);
  solarShapeDomainExtents(memo, 2, &e);
  printf("S2 extents: %d dims %.0f %.0f valid %d\n", e.dims, e.extent[0],
         e.extent[1], e.valid);

  /* Union footprints: the memo path against the plain one on a second
   * copy of the graph (so neither reuses the other's counts). */
  buildGraph(&plain, false);
  size_t marks[NODES] = {0};
  const int64_t sets[][4] = {{10}, {11}, {13}, {15}, {14}, {10, 11},
                             {13, 15}, {10, 11, 12}, {11, 12, 13, 15},
                             {16}, {13, 16}};
  const size_t sizes[] = {1, 1, 1, 1, 1, 2, 2, 3, 4, 1, 2};
  for (size_t s = 0; s < sizeof(sizes) / sizeof(sizes[0]); ++s) {
    for (size_t k = 0; k < sizes[s]; ++k)
      marks[sets[s][k] - 10] = s + 1;
    SolarFootprintContext fc = {
        .shapes = memo, .mark = marks, .stamp = s + 1, .ascending = true};
    for (int64_t t = 0; t < TENSORS; ++t)
      for (int kind = 0; kind < 2; ++kind)
        for (int skip = 0; skip < 2; ++skip) {
          bool e1 = false, e2 = true;
          int64_t viaMemo = solarUnionFootprintIn(
              &fc, &g, t, sets[s], sizes[s], (SolarAccessKind)kind, skip, &e1);
          int64_t direct = solarUnionFootprint(
              &plain, t, sets[s], sizes[s], (SolarAccessKind)kind, skip, &e2);
          check(viaMemo == direct && e1 == e2, "union footprint",
                (long)(s * 1000 + (size_t)t * 10 + (size_t)kind));
        }
  }
  /* Hand counts: alloc read by S3 = [0, 0..9] u [0, 4..13] = 14 elements;
   * T_1 read by S1 = i + j in 0..10 = 11, served by S0 inside {S0, S1}. */
  bool exact;
  SolarFootprintContext fc = {.shapes = memo};
  printf("S3 alloc reads: %lld\n",
         (long long)solarUnionFootprintIn(&fc, &g, 2, (int64_t[]){13}, 1,
                                          SOLAR_ACCESS_READS, false, &exact));
  printf("S1 T_1 reads: %lld\n",
         (long long)solarUnionFootprintIn(&fc, &g, 0, (int64_t[]){11}, 1,
                                          SOLAR_ACCESS_READS, false, &exact));
  printf("S0,S1 T_1 reads outside: %lld\n",
         (long long)solarUnionFootprintIn(&fc, &g, 0, (int64_t[]){10, 11}, 2,
                                          SOLAR_ACCESS_READS, true, &exact));
  int64_t inexactReads = solarUnionFootprintIn(
      &fc, &g, 1, (int64_t[]){14}, 1, SOLAR_ACCESS_READS, false, &exact);
  printf("S4 in_0 reads: %lld exact %d\n", (long long)inexactReads, exact);
  /* pad[0..9] u pad[2..9]: the first read is all of pad's footprint. */
  printf("S6 pad reads: %lld\n",
         (long long)solarUnionFootprintIn(&fc, &g, 4, (int64_t[]){16}, 1,
                                          SOLAR_ACCESS_READS, false, &exact));

  solarShapeMemoDestroy(memo);
  freeGraph(&g);
  freeGraph(&plain);
  printf("%s\n", failures ? "FAILED" : "shape memo ok");
  return failures ? 1 : 0;
}
