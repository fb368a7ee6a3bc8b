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

/* A repeated block: nodes [fullStart, fullStart + fullCopies * period)
 * at full size, [smallStart, smallStart + smallCopies * period) when
 * verified. */
typedef struct {
  size_t fullStart, smallStart, period, fullCopies, smallCopies;
} Run;

enum { MAX_RUNS = 64 };

typedef enum {
  REF_NODE,     /* a: the node's index in the verified numbering */
  REF_COPY,     /* a: repetitions back (<= 0), b: place in the block */
  REF_RUN_COPY, /* another block's: a: which, b: place, c: repetitions
                   back from the one seen from */
  REF_CLASS,    /* seen from outside the blocks: a: which block, b: place,
                   c: 0 first, 1 between, 2 last repetition */
  REF_ARGUMENT, /* a: which function argument */
  REF_UNWRITTEN /* a tensor no node writes (a constant, a weight) */
} RefKind;

typedef struct {
  int64_t kind, a, b, c;
} Ref;

/* An in-edge as its consumer sees it: the producer and the tensor. */
typedef struct {
  Ref producer, tensor;
} EdgeRef;

/* One graph with what the descriptions need. */
typedef struct {
  const SolarEinsumGraph *graph;
  const Run *runs;
  size_t runCount;
  bool full;
  int64_t *run;      /* per node: its block, or -1 */
  size_t *copy;      /* per node in a block: its repetition and place */
  size_t *place;
  size_t *verified;  /* per node outside the blocks: verified numbering */
  size_t *writer;    /* per tensor: its first writer, SIZE_MAX if none */
  int64_t *argument; /* per tensor: its place among the arguments, or -1 */
  size_t *inStart;   /* per node: its in-edges in byConsumer[inStart[n]..] */
  size_t *byConsumer;
} Side;

static bool isArgument(SolarTensorRole role) {
  return role == SOLAR_ROLE_INPUT || role == SOLAR_ROLE_OUTPUT ||
         role == SOLAR_ROLE_INOUT || role == SOLAR_ROLE_UNUSED;
}

/* Node q as node n sees it. */
static Ref nodeRef(const Side *s, size_t q, size_t n) {
  Ref r = {REF_NODE, 0, 0, 0};
  int64_t block = s->run[q];
  if (block < 0) {
    r.a = (int64_t)s->verified[q];
    return r;
  }
  int64_t back = (int64_t)s->copy[q] - (int64_t)s->copy[n];
  size_t copies = s->full ? s->runs[block].fullCopies
                          : s->runs[block].smallCopies;
  r.b = (int64_t)s->place[q];
  if (s->run[n] == block) {
    r.kind = REF_COPY;
    r.a = back;
  } else if (s->run[n] >= 0) {
    r.kind = REF_RUN_COPY;
    r.a = block;
    r.c = back;
  } else {
    r.kind = REF_CLASS;
    r.a = block;
    r.c = s->copy[q] == 0 ? 0 : s->copy[q] == copies - 1 ? 2 : 1;
  }
  return r;
}

/* Tensor t as node n sees it: an argument by its place, an intermediate
 * by its first writer (so buffers shared between nodes stay shared). */
static Ref tensorRef(const Side *s, int64_t t, size_t n) {
  Ref r = {REF_UNWRITTEN, 0, 0, 0};
  if (t < 0 || (size_t)t >= s->graph->tensorCount)
    return r;
  if (s->argument[t] >= 0) {
    r.kind = REF_ARGUMENT;
    r.a = s->argument[t];
  } else if (s->writer[t] != SIZE_MAX) {
    r = nodeRef(s, s->writer[t], n);
  }
  return r;
}

