/* Whether the full-size einsum graph is the verified one with more
 * repetitions of one block (cli_structure_repeat.h; the argument for why
 * this is as sound as equal graphs: docs/importers.md, "Two sizes").
 *
 * The node lists must be one prefix, `c` copies of a block of `p` nodes
 * and one suffix, with only `c` differing (>= 2 at the verification
 * sizes). Each full-size node is then compared with the verified node it
 * stands for: the same node in the prefix, the same place in the suffix,
 * and in the block the same place in the same repetition, the last
 * verified one for every repetition beyond it. Every node, access and
 * edge is described relative to the block, so that the description does
 * not depend on how many repetitions there are: a node outside the block
 * by its index in the verified numbering, one inside it, seen from inside,
 * by how many repetitions back it lies and its place in the block, and
 * seen from outside by its place and whether its repetition is the first,
 * the last or one between. */
#include "cli_structure_repeat.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *orNone(const char *s) { return s ? s : "(none)"; }

/* Where the block lies in one graph: nodes [start, start + copies *
 * period); `shift` nodes are taken away after it to reach the verified
 * graph's numbering (0 in that graph). */
typedef struct {
  size_t start, period, copies, shift;
} Layout;

typedef enum {
  REF_NODE,     /* a: the node's index in the verified numbering */
  REF_COPY,     /* a: repetitions back (<= 0), b: place in the block */
  REF_CLASS,    /* a: 0 first, 1 between, 2 last repetition; b: place */
  REF_ARGUMENT, /* a: which function argument */
  REF_UNWRITTEN /* a tensor no node writes (a constant, a weight) */
} RefKind;

typedef struct {
  int64_t kind, a, b;
} Ref;

/* An in-edge as its consumer sees it: the producer and the tensor. */
typedef struct {
  Ref producer, tensor;
} EdgeRef;

/* One graph with what the descriptions need. */
typedef struct {
  const SolarEinsumGraph *graph;
  Layout layout;
  size_t *writer;    /* per tensor: its first writer, SIZE_MAX if none */
  int64_t *argument; /* per tensor: its place among the arguments, or -1 */
  size_t *inStart;   /* per node: its in-edges in byConsumer[inStart[n]..] */
  size_t *byConsumer;
} Side;

static bool isArgument(SolarTensorRole role) {
  return role == SOLAR_ROLE_INPUT || role == SOLAR_ROLE_OUTPUT ||
         role == SOLAR_ROLE_INOUT || role == SOLAR_ROLE_UNUSED;
}

static bool inBlock(const Layout *l, size_t n) {
  return n >= l->start && n < l->start + l->copies * l->period;
}

/* Node q as node n sees it. */
static Ref nodeRef(const Layout *l, size_t q, size_t n) {
  Ref r = {REF_NODE, 0, 0};
  if (!inBlock(l, q)) {
    r.a = (int64_t)(q < l->start ? q : q - l->shift);
    return r;
  }
  int64_t copy = (int64_t)((q - l->start) / l->period);
  r.b = (int64_t)((q - l->start) % l->period);
  if (inBlock(l, n)) {
    r.kind = REF_COPY;
    r.a = copy - (int64_t)((n - l->start) / l->period);
  } else {
    r.kind = REF_CLASS;
    r.a = copy == 0 ? 0 : copy == (int64_t)l->copies - 1 ? 2 : 1;
  }
  return r;
}

/* Tensor t as node n sees it: an argument by its place, an intermediate
 * by its first writer (so buffers shared between nodes stay shared). */
static Ref tensorRef(const Side *s, int64_t t, size_t n) {
  Ref r = {REF_UNWRITTEN, 0, 0};
  if (t < 0 || (size_t)t >= s->graph->tensorCount)
    return r;
  if (s->argument[t] >= 0) {
    r.kind = REF_ARGUMENT;
    r.a = s->argument[t];
  } else if (s->writer[t] != SIZE_MAX) {
    r = nodeRef(&s->layout, s->writer[t], n);
  }
  return r;
}

static int compareRefs(const Ref *x, const Ref *y) {
  if (x->kind != y->kind)
    return x->kind < y->kind ? -1 : 1;
  if (x->a != y->a)
    return x->a < y->a ? -1 : 1;
  return x->b < y->b ? -1 : x->b > y->b;
}

static int compareEdgeRefs(const void *x, const void *y) {
  const EdgeRef *a = x, *b = y;
  int c = compareRefs(&a->producer, &b->producer);
  return c ? c : compareRefs(&a->tensor, &b->tensor);
}

