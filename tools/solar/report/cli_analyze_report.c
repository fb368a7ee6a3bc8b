/* The `solar analyze` report, built as JSON and printed as JSON or text
 * (cli_analyze_report.h). */
#include "cli_analyze_report.h"
#include "cli_phase_report.h"
#include "cli_report_seal.h"

#include "solar/dialect/dialect_attr.h"
#include "solar/passes/stage.h"
#include "solar/sol/sol_symbolic.h"
#include "solar/support/funcs.h"
#include "solar/support/json_number.h"
#include "solar/verify/verify_report.h"

#include "mlir-c/BuiltinAttributes.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

enum { FIDELITY_COUNT = SOLAR_FIDELITY_COUNT };

/* Seconds with an SI prefix, e.g. "2.295 us". */
static const char *seconds(double s, char *buf, size_t size) {
  static const struct {
    double scale;
    const char *unit;
  } units[] = {{1, "s"}, {1e-3, "ms"}, {1e-6, "us"}, {1e-9, "ns"}};
  size_t n = sizeof(units) / sizeof(units[0]);
  for (size_t i = 0; i < n; ++i)
    if (s >= units[i].scale || i + 1 == n) {
      snprintf(buf, size, "%.4g %s", s / units[i].scale, units[i].unit);
      break;
    }
  return buf;
}

const char *solarAnalyzeSeconds(double s, char *buf, size_t size) {
  return seconds(s, buf, size);
}

/* The reference's manifest path, when it is still there after the run:
 * without --keep-reference it lives in a temporary folder removed on exit,
 * and a report must not point at a file that is gone. */
static json_t *referenceManifest(const SolarReferenceResult *ref,
                                 const SolarAnalyzeContext *context) {
  return context->referenceKept && ref->manifest[0]
             ? json_string(ref->manifest)
             : json_null();
}

/* What the reference's central time is (median, KernelBench's mean, or
 * the one value of a plain --measured file). */
static const char *statisticName(const SolarReferenceResult *ref) {
  return ref->statistic[0] ? ref->statistic : "median";
}

static json_t *opportunity(const char *kind, double saves, const char *text) {
  return json_pack("{s:s, s:f, s:s}", "kind", kind, "saves_s", saves, "text",
                   text);
}

static int bySaving(const void *a, const void *b) {
  double x = json_real_value(json_object_get(*(json_t *const *)a, "saves_s"));
  double y = json_real_value(json_object_get(*(json_t *const *)b, "saves_s"));
  return x < y ? 1 : x > y ? -1 : 0;
}

static void sortOpportunities(json_t *list) {
  size_t n = json_array_size(list);
  json_t **items = malloc((n ? n : 1) * sizeof(json_t *));
  for (size_t i = 0; i < n; ++i)
    items[i] = json_incref(json_array_get(list, i));
  qsort(items, n, sizeof(json_t *), bySaving);
  json_array_clear(list);
  for (size_t i = 0; i < n; ++i)
    json_array_append_new(list, items[i]);
  free(items);
}

static const SolarFusionGroup *fusionGroup(const SolarFusion *fusion,
                                            int64_t id) {
  for (size_t k = 0; fusion && k < fusion->groupCount; ++k)
    if (fusion->groups[k].id == id)
      return &fusion->groups[k];
  return NULL;
}

/* The fusion opportunity of the groups of unfused component `component`
 * (SolarGroupSol.unfusedComponent: groups sharing an unfused kernel): their
 * unfused kernels and inner launch gaps - their fused times. The
 * components share no kernel, so their savings add up to at most the
 * function's unfused - fused; one that saves nothing is no opportunity. */
static void fusionOpportunity(const SolarSol *sol, const SolarFusion *fusion,
                              int64_t component, json_t *opportunities) {
  double unfused = 0, fused = 0, launch = 0;
  size_t nodes = 0, members = 0;
  char list[256] = "", ids[128] = "", a[32], u[32], f[32], l[32];
  size_t used = 0, usedIds = 0;
  for (size_t i = 0; i < sol->groupCount; ++i) {
    const SolarGroupSol *g = &sol->groups[i];
    const SolarFusionGroup *fg = fusionGroup(fusion, g->group);
    if (g->unfusedComponent != component || !fg)
      continue;
    unfused += g->unfusedSeconds;
    fused += g->fusedSeconds;
    launch += g->launchSeconds;
    for (size_t k = 0; k < fg->nodeCount && used < sizeof(list); ++k)
      used += (size_t)snprintf(list + used, sizeof(list) - used, "%s%lld",
                               nodes + k ? "," : "", (long long)fg->nodes[k]);
    if (usedIds < sizeof(ids))
      usedIds += (size_t)snprintf(ids + usedIds, sizeof(ids) - usedIds,
                                  "%s%lld", members ? "," : "",
                                  (long long)g->group);
    nodes += fg->nodeCount;
    members++;
  }
  if (nodes < 2 || unfused <= fused)
    return;
  char gaps[64] = "", text[512];
  if (launch > 0)
    snprintf(gaps, sizeof(gaps), ", launch gaps %s",
             seconds(launch, l, sizeof(l)));
  snprintf(text, sizeof(text),
           "fusing nodes %s (group%s %s) saves %s (unfused %s%s -> fused %s)",
           list, members > 1 ? "s" : "", ids,
           seconds(unfused - fused, a, sizeof(a)),
           seconds(unfused, u, sizeof(u)), gaps, seconds(fused, f, sizeof(f)));
  json_array_append_new(opportunities,
                        opportunity("fusion", unfused - fused, text));
}

