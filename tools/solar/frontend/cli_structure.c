/* Whether the verified and the full-size export are one program at two
 * sizes (cli_structure.h). */
#include "cli_structure.h"
#include "cli_structure_repeat.h"

#include "solar/einsum/einsum_graph.h"
#include "solar/passes/stage.h"
#include "solar/support/diagnostics.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool isFunc(MlirOperation op) {
  MlirIdentifier name = mlirOperationGetName(op);
  MlirStringRef ref = mlirIdentifierStr(name);
  return ref.length == 9 && !strncmp(ref.data, "func.func", 9);
}

static MlirOperation nextFunc(MlirOperation op) {
  while (!mlirOperationIsNull(op) && !isFunc(op))
    op = mlirOperationGetNextInBlock(op);
  return op;
}

static MlirOperation firstFunc(MlirModule module) {
  return nextFunc(mlirBlockGetFirstOperation(mlirModuleGetBody(module)));
}

static bool same(const char *a, const char *b) {
  return (!a && !b) || (a && b && !strcmp(a, b));
}

static const char *orNone(const char *s) { return s ? s : "(none)"; }

/* Skips a coefficient: a run of digits with the sign of its term. */
static const char *skipCoefficient(const char *s, bool *signed_) {
  *signed_ = *s == '+' || *s == '-';
  if (*signed_)
    ++s;
  while (*s >= '0' && *s <= '9')
    ++s;
  return s;
}

/* Equations with every coefficient, signed, replaced by '#': a collapsed
 * dimension is labelled with the size it was collapsed by
 * ("(floor(M/64))(M%64)K"), and the quotient and remainder of a channel
 * shuffle's reshaped index carry the sizes' residues
 * ("(13J+floor((J+K)/3))" where 40 channels per group are 13*3 + 1,
 * "(2J+floor((-J+K)/3))" where 5 are 2*3 - 1), so the same structure at
 * another size has other numbers, and other signs, there. A sign between
 * two terms must still be there on both sides (the terms stay two); one
 * opening a sum ("-J") is the coefficient -1 of its first term, as "J" is
 * +1 and "2J" is 2. */
static bool sameEquation(const char *a, const char *b) {
  if (!a || !b)
    return a == b;
  char previous = '\0';
  while (*a || *b) {
    bool betweenTerms = isalnum((unsigned char)previous) || previous == ')';
    bool signA, signB;
    const char *restA = skipCoefficient(a, &signA);
    const char *restB = skipCoefficient(b, &signB);
    if (betweenTerms && signA != signB)
      return false;
    if (restA != a || restB != b) {
      a = restA;
      b = restB;
      previous = '#';
      continue;
    }
    if (*a != *b)
      return false;
    previous = *a++;
    ++b;
  }
  return true;
}

const char *solarStructureNodeDiffers(const SolarEinsumGraph *ga, size_t i,
                                      const SolarEinsumGraph *gb, size_t j) {
  const SolarEinsumNode *a = &ga->nodes[i], *b = &gb->nodes[j];
  if (!sameEquation(a->equation, b->equation))
    return "equation";
  if (!same(a->reductionOp, b->reductionOp))
    return "reduction";
  if (!same(a->dtype, b->dtype))
    return "dtype";
  if (a->accessCount != b->accessCount)
    return "accesses";
  for (int c = 0; c < SOLAR_OP_CLASS_COUNT; ++c)
    if (a->opsPerPoint.counts[c] != b->opsPerPoint.counts[c])
      return "ops";
  return NULL;
}

static bool compareNodes(const SolarEinsumGraph *small,
                         const SolarEinsumGraph *full, char *why,
                         size_t size) {
  for (size_t i = 0; i < full->nodeCount; ++i) {
    const SolarEinsumNode *a = &small->nodes[i], *b = &full->nodes[i];
    const char *what = solarStructureNodeDiffers(small, i, full, i);
    for (int c = 0; what && !strcmp(what, "ops") && c < SOLAR_OP_CLASS_COUNT;
         ++c)
      if (a->opsPerPoint.counts[c] != b->opsPerPoint.counts[c]) {
        snprintf(why, size, "@%s einsum node %zu ('%s'): %lld %s op(s) per "
                 "point at full size, %lld at the verification sizes",
                 full->function, i, orNone(b->equation),
                 (long long)b->opsPerPoint.counts[c],
                 solarOpClassName((SolarOpClass)c),
                 (long long)a->opsPerPoint.counts[c]);
        return false;
      }
    if (what) {
      snprintf(why, size, "@%s einsum node %zu: %s differs ('%s' at full "
               "size, '%s' at the verification sizes)", full->function, i,
               what, orNone(b->equation), orNone(a->equation));
      return false;
    }
  }
  return true;
}

