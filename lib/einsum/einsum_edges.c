/* Producer -> consumer edges by exact (value-based) dataflow.
 *
 * Every node gets a schedule (the block positions and loop dimensions of
 * its scope, then its own position); isl_union_access_info_compute_flow then
 * finds, for each read, the last write before it. The dependences between
 * two different nodes are the edges: `relation` maps producer instances to
 * the consumer instances reading what they wrote, and `elements` counts the
 * distinct elements that flow. Reads that no write reaches read the
 * function's input: they make a written argument `inout`.
 *
 * Most tensors of a real function have one producer that runs to
 * completion before its consumers (a chain of nests over intermediates);
 * for those the flow is written down directly (trivialFlow), which is the
 * same relation isl's flow computes at a fraction of its cost; so is a
 * sequence of overwrites before a reader (killedDirectly: a padded buffer,
 * a reduction's result). Directly written edges and the facts they need
 * are memoized by shape (einsum_edge_memo.c).
 *
 * On those direct paths the elements that flow are the writer's image
 * meeting the reader's, less what later writers overwrite; where the
 * images are boxes (most tensors: dense buffers read whole or through
 * windows) that count is integer arithmetic on their bounds
 * (einsum_box_count.h), and where no relation is printed (a lift for the
 * stages alone: nothing reads it there) the count is the whole edge, so
 * the relation is not built at all. */
#include "einsum_box_count.h"
#include "einsum_edge_memo.h"
#include "einsum_internal.h"
#include "einsum_known.h"

#include "solar/support/diagnostics.h"
#include "solar/support/grow.h"

#include <isl/aff.h>
#include <isl/ctx.h>
#include <isl/flow.h>
#include <isl/local_space.h>
#include <isl/polynomial.h>
#include <isl/space.h>
#include <isl/union_map.h>
#include <isl/val.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* One access of a tensor: node index and access index in that node. */
typedef struct {
  int node, access;
} AccessRef;

/* An access's image as a progression box (einsum_box_count.h), read once
 * per access when a direct path first asks. */
typedef struct {
  int64_t *bounds;   /* owned; NULL until read or when no such box */
  signed char state; /* 0: not read yet, 1: a box, -1: not one box */
} ImageBox;

typedef struct {
  EgBuilder *b;
  EgEdgeMemo *memo;    /* shapes of directly written edges */
  int length;          /* schedule length shared by all nodes */
  int *firstAccess;    /* per node: its first access's index in images */
  ImageBox *images;    /* per access of the function */
} Flow;

typedef struct {
  EgBuilder *b;
  EgEdgeMemo *memo;
  int tensor;
} EdgeSink;

static int scheduleLength(EgBuilder *b) {
  int length = 1;
  for (int i = 0; i < b->nodeCount; ++i)
    if (b->nodes[i].scope->schedLength + 1 > length)
      length = b->nodes[i].scope->schedLength + 1;
  return length;
}

/* Entry k of the node's schedule: its scope's prefix, then its own
 * position, then zeros up to the shared length. */
static EgSchedItem scheduleEntry(const EgNode *node, int k) {
  const EgScope *scope = node->scope;
  if (k < scope->schedLength)
    return scope->sched[k];
  return (EgSchedItem){false,
                       k == scope->schedLength ? node->anchorPosition : 0};
}

/* The node's schedule map. Its domain may predate parameters found later
 * in the function (a symbol first used by a later nest), so it is aligned
 * to all of them: the schedule space is built from b->paramSpace, and
 * isl_space_map_from_domain_and_range demands the same parameters on both
 * sides. */
/* The map from the node's domain to the schedule items[0..count). */
static __isl_give isl_map *scheduleFromItems(EgBuilder *b, const EgNode *node,
                                             const EgSchedItem *items,
                                             int count) {
  isl_set *aligned = isl_set_align_params(isl_set_copy(node->domain),
                                          isl_space_copy(b->paramSpace));
  isl_space *domain = isl_set_get_space(aligned);
  isl_space *range = isl_space_add_dims(
      isl_space_set_from_params(isl_space_copy(b->paramSpace)), isl_dim_set,
      (unsigned)count);
  isl_multi_aff *ma = isl_multi_aff_zero(
      isl_space_map_from_domain_and_range(isl_space_copy(domain), range));
  isl_local_space *ls = isl_local_space_from_space(domain);
  for (int k = 0; k < count; ++k) {
    EgSchedItem item = items[k];
    isl_aff *entry =
        item.isDim
            ? isl_aff_var_on_domain(isl_local_space_copy(ls), isl_dim_set,
                                    (unsigned)item.value)
            : isl_aff_val_on_domain(isl_local_space_copy(ls),
                                    isl_val_int_from_si(b->ctx, item.value));
    ma = isl_multi_aff_set_at(ma, k, entry);
  }
  isl_local_space_free(ls);
  return isl_map_intersect_domain(isl_map_from_multi_aff(ma), aligned);
}

/* Whether node a's constant schedule entries at [begin, end) come before
 * (-1), equal (0) or after (1) node b's. */
static int compareConstants(const EgNode *a, const EgNode *b, int begin,
                            int end) {
  for (int k = begin; k < end; ++k) {
    int va = scheduleEntry(a, k).value, vb = scheduleEntry(b, k).value;
    if (va != vb)
      return va < vb ? -1 : 1;
  }
  return 0;
}

static bool constantInAll(EgBuilder *b, const int *nodes, int nodeCount,
                          int k) {
  for (int n = 0; n < nodeCount; ++n)
    if (scheduleEntry(&b->nodes[nodes[n]], k).isDim)
      return false;
  return true;
}

/* The schedule of one flow problem, over its nodes (distinct, each with
 * its schedule padded to `length`), with every run of positions that are
 * constant in all of them replaced by one entry: the node's rank there
 * (how many nodes have smaller constants), dropped when they all agree.
 * The order of any two instances is unchanged -- a run compares as the
 * tuple of its constants, and the ranks keep that order and equality --
 * so isl's flow is the same, over far fewer dimensions: conditions nest
 * as constant positions, and 31 nested affine.if around a loop body made
 * 64 dimensions of which 3 remain (isl's cost grows steeply with them). */
