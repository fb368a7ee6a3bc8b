/* SOL figures with symbolic sizes (include/solar/sol/sol_symbolic.h,
 * docs/sol-model.md "Symbolic sizes"). The formulas are those of
 * sol_bound.c and sol_unfused.c with every count an isl pw_qpolynomial;
 * times are printed as sums of maxima of count / rate, the order of the
 * terms being the order in which sol_bound.c adds the numbers. */
#include "solar/count/count.h"
#include "solar/einsum/einsum_graph_index.h"
#include "solar/sol/sol_symbolic.h"
#include "solar/support/text.h"
#include "sol_internal.h"

#include <isl/polynomial.h>
#include <isl/space.h>
#include <isl/val.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool solarGraphIsSymbolic(const SolarEinsumGraph *graph) {
  for (size_t t = 0; t < graph->tensorCount; ++t)
    if (graph->tensors[t].footprintElements == SOLAR_EINSUM_PARAMETRIC)
      return true;
  for (size_t i = 0; i < graph->nodeCount; ++i) {
    const SolarEinsumNode *node = &graph->nodes[i];
    if (node->points == SOLAR_EINSUM_PARAMETRIC)
      return true;
    for (size_t a = 0; a < node->accessCount; ++a)
      if (node->accesses[a].footprintElements == SOLAR_EINSUM_PARAMETRIC)
        return true;
  }
  return false;
}

/* ---- building the text -------------------------------------------------- */

/* The shortest decimal that reads back as the same double, its exponent
 * without sign or leading zeros ("1e12", "3.35e12", "2.5e-07" -> "2.5e-7"). */
static void formatRate(double rate, char *buf, size_t size) {
  for (int digits = 1; digits <= 17; ++digits) {
    snprintf(buf, size, "%.*g", digits, rate);
    if (strtod(buf, NULL) == rate)
      break;
  }
  char *e = strchr(buf, 'e');
  if (!e)
    return;
  char *from = e + 1, *to = e + 1;
  if (*from == '+')
    from++;
  else if (*from == '-')
    *to++ = *from++;
  while (*from == '0' && from[1])
    from++;
  memmove(to, from, strlen(from) + 1);
}

/* "{ count } / rate" (the count's own parameter list dropped: it is the
 * figure's); NULL when the term is 0: a zero count, or a rate the numbers
 * skip too (timeOf, transferTime). Takes pw. */
static char *quotient(__isl_take isl_pw_qpolynomial *pw, double rate) {
  char *result = NULL;
  bool usable = rate > 0 && isfinite(rate);
  if (pw && usable && isl_pw_qpolynomial_is_zero(pw) == isl_bool_false) {
    char *text = isl_pw_qpolynomial_to_str(pw);
    const char *body = text ? strchr(text, '{') : NULL;
    if (body) {
      char r[40];
      formatRate(rate, r, sizeof(r));
      SolarText t = {0};
      solarTextAppendF(&t, "%s / %s", body, r);
      result = t.text;
    }
    free(text);
  }
  isl_pw_qpolynomial_free(pw);
  return result;
}

/* "a + b + ..." or "max(a, b, ...)" of the non-NULL parts; a lone part is
 * itself; NULL (zero) when there is none. Takes the parts. */
static char *combine(char **parts, size_t n, bool max) {
  size_t present = 0;
  for (size_t i = 0; i < n; ++i)
    present += parts[i] != NULL;
  SolarText t = {0};
  bool first = true;
  if (max && present > 1)
    solarTextAppendCString(&t, "max(");
  for (size_t i = 0; i < n; ++i) {
    if (!parts[i])
      continue;
    if (!first)
      solarTextAppendCString(&t, max ? ", " : " + ");
    solarTextAppendCString(&t, parts[i]);
    first = false;
    free(parts[i]);
  }
  if (max && present > 1)
    solarTextAppendCString(&t, ")");
  return t.text;
}

static char *copyOrNull(const char *s) { return s ? strdup(s) : NULL; }

/* The time algebra of the rules (sol_rules.c) on time forms. */
static SolarTimeTerm combineForms(SolarTimeTerm *parts, size_t n, bool max) {
  char **forms = calloc(n ? n : 1, sizeof(char *));
  for (size_t i = 0; i < n; ++i)
    forms[i] = parts[i].form;
  SolarTimeTerm result = {.form = combine(forms, n, max)};
  free(forms);
  return result;
}

