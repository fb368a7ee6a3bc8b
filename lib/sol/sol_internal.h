/* Shared between the files of lib/sol. */
#ifndef SOLAR_SOL_INTERNAL_H
#define SOLAR_SOL_INTERNAL_H

#include "solar/sol/sol.h"

/* Replaces the per-node unfused totals of `out` (nodes and groups filled)
 * by totals per framework-op kernel when the graph records framework ops,
 * and charges each kernel to the group of `fusion` holding its first node
 * (groups start from framework ops, so a kernel lies in one group). */
void solarSolUnfusedKernels(const SolarEinsumGraph *graph,
                            const SolarFusion *fusion, const SolarArch *arch,
                            SolarDtype storageDtype, SolarSol *out);

/* ---- last-level-cache residency between kernels (sol_llc.c) ------------ */

/* The capacity a kernel may find its inputs in, or leave its outputs in,
 * when it starts or ends: the last on-chip level (L2, SRAM_capacity;
 * INFINITY when the file states none), or the grouping's capacity when
 * that is larger. */
double solarLlcCapacity(const SolarArch *arch, double groupingCapacity);

/* Which kernels of a sequence touch each tensor (indexed by tensor). */
typedef struct SolarLlcTouch {
  size_t tensorCount;
  bool programOrder; /* the kernels run in the order given */
  size_t *first;     /* first kernel touching the tensor */
  size_t *kernels;   /* how many kernels touch it */
  size_t *last;      /* scratch: last kernel counted, plus 1 */
  size_t *writers;   /* how many kernels write it */
  size_t *lastWriter;/* the last kernel writing it */
} SolarLlcTouch;

/* The kernels are the partition's groups (their boundary tensors), in
 * program order when programOrder (eager), else in any order. */
void solarLlcTouchOfPartition(const SolarEinsumGraph *graph,
                              const SolarFusion *partition, bool programOrder,
                              SolarLlcTouch *out);
/* Every node its own kernel, in program order. */
void solarLlcTouchOfNodes(const SolarEinsumGraph *graph, SolarLlcTouch *out);
void solarLlcTouchDestroy(SolarLlcTouch *facts);

/* A read of `tensor` by `kernel` that no cache can serve: a program input
 * or weight that no other kernel touches first (touches at all, without a
 * program order). */
bool solarLlcColdRead(const SolarEinsumGraph *graph,
                      const SolarLlcTouch *facts, int64_t tensor,
                      size_t kernel);
/* A write of a program result (argument, global, returned buffer) by the
 * last kernel writing it (the only one, without a program order): charged
 * whole, as the program ends with its results in memory. */
bool solarLlcResultWrite(const SolarEinsumGraph *graph,
                         const SolarLlcTouch *facts, int64_t tensor,
                         size_t kernel);

/* One kernel's bytes by how residency may serve them. */
typedef struct SolarLlcBytes {
  double fixed;   /* cold reads and result writes */
  double read;    /* reads the cache may hold at the kernel's start */
  double written; /* intermediate writes it may hold at the kernel's end */
  double dram;    /* everything: the DRAM round-trip figure */
} SolarLlcBytes;

void solarLlcAdd(SolarLlcBytes *acc, const SolarEinsumGraph *graph,
                 const SolarLlcTouch *facts, int64_t tensor, size_t kernel,
                 bool isWrite, double bytes);
/* fixed + max(0, read - capacity) + max(0, written - capacity). */
double solarLlcTotal(const SolarLlcBytes *acc, double capacity);
/* The boundary of group `kernel` of the partition facts were built from. */
SolarLlcBytes solarLlcGroupBytes(const SolarEinsumGraph *graph,
                                 const SolarLlcTouch *facts,
                                 const SolarFusionGroup *group, size_t kernel,
                                 SolarDtype storage);

/* The node's precision and the rate key its MACs use under the policy
 * (dtype, rateDtype, operand/accumulate dtypes, contraction class). */
void solarNodePrecision(const SolarEinsumGraph *graph, size_t index,
                        SolarDtype dtypeOverride, SolarDtype reportDtype,
                        const SolarFp32Policy *policy, SolarNodeSol *n);

/* The SOL of node `id` in sol->nodes (which follows graph->nodes), or
 * NULL. */
const SolarNodeSol *solarSolFindNode(const SolarEinsumGraph *graph,
                                     const SolarSol *sol, int64_t id);

/* The compute seconds of the nodes `ids` run as one kernel
 * (solarComputeOf over their unit times); ids of no node are skipped. */
double solarSolComputeOfNodes(const SolarEinsumGraph *graph,
                              const SolarArch *arch, const SolarSol *sol,
                              const int64_t *ids, size_t count);

/* ---- the rules both SOL paths state (sol_rules.c) ---------------------- */

/* One time: seconds on the numeric path, a time form (sol_symbolic.h;
 * NULL for 0, owned) on the symbolic one. */
typedef union SolarTimeTerm {
  double seconds;
  char *form;
} SolarTimeTerm;

typedef struct SolarTimeAlgebra {
  /* The sum (max false) or the maximum of parts[0..n), in that order;
   * takes the parts. */
  SolarTimeTerm (*combine)(SolarTimeTerm *parts, size_t n, bool max);
  SolarTimeTerm (*copy)(SolarTimeTerm term);
} SolarTimeAlgebra;

extern const SolarTimeAlgebra solarSecondsAlgebra;
SolarTimeTerm solarSecondsTerm(double seconds);

/* One node's part in a kernel's compute: its time on each unit (indexed
 * by SolarUnit; kept) and the dtype its work runs in. */
typedef struct SolarComputeNode {
  const SolarTimeTerm *units;
  SolarDtype dtype;
} SolarComputeNode;

/* The compute time of nodes run as one kernel (a node alone, a fusion
 * group, a framework-op kernel, the whole function for ideal): the longest
 * pipe's total (sol_rules.c). */
SolarTimeTerm solarComputeOf(const SolarTimeAlgebra *alg,
                             const SolarArch *arch,
                             const SolarComputeNode *nodes, size_t count);

/* max(compute, transfer): a kernel's roofline time; takes both. */
SolarTimeTerm solarRoofline(const SolarTimeAlgebra *alg, SolarTimeTerm compute,
                            SolarTimeTerm transfer);

/* The dependent-launch gap as a rate (kernel boundaries per second), 0
 * when the hardware file states none: the symbolic path writes the gaps as
 * "{ gaps } / rate" and the numeric one divides the same way, so both give
 * the same double (docs/sol-model.md, "Launch gaps"). */
double solarLaunchGapRate(const SolarArch *arch);
/* `gaps` dependent-launch gaps in seconds; 0 without a gap. */
double solarLaunchGapSeconds(const SolarArch *arch, int64_t gaps);
/* Whether an unfused kernel of nodes `ids` surely launches on the device:
 * it has a node that is not pure layout. A framework op of layout nodes
 * alone may be a view op, which eager runs without a kernel (and a copy
 * or fill left out only lowers the launch count). */
bool solarKernelLaunches(const SolarEinsumGraph *graph, const int64_t *ids,
                         size_t count);

#endif
