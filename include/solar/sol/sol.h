/* The SOL times: the einsum graph, its fusion groups and traffic combined
 * with a hardware file's rates (attribute solar.sol). The stages before:
 *
 *   solar.einsum_graph --solar-fusion-groups--> solar.fusion
 *   solar.einsum_graph + solar.fusion --solar-cache-traffic--> solar.traffic
 *   all three + hardware file --solar-sol--> solar.sol
 *
 * docs/sol-model.md gives the formulas and why each number is a lower bound;
 * docs/user-guide.md lists every attribute field. */
#ifndef SOLAR_SOL_SOL_H
#define SOLAR_SOL_SOL_H

#include "solar/sol/sol_policy.h"
#include "solar/sol/sol_time.h"
#include "solar/traffic/traffic.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SOLAR_SOL_ATTR "solar.sol"

/* ---- SOL times ----------------------------------------------------------- */

typedef struct {
  int64_t node;
  SolarDtype dtype;          /* the precision the node is bounded in */
  SolarDtype rateDtype;      /* the rate key used: TF32 for an fp32
                                contraction the policy puts on TF32 */
  SolarDtype operandDtype;   /* widest float operand intent, or INVALID */
  SolarDtype accumulateDtype;/* declared float type stored, or INVALID */
  SolarContractionClass contractionClass;
  bool castsWiden;           /* the IR's casts are importer widening */
  bool fp32Ieee;             /* an fp32 contraction held at CUDA-core rate */
  char why[160];             /* "bf16 operands, fp32 accumulate -> ..." */
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
  SolarFp32Policy policy;
  /* An fp32 contraction bounded at the CUDA-core rate: the TF32 figure
   * differs, and the report shows it beside the IEEE one. */
  bool anyFp32Ieee;
  bool haveTf32;             /* the tf32* fields below are filled */
  double tf32ComputeSeconds, tf32TimeUnfused, tf32TimeFused, tf32TimeCache,
      tf32TimeIdeal;
  SolarNodeSol *nodes;       /* owned */
  size_t nodeCount;
  SolarGroupSol *groups;     /* owned */
  size_t groupCount;
} SolarSol;

/* Combines the graph, its fusion groups and traffic with the hardware.
 * dtypeOverride: SOLAR_DTYPE_INVALID to take each node's own precision
 * (solarEinsumGraphInferPrecision). policy: NULL for the default (IEEE). */
void solarSolCompute(const SolarEinsumGraph *graph, const SolarFusion *fusion,
                     const SolarTraffic *traffic, const SolarArch *arch,
                     SolarDtype dtypeOverride, SolarDtype reportDtype,
                     const SolarFp32Policy *policy, SolarSol *out);

/* Copies the times of `tf32` (the same analysis under an all-TF32 policy)
 * into sol's tf32* fields. */
void solarSolSetTf32Figures(SolarSol *sol, const SolarSol *tf32);
void solarSolDestroy(SolarSol *sol);

/* #solar.sol<{...}>; per-node and per-group detail when `detail`. */
MlirAttribute solarSolToAttribute(MlirContext ctx, const SolarSol *sol,
                                  bool detail);

#ifdef __cplusplus
}
#endif

#endif