static SolarTimeTerm copyForm(SolarTimeTerm term) {
  return (SolarTimeTerm){.form = copyOrNull(term.form)};
}

static const SolarTimeAlgebra formAlgebra = {combineForms, copyForm};

static SolarTimeTerm formTerm(char *form) {
  return (SolarTimeTerm){.form = form};
}

/* ---- counts ------------------------------------------------------------- */

static __isl_give isl_pw_qpolynomial *constantCount(isl_ctx *ctx,
                                                    int64_t value) {
  char text[48];
  snprintf(text, sizeof(text), "{ %lld }", (long long)value);
  return isl_pw_qpolynomial_read_from_str(ctx, text);
}

/* A count of the graph: `value`, or `expr` when it is parametric. */
static __isl_give isl_pw_qpolynomial *
graphCount(isl_ctx *ctx, int64_t value, const char *expr) {
  if (value != SOLAR_EINSUM_PARAMETRIC)
    return constantCount(ctx, value);
  /* Reading simplifies over every floor (count.h). */
  return expr && solarCountExpressionTextWithinLimit(expr)
             ? isl_pw_qpolynomial_read_from_str(ctx, expr)
             : NULL;
}

/* The node's necessary ops of class c (einsum_node_necessary.c): the total
 * less the per-point ops at the points that do no necessary work. */
static __isl_give isl_pw_qpolynomial *
necessaryOps(isl_ctx *ctx, const SolarEinsumNode *node, int c) {
  isl_pw_qpolynomial *total =
      graphCount(ctx, node->ops.counts[c], node->opsExpr[c]);
  bool restricted = node->necessaryDomain &&
                    (node->necessaryPointsExpr ||
                     node->necessaryPoints != node->points);
  if (!total || !restricted || node->opsPerPoint.counts[c] == 0)
    return total;
  /* total - perPoint * (points - necessaryPoints), as bounded sums. */
  isl_pw_qpolynomial *excluded = solarCountPwQpolynomialAddBounded(
      graphCount(ctx, node->points, node->pointsExpr),
      isl_pw_qpolynomial_neg(graphCount(ctx, node->necessaryPoints,
                                        node->necessaryPointsExpr)));
  excluded = isl_pw_qpolynomial_scale_val(
      excluded, isl_val_int_from_si(ctx, node->opsPerPoint.counts[c]));
  return solarCountPwQpolynomialAddBounded(total, isl_pw_qpolynomial_neg(excluded));
}

/* a + b where NULL stands for "nothing yet"; *failed when isl or the floor
 * limit (count.h) refuses the sum. */
static __isl_give isl_pw_qpolynomial *
addCounts(__isl_take isl_pw_qpolynomial *a, __isl_take isl_pw_qpolynomial *b,
          bool *failed) {
  if (!a)
    return b;
  if (!b)
    return a;
  isl_pw_qpolynomial *sum = solarCountPwQpolynomialAddBounded(a, b);
  *failed |= sum == NULL;
  return sum;
}

/* Why a sum or reading was refused (count.h). */
static void reportTooManyFloors(const SolarEinsumGraph *graph, char *err,
                                size_t errSize) {
  snprintf(err, errSize,
           "the symbolic figures of function @%s need more than %d distinct "
           "floor terms in the symbolic sizes (isl's arithmetic on them grows "
           "steeply), so no symbolic lower bound; give the sizes with "
           "--solar-bind-shapes, then --canonicalize",
           graph->function, SOLAR_COUNT_MAX_EXPRESSION_DIVS);
}

/* ---- per node ----------------------------------------------------------- */

typedef struct {
  /* The node's time on each unit (SolarUnit), a form or NULL (none), and
   * the dtype its work runs in. */
  SolarTimeTerm units[SOLAR_UNIT_COUNT];
  SolarDtype dtype;
  isl_pw_qpolynomial *flops;
  bool failed;
} NodeFigures;

/* The work of one node by unit (sol_bound.c nodeWork + solarComputeTime):
 * each unit class's ops over its rate. */