static json_t *groupsJson(MlirOperation func, const SolarSol *sol,
                          double ridge, json_t *opportunities) {
  json_t *groups = json_array();
  SolarFusion fusion = {0};
  char err[256];
  MlirAttribute fusionAttr =
      mlirOperationGetAttributeByName(func, mlirStringRefCreateFromCString(
                                                SOLAR_FUSION_ATTR));
  bool haveFusion = !mlirAttributeIsNull(fusionAttr) &&
                    solarFusionFromAttribute(fusionAttr, &fusion, err,
                                             sizeof(err));
  size_t count = sol->groups ? sol->groupCount : 0;
  for (size_t i = 0; i < count; ++i) {
    const SolarGroupSol *g = &sol->groups[i];
    int64_t id = g->group;
    const SolarFusionGroup *fg = haveFusion ? fusionGroup(&fusion, id) : NULL;
    json_t *nodes = json_array();
    for (size_t k = 0; fg && k < fg->nodeCount; ++k)
      json_array_append_new(nodes, json_integer(fg->nodes[k]));
    double flops = g->flops, fusedBytes = g->fusedBytes;
    double intensity = fusedBytes > 0 ? flops / fusedBytes : 0;
    double fused = g->fusedSeconds, compute = g->computeSeconds;
    /* The function's unfused kernels charged to this group (lib/sol). */
    double unfused = g->unfusedSeconds;
    const char *kUnfused = solarFidelityName(SOLAR_FIDELITY_UNFUSED);
    const char *kFused = solarFidelityName(SOLAR_FIDELITY_FUSED);
    const char *kCache = solarFidelityName(SOLAR_FIDELITY_CACHE);
    json_t *bytes = json_pack("{s:o, s:o, s:o}", kFused,
                              solarJsonNumber(fusedBytes), kCache,
                              solarJsonNumber(g->cacheBytes), "cache_inner",
                              solarJsonNumber(g->innerBytes));
    json_t *times = json_pack("{s:f, s:f, s:f}", kUnfused, unfused, kFused,
                              fused, kCache, g->cacheSeconds);
    json_t *bound = json_pack("{s:s, s:s}", kFused,
                              solarBoundName(g->fusedBound), kCache,
                              solarBoundName(g->cacheBound));
    /* The compute roof its roofline point sits under (--plot). */
    json_t *roof = json_pack("{s:s, s:s}", "unit",
                             solarUnitName(g->roofUnit), "dtype",
                             solarDtypeName(g->roofDtype));
    json_array_append_new(
        groups,
        json_pack("{s:I, s:o, s:o, s:f, s:o, s:o, s:o, s:f, s:o, s:f, s:I}",
                  "id", (json_int_t)id, "nodes", nodes, "flops",
                  solarJsonNumber(flops), "compute_s", compute, "bytes", bytes,
                  "sol_s", times, "bound", bound,
                  solarFidelityIntensityKey(SOLAR_FIDELITY_FUSED), intensity,
                  "roof", roof, "launch_s", g->launchSeconds,
                  "unfused_component", (json_int_t)g->unfusedComponent));
    if (haveFusion && g->unfusedComponent == id)
      fusionOpportunity(sol, &fusion, id, opportunities);
    if (g->fusedBound == SOLAR_BOUND_DRAM && fused > compute) {
      char text[256], saves[32];
      snprintf(text, sizeof(text),
               "group %lld is DRAM-bound at intensity %.3g < ridge %.3g "
               "flop/B: reaching the ridge (more reuse, fewer bytes) saves "
               "up to %s",
               (long long)id, intensity, ridge,
               seconds(fused - compute, saves, sizeof(saves)));
      json_array_append_new(opportunities,
                            opportunity("dram-bound", fused - compute, text));
    }
  }
  if (haveFusion)
    solarFusionDestroy(&fusion);
  return groups;
}

/* {"unfused": s, "fused": s, ...}: one value per fidelity. */
static json_t *byFidelity(const double *seconds) {
  json_t *o = json_object();
  for (int f = 0; f < SOLAR_FIDELITY_COUNT; ++f)
    json_object_set_new(o, solarFidelityName(f), json_real(seconds[f]));
  return o;
}

/* One set of times compared with the SOL times `t`: {name, source,
 * statistic, median_s, min_s, runs, reliable, headroom, headroom_min,
 * violations}. `runs` <= 0 and `reliable` < 0 are unknown (null). */
typedef struct {
  const char *name, *source, *statistic;
  double medianSeconds, minSeconds;
  long runs;
  int reliable;
} MeasurementTimes;

static json_t *measurementJson(const MeasurementTimes *m, const double *t) {
  json_t *headroom = json_object(), *headroomMin = json_object(),
         *violations = json_array();
  for (int f = 0; f < FIDELITY_COUNT; ++f) {
    const char *fidelity = solarFidelityName(f);
    json_object_set_new(headroom, fidelity,
                        json_real(t[f] > 0 ? m->medianSeconds / t[f] : 0));
    json_object_set_new(headroomMin, fidelity,
                        json_real(t[f] > 0 ? m->minSeconds / t[f] : 0));
    /* The fastest run is the strongest evidence against a bound. */
    if (m->minSeconds < t[f])
      json_array_append_new(violations, json_string(fidelity));
  }
  return json_pack(
      "{s:s, s:s, s:s, s:f, s:f, s:o, s:o, s:o, s:o, s:o}", "name", m->name,
      "source", m->source, "statistic", m->statistic, "median_s",
      m->medianSeconds, "min_s", m->minSeconds, "runs",
      m->runs > 0 ? json_integer((json_int_t)m->runs) : json_null(),
      "reliable", m->reliable < 0 ? json_null() : json_boolean(m->reliable),
      "headroom", headroom, "headroom_min", headroomMin, "violations",
      violations);
}

