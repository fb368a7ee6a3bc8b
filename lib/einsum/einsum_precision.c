/* Precision from the program's intent (docs/sol-model.md, "Precision").
 *
 * Importers widen values the program itself keeps narrow: torch-mlir lowers
 * a bf16 nn.Linear as a matmul with bf16 operands that extf to f32 inside
 * the loop, and computes LayerNorm/InstanceNorm statistics in f64 from f32
 * inputs. A lower bound must not charge that widening: the framework's own
 * kernel multiplies bf16 on tensor cores and keeps the statistics in f32.
 *
 * Each tensor gets an intent width: the narrowest width its value carries
 * along the path from the program's arguments and results. Program
 * arguments, weights and results keep their declared type (that is what the
 * program reads and writes). An intermediate is narrowed to
 *   - forward: the widest intent among the float value operands of the
 *     nodes that write it (a value computed from f32 data is f32 data,
 *     whatever width the IR stores it in), and
 *   - backward: when every node that reads it is a pure cast, the widest
 *     width those casts write (an f32 accumulator truncated to bf16 is
 *     stored as bf16 by any real epilogue).
 * The forward pass starts intermediates with no width and only widens them
 * (up to the declared type); the backward pass then only narrows. Each
 * change moves a width one way among a few, so each pass reaches its
 * fixpoint in at most (number of widths) x (number of tensors) rounds.
 * Narrowing only lowers bytes and raises unit rates, so the bound stays a
 * lower bound. */
#include "solar/einsum/einsum_graph.h"
#include "solar/einsum/einsum_graph_index.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool isAccess(const SolarEinsumAccess *a, bool write,
                     SolarAccessRole role) {
  return a->isWrite == write && a->role == role;
}

static unsigned widthOf(SolarDtype dtype) {
  return solarDtypeStorageBits(dtype);
}

/* The wider of two float dtypes; INVALID counts as absent. */
static SolarDtype wider(SolarDtype a, SolarDtype b) {
  if (a == SOLAR_DTYPE_INVALID)
    return b;
  if (b == SOLAR_DTYPE_INVALID)
    return a;
  return widthOf(b) > widthOf(a) ? b : a;
}

static SolarDtype narrower(SolarDtype a, SolarDtype b) {
  if (a == SOLAR_DTYPE_INVALID)
    return b;
  if (b == SOLAR_DTYPE_INVALID)
    return a;
  return widthOf(b) < widthOf(a) ? b : a;
}

/* Integers of widths without a hardware key (i2, i7, i128) are index or
 * flag bookkeeping: they take the next key up, which never decides a rate.
 * Floats without a key are an error: their arithmetic has no unit. */
static bool mapSpelling(const char *spelling, SolarDtype *out) {
  *out = solarDtypeFromTypeSpelling(spelling);
  if (*out != SOLAR_DTYPE_INVALID)
    return true;
  const char *digits = spelling;
  if (digits && (digits[0] == 'u' || digits[0] == 's') && digits[1] == 'i')
    ++digits;
  if (digits && digits[0] == 'i' && digits[1] >= '1' && digits[1] <= '9') {
    char *end = NULL;
    long bits = strtol(digits + 1, &end, 10);
    if (end && !*end) {
      *out = bits <= 8    ? SOLAR_DTYPE_INT8
             : bits <= 16 ? SOLAR_DTYPE_INT16
             : bits <= 32 ? SOLAR_DTYPE_INT32
                          : SOLAR_DTYPE_INT64;
      return true;
    }
  }
  return false;
}

static bool isBoundary(const SolarEinsumTensor *t) {
  return t->role != SOLAR_ROLE_INTERMEDIATE;
}

static bool isPureCast(const SolarEinsumNode *node) {
  const int64_t *c = node->opsPerPoint.counts;
  if (c[SOLAR_OP_CAST] <= 0)
    return false;
  for (int k = 0; k < SOLAR_OP_CLASS_COUNT; ++k)
    if (k != SOLAR_OP_CAST && c[k] != 0)
      return false;
  return true;
}

static bool hasOps(const SolarEinsumNode *node) {
  for (int k = 0; k < SOLAR_OP_CLASS_COUNT; ++k)
    if (node->opsPerPoint.counts[k] != 0)
      return true;
  return false;
}

/* The widest intent among the node's float value operands; *anyFloat
 * tells whether it has any (one whose width is not known yet included). */
static SolarDtype operandWidthOf(const SolarEinsumGraph *graph,
                                 const SolarEinsumNode *node, bool *anyFloat) {
  SolarDtype widest = SOLAR_DTYPE_INVALID;
  *anyFloat = false;
  for (size_t a = 0; a < node->accessCount; ++a) {
    const SolarEinsumAccess *access = &node->accesses[a];
    if (!isAccess(access, false, SOLAR_ACCESS_ROLE_OPERAND) || access->tensor < 0 ||
        (size_t)access->tensor >= graph->tensorCount)
      continue;
    const SolarEinsumTensor *t = &graph->tensors[access->tensor];
    if (!solarDtypeIsFloat(t->declaredDtype))
      continue;
    *anyFloat = true;
    if (solarDtypeIsFloat(t->intentDtype))
      widest = wider(widest, t->intentDtype);
  }
  return widest;
}

