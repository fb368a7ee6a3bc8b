/* The unfused fidelity per framework-op kernel (docs/sol-model.md,
 * "Unfused"): nodes lowered from one framework op run as one kernel, whose
 * DRAM traffic is the op's inputs and outputs only. The groups' unfused
 * figures are shares of the same kernels, so that every figure speaking of
 * unfused kernels (the function's, a group's, a fusion opportunity's)
 * counts the same ones, and the dependent-launch gaps between them. A
 * kernel spanning groups is charged whole to the group of its first node
 * and joins those groups into one component (SolarGroupSol's
 * unfusedComponent): only a component's unfused and fused sums compare. */
#include "sol_internal.h"
#include "solar/einsum/einsum_graph_index.h"
#include "solar/support/grow.h"
#include "solar/support/union_find.h"

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

static bool anyFrameworkOp(const SolarEinsumGraph *graph) {
  for (size_t i = 0; i < graph->nodeCount; ++i)
    if (graph->nodes[i].frameworkOp)
      return true;
  return false;
}

/* Per graph node index, the group of `fusion` holding it (its entry of
 * out->groups, which follows fusion->groups; the first such group), or
 * NULL: built once per function, so a lookup costs no scan. Owned by the
 * caller (free). */
static SolarGroupSol **groupIndexCreate(const SolarEinsumGraph *graph,
                                        const SolarFusion *fusion,
                                        SolarSol *out) {
  size_t n = graph->nodeCount;
  SolarGroupSol **at = solarCalloc(n ? n : 1, sizeof(*at));
  for (size_t g = 0; g < fusion->groupCount && g < out->groupCount; ++g)
    for (size_t k = 0; k < fusion->groups[g].nodeCount; ++k) {
      size_t i = solarGraphNodeIndex(graph, fusion->groups[g].nodes[k]);
      if (i < n && !at[i])
        at[i] = &out->groups[g];
    }
  return at;
}

/* The group holding node `id` (groupIndexCreate's `at`), or NULL. */
static SolarGroupSol *groupOfNode(const SolarEinsumGraph *graph,
                                  SolarGroupSol **at, int64_t id) {
  size_t i = solarGraphNodeIndex(graph, id);
  return i < graph->nodeCount ? at[i] : NULL;
}

/* Joins the groups holding the nodes of one unfused kernel `kernel` in
 * `components` (over out->groups, the lowest index kept as the root). */
static void joinKernelGroups(const SolarEinsumGraph *graph, SolarSol *out,
                             SolarGroupSol **at,
                             const SolarFusionGroup *kernel,
                             SolarUnionFind *components) {
  size_t first = out->groupCount;
  for (size_t k = 0; k < kernel->nodeCount; ++k) {
    SolarGroupSol *g = groupOfNode(graph, at, kernel->nodes[k]);
    if (!g)
      continue;
    size_t index = (size_t)(g - out->groups);
    if (first == out->groupCount)
      first = index;
    else
      solarUnionFindJoinLowest(components, first, index);
  }
}

/* Whether one of the nodes `ids` writes tensor `t`. */
static bool kernelWrites(const SolarEinsumGraph *graph, const int64_t *ids,
                         size_t count, int64_t t) {
  for (size_t k = 0; k < count; ++k) {
    size_t i = solarGraphNodeIndex(graph, ids[k]);
    const SolarEinsumNode *n = i < graph->nodeCount ? &graph->nodes[i] : NULL;
    for (size_t a = 0; n && a < n->accessCount; ++a)
      if (n->accesses[a].isWrite && n->accesses[a].tensor == t)
        return true;
  }
  return false;
}

/* The elements of the largest tensor the nodes `ids` read and do not
 * write (the kernel's largest input), and the most elements one access
 * touches of such a tensor. Splat constants are no input (the value is
 * known when the program is compiled). */
static void largestInput(const SolarEinsumGraph *graph, const int64_t *ids,
                         size_t count, SolarKernelSol *k) {
  int64_t largest = 0, footprint = 0;
  for (size_t k = 0; k < count; ++k) {
    size_t i = solarGraphNodeIndex(graph, ids[k]);
    const SolarEinsumNode *n = i < graph->nodeCount ? &graph->nodes[i] : NULL;
    for (size_t a = 0; n && a < n->accessCount; ++a) {
      const SolarEinsumAccess *access = &n->accesses[a];
      if (access->isWrite || access->role == SOLAR_ACCESS_ROLE_ADDRESS ||
          access->tensor < 0 || (size_t)access->tensor >= graph->tensorCount)
        continue;
      const SolarEinsumTensor *t = &graph->tensors[access->tensor];
      if (t->splat || kernelWrites(graph, ids, count, access->tensor))
        continue;
      if (t->elements > largest)
        largest = t->elements;
      if (access->footprintElements > footprint)
        footprint = access->footprintElements;
    }
  }
  k->largestInputElements = largest;
  k->largestInputFootprint = footprint < largest ? footprint : largest;
}

