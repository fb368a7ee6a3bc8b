/* SOL figures with symbolic sizes (docs/sol-model.md, "Symbolic sizes").
 *
 * When the einsum graph's counts depend on parameters (the sizes the source
 * names: memref.dim results, index arguments, size constants), --solar-sol
 * gives FLOPs, bytes and times as expressions in those parameters instead of
 * numbers. Counts (FLOPs, bytes) are isl pw_qpolynomials printed by isl
 * (`[batch, out] -> { 4 * batch * out : batch > 0 and out > 0 }`). A time
 * is a sum of maxima of counts over rates, printed in the readable form
 *
 *   time  := term { " + " term }
 *   term  := "max(" time { ", " time } ")" | count [ " / " RATE ]
 *   count := [ "[" params "] -> " ] "{" isl pw_qpolynomial body "}"
 *
 * where a count without its own parameter list is in the figure's
 * `parameters`. solarSymEvaluate evaluates both forms at given sizes with
 * the same floating-point operations, in the same order, as the SOL pass
 * does on the bound program, so the numbers agree exactly. */
#ifndef SOLAR_SOL_SYMBOLIC_H
#define SOLAR_SOL_SYMBOLIC_H

#include "solar/sol/sol.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
  char *arch;                 /* owned */
  SolarDtype dtype;
  char **params;              /* parameter names, the graph's order; owned */
  char **paramSources;        /* the SSA value each stands for; owned */
  size_t paramCount;
  char *flops;                /* isl text; owned */
  char *compute;              /* time form: sum over nodes of compute */
  /* Per fidelity; NULL for the cache-aware one (it needs bound sizes). */
  char *bytes[SOLAR_FIDELITY_COUNT];
  char *time[SOLAR_FIDELITY_COUNT];
  int64_t groups;             /* fusion groups (capacity never binding);
                                 -1 when read without it */
  int64_t kernelsUnfused;     /* -1 when read without it */
  /* Read back only (the writer states them): why the cache-aware figure
   * needs sizes, how the fused groups were chosen; owned. */
  char *cacheExpr, *fusedGrouping;
  SolarFp32Policy policy;
} SolarSymSol;

/* True when some count of the graph depends on parameters: the SOL pass
 * then gives symbolic figures. */
bool solarGraphIsSymbolic(const SolarEinsumGraph *graph);

/* The symbolic figures of `graph`. fusion and kernels come from
 * solarFusionComputeSymbolic and solarFrameworkKernelsSymbolic (kernels may
 * be NULL when the graph records no framework op: one kernel per node).
 * Returns false with a message when a count cannot be made symbolic. */
bool solarSolComputeSymbolic(const SolarEinsumGraph *graph,
                             const SolarFusion *fusion,
                             const SolarFusion *kernels,
                             const SolarArch *arch, SolarDtype dtypeOverride,
                             SolarDtype reportDtype,
                             const SolarFp32Policy *policy, SolarSymSol *out,
                             char *err, size_t errSize);
void solarSymSolDestroy(SolarSymSol *sol);

/* #solar.sol<{symbolic = true, parameters, flops_expr, ...}>; the fields
 * are listed in docs/user-guide.md. */
MlirAttribute solarSymSolToAttribute(MlirContext ctx, const SolarSymSol *sol);

/* True when a #solar.sol holds symbolic figures. */
bool solarSolIsSymbolic(MlirAttribute attr);

/* The inverse of solarSymSolToAttribute (lib/sol/sol_symbolic_attr.c):
 * false with a message naming the first missing field ("symbolic solar.sol
 * has no string field 'cache_expr'") when attr is not a well-formed
 * symbolic #solar.sol. */
bool solarSymSolFromAttribute(MlirAttribute attr, SolarSymSol *out, char *err,
                              size_t errSize);

/* The attribute key of a symbolic figure: "<key>_expr" for a numeric
 * figure's key ("flops", "compute_s", solarFidelityBytesKey, ...). */
void solarSymSolFigureKey(const char *key, char *buf, size_t size);

/* ---- evaluation (lib/sol/sol_symbolic_eval.c) --------------------------- */

typedef struct {
  char **names;
  long *values;
  size_t count;
} SolarSymBinding;

/* Parses "batch=8 hidden=16 out=32" (spaces or commas between). */
bool solarSymBindingParse(const char *text, SolarSymBinding *out, char *err,
                          size_t errSize);
void solarSymBindingDestroy(SolarSymBinding *binding);

/* Evaluates a count or time form (above) at the binding; `params` are the
 * figure's parameter names (for counts without their own list). False with
 * a message on a syntax error or a parameter without a value. */
bool solarSymEvaluate(const char *expr, const char *const *params,
                      size_t paramCount, const SolarSymBinding *binding,
                      double *value, char *err, size_t errSize);

#ifdef __cplusplus
}
#endif

#endif