static __isl_give isl_union_map *compactSchedule(EgBuilder *b,
                                                 const int *nodes,
                                                 int nodeCount, int length) {
  EgSchedItem *items =
      calloc((size_t)nodeCount * (size_t)(length + 1) + 1, sizeof(EgSchedItem));
  if (!items)
    abort();
  int out = 0;
  for (int k = 0; k < length;) {
    if (!constantInAll(b, nodes, nodeCount, k)) {
      for (int n = 0; n < nodeCount; ++n)
        items[n * (length + 1) + out] = scheduleEntry(&b->nodes[nodes[n]], k);
      ++out;
      ++k;
      continue;
    }
    int end = k + 1;
    while (end < length && constantInAll(b, nodes, nodeCount, end))
      ++end;
    bool differ = false;
    for (int n = 0; n < nodeCount; ++n) {
      int rank = 0;
      for (int m = 0; m < nodeCount; ++m)
        rank += compareConstants(&b->nodes[nodes[m]], &b->nodes[nodes[n]], k,
                                 end) < 0;
      items[n * (length + 1) + out] = (EgSchedItem){false, rank};
      differ = differ || rank != 0;
    }
    if (differ)
      ++out;
    k = end;
  }
  if (out == 0)
    out = 1; /* one constant entry (zeroed by calloc): all instances tie */
  isl_union_map *schedule = isl_union_map_empty(isl_space_copy(b->paramSpace));
  for (int n = 0; n < nodeCount; ++n)
    schedule = isl_union_map_add_map(
        schedule, scheduleFromItems(b, &b->nodes[nodes[n]],
                                    items + n * (length + 1), out));
  free(items);
  return schedule;
}

/* Whether every instance of `first` is scheduled before every instance of
 * `second`: the schedules agree on constant entries up to a constant where
 * first's is smaller. A shared loop dimension before that point means they
 * interleave, which is not decided here. */
static bool runsBefore(const EgNode *first, const EgNode *second, int length) {
  for (int k = 0; k < length; ++k) {
    EgSchedItem a = scheduleEntry(first, k), c = scheduleEntry(second, k);
    if (a.isDim || c.isDim)
      return false;
    if (a.value != c.value)
      return a.value < c.value;
  }
  return false;
}

static int nodeOfTuple(const char *name) {
  return name && name[0] == 'S' ? atoi(name + 1) : -1;
}

/* Appends the edge; takes relation and elements. */
static void pushEdge(EdgeSink *sink, int producer, int consumer,
                     __isl_take isl_map *relation, SolarCount elements,
                     bool counted) {
  EgBuilder *b = sink->b;
  egGrow((void **)&b->edges, &b->edgeCapacity, b->edgeCount, sizeof(EgEdge));
  EgEdge *edge = &b->edges[b->edgeCount++];
  memset(edge, 0, sizeof(*edge));
  edge->producer = producer;
  edge->consumer = consumer;
  edge->tensor = sink->tensor;
  edge->relation = relation;
  edge->elements = elements;
  if (!counted)
    edge->elements.exact = false;
}

/* One edge from a dependence producer -> [consumer -> element]; takes dep. */
static isl_stat addEdge(__isl_take isl_map *dep, void *user) {
  EdgeSink *sink = user;
  int producer = nodeOfTuple(isl_map_get_tuple_name(dep, isl_dim_in));
  isl_map *relation = isl_map_range_factor_domain(isl_map_copy(dep));
  isl_map *data = isl_map_range_factor_range(dep);
  int consumer = nodeOfTuple(isl_map_get_tuple_name(relation, isl_dim_out));
  if (producer < 0 || consumer < 0 || producer == consumer) {
    isl_map_free(relation);
    isl_map_free(data);
    return isl_stat_ok;
  }
  isl_set *elements = isl_map_range(data);
  SolarCount count = {0};
  bool counted = solarCountSetCached(sink->b->counts, elements, &count);
  isl_set_free(elements);
  pushEdge(sink, producer, consumer, isl_map_coalesce(relation), count,
           counted);
  return isl_stat_ok;
}

static isl_stat markInitialRead(__isl_take isl_map *read, void *user) {
  EdgeSink *sink = user;
  if (isl_map_is_empty(read) == isl_bool_false)
    sink->b->tensors[sink->tensor].readsInitialValue = true;
  isl_map_free(read);
  return isl_stat_ok;
}

static int compareEdges(const void *lhs, const void *rhs) {
  const EgEdge *a = lhs, *b = rhs;
  if (a->producer != b->producer)
    return a->producer - b->producer;
  if (a->consumer != b->consumer)
    return a->consumer - b->consumer;
  return a->tensor - b->tensor;
}

static EgAccess *accessOf(EgBuilder *b, AccessRef ref) {
  return &b->nodes[ref.node].accesses[ref.access];
}

static int rankOf(Flow *flow, AccessRef ref) {
  return flow->b->tensors[accessOf(flow->b, ref)->tensor].rank;
}

/* The access's image as a non-empty progression box, or NULL when it is
 * not one: the tensor's box when the access covers the tensor (its exact
 * footprint counts every element of a static shape, nothing to read),
 * else the image's constraints when they are a box (egSetBoxBounds), else
 * the index expressions over the node's box when each is a multiple of
 * one loop dimension of its own (a strided access, whose image has
 * existential variables). */
static const int64_t *imageBox(Flow *flow, AccessRef ref) {
  ImageBox *box = &flow->images[flow->firstAccess[ref.node] + ref.access];
  if (box->state == 0) {
    EgBuilder *b = flow->b;
    EgAccess *access = accessOf(b, ref);
    const EgTensor *t = &b->tensors[access->tensor];
    int64_t bounds[2 * t->rank + 1];
    box->bounds =
        solarCalloc(EG_BOX_STRIDE * (size_t)t->rank + 1, sizeof(int64_t));
    bool whole = egAccessCoversTensor(b, access);
    for (int d = 0; whole && d < t->rank; ++d) {
      whole = t->shape[d] > 0;
      bounds[2 * d] = 0;
      bounds[2 * d + 1] = t->shape[d] - 1;
    }
    box->state = -1;
    if (whole || egSetBoxBounds(access->image, t->rank, bounds)) {
      egBoxFromBounds(bounds, t->rank, box->bounds);
      box->state = 1;
    } else if (egAccessImageProgressions(&b->nodes[ref.node], access, t->rank,
                                         box->bounds)) {
      box->state = 1;
    }
    if (box->state < 0) {
      free(box->bounds);
      box->bounds = NULL;
    }
  }
  return box->bounds;
}