/* Bytes the chip holds on chip, every level together (INFINITY when a
 * level's capacity is not stated: then nothing is sure to come from
 * DRAM). */
static double onChipBytes(const SolarArch *arch) {
  double total = 0;
  for (size_t l = 0; l < arch->num_levels; ++l)
    total += arch->levels[l].capacity_bytes.value;
  return total;
}

double solarSolWarmSeconds(const SolarArch *arch, double computeSeconds,
                           double bytes, SolarBound *bound) {
  double beyond = bytes - onChipBytes(arch);
  double dramBytesPerS = arch->dram_bytes_per_s.value;
  double dram = isfinite(beyond) && beyond > 0 && dramBytesPerS > 0
                    ? beyond / dramBytesPerS
                    : 0;
  *bound = dram > computeSeconds ? SOLAR_BOUND_DRAM : SOLAR_BOUND_COMPUTE;
  return solarRoofline(&solarSecondsAlgebra, solarSecondsTerm(computeSeconds),
                       solarSecondsTerm(dram))
      .seconds;
}

/* The warm figure of SolarKernelSol: the DRAM term for the bytes that
 * cannot be on chip when the kernel starts. */
static void warmFigure(const SolarArch *arch, SolarKernelSol *k) {
  k->warmSeconds =
      solarSolWarmSeconds(arch, k->computeSeconds, k->bytes, &k->warmBound);
}

/* The record of one framework-op kernel (SolarKernelSol). */
static SolarKernelSol kernelRecord(const SolarEinsumGraph *graph,
                                   const SolarArch *arch, const SolarSol *out,
                                   const SolarFusionGroup *g, double bytes,
                                   double compute, double dram,
                                   double seconds) {
  /* bytes: the unfused figure's, last-level-cache residency applied. */
  SolarKernelSol k = {.firstNode = g->nodeCount ? g->nodes[0] : -1,
                      .nodeCount = (int64_t)g->nodeCount,
                      .bytes = bytes,
                      .computeSeconds = compute,
                      .seconds = seconds,
                      .bound = dram > compute ? SOLAR_BOUND_DRAM
                                              : SOLAR_BOUND_COMPUTE};
  for (size_t i = 0; i < g->nodeCount; ++i) {
    const SolarNodeSol *n = solarSolFindNode(graph, out, g->nodes[i]);
    size_t index = solarGraphNodeIndex(graph, g->nodes[i]);
    const char *op =
        index < graph->nodeCount ? graph->nodes[index].frameworkOp : NULL;
    if (n)
      k.flops += n->flops;
    if (op && !k.frameworkOp)
      k.frameworkOp = strdup(op);
  }
  largestInput(graph, g->nodes, g->nodeCount, &k);
  warmFigure(arch, &k);
  return k;
}

bool solarKernelLaunches(const SolarEinsumGraph *graph, const int64_t *ids,
                         size_t count) {
  for (size_t k = 0; k < count; ++k) {
    size_t i = solarGraphNodeIndex(graph, ids[k]);
    if (i < graph->nodeCount && !solarNodeIsLayout(&graph->nodes[i]))
      return true;
  }
  return false;
}

/* Without framework ops every node is its own unfused kernel; `order`
 * gets the group of each kernel that launches, *launching their count. */
static void chargeNodes(const SolarEinsumGraph *graph,
                        const SolarFusion *fusion, SolarSol *out,
                        SolarGroupSol **order, size_t *launching) {
  *launching = 0;
  SolarGroupSol **at = groupIndexCreate(graph, fusion, out);
  for (size_t i = 0; i < out->nodeCount; ++i) {
    SolarGroupSol *g = groupOfNode(graph, at, graph->nodes[i].id);
    if (solarKernelLaunches(graph, &graph->nodes[i].id, 1))
      order[(*launching)++] = g;
    if (g)
      g->unfusedSeconds += out->nodes[i].seconds;
  }
  free(at);
}

/* The dependent-launch gaps (docs/sol-model.md, "Launch gaps"): eager
 * runs its `count` launching kernels (`order`: their groups, in program
 * order) one after another, each waiting for the one before it, so one
 * gap lies before every one of them but the first. A gap
 * whose two kernels are in one group is that group's (fusing the group
 * removes it); the others lie between groups. The gaps bind the figure
 * (bound "launch") when they exceed the kernels' own sum. */
