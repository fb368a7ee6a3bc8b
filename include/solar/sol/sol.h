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

/* ---- fidelities and bounds ---------------------------------------------- */

/* The four SOL times, from most to least pessimistic. Their names are the
 * attribute keys' and every report's spelling; this is the only table. */
typedef enum SolarFidelity {
  SOLAR_FIDELITY_UNFUSED, /* every node alone, every access from DRAM */
  SOLAR_FIDELITY_FUSED,   /* the fusion groups' DRAM bytes */
  SOLAR_FIDELITY_CACHE,   /* cache-aware: the groups' traffic lower bounds */
  SOLAR_FIDELITY_IDEAL,   /* the whole function fused: compulsory bytes */
  SOLAR_FIDELITY_COUNT
} SolarFidelity;

/* "unfused", "fused", "cache", "ideal"; "?" out of range. */
const char *solarFidelityName(SolarFidelity fidelity);
/* The index of `name`, or SOLAR_FIDELITY_COUNT when it is none. */
SolarFidelity solarFidelityFromName(const char *name);
/* Attribute keys: "bytes_<name>", "time_<name>_s", "bound_<name>" (node
 * and group detail), the function's bound key (the same, but the
 * cache-aware one is the headline, plain "bound") and the intensity's
 * ("intensity_<name>"; NULL for ideal, which never had one). */
const char *solarFidelityBytesKey(SolarFidelity fidelity);
const char *solarFidelityTimeKey(SolarFidelity fidelity);
/* "bytes_unfused_dram", "bytes_fused_dram": the figure without last-level
 * cache residency between kernels; NULL for the other fidelities. */
const char *solarFidelityDramKey(SolarFidelity fidelity);
const char *solarFidelityBoundKey(SolarFidelity fidelity);
const char *solarFidelitySolBoundKey(SolarFidelity fidelity);
const char *solarFidelityIntensityKey(SolarFidelity fidelity);
/* Whether the fidelity has symbolic figures (sol_symbolic.h): all but the
 * cache-aware one, whose I/O lower bounds need bound sizes. */
bool solarFidelityIsSymbolic(SolarFidelity fidelity);
/* The report's title: "unfused", "fused", "cache-aware",
 * "ideal (fully fused)". */
const char *solarFidelityTitle(SolarFidelity fidelity);

/* What limits a SOL time. */
typedef enum SolarBound {
  SOLAR_BOUND_COMPUTE,
  SOLAR_BOUND_DRAM,
  SOLAR_BOUND_CACHE, /* L2 -> SM traffic (cache-aware fidelity only) */
  SOLAR_BOUND_LAUNCH, /* the dependent-launch gaps between kernels (unfused
                         fidelity only): they exceed the kernels' own sum */
  SOLAR_BOUND_COUNT
} SolarBound;

/* "compute", "dram", "cache", "launch"; "?" out of range. */
const char *solarBoundName(SolarBound bound);
/* False when `name` is none of them. */
bool solarBoundFromName(MlirStringRef name, SolarBound *out);

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
  double flops;         /* necessary work (docs/sol-model.md) */
  double flopsLowered;  /* every point of the lowered loops */
  SolarComputeTime compute;
  double bytes;       /* unfused: the node's accesses, those between
                         kernels beyond the last-level cache's capacity */
  double seconds;     /* max(compute, bytes / BW_dram) */
  bool dramBound;
} SolarNodeSol;
/* Read back from an attribute, compute holds only seconds, limiter and
 * tensorCores: the attribute keeps no more. */