/* The elements a write whose image is the box `write` passes to a read
 * whose image is `read`, where the writes of later[0..laterCount) (image
 * boxes too) overwrite theirs: the points of the two boxes' meet that no
 * later box holds. -1 when a box is missing or the count is not decided
 * (einsum_box_count.h). */
static int64_t boxedElements(const int64_t *write, const int64_t *read,
                             const int64_t *const *later, int laterCount,
                             int rank) {
  if (!write || !read)
    return -1;
  for (int i = 0; i < laterCount; ++i)
    if (!later[i])
      return -1;
  int64_t meet[EG_BOX_STRIDE * rank + 1];
  int met = egBoxMeet(write, read, rank, meet);
  return met <= 0 ? met : egBoxCountOutside(meet, later, laterCount, rank);
}

/* A count of `points` as the summation makes a constant one: one piece on
 * the function's parameters. */
static SolarCount constantCount(EgBuilder *b, int64_t points) {
  SolarCount count = {
      isl_pw_qpolynomial_from_qpolynomial(isl_qpolynomial_val_on_domain(
          isl_space_copy(b->paramSpace),
          isl_val_int_from_si(b->ctx, (long)points))),
      true};
  return count;
}

static isl_stat noDivs(__isl_take isl_basic_set *bset, void *user) {
  (void)user;
  isl_size divs = isl_basic_set_dim(bset, isl_dim_div);
  isl_basic_set_free(bset);
  return divs == 0 ? isl_stat_ok : isl_stat_error;
}

/* Every index is +-(one loop dimension) plus parameters and a constant. */
static isl_stat unitPiece(__isl_take isl_set *set, __isl_take isl_multi_aff *ma,
                          void *user) {
  (void)user;
  bool ok = isl_set_foreach_basic_set(set, noDivs, NULL) == isl_stat_ok;
  isl_size outputs = isl_multi_aff_dim(ma, isl_dim_out);
  isl_size inputs = isl_multi_aff_dim(ma, isl_dim_in);
  for (int o = 0; ok && o < outputs; ++o) {
    isl_aff *aff = isl_multi_aff_get_at(ma, o);
    isl_val *denominator = isl_aff_get_denominator_val(aff);
    ok = isl_aff_dim(aff, isl_dim_div) == 0 && isl_val_is_one(denominator);
    isl_val_free(denominator);
    int used = 0;
    for (int i = 0; ok && i < inputs; ++i) {
      isl_val *c = isl_aff_get_coefficient_val(aff, isl_dim_in, i);
      if (!isl_val_is_zero(c)) {
        used++;
        ok = isl_val_is_one(c) || isl_val_is_negone(c);
      }
      isl_val_free(c);
    }
    ok = ok && used <= 1;
    isl_aff_free(aff);
  }
  isl_set_free(set);
  isl_multi_aff_free(ma);
  return ok ? isl_stat_ok : isl_stat_error;
}

/* An access in the shape of elementwise code: one convex piece without
 * existential variables (no strides, tiles, mod or floor), each index a
 * unit-coefficient loop dimension plus parameters and a constant. For
 * these the direct composition prints exactly as compute_flow's result;
 * on others (strided or modular indices, tiled domains) both are the same
 * relation but isl may write them differently, so they keep taking the
 * general path and the output stays as it was. A fact of the constraints
 * alone: asked once per shape of access (egEdgeMemoMapFact). */
static bool plainAccess(__isl_keep isl_map *map) {
  if (isl_map_n_basic_map(map) != 1)
    return false;
  isl_pw_multi_aff *pma = isl_pw_multi_aff_from_map(isl_map_copy(map));
  bool ok = pma && isl_pw_multi_aff_n_piece(pma) == 1 &&
            isl_pw_multi_aff_foreach_piece(pma, unitPiece, NULL) == isl_stat_ok;
  isl_pw_multi_aff_free(pma);
  return ok;
}

/* The elements W's image and R's share: what flows from W to R. */
static __isl_give isl_set *flowingSet(EgBuilder *b, __isl_keep isl_map *write,
                                      __isl_keep isl_map *read) {
  return isl_set_align_params(
      isl_set_intersect(isl_map_range(isl_map_copy(write)),
                        isl_map_range(isl_map_copy(read))),
      isl_space_copy(b->paramSpace));
}

/* directEdge without the relation, which only the printed attribute
 * shows (EgBuilder.printRelations): whether anything flows and how much.
 * The relation { p -> c : W(p) = R(c) } is empty exactly when the images
 * of W and R miss each other, so the elements alone decide the edge. Their
 * count is `flowing` when the boxes gave it (> 0), else the set's count as
 * directEdge makes it. */
static void countedEdge(EdgeSink *sink, int producer, int consumer,
                        __isl_keep isl_map *write, __isl_keep isl_map *read,
                        int64_t flowing) {
  EgBuilder *b = sink->b;
  if (producer < 0 || consumer < 0 || producer == consumer)
    return;
  if (flowing > 0) {
    pushEdge(sink, producer, consumer, NULL, constantCount(b, flowing), true);
    return;
  }
  isl_set *elements = flowingSet(b, write, read);
  if (isl_set_is_empty(elements) != isl_bool_false) {
    isl_set_free(elements);
    return;
  }
  SolarCount count = {0};
  bool counted = solarCountSetCached(b->counts, elements, &count);
  isl_set_free(elements);
  pushEdge(sink, producer, consumer, NULL, count, counted);
}

