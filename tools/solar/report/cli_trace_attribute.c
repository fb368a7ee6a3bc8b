/* Attributing a profiler trace's framework ops to solar's framework-op
 * kernels (cli_trace_attribute.h).
 *
 * The kernels of the function, in program order, are what one step of the
 * eager run executes. The trace's top-level ops are walked in time order:
 * an op whose identity (its name or that of an op it dispatches to) is the
 * next expected kernel's is that kernel's call, after its largest input is
 * checked against the kernel's; any other op (views, copies, the framework's
 * own bookkeeping) is unattributed and reported as such. When every kernel
 * has been seen the step is complete and the next begins. A step left
 * incomplete, a step that does not fill its ProfilerStep window, or a size
 * that disagrees is an error naming what did not match: never a guess. */
#include "cli_trace_attribute.h"
#include "cli_trace_rows.h"

#include "cli_analyze_report.h"
#include "cli_quantity.h"

#include "solar/einsum/phase.h"
#include "solar/sol/sol.h"
#include "solar/support/funcs.h"
#include "solar/support/grow.h"
#include "solar/support/json_number.h"

#include "mlir-c/BuiltinAttributes.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One kernel's identity and what was measured of it. */
typedef struct {
  const SolarKernelSol *kernel;
  char identity[520]; /* the profiler's name: "aten::linear" */
  char location[256]; /* the op's node in the exported graph: "linear" */
  double seconds;     /* over all steps */
  size_t calls;
  json_t *traceNames; /* distinct */
} KernelRow;

/* `aten.linear.default:linear` -> identity "aten::linear", location
 * "linear": torch's TARGET (namespace.op.overload) and exported NODE
 * (solar_imp/framework_ops.py). False for a name no profiler op carries
 * (a JAX primitive, a Python function). */
static bool torchIdentity(const char *frameworkOp, KernelRow *row) {
  const char *colon = strrchr(frameworkOp, ':');
  if (!colon || colon == frameworkOp)
    return false;
  size_t targetLength = (size_t)(colon - frameworkOp);
  char target[256];
  if (targetLength >= sizeof(target))
    return false;
  memcpy(target, frameworkOp, targetLength);
  target[targetLength] = '\0';
  char *dot = strchr(target, '.');
  if (!dot || dot == target || strchr(target, ' '))
    return false;
  *dot = '\0';
  char *name = dot + 1, *overload = strchr(name, '.');
  if (overload)
    *overload = '\0';
  if (!*name)
    return false;
  snprintf(row->identity, sizeof(row->identity), "%s::%s", target, name);
  snprintf(row->location, sizeof(row->location), "%s", colon + 1);
  return true;
}

static bool opIs(const SolarTraceOp *op, const char *identity) {
  for (size_t i = 0; i < op->nameCount; ++i)
    if (!strcmp(op->names[i], identity))
      return true;
  return false;
}

void solarTraceAddName(json_t *names, const char *name) {
  size_t i;
  json_t *n;
  json_array_foreach(names, i, n) if (!strcmp(json_string_value(n), name))
      return;
  json_array_append_new(names, json_string(name));
}

bool solarTraceShapesFit(const SolarKernelSol *kernel, int64_t largestInput,
                         const char *op, const char *where, size_t steps,
                         char *err, size_t errSize) {
  if (largestInput < 0) {
    snprintf(err, errSize,
             "the trace records no input shapes (\"Input Dims\"): record "
             "it with torch.profiler.profile(record_shapes=True)");
    return false;
  }
  /* The op's largest input is a view of the kernel's inputs: no more
   * elements than the largest of them, no fewer than the kernel touches
   * of one. */
  if (largestInput <= kernel->largestInputElements &&
      largestInput >= kernel->largestInputFootprint)
    return true;
  snprintf(err, errSize,
           "shapes disagree: %s (%s) in step %zu of the trace has a "
           "largest input of %lld elements, the analyzed program's "
           "reads %lld of a tensor of %lld: the trace is of another "
           "program or other sizes",
           op, where, steps + 1, (long long)largestInput,
           (long long)kernel->largestInputFootprint,
           (long long)kernel->largestInputElements);
  return false;
}

