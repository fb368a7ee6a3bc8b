/* unit-structure_repeat: the structure check's one accepted difference
 * besides sizes (tools/solar/frontend/cli_structure_repeat.c): a full-size
 * einsum graph that is the verified one with more repetitions of one block.
 * Graphs are built by hand as chains: a node list like "PABABS" (P before
 * the block, AB the block, S after it), every node writing a tensor of its
 * own and reading the one its predecessor wrote (A also reads argument 0).
 * Accepted: more repetitions, the block found where it is, and two
 * blocks. Refused: one repetition when verified, a repetition at full
 * size wired to another node, one writing another repetition's tensor,
 * another node kind. */
#include "../../tools/solar/frontend/cli_structure_repeat.h"

#include <stdio.h>
#include <string.h>

enum { MAX_NODES = 32 };

static int failures = 0;

typedef struct {
  SolarEinsumGraph graph;
  SolarEinsumNode nodes[MAX_NODES];
  SolarEinsumAccess accesses[MAX_NODES][3];
  SolarEinsumTensor tensors[MAX_NODES + 1];
  SolarEinsumEdge edges[MAX_NODES];
} Chain;

static char *equationOf(char kind) {
  switch (kind) {
  case 'A': return "MK,KN->MN";
  case 'B': return "MN->MN";
  case 'P': return "NM->MN";
  default: return "MN,MN->MN";
  }
}

/* `reads[i]`: the node whose tensor node i reads (-1: its predecessor);
 * `writes[i]`: the node whose tensor node i writes (-1: its own). */
static void build(Chain *c, const char *kinds, const int *reads,
                  const int *writes) {
  memset(c, 0, sizeof(*c));
  size_t n = strlen(kinds);
  c->graph.function = "forward";
  c->graph.nodes = c->nodes;
  c->graph.nodeCount = n;
  c->graph.tensors = c->tensors;
  c->graph.tensorCount = n + 1;
  c->graph.edges = c->edges;
  /* tensor 0: the argument; tensor i + 1: node i's */
  c->tensors[0] = (SolarEinsumTensor){.name = "%arg0", .role = SOLAR_ROLE_INPUT,
                                      .dtype = "f32", .rank = 2};
  for (size_t i = 0; i < n; ++i) {
    c->tensors[i + 1] = (SolarEinsumTensor){
        .name = "%alloc", .role = SOLAR_ROLE_INTERMEDIATE, .dtype = "f32",
        .rank = 2};
    SolarEinsumNode *node = &c->nodes[i];
    node->equation = equationOf(kinds[i]);
    node->reductionOp = kinds[i] == 'A' ? "add" : "none";
    node->dtype = "f32";
    node->accesses = c->accesses[i];
    int written = writes && writes[i] >= 0 ? writes[i] : (int)i;
    node->accesses[node->accessCount++] = (SolarEinsumAccess){
        .tensor = written + 1, .isWrite = true,
        .role = SOLAR_ACCESS_ROLE_OUTPUT};
    int from = reads && reads[i] >= 0 ? reads[i] : (int)i - 1;
    if (from >= 0) {
      node->accesses[node->accessCount++] = (SolarEinsumAccess){
          .tensor = from + 1, .role = SOLAR_ACCESS_ROLE_OPERAND};
      c->edges[c->graph.edgeCount++] =
          (SolarEinsumEdge){.producer = from, .consumer = (int64_t)i,
                            .tensor = from + 1};
    }
    if (kinds[i] == 'A') {
      node->accesses[node->accessCount++] = (SolarEinsumAccess){
          .tensor = 0, .role = SOLAR_ACCESS_ROLE_OPERAND};
      node->opsPerPoint.counts[SOLAR_OP_MAC] = 1;
    } else {
      node->opsPerPoint.counts[SOLAR_OP_ADD] = 1;
    }
  }
}

/* `edgeFromPrefix`: a full-size node whose in-edge comes from node 0, its
 * accesses unchanged (-1: none). */
static void expect(const char *what, const char *small, const char *full,
                   const int *reads, const int *writes, int edgeFromPrefix,
                   bool accepted, const char *needle) {
  static Chain a, b;
  build(&a, small, NULL, NULL);
  build(&b, full, reads, writes);
  for (size_t e = 0; e < b.graph.edgeCount; ++e)
    if (b.edges[e].consumer == edgeFromPrefix)
      b.edges[e].producer = 0;
  SolarRepeat r = {0, 0, 0, 0, 0};
  char why[1024] = "";
  bool ok = solarStructureRepeated(&a.graph, &b.graph, &r, why, sizeof(why));
  if (ok != accepted || (needle && !strstr(why, needle))) {
    printf("FAIL: %s: %s (%s)\n", what, ok ? "accepted" : "refused", why);
    failures++;
    return;
  }
  if (ok)
    printf("%s: block of %zu from node %zu, %zu verified, %zu at full size; "
           "%zu block(s)\n", what, r.period, r.start, r.smallCopies,
           r.fullCopies, r.runs);
  else
    printf("%s: refused: %s\n", what, why);
}

int main(void) {
  expect("more repetitions", "PABABS", "PABABABABS", NULL, NULL, -1, true,
         NULL);
  expect("once when verified", "PABS", "PABABABS", NULL, NULL, -1, false,
         "not as more repetitions of blocks");
  /* Full node 7 (the fourth A) reads the prefix node's tensor instead of
   * the third B's. */
  int rewired[MAX_NODES];
  for (int i = 0; i < MAX_NODES; ++i)
    rewired[i] = -1;
  rewired[7] = 0;
  expect("a repetition reads another tensor", "PABABS", "PABABABABS",
         rewired, NULL, -1, false,
         "einsum node 7 ('MK,KN->MN'): an access's tensor differs from "
         "verified node 3's");
  /* The same node's values come from the prefix node by its edge alone. */
  expect("a repetition rewired", "PABABS", "PABABABABS", NULL, NULL, 7,
         false, "einsum node 7 ('MK,KN->MN'): inputs differ from verified "
                "node 3's");
  /* Full node 6 (the third B) writes the first B's tensor. */
  int aliased[MAX_NODES];
  for (int i = 0; i < MAX_NODES; ++i)
    aliased[i] = -1;
  aliased[6] = 2;
  expect("a repetition aliased", "PABABS", "PABABABABS", NULL, aliased, -1,
         false, "an access's tensor differs");
  expect("another node", "PABABS", "PABABABAAS", NULL, NULL, -1, false,
         "not as more repetitions");
  expect("two blocks", "PABABSBBS", "PABABABSBBBBBS", NULL, NULL, -1, true,
         NULL);
  printf("%d failure(s)\n", failures);
  return failures != 0;
}