static void nodeFigures(const SolarEinsumGraph *graph, size_t index,
                        const SolarArch *arch, SolarDtype dtypeOverride,
                        SolarDtype reportDtype, const SolarFp32Policy *policy,
                        NodeFigures *out) {
  const SolarEinsumNode *node = &graph->nodes[index];
  isl_ctx *ctx = solarGraphIslCtx(graph);
  memset(out, 0, sizeof(*out));
  /* A domain counted only as an upper bound contributes no compute. */
  if (!node->pointsExact)
    return;
  SolarNodeSol n = {0};
  solarNodePrecision(graph, index, dtypeOverride, reportDtype, policy, &n);
  out->dtype = n.rateDtype;
  bool castsWiden = dtypeOverride == SOLAR_DTYPE_INVALID && node->castsWiden;
  isl_pw_qpolynomial *ops[SOLAR_OP_CLASS_COUNT];
  for (int c = 0; c < SOLAR_OP_CLASS_COUNT; ++c) {
    ops[c] = necessaryOps(ctx, node, c);
    out->failed |= ops[c] == NULL;
  }
  if (out->failed) {
    for (int c = 0; c < SOLAR_OP_CLASS_COUNT; ++c)
      isl_pw_qpolynomial_free(ops[c]);
    return;
  }
  for (int c = 0; c < SOLAR_OP_CLASS_COUNT; ++c)
    if (solarOpClassFlops((SolarOpClass)c))
      out->flops = addCounts(
          out->flops,
          isl_pw_qpolynomial_scale_val(
              isl_pw_qpolynomial_copy(ops[c]),
              isl_val_int_from_si(ctx, solarOpClassFlops((SolarOpClass)c))),
          &out->failed);
  bool contraction = node->reductionDimCount > 0 &&
                     isl_pw_qpolynomial_is_zero(ops[SOLAR_OP_MAC]) ==
                         isl_bool_false;
  isl_pw_qpolynomial *work[SOLAR_UNIT_CLASS_COUNT] = {NULL};
  for (int c = 0; c < SOLAR_OP_CLASS_COUNT; ++c) {
    SolarUnitClass cls = solarOpClassUnitClass((SolarOpClass)c, castsWiden);
    if (cls != SOLAR_UNIT_CLASS_COUNT)
      work[cls] = addCounts(work[cls], ops[c], &out->failed);
    else
      isl_pw_qpolynomial_free(ops[c]);
  }
  for (int cls = 0; cls < SOLAR_UNIT_CLASS_COUNT; ++cls) {
    double rate;
    SolarUnit unit = solarUnitOfClass(arch, (SolarUnitClass)cls,
                                      n.rateDtype, contraction, &rate);
    out->units[unit].form = quotient(work[cls], rate);
  }
}

/* Unfused bytes of one node without framework ops (sol_bound.c nodeBytes):
 * the union per tensor and kind of the cold reads and result writes. */
static __isl_give isl_pw_qpolynomial *
nodeBytes(const SolarEinsumGraph *graph, size_t index,
          const SolarLlcTouch *facts, SolarDtype storage) {
  const SolarEinsumNode *node = &graph->nodes[index];
  isl_ctx *ctx = solarGraphIslCtx(graph);
  isl_pw_qpolynomial *bytes = constantCount(ctx, 0);
  for (size_t a = 0; a < node->accessCount && bytes; ++a) {
    const SolarEinsumAccess *access = &node->accesses[a];
    bool seen = false;
    for (size_t b = 0; b < a && !seen; ++b)
      seen = node->accesses[b].tensor == access->tensor &&
             node->accesses[b].isWrite == access->isWrite;
    /* Only what no cache serves (sol_llc.c): the figure where every
     * exchange between kernels fits in the last-level cache, never above
     * the numbers' figure. */
    if (seen || !(access->isWrite
                      ? solarLlcResultWrite(graph, facts, access->tensor, index)
                      : solarLlcColdRead(graph, facts, access->tensor, index)))
      continue;
    bool exact;
    isl_pw_qpolynomial *elements = solarUnionFootprintPw(
        graph, access->tensor, &node->id, 1,
        access->isWrite ? SOLAR_ACCESS_WRITES : SOLAR_ACCESS_READS, false,
        &exact);
    if (!elements) {
      isl_pw_qpolynomial_free(bytes);
      return NULL;
    }
    bytes = solarCountPwQpolynomialAddBounded(
        bytes, isl_pw_qpolynomial_scale_val(
                   elements,
                   solarValFromDouble(ctx, solarTensorElementBytes(
                                               &graph->tensors[access->tensor],
                                               storage))));
  }
  return bytes;
}

