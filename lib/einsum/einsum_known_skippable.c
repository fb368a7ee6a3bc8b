/* Which points of a node combine the identity into its reduction (the
 * forward half of the necessary-work analysis, einsum_known_zero.c, calls
 * egFindSkippable per node): a known 0 added, a known -inf max-ed, a known
 * true and-ed, a known false or-ed, also in an elementwise in-place update
 * (docs/sol-model.md, "Skippable contributions"), and which operands of a
 * `+` reduction are factors of its contribution (zero_skips: "Masks at
 * these inputs"). */
#include "einsum_known.h"

#include <string.h>

static bool isAny(MlirOperation op, const char *const *names) {
  for (int i = 0; names[i]; ++i)
    if (solarOpIs(op, names[i]))
      return true;
  return false;
}

enum { FACT_ZERO, FACT_NEG_INF, FACT_TRUTH };

static __isl_give isl_set *copyFact(const EgKnown *k, int fact) {
  isl_set *s = !k                     ? NULL
               : fact == FACT_ZERO    ? k->zero
               : fact == FACT_NEG_INF ? k->negInf
                                      : k->truth;
  return s ? isl_set_copy(s) : NULL;
}

static bool isAccumulatorLoad(EgNode *node, MlirValue value) {
  MlirOperation op = egValueDefiningOp(value);
  if (mlirOperationIsNull(op))
    return false;
  for (int i = 0; i < node->accessCount; ++i)
    if (node->accesses[i].accumulator &&
        mlirOperationEqual(node->accesses[i].op, op))
      return true;
  return false;
}

/* The other operand of a two-operand combining op, if one operand is acc. */
static bool otherOperand(MlirOperation op, bool (*isAcc)(EgNode *, MlirValue,
                                                         MlirValue),
                         EgNode *node, MlirValue acc, MlirValue *other) {
  if (mlirOperationIsNull(op) || mlirOperationGetNumOperands(op) != 2)
    return false;
  for (int k = 0; k < 2; ++k)
    if (isAcc(node, mlirOperationGetOperand(op, k), acc)) {
      *other = mlirOperationGetOperand(op, 1 - k);
      return true;
    }
  return false;
}

static bool isLoadAcc(EgNode *node, MlirValue v, MlirValue unused) {
  (void)unused;
  return isAccumulatorLoad(node, v);
}

static bool isSameValue(EgNode *node, MlirValue v, MlirValue acc) {
  (void)node;
  return mlirValueEqual(v, acc);
}

/* The value combined into the accumulator at each point of the domain, and
 * the combining op (null for affine.parallel's implicit one). */
static bool findContribution(EgBuilder *b, EgNode *node, MlirValue *out,
                             MlirOperation *combiner) {
  MlirValue stored = egStoredValue(node->anchor);
  MlirOperation def = egValueDefiningOp(stored);
  *combiner = def;
  if (otherOperand(def, isLoadAcc, node, stored, out))
    return true;
  if (mlirOperationIsNull(def))
    return false;
  bool isFor = solarOpIs(def, "affine.for") || solarOpIs(def, "scf.for");
  bool isParallel = solarOpIs(def, "affine.parallel");
  if (!isFor && !isParallel)
    return false;
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(def, 0));
  if (egScopeOfBlock(b, body) != node->scope)
    return false;
  intptr_t result = mlirOpResultGetResultNumber(stored);
  MlirValue yielded =
      mlirOperationGetOperand(mlirBlockGetTerminator(body), result);
  if (isParallel) {
    *combiner = (MlirOperation){NULL};
    *out = yielded;
    return true;
  }
  *combiner = egValueDefiningOp(yielded);
  return otherOperand(*combiner, isSameValue, node,
                      mlirBlockGetArgument(body, 1 + result), out);
}

/* A load of the element the node writes, as it was before the node (an
 * in-place update `T[f(p)] = T[f(p)] op x`). */
static bool isInPlaceLoad(EgNode *node, MlirValue v, MlirValue unused) {
  (void)unused;
  MlirOperation op = egValueDefiningOp(v);
  if (mlirOperationIsNull(op) || !egIsLoad(op))
    return false;
  const EgAccess *read = egKnownLoadAccess(node, op);
  return read && read->tensor == node->accesses[0].tensor &&
         egReadSeesOldValue(node, read);
}

static const char *const adds[] = {"arith.addf", "arith.addi", NULL};
static const char *const maxes[] = {"arith.maximumf", "arith.maxnumf", NULL};