/* The edge of a read whose every element was last written by `write`:
 * the dependence { p -> [c -> e] : W(p) = e and R(c) = e } split as addEdge
 * splits compute_flow's, its relation { p -> c : W(p) = R(c) } aligned to
 * every parameter and without redundant constraints, as compute_flow
 * leaves its results, and its elements W's image meeting R's. Both are
 * made directly, not by projecting the product [c -> e] (range_map and two
 * factors: a fifth of the dataflow on DenseNet-201); the relation has the
 * same constraints after remove_redundancies and coalesce, and prints
 * alike on every model and test input compared (docs/performance.md).
 * Through the memo of shapes (einsum_edge_memo.h):
 * a pair of relations seen before on other nodes gets its stored relation
 * under the names of these, and its count. `flowing`: the count of the
 * elements when the images' boxes gave it (0: no edge), else -1. Without
 * printed relations, the count alone (countedEdge). */
static void directEdge(EdgeSink *sink, __isl_keep isl_map *write,
                       __isl_keep isl_map *read, int64_t flowing) {
  EgBuilder *b = sink->b;
  int producer = nodeOfTuple(isl_map_get_tuple_name(write, isl_dim_in));
  int consumer = nodeOfTuple(isl_map_get_tuple_name(read, isl_dim_in));
  if (flowing == 0)
    return; /* compute_flow lists no empty map */
  if (!b->printRelations) {
    countedEdge(sink, producer, consumer, write, read, flowing);
    return;
  }
  isl_space *space = isl_space_align_params(
      isl_space_map_from_domain_and_range(
          isl_space_domain(isl_map_get_space(write)),
          isl_space_domain(isl_map_get_space(read))),
      isl_space_copy(b->paramSpace));
  EgEdgeShape shape = {0};
  if (!egEdgeMemoFind(sink->memo, write, read, space, &shape)) {
    isl_map *dep = isl_map_remove_redundancies(isl_map_align_params(
        isl_map_apply_range(isl_map_copy(write),
                            isl_map_reverse(isl_map_copy(read))),
        isl_space_copy(b->paramSpace)));
    if (isl_map_is_empty(dep) == isl_bool_false) { /* flow lists no empty map */
      shape.relation = isl_map_coalesce(dep);
      if (flowing > 0) {
        shape.elements = constantCount(b, flowing);
        shape.counted = true;
      } else {
        isl_set *elements = flowingSet(b, write, read);
        shape.counted =
            solarCountSetCached(b->counts, elements, &shape.elements);
        isl_set_free(elements);
      }
    } else {
      isl_map_free(dep);
    }
    egEdgeMemoStore(sink->memo, write, read, &shape);
  }
  if (shape.relation && producer >= 0 && consumer >= 0 &&
      producer != consumer) {
    pushEdge(sink, producer, consumer, shape.relation, shape.elements,
             shape.counted);
    shape.relation = NULL;
    shape.elements = (SolarCount){0};
  }
  egEdgeShapeClear(&shape);
}

/* Whether the read `ref` reaches elements outside the image boxes
 * writes[0..count) (none: every element it reads is read before any
 * write, the input's value): 1 yes, 0 no, -1 not decided by boxes. The
 * read's image is a non-empty box, so with no writes it reads the input. */
static int readsBeyond(Flow *flow, AccessRef ref, const int64_t *const *writes,
                       int count) {
  const int64_t *box = imageBox(flow, ref);
  for (int i = 0; box && i < count; ++i)
    if (!writes[i])
      return -1;
  int64_t outside =
      box ? egBoxCountOutside(box, writes, count, rankOf(flow, ref)) : -1;
  return outside < 0 ? -1 : outside > 0;
}

/* The flow of a tensor with at most one writer: an exact, injective
 * (each element written once) and plain write, in a node that runs before
 * every reader, each reader reading the tensor once through a plain
 * access. The last write before a read of element e is then the one write
 * of e, so the dependence is { p -> [c -> e] : W(p) = e and R(c) = e }, and
 * the reads of elements W never writes read the input: exactly what
 * compute_flow returns for such a problem (the latter only looked for on
 * arguments, see EgTensor.readsInitialValue). A tensor nobody writes needs
 * no shape. Returns false (doing nothing) for any other tensor. */
static bool trivialFlow(Flow *flow, int tensor, const AccessRef *refs,
                        int count) {
  EgBuilder *b = flow->b;
  int writer = -1;
  for (int i = 0; i < count; ++i) {
    EgAccess *access = accessOf(b, refs[i]);
    if (!access->write)
      continue;
    if (writer >= 0 || !access->exact)
      return false;
    writer = i;
  }
  EgAccess *writeAccess = writer >= 0 ? accessOf(b, refs[writer]) : NULL;
  isl_map *write = writeAccess ? writeAccess->map : NULL;
  if (write) {
    const EgNode *producer = &b->nodes[refs[writer].node];
    for (int i = 0; i < count; ++i)
      if (i != writer &&
          !runsBefore(producer, &b->nodes[refs[i].node], flow->length))
        return false;
    if (!egEdgeMemoInjective(flow->memo, producer, writeAccess))
      return false;
    for (int i = 0; i < count; ++i)
      if (!egEdgeMemoMapFact(flow->memo, EG_FACT_PLAIN_ACCESS,
                             accessOf(b, refs[i])->map, plainAccess) ||
          (i > 0 && refs[i - 1].node == refs[i].node))
        return false;
  }
  EdgeSink sink = {b, flow->memo, tensor};
  /* Reads of the incoming value only decide the role of an argument; for
   * any other tensor they are not worth a subtraction per read. */
  bool wantInitial = b->tensors[tensor].isArgument;
  int rank = b->tensors[tensor].rank;
  const int64_t *writeBox = write ? imageBox(flow, refs[writer]) : NULL;
  isl_set *written = NULL;
  for (int i = 0; i < count; ++i) {
    if (i == writer)
      continue;
    isl_map *read = accessOf(b, refs[i])->map;
    if (wantInitial) {
      int beyond = readsBeyond(flow, refs[i], &writeBox, write ? 1 : 0);
      if (beyond > 0) {
        b->tensors[tensor].readsInitialValue = true;
      } else if (beyond < 0) {
        isl_map *initial = isl_map_copy(read);
        if (write && !written)
          written = isl_map_range(isl_map_copy(write));
        if (written)
          initial = isl_map_subtract_range(initial, isl_set_copy(written));
        markInitialRead(initial, &sink);
      }
    }
    if (!write)
      continue;
    /* One read per consumer (checked above), so its dependence is the
     * edge. */
    directEdge(&sink, write, read,
               boxedElements(writeBox, imageBox(flow, refs[i]), NULL, 0,
                             rank));
  }
  isl_set_free(written);
  return true;
}