/* The measurements of the measured function: the reference's times first
 * (named after the first --measured file, else "here"), then every other
 * --measured file's. */
static json_t *measurementsJson(const SolarAnalyzeContext *context,
                                const double *t) {
  const SolarReferenceResult *ref = context->reference;
  json_t *list = json_array();
  MeasurementTimes first = {
      .name = context->measuredCount ? context->measured[0].name : "here",
      .source = ref->timingSource,
      .statistic = statisticName(ref),
      .medianSeconds = ref->medianSeconds,
      .minSeconds = ref->minSeconds,
      .runs = ref->runs,
      .reliable = ref->timingReliable};
  json_array_append_new(list, measurementJson(&first, t));
  for (size_t k = 1; k < context->measuredCount; ++k) {
    const SolarMeasured *m = &context->measured[k];
    MeasurementTimes times = {.name = m->name,
                              .source = m->source,
                              .statistic = m->statistic,
                              .medianSeconds = m->medianSeconds,
                              .minSeconds = m->minSeconds,
                              .runs = m->runs,
                              .reliable = -1};
    json_array_append_new(list, measurementJson(&times, t));
  }
  return list;
}

/* The unfused model's kernel count and, beside a measured time, the time
 * per kernel and the SOL per kernel: a program of many small kernels
 * measured at microseconds per kernel against nanoseconds of SOL is
 * bound by launching kernels, not by its work (issue text: a small
 * convolutional ViT, ~100 eager kernels, 2.9 us DRAM bound, 2.2 ms). */
static void setKernelFigures(json_t *fn, const SolarSol *sol) {
  int64_t kernels = sol->kernelsUnfused;
  json_t *measured = json_object_get(fn, "measured");
  bool perKernel = kernels > 0 && json_is_object(measured);
  json_object_set_new(fn, "kernels_unfused",
                      kernels >= 0 ? json_integer((json_int_t)kernels)
                                   : json_null());
  json_object_set_new(
      fn, "sol_per_kernel_s",
      kernels > 0 ? json_real(sol->seconds[SOLAR_FIDELITY_UNFUSED] /
                              (double)kernels)
                  : json_null());
  json_object_set_new(
      fn, "measured_per_kernel_s",
      perKernel ? json_real(json_number_value(
                                json_object_get(measured, "median_s")) /
                            (double)kernels)
                : json_null());
  /* The dependent-launch gaps in the unfused figure (docs/sol-model.md,
   * "Launch gaps"): all 0 when the hardware file states no gap. */
  json_object_set_new(
      fn, "launch",
      json_pack("{s:f, s:I, s:f, s:f, s:b}", "gap_s", sol->launchGapSeconds,
                "gaps", (json_int_t)sol->launchGaps,
                "unfused_s", sol->launchSeconds, "between_groups_s",
                sol->launchBetweenGroupsSeconds, "launch_bound",
                solarSolBound(sol, SOLAR_FIDELITY_UNFUSED) ==
                    SOLAR_BOUND_LAUNCH));
}

