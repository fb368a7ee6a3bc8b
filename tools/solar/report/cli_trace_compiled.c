/* Attributing a compiled trace (a jax.profiler trace of XLA's ops) to
 * solar's fusion groups (solar analyze --trace, docs/analyze.md, "Compiled
 * programs").
 *
 * The kernel map (trace->kernelOps: which framework ops each compiled op
 * computes, read off the compiled HLO whose ops carry the importer's
 * names) links each measured op to the framework-op kernels solar bounded,
 * and each of those to the fusion group holding its first node (the group
 * its unfused time is charged to, lib/sol/sol_unfused.c). Measured ops
 * sharing a group are one row; a measured op fusing several groups joins
 * them into one row. Each row is compared with a lower bound of the work
 * it holds, its data possibly on chip when it starts
 * (solarSolWarmSeconds):
 *   - one group: the group's fused figure, warm: its nodes run as at most
 *     that group (docs/sol-model.md, "Fused");
 *   - every group of the function: the ideal figure, warm;
 *   - several groups, not all: an implementation that fuses across groups
 *     can beat the groups' fused figures, so only the compute of the
 *     largest group is sure.
 * What cannot be matched is an error naming it, never a guess: a solar
 * kernel measured in some steps but not all, or no kernel measured at all
 * (the trace is of another program), a kernel without a framework op. A
 * kernel no compiled op names in any step while others are measured (XLA
 * folded it into an op carrying another's name) is listed, its work in its
 * group's bound (unnamed()). Measured ops of no solar kernel (copies XLA
 * added, another module's ops) are unattributed rows. A training step's
 * rows say their phase where all their framework ops have one. */
#include "cli_trace_rows.h"

#include "solar/fusion/fusion.h"
#include "solar/support/grow.h"
#include "solar/support/json_number.h"
#include "solar/support/union_find.h"

#include "mlir-c/BuiltinAttributes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One measured compiled op (distinct name) and the groups it computes. */
typedef struct {
  const char *name;
  double seconds; /* over all steps */
  size_t calls;
  size_t anyGroup; /* a group it computes: its row's */
} Measured;

typedef struct {
  SolarSol sol;
  SolarFusion fusion;
  MlirOperation func;
  char *function;
  size_t *groupOfKernel; /* index into sol.groups, or groupCount */
  SolarUnionFind *sets;  /* over sol.groups; owned */
  int *lastStep;         /* per kernel: the last step it was measured in */
  size_t *stepsSeen;     /* per kernel: steps it was measured in */
  Measured *measured;
  size_t measuredCount;
  SolarTraceOtherRow *others;
  size_t otherCount;
} Compiled;

/* The sol.groups index of the group holding node `node`. */
static size_t groupOfNode(const Compiled *c, int64_t node) {
  for (size_t f = 0; f < c->fusion.groupCount; ++f)
    for (size_t k = 0; k < c->fusion.groups[f].nodeCount; ++k)
      if (c->fusion.groups[f].nodes[k] == node)
        for (size_t g = 0; g < c->sol.groupCount; ++g)
          if (c->sol.groups[g].group == c->fusion.groups[f].id)
            return g;
  return c->sol.groupCount;
}

/* Solar's kernels, their groups and the union-find; false when a kernel
 * has no framework op or no group. */