/* ---- groups ------------------------------------------------------------- */

/* The compute of the nodes `ids` run as one kernel (solarComputeOf). */
static char *computeOf(const SolarEinsumGraph *graph, const SolarArch *arch,
                       const int64_t *ids, size_t count,
                       const NodeFigures *nodes) {
  SolarComputeNode *members =
      calloc(count ? count : 1, sizeof(SolarComputeNode));
  size_t found = 0;
  for (size_t k = 0; k < count; ++k) {
    size_t i = solarGraphNodeIndex(graph, ids[k]);
    if (i < graph->nodeCount)
      members[found++] = (SolarComputeNode){nodes[i].units, nodes[i].dtype};
  }
  char *form = solarComputeOf(&formAlgebra, arch, members, found).form;
  free(members);
  return form;
}

/* max(compute, bytes / BW_dram); takes compute. */
static char *rooflineTerm(char *compute,
                          __isl_keep isl_pw_qpolynomial *bytes,
                          double bandwidth) {
  return solarRoofline(&formAlgebra, formTerm(compute),
                       formTerm(quotient(isl_pw_qpolynomial_copy(bytes),
                                         bandwidth)))
      .form;
}

/* Bytes and time over a partition: sum_g bytes(g), sum_g max(...). */
static void partitionFigures(const SolarEinsumGraph *graph,
                             const SolarArch *arch,
                             const SolarFusion *partition, bool programOrder,
                             const NodeFigures *nodes, double bandwidth,
                             char **bytes, char **time, bool *failed) {
  isl_pw_qpolynomial *total = NULL;
  size_t n = partition->groupCount;
  char **terms = calloc(n ? n : 1, sizeof(char *));
  SolarLlcTouch facts;
  solarLlcTouchOfPartition(graph, partition, programOrder, &facts);
  isl_ctx *ctx = solarGraphIslCtx(graph);
  for (size_t k = 0; k < n; ++k) {
    const SolarFusionGroup *g = &partition->groups[k];
    /* The cold reads and result writes (sol_llc.c): what no cache serves. */
    isl_pw_qpolynomial *bytes = constantCount(ctx, 0);
    for (size_t b = 0; b < g->boundaryCount; ++b) {
      const SolarGroupTensor *t = &g->boundary[b];
      if (t->readBytesPw && solarLlcColdRead(graph, &facts, t->tensor, k))
        bytes = addCounts(bytes, isl_pw_qpolynomial_copy(t->readBytesPw),
                          failed);
      if (t->writeBytesPw && solarLlcResultWrite(graph, &facts, t->tensor, k))
        bytes = addCounts(bytes, isl_pw_qpolynomial_copy(t->writeBytesPw),
                          failed);
    }
    total = addCounts(total, isl_pw_qpolynomial_copy(bytes), failed);
    terms[k] = rooflineTerm(computeOf(graph, arch, g->nodes, g->nodeCount, nodes),
                            bytes, bandwidth);
    isl_pw_qpolynomial_free(bytes);
  }
  solarLlcTouchDestroy(&facts);
  *time = combine(terms, n, false);
  *bytes = total ? isl_pw_qpolynomial_to_str(total) : strdup("{ 0 }");
  isl_pw_qpolynomial_free(total);
  free(terms);
}

/* ---- the figures -------------------------------------------------------- */