/* isl's flow for the reads of the nodes refs[sinkBegin..sinkEnd) (one
 * node), with the writes of refs[sources..count) as sources except those of
 * nodes that run entirely after the sink node. */
/* isl operations one flow problem may take: the largest of the model zoo's
 * networks takes far less (docs/reliability.md). */
static const unsigned long kFlowIslOperations = 2000000;

static void flowProblem(Flow *flow, int tensor, const AccessRef *refs,
                        int count, int sinkBegin, int sinkEnd, int sources) {
  EgBuilder *b = flow->b;
  const EgNode *sinkNode = &b->nodes[refs[sinkBegin].node];
  int first = sources < sinkBegin ? sources : sinkBegin;
  /* 0: not part of the problem, 1: sink read, 2: source write. */
  char *use = calloc((size_t)(count - first) + 1, 1);
  if (!use)
    abort();
  int length = 1;
  for (int i = first; i < count; ++i) {
    EgAccess *access = accessOf(b, refs[i]);
    bool sink = i >= sinkBegin && i < sinkEnd;
    if (sink && !access->write)
      use[i - first] = 1;
    else if (access->write && i >= sources &&
             (sink || i < sinkBegin ||
              !runsBefore(sinkNode, &b->nodes[refs[i].node], flow->length)))
      use[i - first] = 2;
    int own = b->nodes[refs[i].node].scope->schedLength + 1;
    if (use[i - first] && own > length)
      length = own;
  }
  isl_space *params = isl_space_copy(b->paramSpace);
  int *nodes = calloc((size_t)(count - first) + 1, sizeof(int));
  if (!nodes)
    abort();
  int nodeCount = 0;
  isl_union_map *reads = isl_union_map_empty(isl_space_copy(params));
  isl_union_map *mustWrites = isl_union_map_empty(isl_space_copy(params));
  isl_union_map *mayWrites = isl_union_map_empty(params);
  int scheduled = -1;
  for (int i = first; i < count; ++i) {
    EgAccess *access = accessOf(b, refs[i]);
    if (!use[i - first])
      continue;
    isl_map *map = isl_map_copy(access->map);
    if (use[i - first] == 1)
      reads = isl_union_map_add_map(reads, map);
    else if (access->exact)
      mustWrites = isl_union_map_add_map(mustWrites, map);
    else
      mayWrites = isl_union_map_add_map(mayWrites, map);
    if (scheduled != refs[i].node) {
      scheduled = refs[i].node;
      nodes[nodeCount++] = refs[i].node;
    }
  }
  free(use);
  isl_union_map *schedule = compactSchedule(b, nodes, nodeCount, length);
  free(nodes);
  isl_union_access_info *info = isl_union_access_info_from_sink(reads);
  info = isl_union_access_info_set_must_source(info, mustWrites);
  info = isl_union_access_info_set_may_source(info, mayWrites);
  info = isl_union_access_info_set_schedule_map(info, schedule);
  /* A budget, as counting and the necessary-work analysis have: isl's
   * flow analysis over deeply conditioned domains grows far faster than
   * the nesting, and without a limit a hostile input hangs the lift.
   * Over the budget the lift fails with an error: a flow left out would
   * turn a read into a read of the initial value, and a guessed source
   * could fuse what must not be fused. */
  unsigned long previousBudget = isl_ctx_get_max_operations(b->ctx);
  isl_ctx_reset_operations(b->ctx);
  isl_ctx_set_max_operations(b->ctx, kFlowIslOperations);
  isl_union_flow *result = isl_union_access_info_compute_flow(info);
  isl_union_map *deps = isl_union_flow_get_full_may_dependence(result);
  isl_union_map *initial = isl_union_flow_get_may_no_source(result);
  bool exhausted = isl_ctx_last_error(b->ctx) == isl_error_quota;
  isl_ctx_set_max_operations(b->ctx, previousBudget);
  isl_ctx_reset_operations(b->ctx);
  if (exhausted || !deps || !initial) {
    isl_ctx_reset_error(b->ctx);
    solarEmitError(mlirOperationGetLocation(sinkNode->anchor),
                   "the dataflow into this store's reads %s the analysis "
                   "budget of %lu isl operations (deeply nested conditions "
                   "or loops make isl's flow analysis explode); solar "
                   "refuses the function rather than guess its edges",
                   exhausted ? "exceeded" : "could not be computed within",
                   kFlowIslOperations);
    b->failed = true;
    isl_union_map_free(deps);
    isl_union_map_free(initial);
    isl_union_flow_free(result);
    return;
  }
  EdgeSink sink = {b, flow->memo, tensor};
  isl_union_map_foreach_map(deps, addEdge, &sink);
  isl_union_map_foreach_map(initial, markInitialRead, &sink);
  isl_union_map_free(deps);
  isl_union_map_free(initial);
  isl_union_flow_free(result);
}

/* The elements the accesses refs[begin..end) of one kind touch: their
 * images (the ranges of their relations, made when they were built). */
static __isl_give isl_set *touched(EgBuilder *b, const AccessRef *refs,
                                   int begin, int end, bool writes) {
  isl_set *all = NULL;
  for (int i = begin; i < end; ++i) {
    EgAccess *access = accessOf(b, refs[i]);
    if (access->write != writes || (writes && !access->exact))
      continue;
    isl_set *range = isl_set_copy(access->image);
    all = all ? isl_set_union(all, range) : range;
  }
  return all;
}

/* Whether a write among refs[writeBegin..writeEnd) touches, shown without
 * isl, all that the reads of refs[readBegin..readEnd) touch: it writes
 * the whole tensor and every read stays inside it. */
static bool coversReads(EgBuilder *b, const AccessRef *refs, int writeBegin,
                        int writeEnd, int readBegin, int readEnd) {
  bool whole = false;
  for (int i = writeBegin; i < writeEnd && !whole; ++i) {
    EgAccess *access = accessOf(b, refs[i]);
    whole = access->write && access->exact && egAccessCoversTensor(b, access);
  }
  for (int i = readBegin; i < readEnd && whole; ++i) {
    EgAccess *access = accessOf(b, refs[i]);
    whole = access->write || egAccessInsideBox(b, access);
  }
  return whole;
}