void solarTraceAddOther(SolarTraceOtherRow **rows, size_t *count,
                        const char *name, double seconds) {
  for (size_t i = 0; i < *count; ++i)
    if (!strcmp((*rows)[i].name, name)) {
      (*rows)[i].seconds += seconds;
      (*rows)[i].calls++;
      return;
    }
  *rows = realloc(*rows, (*count + 1) * sizeof(SolarTraceOtherRow));
  if (!*rows)
    abort();
  (*rows)[(*count)++] = (SolarTraceOtherRow){name, seconds, 1};
}

json_t *solarTracePhaseJson(const char *const *frameworkOps, size_t count) {
  SolarPhase phase = SOLAR_PHASE_NONE;
  for (size_t i = 0; i < count; ++i) {
    SolarPhase own = solarFrameworkOpPhase(frameworkOps[i]);
    if (own == SOLAR_PHASE_NONE || (i && own != phase))
      return json_null();
    phase = own;
  }
  return phase == SOLAR_PHASE_NONE ? json_null()
                                   : json_string(solarPhaseName(phase));
}

/* "aten::conv2d (conv2d), ..." of kernels [from, count), at most a few. */
static void listKernels(const KernelRow *rows, size_t from, size_t count,
                        char *buf, size_t size) {
  size_t used = 0;
  buf[0] = '\0';
  for (size_t k = from; k < count && used < size; ++k)
    used += (size_t)snprintf(buf + used, size - used, "%s%s (%s)",
                             k > from ? ", " : "", rows[k].identity,
                             rows[k].location);
}

typedef struct {
  KernelRow *rows;
  size_t count;
  SolarTraceOtherRow *others;
  size_t otherCount;
  size_t steps;
} Attribution;

/* The walk of the file comment. False with the reason in err. */
static bool walk(const SolarTrace *trace, Attribution *a, char *err,
                 size_t errSize) {
  size_t next = 0;
  int window = trace->windows ? 0 : -1;
  for (size_t i = 0; i < trace->opCount; ++i) {
    const SolarTraceOp *op = &trace->ops[i];
    if (trace->windows && op->step != window) {
      /* A new window: the previous one must hold one whole step. */
      if (next || a->steps != (size_t)window + 1) {
        char missing[1024];
        listKernels(a->rows, next, a->count, missing, sizeof(missing));
        snprintf(err, errSize,
                 "ProfilerStep window %d does not hold one step of the "
                 "program: %s%s",
                 window + 1, next ? "not found in it: " : "no op of it",
                 next ? missing : "");
        return false;
      }
      window = op->step;
    }
    KernelRow *row = &a->rows[next];
    if (!opIs(op, row->identity)) {
      solarTraceAddOther(&a->others, &a->otherCount, op->name, op->seconds);
      continue;
    }
    if (!solarTraceShapesFit(row->kernel, op->largestInput, row->identity,
                             row->location, a->steps, err, errSize))
      return false;
    row->seconds += op->seconds;
    row->calls++;
    solarTraceAddName(row->traceNames, op->name);
    for (size_t k = 0; k < op->deviceNameCount; ++k)
      solarTraceAddName(row->traceNames, op->deviceNames[k]);
    if (++next == a->count) {
      next = 0;
      a->steps++;
    }
  }
  bool whole = !next && a->steps > 0 &&
               (!trace->windows || a->steps == trace->windows);
  if (!whole) {
    char missing[1024];
    listKernels(a->rows, next, a->count, missing, sizeof(missing));
    snprintf(err, errSize,
             "the trace does not match the program: after %zu whole "
             "step(s)%s, not found in order: %s",
             a->steps,
             trace->windows ? " (the trace has ProfilerStep windows)" : "",
             missing);
  }
  return whole;
}