typedef struct {
  int64_t consumer;
  size_t edge;
} ByConsumer;

static int byConsumerOrder(const void *x, const void *y) {
  const ByConsumer *a = x, *b = y;
  if (a->consumer != b->consumer)
    return a->consumer < b->consumer ? -1 : 1;
  return a->edge < b->edge ? -1 : a->edge > b->edge;
}

static bool sideCreate(Side *s, const SolarEinsumGraph *g, Layout layout) {
  memset(s, 0, sizeof(*s));
  s->graph = g;
  s->layout = layout;
  s->writer = malloc((g->tensorCount + 1) * sizeof(*s->writer));
  s->argument = malloc((g->tensorCount + 1) * sizeof(*s->argument));
  s->inStart = calloc(g->nodeCount + 1, sizeof(*s->inStart));
  s->byConsumer = malloc((g->edgeCount + 1) * sizeof(*s->byConsumer));
  if (!s->writer || !s->argument || !s->inStart || !s->byConsumer)
    return false;
  int64_t arguments = 0;
  for (size_t t = 0; t < g->tensorCount; ++t) {
    s->writer[t] = SIZE_MAX;
    s->argument[t] = isArgument(g->tensors[t].role) ? arguments++ : -1;
  }
  for (size_t n = g->nodeCount; n-- > 0;)
    for (size_t a = 0; a < g->nodes[n].accessCount; ++a) {
      int64_t t = g->nodes[n].accesses[a].tensor;
      if (g->nodes[n].accesses[a].isWrite && t >= 0 &&
          (size_t)t < g->tensorCount)
        s->writer[t] = n;
    }
  ByConsumer *order = malloc((g->edgeCount + 1) * sizeof(*order));
  if (!order)
    return false;
  for (size_t e = 0; e < g->edgeCount; ++e) {
    order[e].consumer = g->edges[e].consumer;
    order[e].edge = e;
    int64_t c = g->edges[e].consumer;
    if (c >= 0 && (size_t)c < g->nodeCount)
      ++s->inStart[c + 1];
  }
  qsort(order, g->edgeCount, sizeof(*order), byConsumerOrder);
  /* Edges with a consumer out of range sort first or last; they are
   * skipped by every node's range below. */
  size_t skipped = 0;
  while (skipped < g->edgeCount && order[skipped].consumer < 0)
    ++skipped;
  for (size_t e = 0; e < g->edgeCount; ++e)
    s->byConsumer[e] = order[e + skipped < g->edgeCount ? e + skipped : e].edge;
  free(order);
  for (size_t n = 0; n < g->nodeCount; ++n)
    s->inStart[n + 1] += s->inStart[n];
  return true;
}

static void sideDestroy(Side *s) {
  free(s->writer);
  free(s->argument);
  free(s->inStart);
  free(s->byConsumer);
}

/* The in-edges of node n as it sees them, sorted, repeats dropped (a node
 * outside the block reading every repetition of it reads "between" ones
 * at both sizes, fewer of them at the verification sizes). */
static size_t inEdges(const Side *s, size_t n, EdgeRef *out) {
  size_t count = 0;
  for (size_t k = s->inStart[n]; k < s->inStart[n + 1]; ++k) {
    const SolarEinsumEdge *e = &s->graph->edges[s->byConsumer[k]];
    if (e->producer < 0 || (size_t)e->producer >= s->graph->nodeCount)
      continue;
    out[count].producer = nodeRef(&s->layout, (size_t)e->producer, n);
    out[count].tensor = tensorRef(s, e->tensor, n);
    ++count;
  }
  qsort(out, count, sizeof(*out), compareEdgeRefs);
  size_t unique = 0;
  for (size_t k = 0; k < count; ++k)
    if (!unique || compareEdgeRefs(&out[unique - 1], &out[k]))
      out[unique++] = out[k];
  return unique;
}

/* What differs between full node n and verified node m beyond the node
 * itself: NULL, "an access's tensor" or "inputs". */