/* Whether the exact writes among refs[writeBegin..writeEnd) hold every
 * element the reads of refs[readBegin..readEnd) read, from the images'
 * boxes: 1 yes, 0 no, -1 not decided (an image that is no box). */
static int boxesCoverReads(Flow *flow, const AccessRef *refs, int writeBegin,
                           int writeEnd, int readBegin, int readEnd) {
  const int64_t *writes[writeEnd - writeBegin + 1];
  int count = 0;
  for (int i = writeBegin; i < writeEnd; ++i) {
    EgAccess *access = accessOf(flow->b, refs[i]);
    if (!access->write || !access->exact)
      continue;
    writes[count] = imageBox(flow, refs[i]);
    if (!writes[count++])
      return -1;
  }
  if (count == 0)
    return 0;
  int covered = 1;
  for (int i = readBegin; i < readEnd && covered != 0; ++i)
    if (!accessOf(flow->b, refs[i])->write) {
      int beyond = readsBeyond(flow, refs[i], writes, count);
      covered = beyond < 0 ? -1 : beyond > 0 ? 0 : covered;
    }
  return covered;
}

/* Whether the node's schedule orders its instances as its domain does:
 * the loop dimensions appear in it as 0, 1, 2, ... */
static bool lexicographicSchedule(const EgNode *node) {
  int next = 0;
  for (int k = 0; k < node->scope->schedLength; ++k)
    if (node->scope->sched[k].isDim && node->scope->sched[k].value != next++)
      return false;
  return next == (int)isl_set_dim(node->domain, isl_dim_set);
}

/* The instances of a writing node that write each element last: the
 * write itself when it is injective; for a write several instances share
 * (a reduction into the element) the lexicographically last of them, when
 * the node's schedule runs its instances in the order of its domain.
 * NULL when neither holds. */
static __isl_give isl_map *lastWriter(Flow *flow, const EgNode *node,
                                      EgAccess *write) {
  if (egEdgeMemoInjective(flow->memo, node, write))
    return isl_map_copy(write->map);
  if (!lexicographicSchedule(node))
    return NULL;
  return egEdgeMemoLastInstances(flow->memo, write->map);
}

/* The reads of node refs[begin..end) when the node refs[killer..) kills
 * every older write (generalFlow), written down without a flow problem
 * when the writes from the killer on are a sequence of overwrites: every
 * node between the killer and the reader that writes the tensor writes it
 * once, exactly and through a plain access, the nodes run one after the
 * other (checked by generalFlow's walk, and again here), the reader reads
 * the tensor once through a plain access and writes it, if at all, exactly
 * there (a read-modify-write, whose own write is never the source of its
 * read), and no later node interleaves with the reader. The last write of
 * an element is then made by the last of those nodes that writes it, and
 * within that node by its last writing instance (lastWriter): node j's
 * dependence is { p -> [c -> e] : L_j(p) = e, R(c) = e, e not written by
 * a later node }, the same relation compute_flow finds (exact sources
 * only, so every dependence is a must). A padded buffer (a fill everywhere,
 * then a copy into its interior, read through convolution windows) and a
 * reduction's result read by the next nest are the common cases. Nothing is
 * read before it is written (the killer writes every element read), so no
 * read marks the initial value. Returns false (doing nothing) otherwise. */
static bool killedDirectly(Flow *flow, int tensor, const AccessRef *refs,
                           int count, int killer, int begin, int end) {
  EgBuilder *b = flow->b;
  int read = -1, ownWrite = -1;
  for (int i = begin; i < end; ++i) {
    int *slot = accessOf(b, refs[i])->write ? &ownWrite : &read;
    if (*slot >= 0)
      return false;
    *slot = i;
  }
  const EgNode *reader = &b->nodes[refs[begin].node];
  for (int i = end; i < count; ++i)
    if (accessOf(b, refs[i])->write &&
        !runsBefore(reader, &b->nodes[refs[i].node], flow->length))
      return false;
  if (read < 0)
    return false;
  /* The writes from the killer on, one per node, in program order. */
  int writes[begin - killer + 1];
  int writeCount = 0;
  for (int i = killer; i < begin; ++i) {
    EgAccess *access = accessOf(b, refs[i]);
    if (!access->write)
      continue;
    if (writeCount > 0 && refs[writes[writeCount - 1]].node == refs[i].node)
      return false;
    if (!access->exact ||
        (writeCount > 0 &&
         !runsBefore(&b->nodes[refs[writes[writeCount - 1]].node],
                     &b->nodes[refs[i].node], flow->length)))
      return false;
    writes[writeCount++] = i;
  }
  if (writeCount == 0 || refs[writes[0]].node != refs[killer].node ||
      !runsBefore(&b->nodes[refs[writes[writeCount - 1]].node], reader,
                  flow->length))
    return false;
  EgAccess *r = accessOf(b, refs[read]);
  bool accumulates = false;
  if (ownWrite >= 0) {
    EgAccess *own = accessOf(b, refs[ownWrite]);
    if (!own->exact || !egAccessSameRelation(own, r))
      return false;
    /* Several instances updating one element (a reduction into it): only
     * the first of them reads the last writer's value, the others their
     * own predecessor's (an edge of the node to itself, not listed).
     * Instances run in the lexicographic order of the domain when the
     * schedule lists the dimensions in order. */
    accumulates = !egEdgeMemoInjective(flow->memo, reader, own);
    if (accumulates && !lexicographicSchedule(reader))
      return false;
  }
  /* What flows from each writer, from the images' boxes where they are
   * boxes: writer k's image meeting the read's, less what later writers
   * overwrite (-1: not known). */
  int rank = b->tensors[tensor].rank;
  const int64_t *readBox = imageBox(flow, refs[read]);
  const int64_t *boxes[writeCount];
  int64_t flowing[writeCount];
  bool allFlowing = true;
  for (int k = 0; k < writeCount; ++k)
    boxes[k] = imageBox(flow, refs[writes[k]]);
  for (int k = 0; k < writeCount; ++k) {
    flowing[k] = boxedElements(boxes[k], readBox, boxes + k + 1,
                               writeCount - 1 - k, rank);
    allFlowing = allFlowing && flowing[k] >= 0;
  }
  EdgeSink sink = {b, flow->memo, tensor};
  if (allFlowing && !b->printRelations) {
    /* No relation to write: the counts are the edges, and the last
     * writers and first readers (whose images are the accesses' own)
     * need only exist. */
    for (int k = 0; k < writeCount; ++k) {
      const EgNode *node = &b->nodes[refs[writes[k]].node];
      if (!egEdgeMemoInjective(flow->memo, node, accessOf(b, refs[writes[k]])) &&
          !lexicographicSchedule(node))
        return false;
    }
    for (int k = writeCount - 1; k >= 0; --k)
      if (flowing[k] > 0)
        countedEdge(&sink, refs[writes[k]].node, refs[begin].node, NULL, NULL,
                    flowing[k]);
    return true;
  }
  isl_map *last[writeCount];
  for (int k = 0; k < writeCount; ++k) {
    last[k] = lastWriter(flow, &b->nodes[refs[writes[k]].node],
                         accessOf(b, refs[writes[k]]));
    if (!last[k]) {
      for (int j = 0; j < k; ++j)
        isl_map_free(last[j]);
      return false;
    }
  }
  isl_map *sinkRead = accumulates ? egEdgeMemoFirstInstances(flow->memo, r->map)
                                   : isl_map_copy(r->map);
  /* Latest writer first: each earlier one keeps the elements no later
   * one overwrites. */
  isl_set *overwritten = NULL;
  for (int k = writeCount - 1; k >= 0; --k) {
    isl_map *source = last[k];
    if (overwritten)
      source = isl_map_subtract_range(source, isl_set_copy(overwritten));
    directEdge(&sink, source, sinkRead, flowing[k]);
    isl_map_free(source);
    if (k > 0) {
      isl_set *range = isl_set_copy(accessOf(b, refs[writes[k]])->image);
      overwritten = overwritten ? isl_set_union(overwritten, range) : range;
    }
  }
  isl_set_free(overwritten);
  isl_map_free(sinkRead);
  return true;
}

