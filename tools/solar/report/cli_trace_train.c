/* Attributing a torch training step's eager profiler trace to the kernels
 * of the exported step (solar analyze --train --profile, docs/analyze.md
 * "Per-kernel attribution of a training step").
 *
 * The eager step runs autograd's backward as its own nodes
 * (`autograd::engine::evaluate_function: AddmmBackward0` around aten::mm,
 * aten::sum, ...), while solar's kernels are the framework ops of the
 * joint graph make_fx traced. Which eager op computes which framework op
 * is the kernel map's to say (trace->kernelOps, framework "torch.train",
 * tools/python/solar_ref/profile.py torch_train_ops): the ops the step
 * dispatches below autograd, in the order it runs them, each with its
 * framework op, read off the same trace of the same step the importer
 * makes. The walk matches that list, in order, against the trace's
 * cpu ops in time order, each top-level op's nested ops in pre-order: an
 * op named as the next expected one is its call (what it calls itself
 * is its own work, not matched again), every other op is the
 * framework's and unattributed. Checked, never guessed: every step
 * must run the whole list, a backward framework op must run inside
 * autograd's engine and a forward or optimizer one outside it, and each
 * op's largest input must fit its kernel's, else an error names it. A
 * kernel the map names only as a view (eager PyTorch runs no op for it;
 * solar's kernel copies) is listed, in no row; a kernel the map does not
 * name at all means the trace is of another program: an error.
 *
 * One row per kernel: the time of the ops that computed it against its
 * own warm SOL, exactly the work they cover. A backward row also names
 * the autograd nodes that ran it and the forward framework ops they
 * differentiate: those whose op carries the node's "Sequence number"
 * (autograd numbers a forward op's node with it) in the same step. */
#include "cli_trace_rows.h"

#include "solar/einsum/phase.h"
#include "solar/support/grow.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One entry of the map: an op the eager step runs and the solar kernel of
 * its framework op (kernelCount: none, e.g. a constant solar folded). */
typedef struct {
  const char *name;        /* "aten::mm" */
  const char *frameworkOp; /* "backward/aten.mm.default:mm_1" */
  size_t kernel;
} Expected;

typedef struct {
  double seconds; /* over all steps */
  size_t calls;
  /* The eager ops' names, then with the device work they launched;
   * autograd's nodes and the forward framework ops they differentiate. */
  json_t *opNames, *traceNames, *nodes, *differentiates;
} TrainRow;

typedef struct {
  SolarSol sol;
  char *function;
  Expected *expected;
  size_t expectedCount;
  TrainRow *rows;        /* per kernel */
  bool *view;            /* per kernel: the map names it as a view only */
  long long *sequence;   /* per kernel: its op's sequence number this step */
  SolarTraceOtherRow *others;
  size_t otherCount;
  size_t steps, next;
} Train;

bool solarTraceIsTrainMap(json_t *kernelOps) {
  const char *framework =
      json_string_value(json_object_get(kernelOps, "framework"));
  return framework && !strcmp(framework, "torch.train");
}

static size_t kernelOf(const SolarSol *sol, const char *op) {
  for (size_t k = 0; op && k < sol->kernelCount; ++k)
    if (!strcmp(sol->kernels[k].frameworkOp, op))
      return k;
  return sol->kernelCount;
}

/* The expected ops and, per kernel, whether the map runs it; false when a
 * kernel is named by no entry (another program) or the map is malformed. */
static bool readMap(Train *t, json_t *map, char *err, size_t errSize) {
  json_t *ops = json_object_get(map, "ops"), *views =
                                                 json_object_get(map, "views");
  size_t n = json_array_size(ops), kernels = t->sol.kernelCount;
  t->expected = solarCalloc(n + 1, sizeof(Expected));
  bool *run = solarCalloc(kernels + 1, sizeof(bool));
  for (size_t i = 0; i < n; ++i) {
    json_t *entry = json_array_get(ops, i);
    Expected *e = &t->expected[t->expectedCount++];
    e->name = json_string_value(json_array_get(entry, 0));
    e->frameworkOp = json_string_value(json_array_get(entry, 1));
    if (!e->name || !e->frameworkOp) {
      snprintf(err, errSize, "the training step's kernel map (solarKernelOps) "
                             "is malformed: entry %zu of ops is not [op, "
                             "framework op]", i);
      free(run);
      return false;
    }
    e->kernel = kernelOf(&t->sol, e->frameworkOp);
    if (e->kernel < kernels)
      run[e->kernel] = true;
  }
  size_t i, used = 0;
  json_t *v;
  json_array_foreach(views, i, v) {
    size_t k = kernelOf(&t->sol, json_string_value(v));
    if (k < kernels && !run[k])
      t->view[k] = true;
  }
  char missing[1024] = "";
  for (size_t k = 0; k < kernels && used < sizeof(missing); ++k)
    if (!run[k] && !t->view[k])
      used += (size_t)snprintf(missing + used, sizeof(missing) - used,
                               "%s%s", used ? ", " : "",
                               t->sol.kernels[k].frameworkOp);
  free(run);
  if (used)
    snprintf(err, errSize,
             "the trace does not match the program: the training step it "
             "records (its kernel map) runs no op of %s (a trace of "
             "another program, or an eager step that runs other ops than "
             "the exported one: a fused kernel, e.g. a CPU "
             "scaled_dot_product_attention, that the export decomposes)",
             missing);
  return !used;
}