static const char *wiringDiffers(const Side *small, size_t m,
                                 const Side *full, size_t n,
                                 EdgeRef *scratchA, EdgeRef *scratchB) {
  const SolarEinsumNode *a = &small->graph->nodes[m];
  const SolarEinsumNode *b = &full->graph->nodes[n];
  for (size_t k = 0; k < b->accessCount; ++k) {
    const SolarEinsumAccess *x = &a->accesses[k], *y = &b->accesses[k];
    if (x->isWrite != y->isWrite || x->role != y->role)
      return "an access's tensor";
    Ref rx = tensorRef(small, x->tensor, m), ry = tensorRef(full, y->tensor, n);
    if (compareRefs(&rx, &ry))
      return "an access's tensor";
    if (x->tensor >= 0 && y->tensor >= 0) {
      const SolarEinsumTensor *tx = &small->graph->tensors[x->tensor];
      const SolarEinsumTensor *ty = &full->graph->tensors[y->tensor];
      if (tx->role != ty->role || tx->rank != ty->rank ||
          strcmp(tx->dtype ? tx->dtype : "", ty->dtype ? ty->dtype : ""))
        return "an access's tensor";
    }
  }
  size_t ca = inEdges(small, m, scratchA), cb = inEdges(full, n, scratchB);
  if (ca != cb)
    return "inputs";
  for (size_t k = 0; k < ca; ++k)
    if (compareEdgeRefs(&scratchA[k], &scratchB[k]))
      return "inputs";
  return NULL;
}

/* The verified node full node n stands for. */
static size_t standsFor(const Layout *full, size_t smallCopies, size_t n) {
  if (!inBlock(full, n))
    return n < full->start ? n : n - full->shift;
  size_t copy = (n - full->start) / full->period;
  size_t place = (n - full->start) % full->period;
  return full->start + (copy < smallCopies ? copy : smallCopies - 1) *
                           full->period + place;
}

static bool argumentsDiffer(const SolarEinsumGraph *small,
                            const SolarEinsumGraph *full, char *why,
                            size_t size) {
  size_t i = 0, j = 0;
  for (;;) {
    while (i < small->tensorCount && !isArgument(small->tensors[i].role))
      ++i;
    while (j < full->tensorCount && !isArgument(full->tensors[j].role))
      ++j;
    if (i == small->tensorCount || j == full->tensorCount)
      break;
    const SolarEinsumTensor *a = &small->tensors[i++], *b = &full->tensors[j++];
    if (a->role != b->role || a->rank != b->rank ||
        strcmp(a->dtype ? a->dtype : "", b->dtype ? b->dtype : "")) {
      snprintf(why, size, "@%s argument %s: %s rank %lld at full size, %s "
               "rank %lld at the verification sizes", full->function,
               b->name, solarTensorRoleName(b->role), (long long)b->rank,
               solarTensorRoleName(a->role), (long long)a->rank);
      return true;
    }
  }
  if (i != small->tensorCount || j != full->tensorCount) {
    snprintf(why, size, "@%s has other arguments at full size",
             full->function);
    return true;
  }
  return false;
}

/* Whether full[from, to) repeats with period p. */
static bool periodic(const SolarEinsumGraph *full, size_t from, size_t to,
                     size_t p) {
  for (size_t i = from; i + p < to; ++i)
    if (solarStructureNodeDiffers(full, i, full, i + p))
      return false;
  return true;
}

static bool copyAlike(const SolarEinsumGraph *g, size_t a, size_t b,
                      size_t p) {
  for (size_t i = 0; i < p; ++i)
    if (solarStructureNodeDiffers(g, a + i, g, b + i))
      return false;
  return true;
}

/* Every node, access and edge of `full` against the verified node it
 * stands for; false with the first difference in `why`. */
static bool wiringSame(const SolarEinsumGraph *small,
                       const SolarEinsumGraph *full, const SolarRepeat *r,
                       char *why, size_t size) {
  size_t shift = (r->fullCopies - r->smallCopies) * r->period;
  Layout lf = {r->start, r->period, r->fullCopies, shift};
  Layout ls = {r->start, r->period, r->smallCopies, 0};
  Side a, b;
  size_t most = small->edgeCount > full->edgeCount ? small->edgeCount
                                                   : full->edgeCount;
  EdgeRef *scratchA = malloc((most + 1) * sizeof(*scratchA));
  EdgeRef *scratchB = malloc((most + 1) * sizeof(*scratchB));
  bool createdA = sideCreate(&a, small, ls);
  bool createdB = sideCreate(&b, full, lf);
  bool ok = createdA && createdB && scratchA && scratchB;
  if (!ok)
    snprintf(why, size, "out of memory comparing @%s", full->function);
  for (size_t n = 0; ok && n < full->nodeCount; ++n) {
    size_t m = standsFor(&lf, r->smallCopies, n);
    const char *what = solarStructureNodeDiffers(small, m, full, n);
    if (!what)
      what = wiringDiffers(&a, m, &b, n, scratchA, scratchB);
    if (what) {
      snprintf(why, size, "@%s einsum node %zu ('%s'): %s differ%s from "
               "verified node %zu's ('%s'; a %zu-node block from node %zu "
               "repeats %zu times at full size, %zu at the verification "
               "sizes)", full->function, n, orNone(full->nodes[n].equation),
               what, strcmp(what, "inputs") ? "s" : "", m,
               orNone(small->nodes[m].equation),
               r->period, r->start, r->fullCopies, r->smallCopies);
      ok = false;
    }
  }
  sideDestroy(&a);
  sideDestroy(&b);
  free(scratchA);
  free(scratchB);
  return ok;
}