typedef struct {
  int64_t group;
  double flops, flopsLowered;
  double computeSeconds;     /* its nodes run as one kernel (sol_rules.c) */
  /* The unfused kernels (framework-op kernels, else one per node) whose
   * first node lies in the group: the same kernels as the function's
   * unfused figure, so the groups' values sum to it. A kernel whose nodes
   * lie in several groups counts whole here, so only the sum over the
   * groups of unfusedComponent compares with their fused times. */
  double unfusedSeconds;
  /* The id of the first group (in fusion order) of the groups sharing
   * unfused kernels with this one: the connected components of "an
   * unfused kernel has nodes in both". Its own id when no kernel of
   * its nodes spans another group. Fusing a component's nodes into its
   * groups is one fusion opportunity (docs/analyze.md, "Opportunities"). */
  int64_t unfusedComponent;
  /* The part of unfusedSeconds that is dependent-launch gaps: one before
   * each of its kernels whose predecessor in program order is in the same
   * group (fusing the group removes them); 0 without a gap. */
  double launchSeconds;
  double fusedBytes, fusedSeconds;
  double cacheBytes, innerBytes, cacheSeconds;
  SolarBound fusedBound;     /* compute | dram */
  SolarBound cacheBound;     /* compute | dram | cache */
  /* The fastest MAC unit its nodes use (solarUnitOfClass) and the dtype
   * of its rate: the compute roof the group's roofline point sits under
   * (tensor cores at TF32 for an fp32 contraction under TF32). */
  SolarUnit roofUnit;
  SolarDtype roofDtype;
} SolarGroupSol;

/* One unfused kernel (a framework op's, sol_unfused.c): what a measured
 * run of that op is compared with (solar analyze --trace). */
typedef struct {
  char *frameworkOp;         /* owned: the nodes' solar.framework_op */
  int64_t firstNode;
  int64_t nodeCount;
  double flops;              /* necessary work of its nodes */
  double bytes;              /* its inputs and outputs in DRAM */
  double computeSeconds;
  double seconds;            /* max(compute, bytes / BW_dram) */
  SolarBound bound;          /* compute | dram */
  /* The kernel run inside a program, its data possibly still on chip (the
   * op before it just wrote its input; weights stay between steps): only
   * the bytes beyond the chip's on-chip capacity must come from DRAM.
   * max(compute, max(0, bytes - on-chip) / BW_dram): the lower bound a
   * measured op is held to (solar analyze --trace). */
  double warmSeconds;
  SolarBound warmBound;      /* compute | dram */
  /* Elements of the largest tensor it reads that none of its nodes
   * writes (its largest input), and the most elements it touches of one
   * such tensor, 0 when none: a framework op calling this kernel on views
   * of those tensors has a largest input between the two (what a
   * profile's input shapes are checked against). */
  int64_t largestInputElements;
  int64_t largestInputFootprint;
} SolarKernelSol;

typedef struct {
  char *arch;                /* owned copy of the hardware file's name */
  SolarDtype dtype;          /* compute dtype of the analysis */
  double flops;              /* necessary work: what the bound counts */
  double flopsLowered;       /* as lowered, comparable to FLOP counters */
  SolarOpCounts ops;         /* necessary ops */
  double computeSeconds;
  /* Per fidelity (SolarFidelity indexes every array). */
  double bytes[SOLAR_FIDELITY_COUNT];
  /* Unfused and fused only: every tensor between kernels makes a DRAM
   * round trip, as if no cache kept it (bytes_<name>_dram); `bytes` lets
   * the last-level cache hold what fits (docs/sol-model.md). 0 elsewhere,
   * and when read from an attribute without them. */
  double bytesDram[SOLAR_FIDELITY_COUNT];
  double seconds[SOLAR_FIDELITY_COUNT];
  SolarBound bound[SOLAR_FIDELITY_COUNT];
  int64_t kernelsUnfused;    /* framework-op kernels (nodes without one:
                                one kernel each); -1 when read from an
                                attribute that does not record it */
  /* The dependent-launch gaps of the unfused figure (docs/sol-model.md,
   * "Launch gaps"): the hardware file's gap, how many gaps (one fewer than
   * the unfused kernels that surely launch: view ops need not), their
   * seconds (included in seconds[UNFUSED]), and the part of them between
   * kernels of different groups (in no group's unfusedSeconds: the groups'
   * unfused times plus it sum to the function's). All 0 without a gap. */
  double launchGapSeconds;
  int64_t launchGaps;
  double launchSeconds;
  double launchBetweenGroupsSeconds;
  double ridgeFlopPerByte;
  /* Something was not modeled (the graph's warnings): every figure above
   * may be too small, and `skipped` says what ("file:line:col: message"
   * each, owned). solar.sol's `partial` and `skipped`. */
  bool partial;
  char **skipped;
  size_t skippedCount;
  SolarFp32Policy policy;
  /* An fp32 contraction bounded at the CUDA-core rate: the TF32 figure
   * differs, and the report shows it beside the IEEE one. */
  bool anyFp32Ieee;
  bool haveTf32;             /* the tf32* fields below are filled */
  double tf32ComputeSeconds;
  double tf32Seconds[SOLAR_FIDELITY_COUNT];
  /* Per node and group; read from an attribute without detail, both are
   * NULL and nodeCount 0, while groupCount still counts the groups. */
  SolarNodeSol *nodes;       /* owned */
  size_t nodeCount;
  SolarGroupSol *groups;     /* owned */
  size_t groupCount;
  /* The framework-op kernels of the unfused figure in program order (no
   * framework op recorded: none); detail only, like nodes. */
  SolarKernelSol *kernels;   /* owned */
  size_t kernelCount;
} SolarSol;