bool solarTraceKernelsOf(MlirOperation module, SolarSol *sol,
                         MlirOperation *func, char **name, char *err,
                         size_t errSize) {
  size_t count = 0, found = 0;
  MlirOperation *funcs = solarCollectFuncs(module, &count);
  for (size_t i = 0; i < count; ++i) {
    SolarSol s;
    if (!solarAnalyzeFuncSol(funcs[i], &s))
      continue;
    if (s.kernelCount && !found++) {
      *sol = s;
      *func = funcs[i];
      *name = solarFuncName(funcs[i]);
      continue;
    }
    solarSolDestroy(&s);
  }
  free(funcs);
  if (found == 1)
    return true;
  if (found > 1) {
    solarSolDestroy(sol);
    free(*name);
  }
  if (found)
    snprintf(err, errSize,
             "%zu functions have framework-op kernels: a trace is "
             "attributed to one program function",
             found);
  else
    snprintf(err, errSize,
             "the IR records no framework ops (solar.framework_op, written "
             "by solar import): nothing to attribute the trace to");
  return false;
}

static int bySaving(const void *a, const void *b) {
  double x = json_real_value(json_object_get(*(json_t *const *)a, "saving_s"));
  double y = json_real_value(json_object_get(*(json_t *const *)b, "saving_s"));
  return x < y ? 1 : x > y ? -1 : 0;
}

json_t *solarTraceKernelRow(const SolarKernelSol *kernel, const char *op,
                            const char *location, json_t *traceNames,
                            size_t calls, double seconds, size_t steps) {
  /* The op runs inside the program: its warm figure is its lower bound
   * (SolarKernelSol); the cold unfused one is shown beside it. */
  double measured = seconds / (double)steps;
  double sol = kernel->warmSeconds;
  return json_pack(
      "{s:s, s:s, s:s, s:O, s:I, s:f, s:f, s:o, s:s, s:f, s:b, s:o, s:o, "
      "s:f, s:s, s:o}",
      "framework_op", kernel->frameworkOp, "op", op, "location", location,
      "trace_names", traceNames, "calls", (json_int_t)(calls / steps),
      "measured_s", measured, "sol_s", sol, "headroom",
      sol > 0 ? json_real(measured / sol) : json_null(), "bound",
      solarBoundName(kernel->warmBound), "saving_s", measured - sol,
      "violation", measured < sol, "flops", solarJsonNumber(kernel->flops),
      "bytes", solarJsonNumber(kernel->bytes), "sol_unfused_s",
      kernel->seconds, solarFidelityBoundKey(SOLAR_FIDELITY_UNFUSED),
      solarBoundName(kernel->bound), "phase",
      solarTracePhaseJson((const char *const *)&kernel->frameworkOp, 1));
}

/* Ranks the rows (owned, taken) by saving into a list; the measured
 * opportunities (rows slower than their SOL) go to `opportunities` in that
 * order, the rows faster than their SOL to `violations`. */
static json_t *rankRows(json_t **items, size_t n, json_t *opportunities,
                        json_t *violations) {
  qsort(items, n, sizeof(json_t *), bySaving);
  json_t *list = json_array();
  for (size_t k = 0; k < n; ++k) {
    json_t *row = items[k];
    if (json_is_true(json_object_get(row, "violation")))
      json_array_append(violations, json_object_get(row, "framework_op"));
    double saving = json_real_value(json_object_get(row, "saving_s"));
    if (saving > 0) {
      char text[768], m[32], s[32], g[32];
      const char *bound = json_string_value(json_object_get(row, "bound"));
      snprintf(text, sizeof(text),
               "%s at %s: %s per step, SOL %s (%s-bound): %s to gain",
               json_string_value(json_object_get(row, "op")),
               json_string_value(json_object_get(row, "location")),
               solarQuantityFormatDigits(
                   json_real_value(json_object_get(row, "measured_s")), "s",
                   4, m, sizeof(m)),
               solarQuantityFormatDigits(
                   json_real_value(json_object_get(row, "sol_s")), "s", 4, s,
                   sizeof(s)),
               strcmp(bound, "dram") ? bound : "DRAM",
               solarQuantityFormatDigits(saving, "s", 4, g, sizeof(g)));
      json_array_append_new(opportunities,
                            json_pack("{s:s, s:f, s:s}", "kind", "kernel",
                                      "saves_s", saving, "text", text));
    }
    json_array_append_new(list, row);
  }
  return list;
}