/* The block for period p with the extra copies inserted at x, grown to
 * whole repetitions on both sides; false when full[x - 2p, x + d) does
 * not repeat with period p. */
static bool blockAt(const SolarEinsumGraph *full, size_t x, size_t d,
                    size_t p, SolarRepeat *r) {
  if (x < 2 * p || !periodic(full, x - 2 * p, x + d, p))
    return false;
  size_t start = x - 2 * p, end = x + d;
  while (start >= p && copyAlike(full, start - p, start, p))
    start -= p;
  while (end + p <= full->nodeCount && copyAlike(full, end, end - p, p))
    end += p;
  r->start = start;
  r->period = p;
  r->fullCopies = (end - start) / p;
  r->smallCopies = r->fullCopies - d / p;
  return true;
}

bool solarStructureRepeated(const SolarEinsumGraph *small,
                            const SolarEinsumGraph *full, SolarRepeat *repeat,
                            char *why, size_t whySize) {
  size_t ns = small->nodeCount, nf = full->nodeCount, d = nf - ns;
  size_t prefix = 0, suffix = 0;
  while (prefix < ns && !solarStructureNodeDiffers(small, prefix, full, prefix))
    ++prefix;
  while (suffix < ns &&
         !solarStructureNodeDiffers(small, ns - 1 - suffix, full,
                                    nf - 1 - suffix))
    ++suffix;
  char wiring[1024] = "";
  if (argumentsDiffer(small, full, why, whySize))
    return false;
  /* The extra nodes are inserted at some x with full[0, x) = small[0, x)
   * and full[x + d, nf) = small[x, ns): x in [ns - suffix, prefix]. */
  for (size_t p = 1; p <= d && prefix + suffix >= ns; ++p) {
    if (d % p)
      continue;
    /* Places x that differ by whole periods give the same block grown
     * to whole repetitions, so p of them cover every phase. */
    size_t lowest = ns - suffix;
    if (prefix + 1 > p && prefix + 1 - p > lowest)
      lowest = prefix + 1 - p;
    for (size_t x = prefix + 1; x-- > lowest && x >= 2 * p;) {
      SolarRepeat r;
      if (blockAt(full, x, d, p, &r) &&
          wiringSame(small, full, &r, wiring, sizeof(wiring))) {
        *repeat = r;
        return true;
      }
    }
  }
  const char *kind = "not as more repetitions of one block (repeated at "
                     "least twice when verified)";
  if (*wiring) {
    snprintf(why, whySize, "%s", wiring);
  } else if (prefix + suffix < ns) {
    /* Neither end explains the other: name both places. */
    size_t m = ns - 1 - suffix, n = nf - 1 - suffix;
    snprintf(why, whySize, "@%s has %zu einsum node(s) at full size, %zu at "
             "the verification sizes, %s: they differ from the start at "
             "node %zu (%s: '%s' at full size, '%s' at the verification "
             "sizes) and from the end at node %zu at full size, %zu at the "
             "verification sizes (%s: '%s', '%s')", full->function, nf, ns,
             kind, prefix, solarStructureNodeDiffers(small, prefix, full,
                                                     prefix),
             orNone(full->nodes[prefix].equation),
             orNone(small->nodes[prefix].equation), n, m,
             solarStructureNodeDiffers(small, m, full, n),
             orNone(full->nodes[n].equation), orNone(small->nodes[m].equation));
  } else {
    snprintf(why, whySize, "@%s has %zu einsum node(s) at full size, %zu at "
             "the verification sizes, %s: no block whose length divides "
             "the %zu extra node(s) repeats twice before node %zu and on "
             "through them",
             full->function, nf, ns, kind, d, prefix);
  }
  return false;
}