static bool prepare(Compiled *c, char *err, size_t errSize) {
  size_t kernels = c->sol.kernelCount, groups = c->sol.groupCount;
  MlirAttribute attr = mlirOperationGetAttributeByName(
      c->func, mlirStringRefCreateFromCString(SOLAR_FUSION_ATTR));
  char why[256] = "";
  if (mlirAttributeIsNull(attr) || !c->sol.groups ||
      !solarFusionFromAttribute(attr, &c->fusion, why, sizeof(why))) {
    snprintf(err, errSize,
             "@%s has no fusion groups (solar.fusion with solar.sol's "
             "group detail) to attribute compiled kernels to%s%s",
             c->function, *why ? ": " : "", why);
    return false;
  }
  c->groupOfKernel = solarCalloc(kernels + 1, sizeof(size_t));
  c->lastStep = solarCalloc(kernels + 1, sizeof(int));
  c->stepsSeen = solarCalloc(kernels + 1, sizeof(size_t));
  c->sets = solarUnionFindCreate(groups);
  if (!c->sets)
    abort();
  for (size_t k = 0; k < kernels; ++k) {
    const SolarKernelSol *kernel = &c->sol.kernels[k];
    c->lastStep[k] = -2;
    c->groupOfKernel[k] = groupOfNode(c, kernel->firstNode);
    if (!kernel->frameworkOp || c->groupOfKernel[k] == groups) {
      snprintf(err, errSize,
               "kernel %zu of @%s (%s) %s: compiled kernels are attributed "
               "through the framework ops solar import records",
               k, c->function,
               kernel->frameworkOp ? kernel->frameworkOp : "first node",
               kernel->frameworkOp ? "lies in no fusion group"
                                   : "has no framework op");
      return false;
    }
  }
  return true;
}

/* The solar kernel computing framework op `op`, or kernelCount. */
static size_t kernelOf(const Compiled *c, const char *op) {
  for (size_t k = 0; k < c->sol.kernelCount; ++k)
    if (!strcmp(c->sol.kernels[k].frameworkOp, op))
      return k;
  return c->sol.kernelCount;
}

static Measured *measuredOf(Compiled *c, const char *name) {
  for (size_t i = 0; i < c->measuredCount; ++i)
    if (!strcmp(c->measured[i].name, name))
      return &c->measured[i];
  c->measured = realloc(c->measured, (c->measuredCount + 1) *
                                         sizeof(Measured));
  if (!c->measured)
    abort();
  c->measured[c->measuredCount] = (Measured){.name = name};
  return &c->measured[c->measuredCount++];
}

/* One measured op: its kernels' groups joined, its time on its row, or an
 * unattributed row when it computes no solar kernel. */
static void attributeOp(Compiled *c, const SolarTraceOp *op, json_t *map,
                        const char *mapModule) {
  json_t *ops = NULL;
  if (!mapModule || !op->module || !strcmp(op->module, mapModule))
    ops = json_object_get(json_object_get(map, "kernels"), op->name);
  size_t i, first = c->sol.groupCount;
  json_t *name;
  json_array_foreach(ops, i, name) {
    size_t k = kernelOf(c, json_string_value(name) ? json_string_value(name)
                                                   : "");
    if (k == c->sol.kernelCount)
      continue; /* a framework op solar keeps no kernel of (a view) */
    if (c->lastStep[k] != op->step) {
      c->lastStep[k] = op->step;
      c->stepsSeen[k]++;
    }
    size_t g = solarUnionFindRoot(c->sets, c->groupOfKernel[k]);
    if (first == c->sol.groupCount)
      first = g;
    else if (g != solarUnionFindRoot(c->sets, first))
      solarUnionFindLink(c->sets, g, solarUnionFindRoot(c->sets, first));
  }
  if (first == c->sol.groupCount) {
    solarTraceAddOther(&c->others, &c->otherCount, op->name, op->seconds);
    return;
  }
  Measured *m = measuredOf(c, op->name);
  m->seconds += op->seconds;
  m->calls++;
  m->anyGroup = first;
}

/* True when no compiled op names kernel k in any step, while some op
 * names another kernel: XLA folded k away (a multiplication by a constant
 * merged into another constant) or merged it into an instruction that
 * carries another op's name (a transpose folded into its dot). Its work
 * stays in its group's bound, and the group's row holds the ops that name
 * the group's other kernels; a row missing work it was bounded for could
 * only look faster than its bound, which is reported as a violation. */
static bool unnamed(const Compiled *c, size_t k) {
  if (c->stepsSeen[k])
    return false;
  for (size_t other = 0; other < c->sol.kernelCount; ++other)
    if (c->stepsSeen[other])
      return true;
  return false;
}