/* Unattributed rows (per step): each op name, the device work of no op,
 * then the rest of the step (gaps, the framework's own time). */
static json_t *unattributedJson(const SolarTraceOtherRow *others,
                                size_t otherCount, size_t stepCount,
                                const SolarTrace *trace, double stepSeconds,
                                double attributed, double *total) {
  json_t *rows = json_array();
  double steps = (double)stepCount, sum = 0;
  for (size_t i = 0; i < otherCount; ++i) {
    double s = others[i].seconds / steps;
    sum += s;
    json_array_append_new(
        rows, json_pack("{s:s, s:I, s:f}", "trace_name", others[i].name,
                        "calls", (json_int_t)(others[i].calls / stepCount),
                        "measured_s", s));
  }
  if (trace->unlinkedDeviceSeconds > 0) {
    double s = trace->unlinkedDeviceSeconds / steps;
    sum += s;
    json_array_append_new(rows, json_pack("{s:s, s:I, s:f}", "trace_name",
                                          "device work launched by no op",
                                          "calls", (json_int_t)0,
                                          "measured_s", s));
  }
  double rest = stepSeconds - attributed - sum;
  json_array_append_new(
      rows, json_pack("{s:s, s:I, s:f}", "trace_name",
                      trace->device     ? "between device work (idle, launches)"
                      : trace->compiled ? "between compiled ops (dispatch, runtime)"
                                        : "between ops (framework overhead)",
                      "calls", (json_int_t)0, "measured_s", rest));
  *total = sum + rest;
  return rows;
}

/* Prepends the measured opportunities to the function's own. */
static void prependOpportunities(json_t *report, const char *function,
                                 json_t *measured) {
  size_t i;
  json_t *fn;
  json_array_foreach(json_object_get(report, "functions"), i, fn) {
    if (strcmp(json_string_value(json_object_get(fn, "name")), function))
      continue;
    json_t *own = json_object_get(fn, "opportunities");
    json_array_extend(measured, own);
    json_array_clear(own);
    json_array_extend(own, measured);
  }
}

void solarTraceReport(json_t *report, const SolarTrace *trace,
                      const char *path, const char *function, json_t **rows,
                      size_t rowCount, const SolarTraceOtherRow *others,
                      size_t otherCount, size_t steps) {
  double stepSeconds =
      trace->windows ? trace->windowSeconds / (double)trace->windows
                     : (trace->lastEndUs - trace->firstStartUs) * 1e-6 /
                           (double)steps;
  double attributed = 0;
  for (size_t k = 0; k < rowCount; ++k)
    attributed += json_number_value(json_object_get(rows[k], "measured_s"));
  json_t *opportunities = json_array(), *violations = json_array();
  double unattributed = 0;
  json_object_set_new(report, "kernels",
                      rankRows(rows, rowCount, opportunities, violations));
  json_object_set_new(report, "unattributed",
                      unattributedJson(others, otherCount, steps, trace,
                                       stepSeconds, attributed,
                                       &unattributed));
  json_object_set_new(report, "unattributed_s", json_real(unattributed));
  json_object_set_new(report, "trace_step_s", json_real(stepSeconds));
  json_object_set_new(report, "kernel_violations", violations);
  json_object_set_new(
      report, "trace",
      json_pack("{s:s, s:s, s:I, s:b, s:s}", "file", path, "function",
                function, "steps", (json_int_t)steps, "step_windows",
                trace->windows > 0, "measures",
                trace->compiled ? "compiled kernels"
                : trace->device ? "device events"
                                : "cpu ops"));
  prependOpportunities(report, function, opportunities);
  json_decref(opportunities);
}

