/* Producer -> consumer edges by exact (value-based) dataflow.
 *
 * Every node gets a schedule (the block positions and loop dimensions of
 * its scope, then its own position); isl_union_access_info_compute_flow then
 * finds, for each read, the last write before it. The dependences between
 * two different nodes are the edges: `relation` maps producer instances to
 * the consumer instances reading what they wrote, and `elements` counts the
 * distinct elements that flow. Reads that no write reaches read the
 * function's input: they make a written argument `inout`. */
#include "einsum_internal.h"

#include <isl/flow.h>
#include <isl/local_space.h>
#include <isl/space.h>
#include <isl/union_map.h>
#include <isl/val.h>

#include <stdlib.h>
#include <string.h>

static int scheduleLength(EgBuilder *b) {
  int length = 1;
  for (int i = 0; i < b->nodeCount; ++i)
    if (b->nodes[i].scope->schedLength + 1 > length)
      length = b->nodes[i].scope->schedLength + 1;
  return length;
}

/* The node's schedule map. Its domain may predate parameters found later
 * in the function (a symbol first used by a later nest), so it is aligned
 * to all of them: the schedule space is built from b->paramSpace, and
 * isl_space_map_from_domain_and_range demands the same parameters on both
 * sides (without the alignment the schedule, and with it every edge of the
 * function, was silently lost). */
static __isl_give isl_map *scheduleOf(EgBuilder *b, EgNode *node, int length) {
  isl_set *aligned = isl_set_align_params(isl_set_copy(node->domain),
                                          isl_space_copy(b->paramSpace));
  isl_space *domain = isl_set_get_space(aligned);
  isl_space *range = isl_space_add_dims(
      isl_space_set_from_params(isl_space_copy(b->paramSpace)), isl_dim_set,
      (unsigned)length);
  isl_multi_aff *ma = isl_multi_aff_zero(
      isl_space_map_from_domain_and_range(isl_space_copy(domain), range));
  isl_local_space *ls = isl_local_space_from_space(domain);
  const EgScope *scope = node->scope;
  for (int k = 0; k <= scope->schedLength && k < length; ++k) {
    bool own = k == scope->schedLength;
    isl_aff *entry;
    if (!own && scope->sched[k].isDim)
      entry = isl_aff_var_on_domain(isl_local_space_copy(ls), isl_dim_set,
                                    (unsigned)scope->sched[k].value);
    else
      entry = isl_aff_val_on_domain(
          isl_local_space_copy(ls),
          isl_val_int_from_si(b->ctx, own ? node->anchorPosition
                                          : scope->sched[k].value));
    ma = isl_multi_aff_set_at(ma, k, entry);
  }
  isl_local_space_free(ls);
  return isl_map_intersect_domain(isl_map_from_multi_aff(ma), aligned);
}

static int nodeOfTuple(const char *name) {
  return name && name[0] == 'S' ? atoi(name + 1) : -1;
}

static int tensorOfTuple(EgBuilder *b, const char *name) {
  for (int i = 0; name && i < b->tensorCount; ++i)
    if (strcmp(b->tensors[i].islName, name) == 0)
      return i;
  return -1;
}

static isl_stat addEdge(__isl_take isl_map *dep, void *user) {
  EgBuilder *b = user;
  int producer = nodeOfTuple(isl_map_get_tuple_name(dep, isl_dim_in));
  isl_map *relation = isl_map_range_factor_domain(isl_map_copy(dep));
  isl_map *data = isl_map_range_factor_range(dep);
  int consumer = nodeOfTuple(isl_map_get_tuple_name(relation, isl_dim_out));
  int tensor = tensorOfTuple(b, isl_map_get_tuple_name(data, isl_dim_out));
  if (producer < 0 || consumer < 0 || tensor < 0 || producer == consumer) {
    isl_map_free(relation);
    isl_map_free(data);
    return isl_stat_ok;
  }
  egGrow((void **)&b->edges, &b->edgeCapacity, b->edgeCount, sizeof(EgEdge));
  EgEdge *edge = &b->edges[b->edgeCount++];
  memset(edge, 0, sizeof(*edge));
  edge->producer = producer;
  edge->consumer = consumer;
  edge->tensor = tensor;
  edge->relation = isl_map_coalesce(relation);
  isl_set *elements = isl_map_range(data);
  if (!egCountSetCached(b->counts, elements, &edge->elements))
    edge->elements.exact = false;
  isl_set_free(elements);
  return isl_stat_ok;
}

