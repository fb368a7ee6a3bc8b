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

#include "solar/sol/sol_time.h"
#include "solar/traffic/traffic.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SOLAR_SOL_ATTR "solar.sol"

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
  int64_t kernelsUnfused;    /* framework-op kernels (nodes without one:
                                one kernel each) */
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

#ifdef __cplusplus
}
#endif

#endif
