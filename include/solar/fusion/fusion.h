/* Fusion groups: the einsum graph partitioned into groups whose
 * intermediates stay on chip (attribute solar.fusion), and the isl footprint
 * counts they are built from. docs/sol-model.md gives the algorithm. */
#ifndef SOLAR_FUSION_FUSION_H
#define SOLAR_FUSION_FUSION_H

#include "solar/arch/arch.h"
#include "solar/einsum/einsum_graph.h"

#include "mlir-c/IR.h"

#include <isl/aff.h>
#include <isl/polynomial.h>

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SOLAR_FUSION_ATTR "solar.fusion"

/* ---- Storage size under a dtype override -------------------------------- */

/* Bytes per element of a tensor of MLIR element type `dtypeName` when the
 * analysis runs in `computeDtype` (SOLAR_DTYPE_INVALID: as in the IR):
 * floating-point tensors take the compute dtype's storage size, integer and
 * index tensors keep theirs. */
double solarTensorElementBytes(const SolarEinsumTensor *tensor,
                               SolarDtype computeDtype);

/* The node with that id, or NULL. */
const SolarEinsumNode *solarGraphNode(const SolarEinsumGraph *graph,
                                      int64_t id);

/* ---- Footprints over several nodes (isl) -------------------------------- */

typedef enum {
  SOLAR_ACCESS_READS,
  SOLAR_ACCESS_WRITES,
} SolarAccessKind;

/* Distinct elements of tensor `tensor` that the nodes `nodes[0..n)` read (or
 * write), counted as the union of the access images with isl. Where the count
 * is not exact, returns a LOWER bound (the largest one-dimensional projection
 * of the union), so traffic built from it never overstates. Reads that
 * `skipSatisfied` marks as served by a producer inside the set are left out.
 * Returns -1 when the count is parametric or isl failed. */
int64_t solarUnionFootprint(const SolarEinsumGraph *graph, int64_t tensor,
                            const int64_t *nodes, size_t n,
                            SolarAccessKind kind, bool skipSatisfied,
                            bool *exact);

/* The same union footprint as an isl count in the parameters, in the
 * graph's isl context (solarGraphIslCtx); the caller owns it. NULL when
 * isl failed or the count is only an upper bound (no symbolic lower bound
 * exists then). Non-affine accesses are left out as above (*exact false). */
__isl_give isl_pw_qpolynomial *
solarUnionFootprintPw(const SolarEinsumGraph *graph, int64_t tensor,
                      const int64_t *nodes, size_t n, SolarAccessKind kind,
                      bool skipSatisfied, bool *exact);

/* Loop dims that the expression of an index uses, over all its pieces but
 * ignoring the pieces' domains (which restate the loop bounds).
 * *coordinate: one piece of the form c*d + k with one dim and no division. */
uint32_t solarIndexDims(__isl_keep isl_pw_aff *index, bool *coordinate);

/* ---- Layout nodes and views (lib/fusion/sol_layout.c) ------------------- */

/* A pure layout node: no arithmetic, no reduction, one write and at most one
 * affine read (a copy, transpose, broadcast, pad/concat copy or a fill). */
bool solarNodeIsLayout(const SolarEinsumNode *node);

/* A layout node whose reads count over its necessary points only (the
 * source elements its needed view elements come from; docs/sol-model.md,
 * "Views"): one with a read and a recorded necessary domain. Its footprints' reads
 * (solarUnionFootprint) and its cache-aware nest's points follow them. */
bool solarNodeReadsNecessary(const SolarEinsumNode *node);

/* A function result (an output argument or a returned buffer) written only
 * by layout nodes that copy a source (a transpose, slice, reshape, permute,
 * broadcast): a view the framework returns without copying
 * (docs/sol-model.md, "Views returned as results"). */
bool solarTensorIsResultView(const SolarEinsumGraph *graph, int64_t tensor);

/* An intermediate written only by layout nodes: a view of other tensors (or
 * constants), which a fused implementation indexes instead of storing; or a
 * result view. Every fidelity but the unfused one never moves it (the
 * unfused one moves what solarEagerViewTensors leaves out). */
bool solarTensorIsView(const SolarEinsumGraph *graph, int64_t tensor);

/* The node (by index) is a layout copy writing a result view, or a view
 * that such a node reads: what it reads leaves the function as the
 * result's elements, uncopied, so it moves nothing. A computed source it
 * reads inside its group is still written once (sol_fuser.c). */