static SolarDtype operandWidth(const SolarEinsumGraph *graph,
                               const SolarEinsumNode *node) {
  bool anyFloat;
  return operandWidthOf(graph, node, &anyFloat);
}

/* The width the value written into tensor t by `node` needs: INVALID when
 * not known yet, or when the node stores only constants (a fill fits any
 * width). */
static SolarDtype writtenWidth(const SolarEinsumGraph *graph,
                               const SolarEinsumNode *node,
                               const SolarEinsumTensor *t) {
  bool anyFloat;
  SolarDtype operands = operandWidthOf(graph, node, &anyFloat);
  if (anyFloat)
    return operands;
  return hasOps(node) ? t->declaredDtype : SOLAR_DTYPE_INVALID;
}

/* How many nodes may access tensor `id`, and which (*users; NULL: every
 * node, on a graph without an index): asking every node per tensor per
 * round was quadratic in the network's length. */
static size_t usersOf(const SolarEinsumGraph *graph, int64_t id,
                      const size_t **users) {
  size_t count = 0;
  *users = solarGraphTensorNodes(graph, id, &count);
  return *users ? count : graph->nodeCount;
}

/* The widest width the nodes writing tensor `id` store into it. */
static SolarDtype forwardLimit(const SolarEinsumGraph *graph, int64_t id) {
  const SolarEinsumTensor *t = &graph->tensors[id];
  SolarDtype forward = SOLAR_DTYPE_INVALID;
  const size_t *users;
  size_t count = usersOf(graph, id, &users);
  for (size_t k = 0; k < count; ++k) {
    const SolarEinsumNode *node = &graph->nodes[users ? users[k] : k];
    for (size_t a = 0; a < node->accessCount; ++a) {
      if (node->accesses[a].tensor == id &&
          isAccess(&node->accesses[a], true, SOLAR_ACCESS_ROLE_OUTPUT)) {
        forward = wider(forward, writtenWidth(graph, node, t));
        break;
      }
    }
  }
  return forward;
}

/* When every node reading tensor `id` is a pure cast: the widest width
 * those casts write. INVALID otherwise. */
static SolarDtype backwardLimit(const SolarEinsumGraph *graph, int64_t id) {
  SolarDtype backward = SOLAR_DTYPE_INVALID;
  bool anyReader = false;
  const size_t *users;
  size_t count = usersOf(graph, id, &users);
  for (size_t k = 0; k < count; ++k) {
    const SolarEinsumNode *node = &graph->nodes[users ? users[k] : k];
    bool reads = false;
    for (size_t a = 0; a < node->accessCount; ++a)
      reads |= node->accesses[a].tensor == id &&
               isAccess(&node->accesses[a], false, SOLAR_ACCESS_ROLE_OPERAND);
    if (!reads)
      continue;
    if (!isPureCast(node))
      return SOLAR_DTYPE_INVALID;
    anyReader = true;
    for (size_t a = 0; a < node->accessCount; ++a) {
      const SolarEinsumAccess *out = &node->accesses[a];
      if (isAccess(out, true, SOLAR_ACCESS_ROLE_OUTPUT) && out->tensor != id)
        backward = wider(backward, graph->tensors[out->tensor].intentDtype);
    }
  }
  return anyReader && solarDtypeIsFloat(backward) ? backward
                                                  : SOLAR_DTYPE_INVALID;
}

/* What an element type without a hardware dtype is told. */
#define MODELLED_DTYPES                                                        \
  " (solar models f64, f32, tf32, bf16, f16, f8*, f6*, f4E2M1FN and "          \
  "integers; docs/hardware-format.md)"

static bool mapDeclared(SolarEinsumGraph *graph, char *err, size_t errSize) {
  for (size_t i = 0; i < graph->tensorCount; ++i) {
    SolarEinsumTensor *t = &graph->tensors[i];
    if (!mapSpelling(t->dtype, &t->declaredDtype)) {
      snprintf(err, errSize,
               "element type '%s' of tensor %s has no hardware dtype"
               MODELLED_DTYPES,
               t->dtype ? t->dtype : "?", t->name ? t->name : "?");
      return false;
    }
    t->intentDtype = t->declaredDtype;
  }
  for (size_t i = 0; i < graph->nodeCount; ++i) {
    SolarEinsumNode *node = &graph->nodes[i];
    if (!mapSpelling(node->dtype, &node->accumulateDtype)) {
      snprintf(err, errSize,
               "element type '%s' stored by node %lld (%s) has no hardware "
               "dtype" MODELLED_DTYPES,
               node->dtype ? node->dtype : "?", (long long)node->id,
               node->loc ? node->loc : "?");
      return false;
    }
  }
  return true;
}

static bool isNarrowable(const SolarEinsumTensor *t) {
  return !isBoundary(t) && solarDtypeIsFloat(t->declaredDtype);
}