static int compareRefs(const Ref *x, const Ref *y) {
  if (x->kind != y->kind)
    return x->kind < y->kind ? -1 : 1;
  if (x->a != y->a)
    return x->a < y->a ? -1 : 1;
  if (x->b != y->b)
    return x->b < y->b ? -1 : 1;
  return x->c < y->c ? -1 : x->c > y->c;
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

static bool sideCreate(Side *s, const SolarEinsumGraph *g, const Run *runs,
                       size_t runCount, bool full) {
  memset(s, 0, sizeof(*s));
  s->graph = g;
  s->runs = runs;
  s->runCount = runCount;
  s->full = full;
  s->run = malloc((g->nodeCount + 1) * sizeof(*s->run));
  s->copy = calloc(g->nodeCount + 1, sizeof(*s->copy));
  s->place = calloc(g->nodeCount + 1, sizeof(*s->place));
  s->verified = calloc(g->nodeCount + 1, sizeof(*s->verified));
  if (!s->run || !s->copy || !s->place || !s->verified)
    return false;
  for (size_t n = 0; n < g->nodeCount; ++n)
    s->run[n] = -1;
  for (size_t r = 0; r < runCount; ++r) {
    size_t start = full ? runs[r].fullStart : runs[r].smallStart;
    size_t copies = full ? runs[r].fullCopies : runs[r].smallCopies;
    for (size_t k = 0; k < copies * runs[r].period; ++k) {
      s->run[start + k] = (int64_t)r;
      s->copy[start + k] = k / runs[r].period;
      s->place[start + k] = k % runs[r].period;
    }
  }
  /* Outside the blocks, the full size's numbering is the verified one's
   * less the extra repetitions before. */
  size_t skipped = 0, next = 0;
  for (size_t n = 0; n < g->nodeCount; ++n) {
    if (full && next < runCount && n == runs[next].fullStart +
                                            runs[next].fullCopies *
                                                runs[next].period) {
      skipped += (runs[next].fullCopies - runs[next].smallCopies) *
                 runs[next].period;
      ++next;
    }
    s->verified[n] = n - skipped;
  }
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
  size_t negative = 0;
  while (negative < g->edgeCount && order[negative].consumer < 0)
    ++negative;
  for (size_t e = 0; e < g->edgeCount; ++e)
    s->byConsumer[e] =
        order[e + negative < g->edgeCount ? e + negative : e].edge;
  free(order);
  for (size_t n = 0; n < g->nodeCount; ++n)
    s->inStart[n + 1] += s->inStart[n];
  return true;
}

static void sideDestroy(Side *s) {
  free(s->run);
  free(s->copy);
  free(s->place);
  free(s->verified);
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
    out[count].producer = nodeRef(s, (size_t)e->producer, n);
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

/* The verified node full node n stands for. In a block: the same
 * repetition up to the last verified one but one, the last for the last;
 * an extra repetition between stands for a verified one between (the
 * last but one), which reads its predecessor and is read by its
 * successor and by what reads the middle of the block (a stack of the
 * steps); with only two verified, for the last. */
static size_t standsFor(const Side *full, size_t n) {
  if (full->run[n] < 0)
    return full->verified[n];
  const Run *r = &full->runs[full->run[n]];
  size_t copy = full->copy[n], verified;
  if (copy + 1 < r->smallCopies)
    verified = copy;
  else if (copy + 1 == r->fullCopies || r->smallCopies < 3)
    verified = r->smallCopies - 1;
  else
    verified = r->smallCopies - 2;
  return r->smallStart + verified * r->period + full->place[n];
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
                       const SolarEinsumGraph *full, const Run *runs,
                       size_t runCount, char *why, size_t size) {
  Side a, b;
  size_t most = small->edgeCount > full->edgeCount ? small->edgeCount
                                                   : full->edgeCount;
  EdgeRef *scratchA = malloc((most + 1) * sizeof(*scratchA));
  EdgeRef *scratchB = malloc((most + 1) * sizeof(*scratchB));
  bool createdA = sideCreate(&a, small, runs, runCount, false);
  bool createdB = sideCreate(&b, full, runs, runCount, true);
  bool ok = createdA && createdB && scratchA && scratchB;
  if (!ok)
    snprintf(why, size, "out of memory comparing @%s", full->function);
  for (size_t n = 0; ok && n < full->nodeCount; ++n) {
    size_t m = standsFor(&b, n);
    const char *what = solarStructureNodeDiffers(small, m, full, n);
    if (!what)
      what = wiringDiffers(&a, m, &b, n, scratchA, scratchB);
    if (what) {
      const Run *r = b.run[n] >= 0 ? &runs[b.run[n]] : &runs[0];
      snprintf(why, size, "@%s einsum node %zu ('%s'): %s differ%s from "
               "verified node %zu's ('%s'; a %zu-node block from node %zu "
               "repeats %zu times at full size, %zu at the verification "
               "sizes)", full->function, n, orNone(full->nodes[n].equation),
               what, strcmp(what, "inputs") ? "s" : "", m,
               orNone(small->nodes[m].equation), r->period, r->fullStart,
               r->fullCopies, r->smallCopies);
      ok = false;
    }
  }
  sideDestroy(&a);
  sideDestroy(&b);
  free(scratchA);
  free(scratchB);
  return ok;
}

/* The block the verified run leaves at full node j (verified node i
 * differs from it): the shortest period p whose last two repetitions
 * before j, after `floor` (the previous block's end), the full size
 * continues at j, up to where that repetition stops, a whole number of
 * periods later; grown back over earlier repetitions. False when there is
 * none. */
static bool runAt(const SolarEinsumGraph *full, size_t j, size_t floor,
                  size_t shift, Run *r) {
  for (size_t p = 1; j >= floor + 2 * p; ++p) {
    if (!periodic(full, j - 2 * p, j + 1, p))
      continue;
    size_t end = j;
    while (end < full->nodeCount &&
           !solarStructureNodeDiffers(full, end, full, end - p))
      ++end;
    if ((end - j) % p)
      continue;
    size_t start = j - 2 * p;
    while (start >= floor + p && copyAlike(full, start - p, start, p))
      start -= p;
    r->fullStart = start;
    r->smallStart = start - shift;
    r->period = p;
    r->fullCopies = (end - start) / p;
    r->smallCopies = (j - start) / p;
    return true;
  }
  return false;
}

bool solarStructureRepeated(const SolarEinsumGraph *small,
                            const SolarEinsumGraph *full, SolarRepeat *repeat,
                            char *why, size_t whySize) {
  size_t ns = small->nodeCount, nf = full->nodeCount;
  if (argumentsDiffer(small, full, why, whySize))
    return false;
  /* Walk both lists together; where they part, the full size must go on
   * repeating a block the verified run has left after two repetitions
   * at least, and meet it again where that block ends. */
  Run runs[MAX_RUNS];
  size_t runCount = 0, i = 0, j = 0, floor = 0;
  while (i < ns || j < nf) {
    if (i < ns && j < nf && !solarStructureNodeDiffers(small, i, full, j)) {
      ++i;
      ++j;
      continue;
    }
    Run r;
    if (runCount == MAX_RUNS || j == nf || !runAt(full, j, floor, j - i, &r)) {
      const char *what = i < ns && j < nf
                             ? solarStructureNodeDiffers(small, i, full, j)
                             : "end";
      snprintf(why, whySize, "@%s has %zu einsum node(s) at full size, %zu "
               "at the verification sizes, not as more repetitions of "
               "blocks (each repeated at least twice when verified): full-"
               "size node %zu ('%s') and verified node %zu ('%s') differ "
               "(%s), and no block repeated twice before them goes on "
               "there", full->function, nf, ns, j,
               j < nf ? orNone(full->nodes[j].equation) : "none", i,
               i < ns ? orNone(small->nodes[i].equation) : "none", what);
      return false;
    }
    runs[runCount++] = r;
    j = r.fullStart + r.fullCopies * r.period;
    floor = j;
  }
  if (!wiringSame(small, full, runs, runCount, why, whySize))
    return false;
  repeat->start = runs[0].fullStart;
  repeat->period = runs[0].period;
  repeat->smallCopies = runs[0].smallCopies;
  repeat->fullCopies = runs[0].fullCopies;
  repeat->runs = runCount;
  return true;
}