/* The flow of a tensor written in pieces before it is read, as a
 * concatenation's buffer is (DenseNet: one copy nest per slice, ~1,700 of
 * them, then the readers of the whole): at least two writing nodes, each
 * writing the tensor once, exactly, injectively and through a plain access,
 * into pairwise disjoint boxes; every other node reading it once through a
 * plain access, after every writer. Each element is then written by one
 * instance of one node, before every read of it, so the last write before
 * a read of e is the one write of e whatever the writers' order, and
 * writer j's dependence is { p -> [c -> e] : W_j(p) = e and R(c) = e }, as
 * for one writer (trivialFlow): no write kills another. isl's flow found
 * the same, over all writers at once per reader (quadratic in them); a
 * reader whose box misses a writer's gets no edge from it (compute_flow
 * lists no empty map) and costs no composition. Returns false (doing
 * nothing) for any other tensor. */
static bool disjointWriters(Flow *flow, int tensor, const AccessRef *refs,
                            int count) {
  EgBuilder *b = flow->b;
  int rank = b->tensors[tensor].rank, writers = 0;
  for (int i = 0; i < count; ++i) {
    EgAccess *access = accessOf(b, refs[i]);
    if (i > 0 && refs[i - 1].node == refs[i].node)
      return false;
    if (access->write) {
      if (!access->exact ||
          !egEdgeMemoInjective(flow->memo, &b->nodes[refs[i].node], access))
        return false;
      writers++;
    }
  }
  if (writers < 2 || rank <= 0)
    return false;
  for (int i = 0; i < count; ++i)
    if (!egEdgeMemoMapFact(flow->memo, EG_FACT_PLAIN_ACCESS,
                           accessOf(b, refs[i])->map, plainAccess))
      return false;
  /* Boxes of every access (a read's may be missing: then it meets all),
   * the writers' in writerBoxes too. */
  const int64_t **boxes = solarCalloc((size_t)count + 1, sizeof(*boxes));
  const int64_t **writerBoxes = solarCalloc((size_t)count + 1, sizeof(*boxes));
  bool ok = true;
  int writerCount = 0;
  for (int i = 0; i < count && ok; ++i) {
    boxes[i] = imageBox(flow, refs[i]);
    ok = boxes[i] || !accessOf(b, refs[i])->write;
    if (boxes[i] && accessOf(b, refs[i])->write)
      writerBoxes[writerCount++] = boxes[i];
  }
  int64_t meet[EG_BOX_STRIDE * rank + 1];
  for (int i = 0; i < count && ok; ++i) {
    if (!accessOf(b, refs[i])->write)
      continue;
    for (int j = 0; j < count && ok; ++j) {
      if (accessOf(b, refs[j])->write)
        ok = j <= i || egBoxMeet(boxes[i], boxes[j], rank, meet) == 0;
      else
        ok = runsBefore(&b->nodes[refs[i].node], &b->nodes[refs[j].node],
                        flow->length);
    }
  }
  if (!ok) {
    free(boxes);
    free(writerBoxes);
    return false;
  }
  EdgeSink sink = {b, flow->memo, tensor};
  bool wantInitial = b->tensors[tensor].isArgument;
  isl_set *written = NULL;
  for (int j = 0; j < count; ++j) {
    EgAccess *read = accessOf(b, refs[j]);
    if (read->write)
      continue;
    int beyond =
        wantInitial ? readsBeyond(flow, refs[j], writerBoxes, writerCount) : 0;
    if (beyond > 0) {
      b->tensors[tensor].readsInitialValue = true;
    } else if (beyond < 0) {
      if (!written)
        written = touched(b, refs, 0, count, true);
      markInitialRead(isl_map_subtract_range(isl_map_copy(read->map),
                                             isl_set_copy(written)),
                      &sink);
    }
    for (int i = 0; i < count; ++i)
      if (accessOf(b, refs[i])->write &&
          (!boxes[j] || egBoxMeet(boxes[i], boxes[j], rank, meet) != 0))
        directEdge(&sink, accessOf(b, refs[i])->map, read->map,
                   boxedElements(boxes[i], boxes[j], NULL, 0, rank));
  }
  isl_set_free(written);
  free(boxes);
  free(writerBoxes);
  return true;
}

