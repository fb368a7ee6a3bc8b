/* The SOL stages after the einsum graph: fusion groups, cache-tiled traffic
 * and the SOL times, each read from and written to its own attribute so that
 * every pass reads only what the previous one attached:
 *
 *   solar.einsum_graph --solar-fusion-groups--> solar.fusion
 *   solar.einsum_graph + solar.fusion --solar-cache-traffic--> solar.traffic
 *   all three + hardware file --solar-sol--> solar.sol
 *
 * docs/sol-model.md gives the formulas and why each number is a lower bound;
 * docs/user-guide.md lists every attribute field. */
#ifndef SOLAR_SOL_H
#define SOLAR_SOL_H

#include "solar/arch.h"
#include "solar/einsum_graph.h"
#include "solar/options.h"
#include "solar/sol_time.h"

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SOLAR_FUSION_ATTR "solar.fusion"
#define SOLAR_TRAFFIC_ATTR "solar.traffic"
#define SOLAR_SOL_ATTR "solar.sol"

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

/* ---- Fusion groups ------------------------------------------------------ */

typedef struct {
  int64_t tensor;
  int64_t readElements;  /* elements read from DRAM by the group */
  int64_t writeElements; /* elements written to DRAM by the group */
  double bytes;          /* (read + write) * element bytes */
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
} SolarFusionGroup;

typedef struct {
  double capacityBytes;     /* on-chip capacity used for grouping */
  SolarFusionGroup *groups; /* owned */
  size_t groupCount;
  double idealBytes;        /* program inputs, weights, outputs only */
} SolarFusion;

/* Partitions the graph into fusion groups under capacityBytes (INFINITY:
 * unlimited). storageDtype: SOLAR_DTYPE_INVALID to size tensors as in the
 * IR, else the --solar-dtype override (solarTensorElementBytes). Returns
 * false with a message when footprints are parametric. */
bool solarFusionCompute(const SolarEinsumGraph *graph, double capacityBytes,
                        SolarDtype storageDtype, SolarFusion *out, char *err,
                        size_t errSize);
void solarFusionDestroy(SolarFusion *fusion);

MlirAttribute solarFusionToAttribute(MlirContext ctx, const SolarFusion *fusion);
bool solarFusionFromAttribute(MlirAttribute attr, SolarFusion *out, char *err,
                              size_t errSize);

/* ---- Cache-aware traffic ------------------------------------------------ */

typedef struct {
  int64_t group;
  double compulsoryBytes;   /* = the group's fused DRAM bytes */
  double hblBytes;          /* proven bound from the single-node argument */
  double exponent;          /* sigma of the cover (0: none) */
  double lowerBoundBytes;   /* max(compulsory, hbl): used for SOL time */
  double tiledBytes;        /* best tiling found: achievable, reported only */
  double tileWorkingSetBytes;
  char tile[256];           /* "M=128,N=64,K=1" or "" */
  double innerLowerBoundBytes; /* L2 -> SM traffic bound (inner capacity) */
} SolarGroupTraffic;

typedef struct {
  double capacityBytes;      /* last-level on-chip capacity (L2) */
  double innerCapacityBytes; /* L1 + registers, chip-wide (INFINITY: none) */
  SolarGroupTraffic *groups; /* one per fusion group; owned */
  size_t groupCount;
} SolarTraffic;

bool solarTrafficCompute(const SolarEinsumGraph *graph,
                         const SolarFusion *fusion, double capacityBytes,
                         double innerCapacityBytes, SolarDtype storageDtype,
                         SolarTraffic *out, char *err, size_t errSize);
void solarTrafficDestroy(SolarTraffic *traffic);

MlirAttribute solarTrafficToAttribute(MlirContext ctx,
                                      const SolarTraffic *traffic);
bool solarTrafficFromAttribute(MlirAttribute attr, SolarTraffic *out,
                               char *err, size_t errSize);

/* ---- SOL times ----------------------------------------------------------- */

typedef struct {
  int64_t node;
  SolarDtype dtype;
  double flops;
  SolarComputeTime compute;
  double bytes;       /* unfused: every access from/to DRAM */
  double seconds;     /* max(compute, bytes / BW_dram) */
  bool dramBound;
} SolarNodeSol;

typedef struct {
  int64_t group;
  double flops;
  double computeSeconds;     /* sum of the nodes' compute times */
  double fusedBytes, fusedSeconds;
  double cacheBytes, innerBytes, cacheSeconds;
  const char *fusedBound;    /* "compute" | "dram" */
  const char *cacheBound;    /* "compute" | "dram" | "cache" */
} SolarGroupSol;