static void addLaunchGaps(const SolarArch *arch, SolarGroupSol **order,
                          size_t count, SolarSol *out) {
  out->launchGapSeconds = arch->launch_gap_s.value;
  if (count < 2 || solarLaunchGapRate(arch) <= 0)
    return;
  int64_t between = 0;
  int64_t *inside =
      solarCalloc(out->groupCount ? out->groupCount : 1, sizeof(int64_t));
  for (size_t k = 1; k < count; ++k)
    if (order[k] && order[k] == order[k - 1])
      inside[order[k] - out->groups]++;
    else
      between++;
  for (size_t g = 0; g < out->groupCount; ++g) {
    SolarGroupSol *group = &out->groups[g];
    group->launchSeconds = solarLaunchGapSeconds(arch, inside[g]);
    group->unfusedSeconds += group->launchSeconds;
  }
  free(inside);
  out->launchGaps = (int64_t)count - 1;
  out->launchSeconds = solarLaunchGapSeconds(arch, out->launchGaps);
  out->launchBetweenGroupsSeconds = solarLaunchGapSeconds(arch, between);
  double work = out->seconds[SOLAR_FIDELITY_UNFUSED];
  out->seconds[SOLAR_FIDELITY_UNFUSED] += out->launchSeconds;
  if (out->launchSeconds > work)
    out->bound[SOLAR_FIDELITY_UNFUSED] = SOLAR_BOUND_LAUNCH;
}

void solarSolUnfusedKernels(const SolarEinsumGraph *graph,
                            const SolarFusion *fusion, const SolarArch *arch,
                            SolarDtype storageDtype, SolarSol *out) {
  double dramBytesPerS = arch->dram_bytes_per_s.value;
  for (size_t g = 0; g < out->groupCount; ++g) {
    out->groups[g].unfusedSeconds = 0;
    out->groups[g].unfusedComponent = out->groups[g].group;
  }
  SolarFusion kernels;
  char err[256];
  /* The footprints were counted for the fusion groups already; a failure
   * here (parametric sizes) leaves the per-node figures. */
  if (!anyFrameworkOp(graph) ||
      !solarFrameworkKernels(graph, storageDtype, &kernels, err, sizeof(err))) {
    SolarGroupSol **order =
        solarCalloc(out->nodeCount ? out->nodeCount : 1, sizeof(*order));
    size_t launching;
    chargeNodes(graph, fusion, out, order, &launching);
    addLaunchGaps(arch, order, launching, out);
    free(order);
    return;
  }
  out->bytes[SOLAR_FIDELITY_UNFUSED] = 0;
  out->bytesDram[SOLAR_FIDELITY_UNFUSED] = 0;
  out->seconds[SOLAR_FIDELITY_UNFUSED] = 0;
  out->kernels = solarCalloc(kernels.groupCount ? kernels.groupCount : 1,
                             sizeof(SolarKernelSol));
  out->kernelCount = kernels.groupCount;
  double worst = -1, capacity = solarLlcCapacity(arch, fusion->capacityBytes);
  /* Eager runs the framework ops one after another, each as one kernel. */
  SolarLlcTouch facts;
  solarLlcTouchOfPartition(graph, &kernels, true, &facts);
  SolarGroupSol **order = solarCalloc(
      kernels.groupCount ? kernels.groupCount : 1, sizeof(*order));
  size_t launching = 0;
  SolarUnionFind *components = solarUnionFindCreate(out->groupCount);
  if (!components)
    abort();
  SolarGroupSol **at = groupIndexCreate(graph, fusion, out);
  for (size_t k = 0; k < kernels.groupCount; ++k) {
    const SolarFusionGroup *g = &kernels.groups[k];
    joinKernelGroups(graph, out, at, g, components);
    double compute =
        solarSolComputeOfNodes(graph, arch, out, g->nodes, g->nodeCount);
    SolarLlcBytes parts =
        solarLlcGroupBytes(graph, &facts, g, k, storageDtype);
    double bytes = solarLlcTotal(&parts, capacity);
    double dram = bytes > 0 && dramBytesPerS > 0 ? bytes / dramBytesPerS : 0;
    double seconds = solarRoofline(&solarSecondsAlgebra,
                                   solarSecondsTerm(compute),
                                   solarSecondsTerm(dram))
                         .seconds;
    out->kernels[k] =
        kernelRecord(graph, arch, out, g, bytes, compute, dram, seconds);
    out->bytes[SOLAR_FIDELITY_UNFUSED] += bytes;
    out->bytesDram[SOLAR_FIDELITY_UNFUSED] += parts.dram;
    out->seconds[SOLAR_FIDELITY_UNFUSED] += seconds;
    SolarGroupSol *group =
        g->nodeCount ? groupOfNode(graph, at, g->nodes[0]) : NULL;
    if (solarKernelLaunches(graph, g->nodes, g->nodeCount))
      order[launching++] = group;
    if (group)
      group->unfusedSeconds += seconds;
    if (seconds > worst) {
      worst = seconds;
      out->bound[SOLAR_FIDELITY_UNFUSED] =
          dram > compute ? SOLAR_BOUND_DRAM : SOLAR_BOUND_COMPUTE;
    }
  }
  out->kernelsUnfused = (int64_t)kernels.groupCount;
  for (size_t g = 0; g < out->groupCount; ++g)
    out->groups[g].unfusedComponent =
        out->groups[solarUnionFindRoot(components, g)].group;
  solarUnionFindDestroy(components);
  free(at);
  addLaunchGaps(arch, order, launching, out);
  free(order);
  solarLlcTouchDestroy(&facts);
  solarFusionDestroy(&kernels);
}
