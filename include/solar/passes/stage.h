/* Plumbing shared by the SOL passes (fusion groups, cache traffic, SOL,
 * report) and the tools that run them: options resolved once, each stage
 * read from the attribute an earlier pass attached or computed afresh. */
#ifndef SOLAR_PASSES_STAGE_H
#define SOLAR_PASSES_STAGE_H

#include "solar/sol/sol.h"
#include "solar/support/funcs.h"
#include "solar/support/options.h"

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Shared helpers ----------------------------------------------------- */

/* The compute dtype of the analysis: the `dtype` option if given, else the
 * precision of the graph's dominant node (most MACs, then most operations;
 * float nodes before integer ones: index bookkeeping never decides). Writes
 * an error for an unknown name. */
bool solarGraphComputeDtype(const SolarEinsumGraph *graph,
                            const char *option, SolarDtype *out, char *err,
                            size_t errSize);

/* The dtype tensors are sized in: the compute dtype only when the user chose
 * one (a non-empty `dtype` option), else SOLAR_DTYPE_INVALID, which keeps
 * each tensor's own element type. The one home of this rule. */
SolarDtype solarStorageDtype(const char *option, SolarDtype compute);

/* Reads the function's solar.einsum_graph, lifting it first when absent
 * (so each stage can run alone), and infers each node's precision and each
 * tensor's stored width (solarEinsumGraphInferPrecision). A lifted graph
 * is attached to func as solar.einsum_graph when `attach`; without it the
 * attribute is never built (nobody asked for it: plain solar-sol).
 * Emits diagnostics; false on failure. */
bool solarFuncEinsumGraph(MlirOperation func, bool strict, bool attach,
                          SolarEinsumGraph *graph);

/* Lifting ahead of the passes (passes/sol_prelift.c). `solar analyze`'s
 * import checks that the full-size module it will analyze has the einsum
 * graph of the verified one; the check lifts func here, as the analysis'
 * solarFuncEinsumGraph(func, strict, attach) would (the attribute built
 * when `attach`, but attached only when taken), and the analysis takes
 * that graph instead of lifting the module a second time. Returns the
 * graph to compare (kept here: valid until the next call of these
 * functions), or NULL when the lift or its read fails (nothing kept; the
 * analysis lifts again and reports why). The lift's diagnostics are
 * collected and printed when the graph is taken. */
const SolarEinsumGraph *solarFuncEinsumGraphPrelift(MlirOperation func,
                                                    bool strict, bool attach);
/* Moves func's graph lifted ahead with the same `strict` and `attach` into
 * *graph (attaching its attribute when `attach`); false when there is
 * none. solarFuncEinsumGraph calls it first. */
bool solarFuncEinsumGraphTakePrelift(MlirOperation func, bool strict,
                                     bool attach, SolarEinsumGraph *graph);
/* Frees every graph lifted ahead and not taken. The owner of the lifted
 * module calls it before destroying the module: entries are keyed by the
 * operation. */
void solarFuncEinsumGraphPreliftsDiscard(void);

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
  SolarFp32Policy fp32Policy; /* the `fp32-math` option */
  bool strict;
  bool detail;
  /* Whether solarStageFusion / solarStageTraffic attach what they compute
   * (the pass hands solar.fusion / solar.traffic out); set by
   * solarRunStagePass from its attachNames. */
  bool attachFusion, attachTraffic;
} SolarStageConfig;

/* False (errors emitted at loc) on a bad option or hardware file. */
bool solarStageConfigInit(MlirLocation loc, const SolarOptions *options,
                          bool archRequired, SolarStageConfig *config);
void solarStageConfigDestroy(SolarStageConfig *config);

/* The func's graph, fusion and traffic: read from the attributes earlier
 * stages attached, computed where absent (and attached when config asks).
 * Each emits its errors at the func and returns false on failure; outputs are owned by the
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
 * errors and signals pass failure when any step fails. Only the
 * attributes in attachNames (NULL-terminated) are built and reach the
 * user's functions; the other stages' results stay in memory. On IR that
 * is not affine yet the stages run on a lowered copy (passes/analysis.h). needsTraffic: the stage computes cache traffic when
 * solar.traffic is absent, so nests too deep for it are rejected first
 * (solarCheckTrafficDepth). */
void solarRunStagePass(MlirOperation op, MlirExternalPass pass,
                       const SolarOptions *options, bool archRequired,
                       bool needsTraffic, SolarStageFuncFn perFunc,
                       const char *const *attachNames);

/* False (an error emitted at the deepest store) when a store of func sits
 * in more than SOLAR_IO_MAX_DIMS loops, which the cache-aware traffic model
 * rejects: checked before lifting, in time linear in the function. */
bool solarCheckTrafficDepth(MlirOperation func);

#ifdef __cplusplus
}
#endif

#endif
