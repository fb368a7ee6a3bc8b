/* Layout nodes, views and tensors that need no on-chip buffer
 * (docs/sol-model.md, "Fusion groups" and "Views"). */
#include "solar/einsum/einsum_graph_index.h"
#include "solar/fusion/fusion.h"

#include <string.h>


bool solarNodeIsLayout(const SolarEinsumNode *node) {
  if (node->reductionDimCount > 0)
    return false;
  for (int c = 0; c < SOLAR_OP_CLASS_COUNT; ++c)
    if (node->opsPerPoint.counts[c] != 0)
      return false;
  size_t writes = 0, reads = 0;
  for (size_t a = 0; a < node->accessCount; ++a) {
    const SolarEinsumAccess *access = &node->accesses[a];
    /* A gather (data-dependent index) or an accumulator is not a view. */
    if (!access->exact || access->role == SOLAR_ACCESS_ROLE_ADDRESS ||
        access->role == SOLAR_ACCESS_ROLE_ACCUMULATOR)
      return false;
    if (access->isWrite)
      ++writes;
    else
      ++reads;
  }
  return writes == 1 && reads <= 1;
}

bool solarNodeReadsNecessary(const SolarEinsumNode *node) {
  if (!node->necessaryDomain || node->necessaryPoints < 0 ||
      !solarNodeIsLayout(node))
    return false;
  /* A fill reads nothing: its points stay as they are. */
  for (size_t a = 0; a < node->accessCount; ++a)
    if (!node->accesses[a].isWrite)
      return true;
  return false;
}

/* The nodes touching `tensor`, in program order: the index's list, or
 * every node of a graph without one. */
typedef struct {
  const size_t *list;
  size_t count;
} Users;

static Users usersOf(const SolarEinsumGraph *graph, int64_t tensor) {
  Users users = {NULL, graph->nodeCount};
  if (graph->index)
    users.list = solarGraphTensorNodes(graph, tensor, &users.count);
  return users;
}

static const SolarEinsumNode *userNode(const SolarEinsumGraph *graph,
                                       const Users *users, size_t k) {
  return &graph->nodes[users->list ? users->list[k] : k];
}

static bool nodeWrites(const SolarEinsumNode *node, int64_t tensor) {
  for (size_t a = 0; a < node->accessCount; ++a)
    if (node->accesses[a].tensor == tensor && node->accesses[a].isWrite)
      return true;
  return false;
}

/* Every node writing `tensor` satisfies `pred`; false when none writes it. */
static bool allWritersAre(const SolarEinsumGraph *graph, int64_t tensor,
                          bool (*pred)(const SolarEinsumNode *)) {
  bool written = false;
  Users users = usersOf(graph, tensor);
  for (size_t k = 0; k < users.count; ++k) {
    const SolarEinsumNode *node = userNode(graph, &users, k);
    if (!nodeWrites(node, tensor))
      continue;
    if (!pred(node))
      return false;
    written = true;
  }
  return written;
}

static bool isMap(const SolarEinsumNode *node) {
  return node->reductionDimCount == 0;
}

/* A layout node that copies a source (not a fill, which makes values). */
static bool isLayoutCopy(const SolarEinsumNode *node) {
  if (!solarNodeIsLayout(node))
    return false;
  for (size_t a = 0; a < node->accessCount; ++a)
    if (!node->accesses[a].isWrite)
      return true;
  return false;
}

static bool isWritten(const SolarEinsumGraph *graph, int64_t tensor) {
  Users users = usersOf(graph, tensor);
  for (size_t k = 0; k < users.count; ++k)
    if (nodeWrites(userNode(graph, &users, k), tensor))
      return true;
  return false;
}

/* Whether two nests may run interleaved: they do when they share an
 * enclosing loop (the same loop op, known by its location). A loop
 * without a location may be any loop, so it is taken as shared. */
static bool mayShareLoop(const SolarEinsumNode *a, const SolarEinsumNode *b) {
  for (size_t i = 0; i < a->loopCount; ++i) {
    if (!a->loops[i].loc)
      return true;
    for (size_t j = 0; j < b->loopCount; ++j)
      if (!b->loops[j].loc || strcmp(a->loops[i].loc, b->loops[j].loc) == 0)
        return true;
  }
  return false;
}

/* Whether a node writing `tensor` may run interleaved with `node`, so that
 * `node` may read several values of one of its elements. */
static bool rewrittenAround(const SolarEinsumGraph *graph, int64_t tensor,
                            const SolarEinsumNode *node) {
  Users users = usersOf(graph, tensor);
  for (size_t k = 0; k < users.count; ++k) {
    const SolarEinsumNode *writer = userNode(graph, &users, k);
    if (writer != node && nodeWrites(writer, tensor) &&
        mayShareLoop(writer, node))
      return true;
  }
  return false;
}