static bool unfusedPerNode(const SolarEinsumGraph *graph,
                           const SolarArch *arch, const NodeFigures *nodes, SolarDtype storage,
                           double bandwidth, SolarSymSol *out) {
  size_t n = graph->nodeCount;
  char **terms = calloc(n ? n : 1, sizeof(char *));
  isl_pw_qpolynomial *total = NULL;
  bool ok = true;
  SolarLlcTouch facts;
  solarLlcTouchOfNodes(graph, &facts);
  for (size_t i = 0; i < n && ok; ++i) {
    isl_pw_qpolynomial *bytes = nodeBytes(graph, i, &facts, storage);
    ok = bytes != NULL;
    if (ok)
      terms[i] = rooflineTerm(computeOf(graph, arch, &graph->nodes[i].id, 1, nodes),
                              bytes, bandwidth);
    bool failed = false;
    total = addCounts(total, bytes, &failed);
    ok = ok && !failed;
  }
  out->time[SOLAR_FIDELITY_UNFUSED] = combine(terms, n, false);
  out->bytes[SOLAR_FIDELITY_UNFUSED] =
      total ? isl_pw_qpolynomial_to_str(total) : strdup("{ 0 }");
  out->kernelsUnfused = (int64_t)n;
  solarLlcTouchDestroy(&facts);
  isl_pw_qpolynomial_free(total);
  free(terms);
  return ok;
}

/* What the numbers' nesting of the fidelities (sol_bound.c) states without
 * the sizes: how much of the traffic between kernels the last-level cache
 * holds depends on them, so the unfused and fused bytes are stated as the
 * ideal's, which every implementation moves, and each time as the larger
 * of its own sum (cold reads and result writes only, sol_llc.c) and the
 * next larger family's time. Both stay at or below the numbers' figures. */
static void nestSymbolic(SolarSymSol *out) {
  const SolarFidelity order[] = {SOLAR_FIDELITY_FUSED, SOLAR_FIDELITY_UNFUSED};
  const SolarFidelity floor[] = {SOLAR_FIDELITY_IDEAL, SOLAR_FIDELITY_FUSED};
  for (size_t i = 0; i < 2; ++i) {
    SolarFidelity f = order[i];
    free(out->bytes[f]);
    out->bytes[f] = strdup(out->bytes[SOLAR_FIDELITY_IDEAL]);
    /* max(a, a) is a: the form stays as short as the figure allows. */
    if (strcmp(out->time[f], out->time[floor[i]]) == 0)
      continue;
    char *parts[2] = {out->time[f], strdup(out->time[floor[i]])};
    out->time[f] = combine(parts, 2, true);
  }
}

