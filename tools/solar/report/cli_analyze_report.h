/* The `solar analyze` report (schema "solar-analyze", version 1, described
 * in docs/analyze.md): built once as JSON from the analyzed module, then
 * either printed as JSON or rendered as text, so both carry the same data. */
#ifndef SOLAR_CLI_ANALYZE_REPORT_H
#define SOLAR_CLI_ANALYZE_REPORT_H

#include "cli_frontend.h"
#include "cli_measured.h"
#include "cli_reference.h"

#include "solar/einsum/einsum_graph.h"
#include "solar/sol/sol.h"

#include "mlir-c/IR.h"

#include <jansson.h>
#include <stdio.h>

#define SOLAR_ANALYZE_SCHEMA_VERSION 1

typedef struct {
  const char *model;                   /* as given */
  const SolarFrontendResult *frontend;
  const char *archArgument;            /* as given (e.g. "host") */
  const char *archPath;                /* what it resolved to */
  const char *archName;                /* the file's `name` */
  const SolarReferenceResult *reference; /* NULL: SOL only */
  /* The --measured files' times, named, in order (count 0: none); the
   * first is the one `reference` carries. */
  const SolarMeasured *measured;
  size_t measuredCount;
  unsigned pinnedThreads;              /* 0: not pinned */
  const char *fp32MathSource;          /* "option", "torch settings", ... */
  bool referenceKept; /* --keep-reference: the manifest outlives the run */
  /* The model is the .mlir itself: there is nothing to verify against,
   * and --measured times (reference->framework "") apply to it as given. */
  bool irIsProgram;
  const char *dtype; /* --dtype, or NULL: tensors sized as in the IR */
  const SolarTrainStep *train; /* --train's choice (train false: none) */
} SolarAnalyzeContext;

/* The function's solar.sol read back (solarSolDestroy it); false when it
 * has none or it is not a numeric #solar.sol. */
bool solarAnalyzeFuncSol(MlirOperation func, SolarSol *out);

/* False with a message naming the function and what solar could not model
 * when a function's solar.sol is partial: its figures may be too small,
 * and a report must not present them as a bound. */
bool solarAnalyzeCheckComplete(MlirOperation module, char *err,
                               size_t errSize);

/* New reference (json_decref). Functions without solar.sol are left out. */
json_t *solarAnalyzeReport(MlirOperation module,
                           const SolarAnalyzeContext *context);

void solarAnalyzePrintText(FILE *out, json_t *report);

/* Seconds with an SI prefix ("2.295 us"), as the text report prints them;
 * returns buf. */
const char *solarAnalyzeSeconds(double s, char *buf, size_t size);

/* {"mac": N, "add": N, ...}: necessary ops per class, as every report
 * (analyze, compare) writes them. New reference. */
json_t *solarOpCountsJson(const SolarOpCounts *ops);

#endif