typedef struct {
  const char *arch;          /* borrowed from the SolarArch */
  SolarDtype dtype;          /* compute dtype of the analysis */
  double flops;
  SolarOpCounts ops;
  double computeSeconds;
  double bytesUnfused, bytesFused, bytesCache, bytesIdeal;
  double timeUnfused, timeFused, timeCache, timeIdeal;
  const char *boundUnfused, *boundFused, *boundCache, *boundIdeal;
  double ridgeFlopPerByte;
  SolarNodeSol *nodes;       /* owned */
  size_t nodeCount;
  SolarGroupSol *groups;     /* owned */
  size_t groupCount;
} SolarSol;

/* Combines the graph, its fusion groups and traffic with the hardware.
 * dtypeOverride: SOLAR_DTYPE_INVALID to take each node's own dtype. */
void solarSolCompute(const SolarEinsumGraph *graph, const SolarFusion *fusion,
                     const SolarTraffic *traffic, const SolarArch *arch,
                     SolarDtype dtypeOverride, SolarDtype reportDtype,
                     SolarSol *out);
void solarSolDestroy(SolarSol *sol);

/* #solar.sol<{...}>; per-node and per-group detail when `detail`. */
MlirAttribute solarSolToAttribute(MlirContext ctx, const SolarSol *sol,
                                  bool detail);

/* ---- Shared helpers ----------------------------------------------------- */

/* The compute dtype of the analysis: the `dtype` option if given, else the
 * dtype of the graph's dominant contraction (most MACs), else of its first
 * node. Writes an error for an unknown name. */
bool solarGraphComputeDtype(const SolarEinsumGraph *graph,
                            const char *option, SolarDtype *out, char *err,
                            size_t errSize);

/* Reads the function's solar.einsum_graph, lifting it first when absent
 * (so each stage can run alone). Emits diagnostics; false on failure. */
bool solarFuncEinsumGraph(MlirOperation func, bool strict,
                          SolarEinsumGraph *graph);

/* Resolves the `arch` option (with `strict`) and reports the loader's
 * warnings and errors at loc. False (errors emitted) when it fails or, with
 * `required`, when no arch was given; *loaded tells whether one was. */
bool solarPassLoadArch(MlirLocation loc, const SolarOptions *options,
                       bool required, SolarArch *arch, bool *loaded);

/* The on-chip capacity for grouping and tiling: the `capacity` option
 * (bytes, with optional KiB/MiB/GiB/KB/MB/GB suffix), else the arch's L2,
 * else INFINITY. False with a message for a malformed value. */
bool solarPassCapacity(const SolarOptions *options, const SolarArch *arch,
                       double *capacity, char *err, size_t errSize);

/* Chip-wide capacity of the levels inside L2 (L1 + registers), INFINITY
 * when the hardware file states neither. */
double solarInnerCapacity(const SolarArch *arch);

/* What every SOL stage needs from its options, resolved once per pass run. */
typedef struct {
  SolarArch arch;
  bool haveArch;
  double capacityBytes;      /* grouping and tiling capacity */
  double innerCapacityBytes; /* L1 + registers */
  const char *dtypeOption;   /* NULL: from the IR */
  bool strict;
  bool detail;
} SolarStageConfig;

/* False (errors emitted at loc) on a bad option or hardware file. */
bool solarStageConfigInit(MlirLocation loc, const SolarOptions *options,
                          bool archRequired, SolarStageConfig *config);
void solarStageConfigDestroy(SolarStageConfig *config);

/* The func's graph, fusion and traffic: read from the attributes earlier
 * stages attached, computed (and attached) where absent. Each emits its
 * errors at the func and returns false on failure; outputs are owned by the
 * caller (solar*Destroy). storageDtype is derived from config. */
bool solarStageFusion(MlirOperation func, const SolarEinsumGraph *graph,
                      const SolarStageConfig *config, SolarFusion *fusion);
bool solarStageTraffic(MlirOperation func, const SolarEinsumGraph *graph,
                       const SolarFusion *fusion,
                       const SolarStageConfig *config, SolarTraffic *traffic);

/* One SOL stage applied to one function whose graph is already read. */
typedef bool (*SolarStageFuncFn)(MlirOperation func,
                                 const SolarEinsumGraph *graph,
                                 const SolarStageConfig *config);

/* The run callback shared by the SOL passes: resolves the options once,
 * reads (or lifts) each function's graph and applies perFunc to it; emits
 * errors and signals pass failure when any step fails. */
void solarRunStagePass(MlirOperation op, MlirExternalPass pass,
                       const SolarOptions *options, bool archRequired,
                       SolarStageFuncFn perFunc);

/* Collects the func.func definitions below op (caller frees the array). */
MlirOperation *solarCollectFuncs(MlirOperation op, size_t *count);

/* True for func.func declarations with a body. */
bool solarIsFuncDefinition(MlirOperation op);

#ifdef __cplusplus
}
#endif

#endif