bool solarNodeWritesResultView(const SolarEinsumGraph *graph, size_t index);

/* An intermediate a fused group needs no on-chip buffer for: every writer is
 * a map (no reduction loop: each element can be recomputed where it is
 * needed), or every reader other than its own accumulation is a map (an
 * epilogue consuming each element where it is finalized). */
bool solarTensorNeedsNoBuffer(const SolarEinsumGraph *graph, int64_t tensor);

/* ---- Fusion groups ------------------------------------------------------ */

typedef struct {
  int64_t tensor;
  int64_t readElements;  /* elements read from DRAM by the group */
  int64_t writeElements; /* elements written to DRAM by the group */
  double bytes;          /* (read + write) * element bytes */
  /* Symbolic groups only: the read and written bytes as isl counts in the
   * parameters (graph's isl context); owned. */
  isl_pw_qpolynomial *readBytesPw, *writeBytesPw;
} SolarGroupTensor;

typedef struct {
  int64_t id;
  int64_t *nodes;           /* ascending node ids; owned */
  size_t nodeCount;
  SolarGroupTensor *boundary; /* tensors crossing the group boundary; owned */
  size_t boundaryCount;
  int64_t *internal;        /* intermediate tensors kept on chip; owned */
  size_t internalCount;
  double dramBytes;         /* sum of boundary bytes */
  double liveBytes;         /* on-chip working set the grouping assumed */
  /* Symbolic groups only (dramBytes, liveBytes and the boundary's counts
   * are then 0 / -1): the DRAM bytes as an isl count in the parameters,
   * in the graph's isl context; owned. */
  isl_pw_qpolynomial *dramBytesPw;
} SolarFusionGroup;

typedef struct {
  double capacityBytes;     /* on-chip capacity used for grouping */
  SolarFusionGroup *groups; /* owned */
  size_t groupCount;
  double idealBytes;        /* program inputs, weights, outputs only */
  isl_pw_qpolynomial *idealBytesPw; /* symbolic fusion only; owned */
} SolarFusion;

/* Partitions the graph into fusion groups under capacityBytes (INFINITY:
 * unlimited). storageDtype: SOLAR_DTYPE_INVALID to size tensors as in the
 * IR, else the --solar-dtype override (solarTensorElementBytes). Returns
 * false with a message when footprints are parametric. */
bool solarFusionCompute(const SolarEinsumGraph *graph, double capacityBytes,
                        SolarDtype storageDtype, SolarFusion *out, char *err,
                        size_t errSize);
/* The groups with symbolic sizes: the same grouping as if the capacity
 * never bound (every merge only lowers the figures), and each group's
 * bytes as dramBytesPw (idealBytesPw for the whole function). Returns false
 * with a message when a footprint has no exact count. Destroy the result
 * before the graph (its isl objects live in the graph's context). */
bool solarFusionComputeSymbolic(const SolarEinsumGraph *graph,
                                SolarDtype storageDtype, SolarFusion *out,
                                char *err, size_t errSize);
void solarFusionDestroy(SolarFusion *fusion);

/* ---- Framework-op kernels ----------------------------------------------- */


/* The eager implementation's kernels: one group per framework op, one per
 * node without one; every tensor crossing a kernel moves, except those
 * written only by framework ops of layout nodes alone (eager view ops run
 * no kernel). Same failure as solarFusionCompute. */
bool solarFrameworkKernels(const SolarEinsumGraph *graph,
                           SolarDtype storageDtype, SolarFusion *out,
                           char *err, size_t errSize);

/* solarFrameworkKernels with symbolic bytes (dramBytesPw). */
bool solarFrameworkKernelsSymbolic(const SolarEinsumGraph *graph,
                                   SolarDtype storageDtype, SolarFusion *out,
                                   char *err, size_t errSize);

/* An exact isl rational equal to a finite, non-negative double (element
 * bytes, rates): a dyadic fraction when it is not an integer. */
__isl_give isl_val *solarValFromDouble(isl_ctx *ctx, double value);

MlirAttribute solarFusionToAttribute(MlirContext ctx, const SolarFusion *fusion);
bool solarFusionFromAttribute(MlirAttribute attr, SolarFusion *out, char *err,
                              size_t errSize);

#ifdef __cplusplus
}
#endif

#endif