bool solarTraceHasTrainMap(const SolarTrace *trace, char *err,
                           size_t errSize) {
  if (trace->compiled || solarTraceIsTrainMap(trace->kernelOps))
    return true;
  snprintf(err, errSize,
           "a torch training step's trace is attributed through the map of "
           "the step's eager ops to the exported step's framework ops "
           "(solarKernelOps), which the trace lacks: record it with solar "
           "analyze --train --profile (kept with --keep-reference)");
  return false;
}

bool solarTraceAttribute(MlirOperation module, const SolarTrace *trace,
                         const char *path, const SolarArch *arch,
                         json_t *report, char *err, size_t errSize) {
  if (trace->compiled)
    return solarTraceAttributeCompiled(module, trace, path, arch, report, err,
                                       errSize);
  if (solarTraceIsTrainMap(trace->kernelOps))
    return solarTraceAttributeTrain(module, trace, path, report, err,
                                    errSize);
  SolarSol sol;
  char *function = NULL;
  MlirOperation func;
  if (!solarTraceKernelsOf(module, &sol, &func, &function, err, errSize))
    return false;
  Attribution a = {.rows = solarCalloc(sol.kernelCount, sizeof(KernelRow)),
                   .count = sol.kernelCount};
  bool ok = true;
  for (size_t k = 0; k < a.count && ok; ++k) {
    a.rows[k].kernel = &sol.kernels[k];
    a.rows[k].traceNames = json_array();
    const char *op = sol.kernels[k].frameworkOp;
    ok = op && solarFrameworkOpPhase(op) == SOLAR_PHASE_NONE &&
         torchIdentity(op, &a.rows[k]);
    if (!ok && op && solarFrameworkOpPhase(op) != SOLAR_PHASE_NONE) {
      /* Which op of the eager step computes which framework op of the
       * exported one is the map's to say (cli_trace_train.c). */
      char why[512];
      solarTraceHasTrainMap(trace, why, sizeof(why));
      snprintf(err, errSize, "@%s is a training step (%s): %s", function, op,
               why);
    }
    else if (!ok)
      snprintf(err, errSize,
               "kernel %zu of @%s (%s) names no PyTorch profiler op: only "
               "torch programs imported by solar import are attributed",
               k, function, op ? op : "no framework op");
  }
  ok = ok && walk(trace, &a, err, errSize);
  if (ok) {
    json_t **rows = solarCalloc(a.count ? a.count : 1, sizeof(json_t *));
    for (size_t k = 0; k < a.count; ++k)
      rows[k] = solarTraceKernelRow(a.rows[k].kernel, a.rows[k].identity,
                                    a.rows[k].location, a.rows[k].traceNames,
                                    a.rows[k].calls, a.rows[k].seconds,
                                    a.steps);
    solarTraceReport(report, trace, path, function, rows, a.count, a.others,
                     a.otherCount, a.steps);
    free(rows);
  }
  for (size_t k = 0; k < a.count; ++k)
    json_decref(a.rows[k].traceNames);
  free(a.rows);
  free(a.others);
  free(function);
  solarSolDestroy(&sol);
  return ok;
}

static double number(json_t *o, const char *key) {
  return json_number_value(json_object_get(o, key));
}