static json_t *functionJson(MlirOperation func, const SolarSol *sol,
                            const SolarAnalyzeContext *context) {
  MlirAttribute name = mlirOperationGetAttributeByName(
      func, mlirStringRefCreateFromCString("sym_name"));
  MlirStringRef nameRef = mlirStringAttrGetValue(name);
  double t[FIDELITY_COUNT];
  json_t *bytes = json_object(), *times = json_object(), *bounds = json_object();
  for (int f = 0; f < FIDELITY_COUNT; ++f) {
    const char *fidelity = solarFidelityName(f);
    json_object_set_new(bytes, fidelity,
                        solarJsonNumber(solarSolBytes(sol, f)));
    t[f] = solarSolSeconds(sol, f);
    json_object_set_new(times, fidelity, json_real(t[f]));
    json_object_set_new(bounds, fidelity,
                        json_string(solarBoundName(solarSolBound(sol, f))));
  }
  double ridge = sol->ridgeFlopPerByte;
  json_t *opportunities = json_array();
  json_t *groups = groupsJson(func, sol, ridge, opportunities);
  char text[512], a[32], b[32], c[32];
  double cache = t[SOLAR_FIDELITY_CACHE], ideal = t[SOLAR_FIDELITY_IDEAL];
  if (cache > ideal) {
    snprintf(text, sizeof(text),
             "fusing across the groups found (recomputation, larger "
             "on-chip reuse) saves up to %s (cache-aware %s -> ideal %s)",
             seconds(cache - ideal, a, sizeof(a)), seconds(cache, b, sizeof(b)),
             seconds(ideal, c, sizeof(c)));
    json_array_append_new(opportunities,
                          opportunity("ideal", cache - ideal, text));
  }

  json_t *measured = json_null(), *headroom = json_null(),
         *headroomMin = json_null(), *violations = json_array(),
         *measurements = json_array();
  SolarVerified verification;
  bool verified = solarVerifiedFromAttribute(
      mlirOperationGetAttributeByName(
          func, mlirStringRefCreateFromCString(SOLAR_VERIFIED_ATTR)),
      &verification);
  const SolarReferenceResult *ref = context->reference;
  if (ref && ref->timed && (verified || context->irIsProgram)) {
    /* median_s is the central time, `statistic` says which (KernelBench
     * publishes a mean); runs is null when the source does not say.
     * "reliable": false when the runner saw a busy machine or a wide
     * spread; headroom and violations below then describe the machine's
     * load as much as the program. */
    json_decref(measurements);
    json_decref(violations);
    measurements = measurementsJson(context, t);
    /* The single fields are the first measurement's, as before there were
     * several. */
    json_t *first = json_array_get(measurements, 0);
    measured = json_object();
    static const char *const kept[] = {"median_s", "min_s", "runs",
                                       "statistic", "reliable"};
    for (size_t k = 0; k < sizeof(kept) / sizeof(kept[0]); ++k)
      json_object_set(measured, kept[k], json_object_get(first, kept[k]));
    headroom = json_incref(json_object_get(first, "headroom"));
    headroomMin = json_incref(json_object_get(first, "headroom_min"));
    violations = json_incref(json_object_get(first, "violations"));
    double best = t[SOLAR_FIDELITY_CACHE];
    snprintf(text, sizeof(text),
             "the reference takes %s (%s): %.3gx the cache-aware SOL; an "
             "implementation at SOL saves %s",
             seconds(ref->medianSeconds, a, sizeof(a)), statisticName(ref),
             best > 0 ? ref->medianSeconds / best : 0,
             seconds(ref->medianSeconds - best, b, sizeof(b)));
    if (ref->medianSeconds > best)
      json_array_append_new(opportunities,
                            opportunity("implementation",
                                        ref->medianSeconds - best, text));
  }
  sortOpportunities(opportunities);
  json_t *fn = json_pack(
      "{s:s%, s:s, s:o, s:o, s:o, s:f, s:f, s:o, s:o, s:o, s:o, s:o, s:o, "
      "s:o, s:o, s:o, s:b}",
      "name", nameRef.data, nameRef.length, "dtype",
      solarDtypeName(sol->dtype), "flops", solarJsonNumber(sol->flops),
      "flops_lowered", solarJsonNumber(sol->flopsLowered), "ops",
      solarOpCountsJson(&sol->ops), "compute_s",
      sol->computeSeconds,
      "ridge_flop_per_byte", ridge, "bytes", bytes, "sol_s", times, "bound",
      bounds, "groups", groups, "measured", measured, "headroom", headroom,
      "headroom_min", headroomMin, "violations", violations, "opportunities",
      opportunities, "verified", verified);
  if (fn)
    json_object_set_new(fn, "measurements", measurements);
  else
    json_decref(measurements);
  if (fn)
    setKernelFigures(fn, sol);
  /* A training step: what each phase does (absent for a forward pass). */
  json_t *phases = fn ? solarPhaseReportJson(func, sol) : NULL;
  if (phases)
    json_object_set_new(fn, "phases", phases);
  /* The fp32 math policy the bound assumed, and the TF32 figure beside an
   * IEEE one (solar.sol's fp32_math and tf32). */
  if (fn) {
    char policy[128];
    solarFp32PolicyFormat(&sol->policy, policy, sizeof(policy));
    json_object_set_new(fn, "fp32_math", json_string(policy));
    if (sol->haveTf32)
      json_object_set_new(fn, "sol_s_tf32", byFidelity(sol->tf32Seconds));
  }
  return fn;
}

/* Whether the reference ran on the machine the hardware file describes, as
 * far as names tell: a CPU run against a host calibration, a GPU run whose
 * device name holds the file name's first word ("H100" of H100_SXM in
 * "NVIDIA H100 80GB HBM3"). Headroom across two machines is still a ratio,
 * but not "how far this implementation is from the limit". */
static bool sameMachine(const SolarReferenceResult *ref, const char *archName) {
  bool cpu = !strcmp(ref->deviceType, "cpu");
  if (!strcmp(archName, "host"))
    return cpu;
  if (cpu)
    return false;
  size_t word = strcspn(archName, "_ -");
  for (const char *p = ref->deviceName; *p; ++p)
    if (word && !strncasecmp(p, archName, word))
      return true;
  return false;
}

bool solarAnalyzeFuncSol(MlirOperation func, SolarSol *out) {
  MlirAttribute attr = mlirOperationGetAttributeByName(
      func, mlirStringRefCreateFromCString(SOLAR_SOL_ATTR));
  char ignored[256];
  return !mlirAttributeIsNull(attr) &&
         solarSolFromAttribute(attr, out, ignored, sizeof(ignored));
}