/* An elementwise in-place update `T[f(p)] = T[f(p)] + x` (or max) is a
 * reduction whose every reduction dimension has one point, as a
 * convolution over one input channel with a 1x1 kernel lowers: where x is
 * the identity the point stores back the value it read. */
static bool findInPlaceContribution(EgNode *node, MlirValue *out,
                                    bool *add) {
  MlirOperation def = egValueDefiningOp(egStoredValue(node->anchor));
  if (mlirOperationIsNull(def))
    return false;
  *add = isAny(def, adds);
  if (!*add && !isAny(def, maxes))
    return false;
  return otherOperand(def, isInPlaceLoad, node, (MlirValue){NULL}, out);
}

/* Whether `read` is the node's only access of its tensor: then the value
 * it loads at a point is that one element, and a fact about the element is
 * a fact about the point. */
static bool onlyAccessOfTensor(const EgNode *node, const EgAccess *read) {
  for (int i = 0; i < node->accessCount; ++i)
    if (&node->accesses[i] != read &&
        node->accesses[i].tensor == read->tensor)
      return false;
  return true;
}

/* Marks the value operands of a `+` reduction whose 0 makes the
 * contribution 0: the contribution is evaluated again with every element
 * the operand reads known 0 (the rules of "Known values", pointwise, so
 * what holds with all of them 0 holds at each point whose element is 0). */
static void findZeroFactors(EgKnownEval *e, MlirValue contribution) {
  EgNode *node = e->node;
  for (int i = 0; i < node->accessCount; ++i) {
    EgAccess *a = &node->accesses[i];
    if (a->write || a->accumulator || a->address || !a->exact ||
        !a->image || !onlyAccessOfTensor(node, a) ||
        !egReadSeesOldValue(node, a))
      continue;
    EgKnown *state = &e->work->tensors[a->tensor];
    EgKnown saved = *state;
    *state = (EgKnown){.zero = isl_set_copy(a->image)};
    EgNodeKnown scratch = {0};
    EgKnownEval hypothesis = {e->work, node, &scratch, 0, a};
    const EgKnown *k = egKnownEvaluate(&hypothesis, contribution);
    /* The read's own fact is the domain itself (zeroRead): a product with
     * it hands that object on unchanged, and needs no isl test. */
    a->zeroSkips = k && k->zero &&
                   (k->zero == node->domain ||
                    isl_set_is_subset(node->domain, k->zero) == isl_bool_true);
    egNodeKnownClear(&scratch);
    egKnownClear(state);
    *state = saved;
  }
}

void egFindSkippable(EgKnownEval *e) {
  EgNode *node = e->node;
  bool add = node->reductionOp && strcmp(node->reductionOp, "add") == 0;
  bool max = node->reductionOp && strcmp(node->reductionOp, "max") == 0;
  /* x and true = x, x or false = x: the identity of an i1 reduction (the
   * all-masked-row test of a causal softmax ands `score == -inf`, known
   * true above the diagonal). */
  bool andi = node->reductionOp && strcmp(node->reductionOp, "and") == 0;
  bool ori = node->reductionOp && strcmp(node->reductionOp, "or") == 0;
  if (andi || ori) {
    MlirValue contribution;
    MlirOperation combiner;
    if (!findContribution(e->work->b, node, &contribution, &combiner) ||
        mlirOperationIsNull(combiner) ||
        !solarOpIs(combiner, andi ? "arith.andi" : "arith.ori"))
      return;
    const EgKnown *k = egKnownEvaluate(e, contribution);
    e->nk->contribution = contribution;
    e->nk->skippable = copyFact(k, andi ? FACT_TRUTH : FACT_ZERO);
    return;
  }
  bool none = node->reductionOp && strcmp(node->reductionOp, "none") == 0;
  MlirValue contribution;
  MlirOperation combiner;
  if (none && node->accesses[0].exact &&
      findInPlaceContribution(node, &contribution, &add)) {
    combiner = (MlirOperation){NULL};
  } else if ((!add && !max) ||
             !findContribution(e->work->b, node, &contribution, &combiner)) {
    return;
  }
  if (!mlirOperationIsNull(combiner) && !isAny(combiner, add ? adds : maxes))
    return;
  const EgKnown *k = egKnownEvaluate(e, contribution);
  e->nk->contribution = contribution;
  e->nk->skippable = copyFact(k, add ? FACT_ZERO : FACT_NEG_INF);
  if (add)
    findZeroFactors(e, contribution);
}