/* What an op costs: its duration on a CPU trace; on a device trace the
 * device work it and the ops it calls launched, whose names go to `names`
 * when given. */
static double cost(const SolarTraceOp *op, size_t e, bool device,
                   json_t *names) {
  if (!device)
    return op->events[e].durationUs * 1e-6;
  double seconds = 0;
  for (size_t k = e; k < op->eventCount &&
                     (k == e || op->events[k].depth > op->events[e].depth);
       ++k) {
    seconds += op->events[k].deviceSeconds;
    for (size_t d = 0; names && d < op->events[k].deviceNameCount; ++d)
      solarTraceAddName(names, op->events[k].deviceNames[d]);
  }
  return seconds;
}

/* Event e of op is the next expected op's call: checked and counted.
 * False with the reason in err. */
static bool matched(Train *t, const SolarTraceOp *op, size_t e, bool device,
                    char *err, size_t errSize) {
  const Expected *x = &t->expected[t->next];
  const SolarTraceEvent *ev = &op->events[e];
  if (x->kernel == t->sol.kernelCount) {
    solarTraceAddOther(&t->others, &t->otherCount, ev->name,
                       cost(op, e, device, NULL));
    return true;
  }
  const SolarKernelSol *kernel = &t->sol.kernels[x->kernel];
  bool backward = solarFrameworkOpPhase(x->frameworkOp) ==
                  SOLAR_PHASE_BACKWARD;
  if (backward != (op->backwardNode != NULL)) {
    snprintf(err, errSize,
             "the trace does not match the program: %s (%s) in step %zu "
             "runs %s autograd's backward, its framework op is of the %s",
             ev->name, x->frameworkOp, t->steps + 1,
             op->backwardNode ? "inside" : "outside",
             solarPhaseName(solarFrameworkOpPhase(x->frameworkOp)));
    return false;
  }
  if (!solarTraceShapesFit(kernel, ev->largestInput, ev->name,
                           x->frameworkOp, t->steps, err, errSize))
    return false;
  TrainRow *row = &t->rows[x->kernel];
  solarTraceAddName(row->opNames, ev->name);
  solarTraceAddName(row->traceNames, ev->name);
  row->seconds += cost(op, e, device, row->traceNames);
  row->calls++;
  if (!backward) {
    t->sequence[x->kernel] = ev->sequence;
    return true;
  }
  solarTraceAddName(row->nodes, op->backwardNode);
  for (size_t k = 0; k < t->sol.kernelCount && op->backwardSequence >= 0;
       ++k)
    if (t->sequence[k] == op->backwardSequence)
      solarTraceAddName(row->differentiates, t->sol.kernels[k].frameworkOp);
  return true;
}

/* "aten::mm (backward/aten.mm.default:mm_1), ..." of the expected ops
 * from `from` on. */
static void listExpected(const Train *t, size_t from, char *buf,
                         size_t size) {
  size_t used = 0;
  buf[0] = '\0';
  for (size_t i = from; i < t->expectedCount && used < size; ++i)
    used += (size_t)snprintf(buf + used, size - used, "%s%s (%s)",
                             used ? ", " : "", t->expected[i].name,
                             t->expected[i].frameworkOp);
}

/* The walk of the file comment. */
static bool walk(Train *t, const SolarTrace *trace, char *err,
                 size_t errSize) {
  int window = trace->windows ? 0 : -1;
  char missing[1024];
  for (size_t i = 0; i < trace->opCount; ++i) {
    const SolarTraceOp *op = &trace->ops[i];
    if (trace->windows && op->step != window) {
      if (t->next || t->steps != (size_t)window + 1) {
        listExpected(t, t->next, missing, sizeof(missing));
        snprintf(err, errSize,
                 "ProfilerStep window %d does not hold one training step "
                 "of the program: %s%s",
                 window + 1, t->next ? "not found in it: " : "no op of it",
                 t->next ? missing : "");
        return false;
      }
      window = op->step;
    }
    bool any = false;
    int skipBelow = -1; /* nested in a matched op: its own work */
    for (size_t e = 0; e < op->eventCount; ++e) {
      if (skipBelow >= 0 && op->events[e].depth > skipBelow)
        continue;
      skipBelow = -1;
      if (strcmp(op->events[e].name, t->expected[t->next].name))
        continue;
      if (!matched(t, op, e, trace->device, err, errSize))
        return false;
      any = true;
      skipBelow = op->events[e].depth;
      if (++t->next == t->expectedCount) {
        t->next = 0;
        t->steps++;
        for (size_t k = 0; k < t->sol.kernelCount; ++k)
          t->sequence[k] = -1;
      }
    }
    if (!any)
      solarTraceAddOther(&t->others, &t->otherCount, op->name, op->seconds);
  }
  if (!t->next && t->steps > 0 &&
      (!trace->windows || t->steps == trace->windows))
    return true;
  listExpected(t, t->next, missing, sizeof(missing));
  snprintf(err, errSize,
           "the trace does not match the program: after %zu whole training "
           "step(s)%s, not found in order: %s",
           t->steps,
           trace->windows ? " (the trace has ProfilerStep windows)" : "",
           missing);
  return false;
}