bool solarAnalyzeCheckComplete(MlirOperation module, char *err,
                               size_t errSize) {
  size_t count = 0;
  MlirOperation *funcs = solarCollectFuncs(module, &count);
  bool complete = true;
  for (size_t i = 0; i < count && complete; ++i) {
    SolarSol sol;
    if (!solarAnalyzeFuncSol(funcs[i], &sol))
      continue;
    if (sol.partial) {
      char *name = solarFuncName(funcs[i]);
      char more[64] = "";
      if (sol.skippedCount > 1)
        snprintf(more, sizeof(more), " (and %zu more)",
                 sol.skippedCount - 1);
      snprintf(err, errSize,
               "@%s: solar cannot model all of it, and a bound without it "
               "could be too small: %s%s; not analyzed",
               name, sol.skippedCount ? sol.skipped[0] : "(unknown)", more);
      free(name);
      complete = false;
    }
    solarSolDestroy(&sol);
  }
  free(funcs);
  return complete;
}

/* torch's FlopCounterMode count beside solar's own (report `flop_counter`,
 * and `flops_counter` on the function the reference ran as): taken from the
 * manifest of the run at the analyzed sizes, the importer's when there was
 * one (it records the full-size count there) and else the reference's. */
static void attachFlopCounter(json_t *report, json_t *functions,
                              const SolarAnalyzeContext *context) {
  const char *manifest = context->frontend->importManifest;
  if (!*manifest && context->reference)
    manifest = context->reference->manifest;
  json_t *counter = *manifest ? solarReferenceFlopCounter(manifest) : NULL;
  const char *function =
      json_string_value(json_object_get(counter, "function"));
  size_t i;
  json_t *fn;
  json_array_foreach(functions, i, fn) {
    const char *name = json_string_value(json_object_get(fn, "name"));
    bool counted = counter && (json_array_size(functions) == 1 ||
                               (function && name && !strcmp(name, function)));
    json_object_set(fn, "flops_counter",
                    counted ? json_object_get(counter, "total") : json_null());
  }
  json_object_set_new(report, "flop_counter", counter ? counter : json_null());
}

json_t *solarAnalyzeReport(MlirOperation module,
                           const SolarAnalyzeContext *context) {
  json_t *functions = json_array();
  size_t count = 0;
  MlirOperation *funcs = solarCollectFuncs(module, &count);
  for (size_t i = 0; i < count; ++i) {
    MlirAttribute attr = mlirOperationGetAttributeByName(
        funcs[i], mlirStringRefCreateFromCString(SOLAR_SOL_ATTR));
    SolarSol sol;
    char err[256];
    if (!mlirAttributeIsNull(attr) &&
        solarSolFromAttribute(attr, &sol, err, sizeof(err))) {
      json_array_append_new(functions, functionJson(funcs[i], &sol, context));
      solarSolDestroy(&sol);
    } else if (!mlirAttributeIsNull(attr) && solarSolIsSymbolic(attr)) {
      /* Shape-generic IR: the report's tables need numbers. */
      char *name = solarFuncName(funcs[i]);
      fprintf(stderr,
              "solar analyze: warning: @%s has symbolic figures (dynamic "
              "sizes) and is left out of the report: %s\n",
              name ? name : "?", err);
      free(name);
    }
  }
  free(funcs);
  const SolarReferenceResult *ref = context->reference;
  json_t *reference = json_null();
  if (ref)
    reference = json_pack(
        "{s:s, s:s, s:s, s:s, s:b, s:I, s:I, s:o, s:o, s:o, s:b, s:o}",
        "framework", ref->framework, "framework_version",
        ref->frameworkVersion, "device", ref->deviceType, "device_name",
        ref->deviceName, "same_machine",
        !ref->elsewhere && sameMachine(ref, context->archName), "threads",
        (json_int_t)ref->threads, "pinned_threads",
        (json_int_t)context->pinnedThreads, "median_s",
        ref->timed ? json_real(ref->medianSeconds) : json_null(), "min_s",
        ref->timed ? json_real(ref->minSeconds) : json_null(), "manifest",
        referenceManifest(ref, context), "timed", ref->timed, "timing_source",
        ref->timed ? json_string(ref->timingSource) : json_null());
  if (ref && json_is_object(reference)) {
    json_object_set_new(reference, "timing_reliable",
                        ref->timed && ref->timingReliable >= 0
                            ? json_boolean(ref->timingReliable)
                            : json_null());
    json_object_set_new(reference, "timing_unreliable_because",
                        ref->timed && ref->timingReliable == 0
                            ? json_string(ref->timingReasons)
                            : json_null());
  }
  if (json_is_object(reference) && ref->timed)
    json_object_set_new(reference, "statistic",
                        json_string(statisticName(ref)));
  const SolarFrontendResult *frontend = context->frontend;
  json_t *verification = json_null();
  if (frontend->twoSizes)
    verification = json_pack(
        "{s:s, s:s, s:b, s:I, s:s}", "verified_at", frontend->verifiedSizes,
        "analyzed_at", "full size", "same_structure", 1, "einsum_nodes",
        (json_int_t)frontend->structureNodes, "structure",
        frontend->structureNote);
  else if (*frontend->importManifest)
    verification = json_pack("{s:s, s:s}", "verified_at", "full size",
                             "analyzed_at", "full size");
  json_t *attempts = frontend->attempts >= 0
                         ? json_integer(frontend->attempts)
                         : json_null();
  json_t *importFailure = *frontend->importFailure
                              ? json_string(frontend->importFailure)
                              : json_null();
  json_t *report = json_pack("{s:s, s:i, s:s, s:s, s:s, s:o, s:o, s:{s:s, s:s, s:s}, "
                   "s:o, s:o, s:o}",
                   "schema", "solar-analyze", "version",
                   SOLAR_ANALYZE_SCHEMA_VERSION, "model", context->model, "ir",
                   frontend->irPath, "frontend", frontend->frontend,
                   "frontend_attempts", attempts, "import_failure",
                   importFailure, "arch", "argument",
                   context->archArgument, "file", context->archPath, "name",
                   context->archName, "reference", reference, "functions",
                   functions, "verification", verification);

  if (report)
    attachFlopCounter(report, functions, context);
  if (report) {
    /* What --train asked for: a bench run reuses only a report of the
     * same step (solarBenchReportReusable). */
    const SolarTrainStep *train = context->train;
    json_object_set_new(
        report, "train",
        train && train->train
            ? json_pack("{s:s, s:s}", "loss", solarTrainLoss(train),
                        "optimizer", solarTrainOptimizer(train))
            : json_null());
    json_object_set_new(report, "fp32_math_source",
                        json_string(context->fp32MathSource
                                        ? context->fp32MathSource
                                        : "default"));
    solarReportSeal(report);
  }
  return report;
}