static isl_stat markInitialRead(__isl_take isl_map *read, void *user) {
  EgBuilder *b = user;
  int tensor = tensorOfTuple(b, isl_map_get_tuple_name(read, isl_dim_out));
  if (tensor >= 0 && isl_map_is_empty(read) == isl_bool_false)
    b->tensors[tensor].readsInitialValue = true;
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

/* Dataflow of one tensor: only the nodes that touch it take part, so the
 * cost of the whole graph is the sum over tensors of small problems instead
 * of one problem over every access of the function (which grows
 * quadratically with the number of nests). Flow never crosses tensors, so
 * the result is the same. */
static void tensorDataflow(EgBuilder *b, int tensor,
                           __isl_keep isl_map *const *schedules) {
  isl_space *params = isl_space_copy(b->paramSpace);
  isl_union_map *schedule = isl_union_map_empty(isl_space_copy(params));
  isl_union_map *reads = isl_union_map_empty(isl_space_copy(params));
  isl_union_map *mustWrites = isl_union_map_empty(isl_space_copy(params));
  isl_union_map *mayWrites = isl_union_map_empty(params);
  bool anyRead = false;
  for (int i = 0; i < b->nodeCount; ++i) {
    EgNode *node = &b->nodes[i];
    bool touches = false;
    for (int a = 0; a < node->accessCount; ++a) {
      EgAccess *access = &node->accesses[a];
      if (access->tensor != tensor)
        continue;
      touches = true;
      isl_map *map = isl_map_copy(access->map);
      if (!access->write) {
        reads = isl_union_map_add_map(reads, map);
        anyRead = true;
      } else if (access->exact)
        mustWrites = isl_union_map_add_map(mustWrites, map);
      else
        mayWrites = isl_union_map_add_map(mayWrites, map);
    }
    if (touches)
      schedule = isl_union_map_add_map(schedule, isl_map_copy(schedules[i]));
  }
  if (!anyRead) {
    isl_union_map_free(schedule);
    isl_union_map_free(reads);
    isl_union_map_free(mustWrites);
    isl_union_map_free(mayWrites);
    return;
  }
  isl_union_access_info *info = isl_union_access_info_from_sink(reads);
  info = isl_union_access_info_set_must_source(info, mustWrites);
  info = isl_union_access_info_set_may_source(info, mayWrites);
  info = isl_union_access_info_set_schedule_map(info, schedule);
  isl_union_flow *flow = isl_union_access_info_compute_flow(info);
  isl_union_map *deps = isl_union_flow_get_full_may_dependence(flow);
  isl_union_map *initial = isl_union_flow_get_may_no_source(flow);
  isl_union_map_foreach_map(deps, addEdge, b);
  isl_union_map_foreach_map(initial, markInitialRead, b);
  isl_union_map_free(deps);
  isl_union_map_free(initial);
  isl_union_flow_free(flow);
}

void egComputeDataflow(EgBuilder *b) {
  if (b->nodeCount == 0)
    return;
  int length = scheduleLength(b);
  isl_map **schedules = calloc((size_t)(unsigned)b->nodeCount, sizeof(*schedules));
  if (!schedules)
    abort();
  for (int i = 0; i < b->nodeCount; ++i)
    schedules[i] = scheduleOf(b, &b->nodes[i], length);
  for (int t = 0; t < b->tensorCount; ++t)
    tensorDataflow(b, t, schedules);
  for (int i = 0; i < b->nodeCount; ++i)
    isl_map_free(schedules[i]);
  free(schedules);
  if (b->edgeCount > 1)
    qsort(b->edges, (size_t)b->edgeCount, sizeof(EgEdge), compareEdges);
}