bool solarSolComputeSymbolic(const SolarEinsumGraph *graph,
                             const SolarFusion *fusion,
                             const SolarFusion *kernels,
                             const SolarArch *arch, SolarDtype dtypeOverride,
                             SolarDtype reportDtype,
                             const SolarFp32Policy *policy, SolarSymSol *out,
                             char *err, size_t errSize) {
  memset(out, 0, sizeof(*out));
  out->arch = arch->name ? strdup(arch->name) : NULL;
  out->dtype = reportDtype;
  out->policy = policy ? *policy : solarFp32PolicyDefault();
  out->paramCount = graph->paramCount;
  out->params = calloc(graph->paramCount + 1, sizeof(char *));
  out->paramSources = calloc(graph->paramCount + 1, sizeof(char *));
  for (size_t p = 0; p < graph->paramCount; ++p) {
    out->params[p] = strdup(graph->params[p].name);
    out->paramSources[p] = copyOrNull(graph->params[p].source);
  }
  isl_ctx *ctx = solarGraphIslCtx(graph);
  if (!ctx) {
    snprintf(err, errSize, "symbolic figures need the graph's isl index");
    return false;
  }
  double bw = arch->dram_bytes_per_s.value;
  size_t n = graph->nodeCount;
  NodeFigures *nodes = calloc(n ? n : 1, sizeof(NodeFigures));
  bool ok = true;
  isl_pw_qpolynomial *flops = NULL;
  for (size_t i = 0; i < n; ++i) {
    nodeFigures(graph, i, arch, dtypeOverride, reportDtype, &out->policy,
                &nodes[i]);
    if (nodes[i].failed && ok) {
      snprintf(err, errSize,
               "the op counts of node %lld in function @%s could not be read "
               "as isl expressions with at most %d distinct floor terms, so "
               "no symbolic lower bound; give the sizes with "
               "--solar-bind-shapes, then --canonicalize",
               (long long)graph->nodes[i].id, graph->function,
               SOLAR_COUNT_MAX_EXPRESSION_DIVS);
      ok = false;
    }
    bool failed = false;
    flops = addCounts(flops, nodes[i].flops, &failed);
    if (failed && ok) {
      reportTooManyFloors(graph, err, errSize);
      ok = false;
    }
    nodes[i].flops = NULL;
  }
  if (ok) {
    out->flops = flops ? isl_pw_qpolynomial_to_str(flops) : strdup("{ 0 }");
    /* The whole function as one kernel: the compute of the ideal bound. */
    int64_t *ids = calloc(n ? n : 1, sizeof(int64_t));
    for (size_t i = 0; i < n; ++i)
      ids[i] = graph->nodes[i].id;
    out->compute = computeOf(graph, arch, ids, n, nodes);
    free(ids);
    if (!out->compute)
      out->compute = strdup("0");

    bool failed = false;
    partitionFigures(graph, arch, fusion, false, nodes, bw,
                     &out->bytes[SOLAR_FIDELITY_FUSED],
                     &out->time[SOLAR_FIDELITY_FUSED], &failed);
    out->groups = (int64_t)fusion->groupCount;
    if (kernels) {
      partitionFigures(graph, arch, kernels, true, nodes, bw,
                       &out->bytes[SOLAR_FIDELITY_UNFUSED],
                       &out->time[SOLAR_FIDELITY_UNFUSED], &failed);
      out->kernelsUnfused = (int64_t)kernels->groupCount;
    } else if (!unfusedPerNode(graph, arch, nodes, dtypeOverride, bw, out)) {
      snprintf(err, errSize,
               "a footprint in function @%s has no exact count in the "
               "symbolic sizes with at most %d distinct floor terms, so no "
               "symbolic lower bound; give the sizes with "
               "--solar-bind-shapes, then --canonicalize",
               graph->function, SOLAR_COUNT_MAX_EXPRESSION_DIVS);
      ok = false;
    }
    if (failed && ok) {
      reportTooManyFloors(graph, err, errSize);
      ok = false;
    }
    /* The dependent-launch gaps, after the kernels as the numbers add
     * them (sol_unfused.c): a constant, the kernel count is no size. */
    int64_t launching = 0;
    for (size_t k = 0; kernels && k < kernels->groupCount; ++k)
      launching += solarKernelLaunches(graph, kernels->groups[k].nodes,
                                       kernels->groups[k].nodeCount);
    for (size_t i = 0; !kernels && i < n; ++i)
      launching += solarKernelLaunches(graph, &graph->nodes[i].id, 1);
    if (ok && launching > 1) {
      char *parts[2] = {out->time[SOLAR_FIDELITY_UNFUSED],
                        quotient(constantCount(ctx, launching - 1),
                                 solarLaunchGapRate(arch))};
      out->time[SOLAR_FIDELITY_UNFUSED] = combine(parts, 2, false);
    }
    out->bytes[SOLAR_FIDELITY_IDEAL] =
        isl_pw_qpolynomial_to_str(fusion->idealBytesPw);
    out->time[SOLAR_FIDELITY_IDEAL] =
        rooflineTerm(strcmp(out->compute, "0") ? strdup(out->compute) : NULL,
                     fusion->idealBytesPw, bw);
    for (int f = 0; f < SOLAR_FIDELITY_COUNT; ++f)
      if (solarFidelityIsSymbolic(f) && !out->time[f])
        out->time[f] = strdup("0");
    nestSymbolic(out);
  }
  isl_pw_qpolynomial_free(flops);
  for (size_t i = 0; i < n; ++i) {
    for (int u = 0; u < SOLAR_UNIT_COUNT; ++u)
      free(nodes[i].units[u].form);
    isl_pw_qpolynomial_free(nodes[i].flops);
  }
  free(nodes);
  if (!ok)
    solarSymSolDestroy(out);
  return ok;
}

void solarSymSolDestroy(SolarSymSol *sol) {
  free(sol->arch);
  for (size_t p = 0; p < sol->paramCount; ++p) {
    free(sol->params[p]);
    free(sol->paramSources[p]);
  }
  free(sol->params);
  free(sol->paramSources);
  free(sol->flops);
  free(sol->compute);
  free(sol->cacheExpr);
  free(sol->fusedGrouping);
  for (int f = 0; f < SOLAR_FIDELITY_COUNT; ++f) {
    free(sol->bytes[f]);
    free(sol->time[f]);
  }
  memset(sol, 0, sizeof(*sol));
}