json_t *solarOpCountsJson(const SolarOpCounts *ops) {
  json_t *out = json_object();
  for (int c = 0; c < SOLAR_OP_CLASS_COUNT; ++c)
    json_object_set_new(out, solarOpClassName((SolarOpClass)c),
                        json_integer((json_int_t)ops->counts[c]));
  return out;
}

static double field(json_t *object, const char *key) {
  return json_number_value(json_object_get(object, key));
}

/* "  launch gaps: ..." when the hardware file states a gap. */
static void printLaunchGaps(FILE *out, json_t *fn) {
  json_t *launch = json_object_get(fn, "launch");
  if (!json_is_object(launch) || field(launch, "gap_s") <= 0)
    return;
  char a[32], b[32], c[32];
  double total = field(json_object_get(fn, "sol_s"), "unfused");
  fprintf(out,
          "  launch gaps: %lld x %s = %s of the unfused %s "
          "(dependent_launch_gap_ns)%s\n",
          (long long)json_integer_value(json_object_get(launch, "gaps")),
          seconds(field(launch, "gap_s"), a, sizeof(a)),
          seconds(field(launch, "unfused_s"), b, sizeof(b)),
          seconds(total, c, sizeof(c)),
          json_is_true(json_object_get(launch, "launch_bound"))
              ? ": launch-bound (the gaps exceed the kernels' own times)"
              : "");
}

/* "  groups 0,1 share unfused kernels: ..." per component of two or more
 * groups (unfused_component): a group's unfused figure counts each kernel
 * of its first node whole, so only the component's sums compare. */
static void printUnfusedComponents(FILE *out, json_t *groups) {
  size_t i, j;
  json_t *root, *g;
  json_array_foreach(groups, i, root) {
    json_int_t id = json_integer_value(json_object_get(root, "id"));
    if (json_integer_value(json_object_get(root, "unfused_component")) != id)
      continue;
    char ids[128] = "", a[32], b[32];
    size_t used = 0, members = 0;
    double unfused = 0, fused = 0;
    json_array_foreach(groups, j, g) {
      if (json_integer_value(json_object_get(g, "unfused_component")) != id)
        continue;
      json_t *gs = json_object_get(g, "sol_s");
      unfused += field(gs, solarFidelityName(SOLAR_FIDELITY_UNFUSED));
      fused += field(gs, solarFidelityName(SOLAR_FIDELITY_FUSED));
      if (used < sizeof(ids))
        used += (size_t)snprintf(
            ids + used, sizeof(ids) - used, "%s%lld", members ? "," : "",
            (long long)json_integer_value(json_object_get(g, "id")));
      members++;
    }
    if (members > 1)
      fprintf(out,
              "  groups %s share unfused kernels (each charged to the group "
              "of its first node): unfused %s, fused %s\n",
              ids, seconds(unfused, a, sizeof(a)),
              seconds(fused, b, sizeof(b)));
  }
}

static const char *str(json_t *object, const char *key) {
  const char *s = json_string_value(json_object_get(object, key));
  return s ? s : "?";
}

/* The nodes column of the group table: runs of three or more as "a-b"
 * (fused groups are mostly consecutive), and "N nodes" when even that does
 * not fit, so a large group never shifts the columns; the JSON report has
 * the full list. */
enum { kNodesWidth = 12 };
static void formatNodes(json_t *nodes, char *buf, size_t size) {
  size_t count = json_array_size(nodes), used = 0;
  buf[0] = '\0';
  for (size_t k = 0; k < count && used < size;) {
    long long first = json_integer_value(json_array_get(nodes, k));
    size_t run = 1;
    while (k + run < count &&
           json_integer_value(json_array_get(nodes, k + run)) ==
               first + (long long)run)
      run++;
    const char *sep = used ? "," : "";
    if (run >= 3)
      used += (size_t)snprintf(buf + used, size - used, "%s%lld-%lld", sep,
                               first, first + (long long)run - 1);
    else
      used += (size_t)snprintf(buf + used, size - used, "%s%lld", sep, first);
    k += run >= 3 ? run : 1;
  }
  if (used >= size) {
    char many[32];
    int n = snprintf(many, sizeof(many), "%zu nodes", count);
    size_t length = n < 0 ? 0 : (size_t)n < size ? (size_t)n : size - 1;
    memcpy(buf, many, length);
    buf[length] = '\0';
  }
}