/* A rule of the fixpoint: the tensor's new intent width, or INVALID to
 * keep the one it has. Each rule moves widths one way only. */
typedef SolarDtype (*IntentRule)(const SolarEinsumGraph *graph, size_t tensor);

/* Applies `rule` to every narrowable tensor, in order and in place, until a
 * round changes nothing (the bound on rounds is only a guard). */
static void iterate(SolarEinsumGraph *graph, IntentRule rule) {
  bool changed = true;
  for (size_t round = 0; changed && round <= 8 * graph->tensorCount; ++round) {
    changed = false;
    for (size_t i = 0; i < graph->tensorCount; ++i) {
      if (!isNarrowable(&graph->tensors[i]))
        continue;
      SolarDtype next = rule(graph, i);
      if (next != SOLAR_DTYPE_INVALID) {
        graph->tensors[i].intentDtype = next;
        changed = true;
      }
    }
  }
}

/* Forward: the least fixpoint. Intermediates start with no width and
 * widen to what their writers store, capped at the declared type; buffers
 * bufferization reuses (a tensor written from itself) thus keep the width
 * of the data that enters them rather than the IR's. Widths only grow. */
static SolarDtype widenForward(const SolarEinsumGraph *graph, size_t i) {
  const SolarEinsumTensor *t = &graph->tensors[i];
  SolarDtype forward = forwardLimit(graph, (int64_t)i);
  if (forward == SOLAR_DTYPE_INVALID)
    return SOLAR_DTYPE_INVALID; /* nothing known yet */
  SolarDtype limit = narrower(t->declaredDtype, forward);
  return t->intentDtype == SOLAR_DTYPE_INVALID ||
                 widthOf(limit) > widthOf(t->intentDtype)
             ? limit
             : SOLAR_DTYPE_INVALID;
}

static void propagateForward(SolarEinsumGraph *graph) {
  for (size_t i = 0; i < graph->tensorCount; ++i)
    if (isNarrowable(&graph->tensors[i]))
      graph->tensors[i].intentDtype = SOLAR_DTYPE_INVALID;
  iterate(graph, widenForward);
  /* Written only with constants: the declared type. */
  for (size_t i = 0; i < graph->tensorCount; ++i)
    if (graph->tensors[i].intentDtype == SOLAR_DTYPE_INVALID)
      graph->tensors[i].intentDtype = graph->tensors[i].declaredDtype;
}

/* Backward: a value only ever truncated is stored truncated. Widths only
 * shrink here. */
static SolarDtype narrowBackward(const SolarEinsumGraph *graph, size_t i) {
  SolarDtype limit = backwardLimit(graph, (int64_t)i);
  return limit != SOLAR_DTYPE_INVALID &&
                 widthOf(limit) < widthOf(graph->tensors[i].intentDtype)
             ? limit
             : SOLAR_DTYPE_INVALID;
}

static void deriveNode(const SolarEinsumGraph *graph, SolarEinsumNode *node) {
  SolarDtype declared = node->accumulateDtype;
  node->operandDtype = operandWidth(graph, node);
  if (node->operandDtype != SOLAR_DTYPE_INVALID) {
    node->computeDtype = node->operandDtype;
  } else {
    /* No float operand: a fill, an iota or integer work. The written
     * tensor's intent is the best guess for a float store. */
    node->computeDtype = declared;
    for (size_t a = 0; a < node->accessCount; ++a) {
      const SolarEinsumAccess *out = &node->accesses[a];
      if (isAccess(out, true, SOLAR_ACCESS_ROLE_OUTPUT) && solarDtypeIsFloat(declared))
        node->computeDtype =
            narrower(declared, graph->tensors[out->tensor].intentDtype);
    }
  }
  if (!solarDtypeIsFloat(declared))
    node->accumulateDtype = SOLAR_DTYPE_INVALID;
  node->castsWiden = solarDtypeIsFloat(declared) &&
                     solarDtypeIsFloat(node->computeDtype) &&
                     widthOf(node->computeDtype) < widthOf(declared);
}

bool solarEinsumGraphInferPrecision(SolarEinsumGraph *graph, char *err,
                                    size_t errSize) {
  if (!mapDeclared(graph, err, errSize))
    return false;
  propagateForward(graph);
  iterate(graph, narrowBackward);
  for (size_t i = 0; i < graph->tensorCount; ++i) {
    SolarEinsumTensor *t = &graph->tensors[i];
    t->storageBytes = solarDtypeIsFloat(t->intentDtype)
                          ? solarDtypeStorageBytes(t->intentDtype)
                          : (double)t->elementBytes;
    /* memref<f4E2M1FN> and friends still take whole bytes in the IR; the
     * hardware packs them. */
    if (t->storageBytes <= 0)
      t->storageBytes = (double)t->elementBytes;
  }
  for (size_t i = 0; i < graph->nodeCount; ++i)
    deriveNode(graph, &graph->nodes[i]);
  graph->precisionInferred = true;
  return true;
}