/* A copy of a source some node writes copies the values the source holds
 * once: it reads a distinct source element at each point, or no writer of
 * the source runs inside a loop around the copy. A source rewritten
 * inside such a loop (an LSTM's state copied into its output sequence
 * step by step) gives each copied element a value the source no longer
 * holds: that copy is no view. A broadcast of a value computed before it
 * (`relu(x).expand(8, 256)`) is one: each read element holds one value
 * while the copy runs, as the nests share no loop. */
static bool copiesCurrentValues(const SolarEinsumGraph *graph,
                                const SolarEinsumNode *node) {
  for (size_t a = 0; a < node->accessCount; ++a) {
    const SolarEinsumAccess *read = &node->accesses[a];
    if (read->isWrite || read->tensor < 0 ||
        (size_t)read->tensor >= graph->tensorCount ||
        !isWritten(graph, read->tensor))
      continue;
    if ((node->points < 0 || read->footprintElements != node->points) &&
        rewrittenAround(graph, read->tensor, node))
      return false;
  }
  return true;
}

bool solarTensorIsResultView(const SolarEinsumGraph *graph, int64_t tensor) {
  SolarTensorRole role = graph->tensors[tensor].role;
  if ((role != SOLAR_ROLE_OUTPUT && role != SOLAR_ROLE_RETURNED) ||
      !allWritersAre(graph, tensor, isLayoutCopy))
    return false;
  Users users = usersOf(graph, tensor);
  for (size_t k = 0; k < users.count; ++k) {
    const SolarEinsumNode *node = userNode(graph, &users, k);
    if (nodeWrites(node, tensor) && !copiesCurrentValues(graph, node))
      return false;
  }
  return true;
}

bool solarTensorIsView(const SolarEinsumGraph *graph, int64_t tensor) {
  return (graph->tensors[tensor].role == SOLAR_ROLE_INTERMEDIATE &&
          allWritersAre(graph, tensor, solarNodeIsLayout)) ||
         solarTensorIsResultView(graph, tensor);
}

bool solarNodeWritesResultView(const SolarEinsumGraph *graph, size_t index) {
  const SolarEinsumNode *node = &graph->nodes[index];
  if (!isLayoutCopy(node))
    return false;
  int64_t written = -1;
  for (size_t a = 0; a < node->accessCount; ++a)
    if (node->accesses[a].isWrite)
      written = node->accesses[a].tensor;
  if (written < 0 || (size_t)written >= graph->tensorCount)
    return false;
  if (solarTensorIsResultView(graph, written))
    return true;
  if (graph->tensors[written].role != SOLAR_ROLE_INTERMEDIATE ||
      !solarTensorIsView(graph, written))
    return false;
  /* A view some result view is made of: its elements leave the function
   * as the result's, uncopied. Readers come later in program order, so
   * the walk ends. */
  Users users = usersOf(graph, written);
  for (size_t k = 0; k < users.count; ++k) {
    size_t reader = users.list ? users.list[k] : k;
    if (reader <= index)
      continue;
    const SolarEinsumNode *r = &graph->nodes[reader];
    for (size_t a = 0; a < r->accessCount; ++a)
      if (r->accesses[a].tensor == written && !r->accesses[a].isWrite) {
        if (solarNodeWritesResultView(graph, reader))
          return true;
        break;
      }
  }
  return false;
}

bool solarTensorNeedsNoBuffer(const SolarEinsumGraph *graph, int64_t tensor) {
  if (graph->tensors[tensor].role != SOLAR_ROLE_INTERMEDIATE)
    return false;
  /* Each element is a function of its own iteration point: a consumer can
   * recompute it where it needs it. */
  if (allWritersAre(graph, tensor, isMap))
    return true;
  /* Only maps read it (an epilogue): each element is consumed where it is
   * finalized, one tile at a time. */
  bool read = false;
  Users users = usersOf(graph, tensor);
  for (size_t k = 0; k < users.count; ++k) {
    const SolarEinsumNode *node = userNode(graph, &users, k);
    for (size_t a = 0; a < node->accessCount; ++a) {
      const SolarEinsumAccess *access = &node->accesses[a];
      if (access->tensor != tensor || access->isWrite)
        continue;
      bool ownAccumulator = access->role == SOLAR_ACCESS_ROLE_ACCUMULATOR;
      if (!ownAccumulator && !isMap(node))
        return false;
      read |= !ownAccumulator;
    }
  }
  return read;
}