/* One line per measurement when there are several: its name, times,
 * headroom per fidelity and the fidelities it violates. */
static void printMeasurements(FILE *out, json_t *measurements) {
  size_t i;
  json_t *m;
  json_array_foreach(measurements, i, m) {
    char a[32], b[32];
    fprintf(out, "  measured %s: %s %s, min %s; headroom", str(m, "name"),
            str(m, "statistic"),
            seconds(field(m, "median_s"), a, sizeof(a)),
            seconds(field(m, "min_s"), b, sizeof(b)));
    json_t *headroom = json_object_get(m, "headroom");
    for (int f = 0; f < FIDELITY_COUNT; ++f)
      fprintf(out, "%s %s %.3gx", f ? "," : "", solarFidelityName(f),
              field(headroom, solarFidelityName(f)));
    json_t *violations = json_object_get(m, "violations");
    fprintf(out, "; violations: %zu", json_array_size(violations));
    size_t k;
    json_t *v;
    json_array_foreach(violations, k, v) fprintf(
        out, "%s%s", k ? ", " : " (", json_string_value(v));
    fprintf(out, "%s%s\n", json_array_size(violations) ? ")" : "",
            json_is_false(json_object_get(m, "reliable"))
                ? " (timing unreliable: see timing conditions)"
                : "");
  }
}