/* The fields of one fidelity (0 / COMPUTE out of range). */
double solarSolBytes(const SolarSol *sol, SolarFidelity fidelity);
double solarSolSeconds(const SolarSol *sol, SolarFidelity fidelity);
SolarBound solarSolBound(const SolarSol *sol, SolarFidelity fidelity);
/* flops / bytes at the fidelity; 0 without bytes. */
double solarSolIntensity(const SolarSol *sol, SolarFidelity fidelity);

/* Combines the graph, its fusion groups and traffic with the hardware.
 * dtypeOverride: SOLAR_DTYPE_INVALID to take each node's own precision
 * (solarEinsumGraphInferPrecision). policy: NULL for the default (IEEE). */
void solarSolCompute(const SolarEinsumGraph *graph, const SolarFusion *fusion,
                     const SolarTraffic *traffic, const SolarArch *arch,
                     SolarDtype dtypeOverride, SolarDtype reportDtype,
                     const SolarFp32Policy *policy, SolarSol *out);

/* The compute seconds of the nodes `ids` (of graph, which sol bounds
 * with per-node detail) run as one kernel, with node ids[k] doing the ops
 * ops[k] at the precision sol bounded it in: the compute bound of the same
 * nodes doing other (less) work, e.g. solar analyze's figures at one run's
 * inputs (docs/sol-model.md, "Masks at these inputs"). */
double solarSolComputeOfNodeOps(const SolarEinsumGraph *graph,
                                const SolarArch *arch, const SolarSol *sol,
                                const int64_t *ids, const SolarOpCounts *ops,
                                size_t count);

/* The warm figure of work run inside a program (SolarKernelSol's
 * warmSeconds; a measured fused kernel's bound in solar analyze --trace):
 * max(computeSeconds, max(0, bytes - on-chip capacity) / BW_dram), the
 * data possibly still on chip when the work starts. *bound: compute or
 * dram, whichever term decides. */
double solarSolWarmSeconds(const SolarArch *arch, double computeSeconds,
                           double bytes, SolarBound *bound);

/* Copies the times of `tf32` (the same analysis under an all-TF32 policy)
 * into sol's tf32* fields. */
void solarSolSetTf32Figures(SolarSol *sol, const SolarSol *tf32);
void solarSolDestroy(SolarSol *sol);

/* #solar.sol<{...}>; per-node and per-group detail when `detail`. */
MlirAttribute solarSolToAttribute(MlirContext ctx, const SolarSol *sol,
                                  bool detail);
/* The inverse (lib/sol/sol_contract.c): the one reader every report uses.
 * False with a message when attr is not a well-formed #solar.sol. */
bool solarSolFromAttribute(MlirAttribute attr, SolarSol *out, char *err,
                           size_t errSize);

#ifdef __cplusplus
}
#endif

#endif
