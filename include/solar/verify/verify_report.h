/* The outcome of one verification: the #solar.verified attribute and the
 * messages printed for it. */
#ifndef SOLAR_VERIFY_REPORT_H
#define SOLAR_VERIFY_REPORT_H

#include "solar/verify/verify_compare.h"
#include "solar/verify/verify_manifest.h"

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
  const SolarManifestArg *reference; /* the manifest output */
  char where[32];                    /* "argument #2" or "result #0" */
  SolarTolerance tol;
  SolarCompareResult cmp;
  int64_t actualRank;                /* shape the function produced */
  const int64_t *actualShape;
} SolarVerifyOutputReport;

typedef struct {
  const SolarManifest *manifest;
  const char *funcName;
  size_t outputCount;
  SolarVerifyOutputReport *outputs;
} SolarVerifyReport;

bool solarVerifyReportOk(const SolarVerifyReport *report);

/* The function attribute solar-verify attaches. */
#define SOLAR_VERIFIED_ATTR "solar.verified"

/* What a #solar.verified says, read back. */
typedef struct {
  bool ok;             /* every output matched */
  double maxAbsErr, maxRelErr;
  int64_t mismatches;
} SolarVerified;

/* The inverse of solarVerifyReportAttribute's summary fields; false when
 * attr is null or not a well-formed #solar.verified. */
bool solarVerifiedFromAttribute(MlirAttribute attr, SolarVerified *out);

/* #solar.verified<{ok, max_abs_err, max_rel_err, mismatches, outputs = [..],
 * manifest, framework[, reference_median_s]}> in ctx. */
MlirAttribute solarVerifyReportAttribute(MlirContext ctx,
                                         const SolarVerifyReport *report);

/* Emits the remark (all outputs match) or one error per mismatching output
 * at `loc`. */
void solarVerifyReportEmit(MlirLocation loc, const SolarVerifyReport *report);

#ifdef __cplusplus
}
#endif

#endif