void solarAnalyzePrintText(FILE *out, json_t *report) {
  const char *kFused = solarFidelityName(SOLAR_FIDELITY_FUSED);
  char a[32], b[32], c[32];
  json_t *arch = json_object_get(report, "arch");
  json_t *ref = json_object_get(report, "reference");
  fprintf(out, "solar analyze %s\n", str(report, "model"));
  fprintf(out, "  IR: %s (frontend: %s", str(report, "ir"),
          str(report, "frontend"));
  json_t *attempts = json_object_get(report, "frontend_attempts");
  if (json_is_integer(attempts))
    fprintf(out, ", %lld attempt(s)", (long long)json_integer_value(attempts));
  fprintf(out, ")\n");
  json_t *importFailure = json_object_get(report, "import_failure");
  if (json_is_string(importFailure))
    fprintf(out, "  importer: %s\n", json_string_value(importFailure));
  fprintf(out, "  arch: %s (%s)\n", str(arch, "argument"), str(arch, "file"));
  bool timed = json_is_true(json_object_get(ref, "timed"));
  bool fromFile = timed && !strncmp(str(ref, "timing_source"), "--measured",
                                    10);
  if (fromFile && !*str(ref, "framework"))
    fprintf(out, "  reference: none (the .mlir is the program)\n"
                 "  timing: %s: %s %s, min %s\n",
            str(ref, "timing_source"), str(ref, "statistic"),
            seconds(field(ref, "median_s"), a, sizeof(a)),
            seconds(field(ref, "min_s"), b, sizeof(b)));
  else if (fromFile)
    fprintf(out, "  reference: %s %s on %s (%s), verification only\n"
                 "  timing: %s: %s %s, min %s\n",
            str(ref, "framework"), str(ref, "framework_version"),
            str(ref, "device"), str(ref, "device_name"),
            str(ref, "timing_source"), str(ref, "statistic"),
            seconds(field(ref, "median_s"), a, sizeof(a)),
            seconds(field(ref, "min_s"), b, sizeof(b)));
  else if (json_is_object(ref) && timed)
    fprintf(out,
            "  reference: %s %s on %s (%s), %lld thread(s): median %s, min "
            "%s\n  timing: %s\n",
            str(ref, "framework"), str(ref, "framework_version"),
            str(ref, "device"), str(ref, "device_name"),
            (long long)json_integer_value(json_object_get(ref, "threads")),
            seconds(field(ref, "median_s"), a, sizeof(a)),
            seconds(field(ref, "min_s"), b, sizeof(b)),
            str(ref, "timing_source"));
  else if (json_is_object(ref))
    fprintf(out, "  reference: %s %s on %s (%s), not timed (verification "
                 "only)\n",
            str(ref, "framework"), str(ref, "framework_version"),
            str(ref, "device"), str(ref, "device_name"));
  else
    fprintf(out, "  reference: none (SOL only)\n");
  json_t *train = json_object_get(report, "train");
  if (timed && !fromFile && json_is_object(train))
    fprintf(out,
            "  measured step: the framework's own training step (forward, "
            "loss %s, backward, %s update) per timed run\n",
            str(train, "loss"), str(train, "optimizer"));
  if (timed && json_is_false(json_object_get(ref, "timing_reliable")))
    fprintf(out,
            "  timing conditions: UNRELIABLE (%s): the headroom and "
            "violations below describe the machine's load as much as the "
            "program\n",
            str(ref, "timing_unreliable_because"));
  json_t *verification = json_object_get(report, "verification");
  if (json_is_true(json_object_get(verification, "same_structure")))
    fprintf(out, "  verified at %s; analyzed at full size: same einsum graph "
                 "(%lld node(s), %s)\n",
            str(verification, "verified_at"),
            (long long)json_integer_value(
                json_object_get(verification, "einsum_nodes")),
            json_is_string(json_object_get(verification, "structure"))
                ? str(verification, "structure")
                : "only sizes differ");
  if (json_is_object(ref) && timed &&
      json_is_false(json_object_get(ref, "same_machine")))
  {
    if (!strncmp(str(ref, "timing_source"), "--measured", 10))
      fprintf(out, "  note: measured on a different machine: headroom "
                   "compares those times with the SOL for %s\n",
              str(arch, "name"));
    else
      fprintf(out,
              "  note: the reference ran on %s, the SOL is for %s: headroom "
              "compares two machines (measure on the chip the file "
              "describes, or use --arch host)\n",
              str(ref, "device_name"), str(arch, "name"));
  }
  size_t i;
  json_t *fn;
  json_array_foreach(json_object_get(report, "functions"), i, fn) {
    json_t *bytes = json_object_get(fn, "bytes");
    json_t *sol = json_object_get(fn, "sol_s");
    json_t *bound = json_object_get(fn, "bound");
    json_t *headroom = json_object_get(fn, "headroom");
    char lowered[64] = "";
    if (json_object_get(fn, "flops_lowered") &&
        field(fn, "flops_lowered") != field(fn, "flops"))
      snprintf(lowered, sizeof(lowered), " (%.0f as lowered)",
               field(fn, "flops_lowered"));
    char counted[96] = "";
    if (json_is_integer(json_object_get(fn, "flops_counter")))
      snprintf(counted, sizeof(counted),
               "; torch's FlopCounterMode: %.0f (matmul, conv, attention)",
               field(fn, "flops_counter"));
    fprintf(out, "\n@%s (%s): %.0f flop%s%s, compute %s, ridge %.3g flop/B\n",
            str(fn, "name"), str(fn, "dtype"), field(fn, "flops"), lowered,
            counted,
            seconds(field(fn, "compute_s"), a, sizeof(a)),
            field(fn, "ridge_flop_per_byte"));
    fprintf(out, "  fp32 math: %s (%s)\n", str(fn, "fp32_math"),
            str(report, "fp32_math_source"));
    fprintf(out, "  %-9s %14s %12s %-8s %10s\n", "fidelity", "DRAM bytes",
            "SOL", "bound", "headroom");
    for (int f = 0; f < FIDELITY_COUNT; ++f) {
      if (json_is_object(headroom))
        snprintf(c, sizeof(c), "%.3gx", field(headroom, solarFidelityName(f)));
      else
        snprintf(c, sizeof(c), "-");
      const char *fidelity = solarFidelityName(f);
      fprintf(out, "  %-9s %14.0f %12s %-8s %10s\n", fidelity,
              field(bytes, fidelity),
              seconds(field(sol, fidelity), a, sizeof(a)),
              str(bound, fidelity), c);
    }
    solarPhaseReportPrint(out, json_object_get(fn, "phases"));
    json_t *measured = json_object_get(fn, "measured");
    json_t *measurements = json_object_get(fn, "measurements");
    if (json_array_size(measurements) > 1)
      printMeasurements(out, measurements);
    else if (json_is_object(measured))
      fprintf(out, "  measured: %s %s, min %s; violations: %zu%s\n",
              str(measured, "statistic"),
              seconds(field(measured, "median_s"), a, sizeof(a)),
              seconds(field(measured, "min_s"), b, sizeof(b)),
              json_array_size(json_object_get(fn, "violations")),
              json_is_false(json_object_get(measured, "reliable"))
                  ? " (timing unreliable: see timing conditions)"
                  : "");
    if (json_is_integer(json_object_get(fn, "kernels_unfused"))) {
      fprintf(out, "  kernels: %lld in the unfused model (one per framework "
                   "op), SOL %s per kernel",
              (long long)json_integer_value(
                  json_object_get(fn, "kernels_unfused")),
              seconds(field(fn, "sol_per_kernel_s"), a, sizeof(a)));
      if (json_is_number(json_object_get(fn, "measured_per_kernel_s")))
        fprintf(out, ", measured %s per kernel",
                seconds(field(fn, "measured_per_kernel_s"), b, sizeof(b)));
      fprintf(out, "\n");
    }
    printLaunchGaps(out, fn);
    fprintf(out, "  %-5s %-12s %12s %12s %12s %12s %-8s %9s\n", "group",
            "nodes", "flop", "fused B", "unfused", "fused", "bound",
            "flop/B");
    size_t j;
    json_t *g;
    json_array_foreach(json_object_get(fn, "groups"), j, g) {
      char nodes[kNodesWidth + 1];
      formatNodes(json_object_get(g, "nodes"), nodes, sizeof(nodes));
      json_t *gs = json_object_get(g, "sol_s");
      fprintf(out, "  %-5lld %-12s %12.0f %12.0f %12s %12s %-8s %9.3g\n",
              (long long)json_integer_value(json_object_get(g, "id")), nodes,
              field(g, "flops"),
              field(json_object_get(g, "bytes"), kFused),
              seconds(field(gs, solarFidelityName(SOLAR_FIDELITY_UNFUSED)), a,
                      sizeof(a)),
              seconds(field(gs, kFused), b, sizeof(b)),
              str(json_object_get(g, "bound"), kFused),
              field(g, solarFidelityIntensityKey(SOLAR_FIDELITY_FUSED)));
    }
    printUnfusedComponents(out, json_object_get(fn, "groups"));
    json_t *ops = json_object_get(fn, "opportunities");
    if (json_array_size(ops))
      fprintf(out, "  opportunities (by time saved):\n");
    json_array_foreach(ops, j, g) fprintf(out, "    %zu. %s\n", j + 1,
                                          str(g, "text"));
  }
}