static bool compareGraphs(const SolarEinsumGraph *small,
                          const SolarEinsumGraph *full, SolarRepeat *repeat,
                          char *why, size_t size) {
  if (small->nodeCount < full->nodeCount)
    return solarStructureRepeated(small, full, repeat, why, size);
  if (small->nodeCount != full->nodeCount) {
    snprintf(why, size, "@%s has %zu einsum node(s) at full size, %zu at the "
             "verification sizes", full->function, full->nodeCount,
             small->nodeCount);
    return false;
  }
  if (!compareNodes(small, full, why, size))
    return false;
  if (small->tensorCount != full->tensorCount) {
    snprintf(why, size, "@%s has %zu tensor(s) at full size, %zu at the "
             "verification sizes", full->function, full->tensorCount,
             small->tensorCount);
    return false;
  }
  for (size_t i = 0; i < full->tensorCount; ++i) {
    const SolarEinsumTensor *a = &small->tensors[i], *b = &full->tensors[i];
    if (a->role != b->role || a->rank != b->rank || !same(a->dtype, b->dtype)) {
      snprintf(why, size, "@%s tensor %s: %s %s rank %lld at full size, %s "
               "%s rank %lld at the verification sizes", full->function,
               b->name, solarTensorRoleName(b->role), b->dtype,
               (long long)b->rank, solarTensorRoleName(a->role), a->dtype,
               (long long)a->rank);
      return false;
    }
  }
  if (small->edgeCount != full->edgeCount) {
    snprintf(why, size, "@%s has %zu edge(s) at full size, %zu at the "
             "verification sizes", full->function, full->edgeCount,
             small->edgeCount);
    return false;
  }
  for (size_t i = 0; i < full->edgeCount; ++i) {
    const SolarEinsumEdge *a = &small->edges[i], *b = &full->edges[i];
    if (a->producer != b->producer || a->consumer != b->consumer ||
        a->tensor != b->tensor) {
      snprintf(why, size, "@%s edge %zu connects other nodes at full size",
               full->function, i);
      return false;
    }
  }
  return true;
}

/* Lifts one function into a graph (false with `why` on failure): its
 * structure only, as nothing here reads the necessary work or the
 * attribute's text (the two lifts were a fifth of DenseNet-201's C side,
 * docs/performance.md). Its diagnostics are swallowed. */
static bool lift(MlirOperation func, SolarEinsumGraph *graph, char *why,
                 size_t size) {
  MlirContext ctx = mlirOperationGetContext(func);
  solarDiagnosticsCaptureBegin(ctx);
  bool ok = solarEinsumGraphLiftStructure(func, graph, why, size);
  free(solarDiagnosticsCaptureEnd(ctx));
  return ok;
}

/* The full-size function's graph: lifted for the analysis when `ahead`
 * (solarFuncEinsumGraphPrelift, as solar analyze's solar-sol lifts it:
 * stages=true, not strict; kept for it), else, or when that lift fails
 * (the analysis then fails on it with its own diagnostics), its structure
 * into *own. NULL with `why` when neither lifts. */
static const SolarEinsumGraph *liftFull(MlirOperation func, bool ahead,
                                        SolarEinsumGraph *own, char *why,
                                        size_t size) {
  const SolarEinsumGraph *graph =
      ahead ? solarFuncEinsumGraphPrelift(func, false, true) : NULL;
  if (!graph && lift(func, own, why, size))
    graph = own;
  return graph;
}

bool solarStructureSame(MlirModule verified, MlirModule full, bool ahead,
                        size_t *nodes, char *note, size_t noteSize,
                        char *why, size_t whySize) {
  *nodes = 0;
  note[0] = '\0';
  bool ok = true;
  MlirOperation a = firstFunc(verified), b = firstFunc(full);
  for (; ok && !mlirOperationIsNull(a) && !mlirOperationIsNull(b);
       a = nextFunc(mlirOperationGetNextInBlock(a)),
       b = nextFunc(mlirOperationGetNextInBlock(b))) {
    SolarEinsumGraph small, own;
    memset(&small, 0, sizeof(small));
    memset(&own, 0, sizeof(own));
    ok = lift(a, &small, why, whySize);
    const SolarEinsumGraph *large =
        ok ? liftFull(b, ahead, &own, why, whySize) : NULL;
    if (ok && !large) {
      ok = false;
      solarEinsumGraphDestroy(&small);
    }
    if (ok) {
      SolarRepeat repeat = {0, 0, 0, 0, 0};
      ok = compareGraphs(&small, large, &repeat, why, whySize);
      /* The first function that repeats a block more often is named. */
      if (ok && repeat.fullCopies && !*note) {
        char more[64] = "";
        if (repeat.runs > 1)
          snprintf(more, sizeof(more), ", and %zu more block(s)",
                   repeat.runs - 1);
        snprintf(note, noteSize, "sizes and %s repetitions differ: @%s's "
                 "%zu-node block from einsum node %zu repeats %zu times at "
                 "full size, %zu verified%s",
                 repeat.runs > 1 ? "blocks'" : "one block's", large->function,
                 repeat.period, repeat.start, repeat.fullCopies,
                 repeat.smallCopies, more);
      }
      *nodes += large->nodeCount;
      solarEinsumGraphDestroy(&small);
      solarEinsumGraphDestroy(&own);
    }
  }
  if (ok && (!mlirOperationIsNull(a) || !mlirOperationIsNull(b))) {
    snprintf(why, whySize, "the two exports have different functions");
    ok = false;
  }
  if (ok && !*note)
    snprintf(note, noteSize, "only sizes differ");
  /* A refused module is not analyzed: nothing lifted ahead is taken. */
  if (!ok && ahead)
    solarFuncEinsumGraphPreliftsDiscard();
  return ok;
}