/* The general case: isl's flow, one problem per reading node (isl solves
 * each sink on its own anyway). The last write before a read is never
 * older than the nearest earlier node that runs entirely before the reader,
 * after every earlier accessing node, and writes (exactly) every element
 * the reader reads: such a node kills all older writes. Starting the
 * sources there keeps a chain of in-place updates of one buffer linear
 * instead of quadratic in its length; where no such node exists every
 * earlier write stays a source, as before. */
static void generalFlow(Flow *flow, int tensor, const AccessRef *refs,
                        int count) {
  EgBuilder *b = flow->b;
  for (int begin = 0; begin < count;) {
    int end = begin + 1;
    while (end < count && refs[end].node == refs[begin].node)
      ++end;
    bool reads = false;
    for (int i = begin; i < end; ++i)
      reads = reads || !accessOf(b, refs[i])->write;
    if (!reads) {
      begin = end;
      continue;
    }
    const EgNode *reader = &b->nodes[refs[begin].node];
    isl_set *wanted = touched(b, refs, begin, end, false);
    int sources = 0;
    bool killed = false;
    /* Candidate killers, nearest first: a node whose accesses of the
     * tensor are refs[k..next). A node that only reads the tensor is never
     * a source, so it neither kills nor needs an order; a writing one must
     * run before the reader. A killer must run after every older write:
     * nodes are in program order, so when the nearest earlier writing node
     * runs entirely before it, every older node does (they share no loop
     * with it either). */
    for (int next = begin; next > 0 && wanted;) {
      int k = next - 1;
      while (k > 0 && refs[k - 1].node == refs[k].node)
        --k;
      const EgNode *candidate = &b->nodes[refs[k].node];
      bool writes = false;
      for (int i = k; i < next && !writes; ++i)
        writes = accessOf(b, refs[i])->write;
      if (!writes) {
        next = k;
        continue;
      }
      if (!runsBefore(candidate, reader, flow->length))
        break;
      bool kills = coversReads(b, refs, k, next, begin, end);
      int boxed = kills ? 1 : boxesCoverReads(flow, refs, k, next, begin, end);
      kills = boxed > 0;
      if (boxed < 0) {
        isl_set *written = touched(b, refs, k, next, true);
        kills = written && egEdgeMemoSubset(flow->memo, wanted, written);
        isl_set_free(written);
      }
      if (kills) {
        int older = k - 1;
        while (older >= 0 && !accessOf(b, refs[older])->write)
          --older;
        if (older >= 0 && !runsBefore(&b->nodes[refs[older].node], candidate,
                                      flow->length))
          break;
        sources = k;
        killed = true;
        break;
      }
      next = k;
    }
    isl_set_free(wanted);
    if (!killed || !killedDirectly(flow, tensor, refs, count, sources, begin,
                                   end))
      flowProblem(flow, tensor, refs, count, begin, end, sources);
    begin = end;
  }
}

/* Dataflow of one tensor: only the nodes that touch it take part, so the
 * cost of the whole graph is the sum over tensors of small problems instead
 * of one problem over every access of the function (which grows
 * quadratically with the number of nests). Flow never crosses tensors, so
 * the result is the same. */
static void tensorDataflow(Flow *flow, int tensor, const AccessRef *refs,
                           int count) {
  bool anyRead = false;
  for (int i = 0; i < count; ++i)
    anyRead = anyRead || !accessOf(flow->b, refs[i])->write;
  if (!anyRead)
    return;
  if (trivialFlow(flow, tensor, refs, count) ||
      disjointWriters(flow, tensor, refs, count))
    return;
  generalFlow(flow, tensor, refs, count);
}

void egComputeDataflow(EgBuilder *b) {
  if (b->nodeCount == 0 || b->tensorCount == 0)
    return;
  /* Accesses bucketed by tensor (counting sort, node order kept), so each
   * tensor's problem is found without scanning every node. */
  int *start = calloc((size_t)b->tensorCount + 1, sizeof(int));
  if (!start)
    abort();
  for (int i = 0; i < b->nodeCount; ++i)
    for (int a = 0; a < b->nodes[i].accessCount; ++a)
      start[b->nodes[i].accesses[a].tensor + 1]++;
  for (int t = 0; t < b->tensorCount; ++t)
    start[t + 1] += start[t];
  int total = start[b->tensorCount];
  AccessRef *refs = calloc((size_t)total + 1, sizeof(AccessRef));
  int *fill = calloc((size_t)b->tensorCount + 1, sizeof(int));
  Flow flow = {b, egEdgeMemoCreate(), scheduleLength(b),
               solarCalloc((size_t)b->nodeCount + 1, sizeof(int)),
               solarCalloc((size_t)total + 1, sizeof(ImageBox))};
  if (!refs || !fill)
    abort();
  for (int i = 0; i + 1 < b->nodeCount; ++i)
    flow.firstAccess[i + 1] = flow.firstAccess[i] + b->nodes[i].accessCount;
  memcpy(fill, start, (size_t)b->tensorCount * sizeof(int));
  for (int i = 0; i < b->nodeCount; ++i)
    for (int a = 0; a < b->nodes[i].accessCount; ++a) {
      const EgAccess *access = &b->nodes[i].accesses[a];
      refs[fill[access->tensor]++] = (AccessRef){i, a};
      if (access->shapeMap)
        egEdgeMemoShareKey(flow.memo, access->map, access->shapeMap);
    }
  for (int t = 0; t < b->tensorCount; ++t)
    tensorDataflow(&flow, t, refs + start[t], start[t + 1] - start[t]);
  egEdgeMemoDestroy(flow.memo);
  for (int i = 0; i < total; ++i)
    free(flow.images[i].bounds);
  free(flow.images);
  free(flow.firstAccess);
  free(fill);
  free(refs);
  free(start);
  if (b->edgeCount > 1)
    qsort(b->edges, (size_t)b->edgeCount, sizeof(EgEdge), compareEdges);
}