/* "add#3 (group 2), ..." of the kernels measured in fewer than `steps`
 * steps, not counting unnamed ones; false when there are none. */
static bool unmeasured(const Compiled *c, size_t steps, char *buf,
                       size_t size) {
  size_t used = 0;
  buf[0] = '\0';
  for (size_t k = 0; k < c->sol.kernelCount && used < size; ++k)
    if (c->stepsSeen[k] < steps && !unnamed(c, k))
      used += (size_t)snprintf(
          buf + used, size - used, "%s%s (group %lld, in %zu of %zu steps)",
          used ? ", " : "", c->sol.kernels[k].frameworkOp,
          (long long)c->sol.groups[c->groupOfKernel[k]].group,
          c->stepsSeen[k], steps);
  return used > 0;
}

static void joinTo(char *buf, size_t size, const char *separator,
                   const char *item) {
  size_t used = strlen(buf);
  if (used + 1 < size)
    snprintf(buf + used, size - used, "%s%s", used ? separator : "", item);
}

/* The row of the groups whose root is `root` (per step); NULL when no
 * measured op computes them. */
static json_t *rowJson(const Compiled *c, size_t root, size_t steps,
                       const SolarArch *arch) {
  size_t groups = c->sol.groupCount, inRow = 0;
  const SolarGroupSol *only = NULL;
  double measured = 0, unfused = 0, flops = 0, largestCompute = 0;
  size_t calls = 0;
  char ops[2048] = "", names[1024] = "", where[512] = "groups ";
  json_t *traceNames = json_array(), *frameworkOps = json_array(),
         *groupIds = json_array();
  for (size_t i = 0; i < c->measuredCount; ++i) {
    const Measured *m = &c->measured[i];
    if (solarUnionFindRoot(c->sets, m->anyGroup) != root)
      continue;
    measured += m->seconds;
    calls += m->calls;
    json_array_append_new(traceNames, json_string(m->name));
    joinTo(names, sizeof(names), " + ", m->name);
  }
  for (size_t g = 0; g < groups; ++g) {
    if (solarUnionFindRoot(c->sets, g) != root)
      continue;
    const SolarGroupSol *group = &c->sol.groups[g];
    only = inRow++ ? NULL : group;
    unfused += group->unfusedSeconds;
    flops += group->flops;
    if (group->computeSeconds > largestCompute)
      largestCompute = group->computeSeconds;
    json_array_append_new(groupIds, json_integer(group->group));
    char id[32];
    snprintf(id, sizeof(id), "%lld", (long long)group->group);
    joinTo(where, sizeof(where), ", ", id);
  }
  if (!calls) {
    /* A group holding no kernel's first node: its work is measured on the
     * row of the group where that kernel starts (whose bound leaves it
     * out, which only lowers it). */
    json_decref(traceNames);
    json_decref(frameworkOps);
    json_decref(groupIds);
    return NULL;
  }
  const char **rowOps = solarCalloc(c->sol.kernelCount + 1, sizeof(char *));
  size_t rowOpCount = 0;
  for (size_t k = 0; k < c->sol.kernelCount; ++k)
    if (solarUnionFindRoot(c->sets, c->groupOfKernel[k]) == root) {
      json_array_append_new(frameworkOps,
                            json_string(c->sol.kernels[k].frameworkOp));
      joinTo(ops, sizeof(ops), ", ", c->sol.kernels[k].frameworkOp);
      rowOps[rowOpCount++] = c->sol.kernels[k].frameworkOp;
    }
  json_t *phase = solarTracePhaseJson(rowOps, rowOpCount);
  free(rowOps);
  SolarBound bound = SOLAR_BOUND_COMPUTE;
  double sol;
  const char *kind;
  if (inRow == 1) {
    sol = solarSolWarmSeconds(arch, only->computeSeconds, only->fusedBytes,
                              &bound);
    kind = "fused group, warm";
    snprintf(where, sizeof(where), "group %lld", (long long)only->group);
  } else if (inRow == groups) {
    sol = solarSolWarmSeconds(arch, c->sol.computeSeconds,
                              c->sol.bytes[SOLAR_FIDELITY_IDEAL], &bound);
    kind = "ideal (every group), warm";
  } else {
    sol = largestCompute;
    kind = "compute of the largest group (fused across groups)";
  }
  measured /= (double)steps;
  json_t *row = json_pack(
      "{s:s, s:s, s:s, s:o, s:o, s:o, s:I, s:f, s:f, s:o, s:s, s:f, s:b, "
      "s:o, s:f, s:s, s:o}",
      "framework_op", ops, "op", names, "location", where, "framework_ops",
      frameworkOps, "groups", groupIds, "trace_names", traceNames, "calls",
      (json_int_t)(calls / steps), "measured_s", measured, "sol_s", sol,
      "headroom", sol > 0 ? json_real(measured / sol) : json_null(), "bound",
      solarBoundName(bound), "saving_s", measured - sol, "violation",
      measured < sol, "flops", solarJsonNumber(flops), "sol_unfused_s",
      unfused, "sol_kind", kind, "phase", phase);
  return row;
}