/* The kernels no eager op runs (views): framework op and phase. */
static json_t *unrunJson(const Train *t) {
  json_t *list = json_array();
  for (size_t k = 0; k < t->sol.kernelCount; ++k) {
    if (!t->view[k])
      continue;
    const char *op = t->sol.kernels[k].frameworkOp;
    json_array_append_new(
        list, json_pack("{s:s, s:n, s:o}", "framework_op", op, "group",
                        "phase", solarTracePhaseJson(&op, 1)));
  }
  return list;
}

static void report(Train *t, const SolarTrace *trace, const char *path,
                   json_t *out) {
  size_t kernels = t->sol.kernelCount, count = 0;
  json_t **rows = solarCalloc(kernels + 1, sizeof(json_t *));
  for (size_t k = 0; k < kernels; ++k) {
    TrainRow *r = &t->rows[k];
    if (!r->calls)
      continue;
    const char *op = t->sol.kernels[k].frameworkOp;
    const char *colon = strrchr(op, ':');
    char names[512] = "";
    size_t i, used = 0;
    json_t *name;
    json_array_foreach(r->opNames, i, name) if (used < sizeof(names))
        used += (size_t)snprintf(names + used, sizeof(names) - used, "%s%s",
                                 i ? " + " : "", json_string_value(name));
    rows[count] =
        solarTraceKernelRow(&t->sol.kernels[k], names, colon ? colon + 1 : op,
                            r->traceNames, r->calls, r->seconds, t->steps);
    if (json_array_size(r->nodes)) {
      json_object_set(rows[count], "autograd_nodes", r->nodes);
      json_object_set(rows[count], "differentiates", r->differentiates);
    }
    count++;
  }
  solarTraceReport(out, trace, path, t->function, rows, count, t->others,
                   t->otherCount, t->steps);
  json_object_set_new(out, "kernels_unnamed", unrunJson(t));
  free(rows);
}

bool solarTraceAttributeTrain(MlirOperation module, const SolarTrace *trace,
                              const char *path, json_t *out, char *err,
                              size_t errSize) {
  Train t = {0};
  MlirOperation func;
  if (!solarTraceKernelsOf(module, &t.sol, &func, &t.function, err, errSize))
    return false;
  size_t kernels = t.sol.kernelCount;
  t.rows = solarCalloc(kernels + 1, sizeof(TrainRow));
  t.view = solarCalloc(kernels + 1, sizeof(bool));
  t.sequence = solarCalloc(kernels + 1, sizeof(long long));
  bool ok = true;
  for (size_t k = 0; k < kernels; ++k) {
    t.sequence[k] = -1;
    t.rows[k] = (TrainRow){.opNames = json_array(),
                           .traceNames = json_array(), .nodes = json_array(),
                           .differentiates = json_array()};
    const char *op = t.sol.kernels[k].frameworkOp;
    if (ok && solarFrameworkOpPhase(op) == SOLAR_PHASE_NONE) {
      snprintf(err, errSize,
               "the trace is of a training step (its kernel map is torch's "
               "training step's), @%s is not (%s has no phase): analyze it "
               "with --train",
               t.function, op ? op : "a kernel without a framework op");
      ok = false;
    }
  }
  ok = ok && readMap(&t, trace->kernelOps, err, errSize);
  if (ok && !t.expectedCount) {
    snprintf(err, errSize, "the training step's kernel map names no op");
    ok = false;
  }
  ok = ok && walk(&t, trace, err, errSize);
  if (ok)
    report(&t, trace, path, out);
  for (size_t k = 0; k < kernels; ++k) {
    json_decref(t.rows[k].opNames);
    json_decref(t.rows[k].traceNames);
    json_decref(t.rows[k].nodes);
    json_decref(t.rows[k].differentiates);
  }
  free(t.rows);
  free(t.view);
  free(t.sequence);
  free(t.expected);
  free(t.others);
  free(t.function);
  solarSolDestroy(&t.sol);
  return ok;
}