void solarTracePrintText(FILE *out, json_t *report) {
  json_t *kernels = json_object_get(report, "kernels");
  if (!json_is_array(kernels))
    return;
  json_t *trace = json_object_get(report, "trace");
  char a[32], b[32], c[32], d[32];
  bool compiled = !strcmp(
      json_string_value(json_object_get(trace, "measures")),
      "compiled kernels");
  fprintf(out,
          "\n%skernels of @%s measured in %s (%lld step(s), %s per step; SOL: "
          "%s, its data possibly on chip; unfused: %s):\n",
          compiled ? "compiled " : "",
          json_string_value(json_object_get(trace, "function")),
          json_string_value(json_object_get(trace, "file")),
          (long long)json_integer_value(json_object_get(trace, "steps")),
          solarQuantityFormatDigits(number(report, "trace_step_s"), "s", 4, a,
                                    sizeof(a)),
          compiled ? "the fused bound of the groups each row computes"
                   : "each op's own kernel",
          compiled ? "their eager kernels from DRAM" : "from DRAM");
  fprintf(out, "  %-28s %-16s %5s %12s %12s %10s %-8s %12s %12s\n", "op",
          "location", "calls", "measured", "SOL", "headroom", "bound",
          "saving", "unfused");
  size_t i;
  json_t *row;
  json_array_foreach(kernels, i, row) {
    json_t *headroom = json_object_get(row, "headroom");
    char h[32] = "n/a";
    if (json_is_number(headroom))
      snprintf(h, sizeof(h), "%.4g", json_number_value(headroom));
    /* A training step's row names its phase after its location. */
    const char *phase = json_string_value(json_object_get(row, "phase"));
    char where[320];
    snprintf(where, sizeof(where), "%s%s%s",
             json_string_value(json_object_get(row, "location")),
             phase ? " " : "", phase ? phase : "");
    fprintf(out, "  %-28s %-16s %5lld %12s %12s %10s %-8s %12s %12s%s\n",
            json_string_value(json_object_get(row, "op")), where,
            (long long)json_integer_value(json_object_get(row, "calls")),
            solarQuantityFormatDigits(number(row, "measured_s"), "s", 4, a,
                                      sizeof(a)),
            solarQuantityFormatDigits(number(row, "sol_s"), "s", 4, b,
                                      sizeof(b)),
            h, json_string_value(json_object_get(row, "bound")),
            solarQuantityFormatDigits(number(row, "saving_s"), "s", 4, c,
                                      sizeof(c)),
            solarQuantityFormatDigits(number(row, "sol_unfused_s"), "s", 4,
                                      d, sizeof(d)),
            json_is_true(json_object_get(row, "violation"))
                ? "  VIOLATION: measured below SOL"
                : "");
  }
  json_array_foreach(json_object_get(report, "unattributed"), i, row)
    fprintf(out, "  %-45s %5lld %12s  (unattributed)\n",
            json_string_value(json_object_get(row, "trace_name")),
            (long long)json_integer_value(json_object_get(row, "calls")),
            solarQuantityFormatDigits(number(row, "measured_s"), "s", 4, a,
                                      sizeof(a)));
  json_t *unnamedKernels = json_object_get(report, "kernels_unnamed");
  if (json_array_size(unnamedKernels)) {
    fprintf(out, compiled ? "  named by no compiled op (folded, or merged "
                            "into an op named after another; in their "
                            "group's bound):"
                          : "  run by no eager op (views in eager PyTorch, "
                            "copies in solar's kernels; in no row):");
    json_array_foreach(unnamedKernels, i, row) {
      json_t *group = json_object_get(row, "group");
      fprintf(out, "%s %s (", i ? "," : "",
              json_string_value(json_object_get(row, "framework_op")));
      if (json_is_integer(group))
        fprintf(out, "group %lld)", (long long)json_integer_value(group));
      else
        fprintf(out, "%s)",
                json_string_value(json_object_get(row, "phase")));
    }
    fprintf(out, "\n");
  }
  fprintf(out, "  unattributed %s of the step's %s\n",
          solarQuantityFormatDigits(number(report, "unattributed_s"), "s", 4,
                                    a, sizeof(a)),
          solarQuantityFormatDigits(number(report, "trace_step_s"), "s", 4, b,
                                    sizeof(b)));
  size_t violations = json_array_size(json_object_get(report,
                                                      "kernel_violations"));
  if (violations)
    fprintf(out, "  %zu op(s) measured faster than their SOL: the bound or "
                 "the attribution is wrong (see the rows marked VIOLATION)\n",
            violations);
}