/* The unnamed kernels (unnamed()): framework op, group, phase. */
static json_t *unnamedJson(const Compiled *c) {
  json_t *list = json_array();
  for (size_t k = 0; k < c->sol.kernelCount; ++k) {
    if (!unnamed(c, k))
      continue;
    const char *op = c->sol.kernels[k].frameworkOp;
    json_array_append_new(
        list, json_pack("{s:s, s:I, s:o}", "framework_op", op, "group",
                        (json_int_t)c->sol.groups[c->groupOfKernel[k]].group,
                        "phase", solarTracePhaseJson(&op, 1)));
  }
  return list;
}

bool solarTraceAttributeCompiled(MlirOperation module,
                                 const SolarTrace *trace, const char *path,
                                 const SolarArch *arch, json_t *report,
                                 char *err, size_t errSize) {
  if (!trace->kernelOps) {
    snprintf(err, errSize,
             "a compiled trace (XLA ops) is attributed through the map of "
             "its compiled ops to framework ops: give the program (.py), "
             "or record the trace with --profile");
    return false;
  }
  Compiled c = {0};
  if (!solarTraceKernelsOf(module, &c.sol, &c.func, &c.function, err,
                           errSize))
    return false;
  bool ok = prepare(&c, err, errSize);
  const char *mapModule =
      json_string_value(json_object_get(trace->kernelOps, "module"));
  for (size_t i = 0; ok && i < trace->opCount; ++i)
    attributeOp(&c, &trace->ops[i], trace->kernelOps, mapModule);
  size_t steps = trace->windows ? trace->windows : 1;
  char missing[1536];
  if (ok && unmeasured(&c, steps, missing, sizeof(missing))) {
    snprintf(err, errSize,
             "the trace does not match the program: no compiled op of %s%s "
             "computes %s",
             mapModule ? "module " : "the trace",
             mapModule ? mapModule : "", missing);
    ok = false;
  }
  if (ok) {
    json_t **rows = solarCalloc(c.sol.groupCount + 1, sizeof(json_t *));
    size_t rowCount = 0;
    for (size_t g = 0; g < c.sol.groupCount; ++g)
      if (solarUnionFindRoot(c.sets, g) == g &&
          (rows[rowCount] = rowJson(&c, g, steps, arch)))
        rowCount++;
    solarTraceReport(report, trace, path, c.function, rows, rowCount,
                     c.others, c.otherCount, steps);
    free(rows);
    json_object_set_new(report, "kernels_unnamed", unnamedJson(&c));
  }
  free(c.groupOfKernel);
  solarUnionFindDestroy(c.sets);
  free(c.lastStep);
  free(c.stepsSeen);
  free(c.measured);
  free(c.others);
  free(c.function);
  if (c.fusion.groups)
    solarFusionDestroy(&c.fusion);
  solarSolDestroy(&c.sol);
  return ok;
}
