/* The outcome of one verification: the #solar.verified attribute and its
 * messages (solar/verify/verify_report.h). */
#include "solar/verify/verify_report.h"

#include "solar/dialect/dialect_attr.h"
#include "solar/support/diagnostics.h"
#include "solar/verify/verify_text.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool outputOk(const SolarVerifyOutputReport *output) {
  return output->cmp.shapeMatches && output->cmp.mismatches == 0;
}

bool solarVerifyReportOk(const SolarVerifyReport *report) {
  for (size_t i = 0; i < report->outputCount; ++i)
    if (!outputOk(&report->outputs[i]))
      return false;
  return true;
}

/* ---- attribute -------------------------------------------------------- */

/* Errors keep every bit (solarDictAddF64 would round to 15 digits). */
static void putF64(SolarDictBuilder *b, const char *name, double value) {
  solarDictAdd(b, name,
               mlirFloatAttrDoubleGet(b->ctx, mlirF64TypeGet(b->ctx), value));
}

static MlirAttribute outputAttribute(MlirContext ctx,
                                     const SolarVerifyOutputReport *output) {
  SolarDictBuilder b;
  solarDictBuilderInit(&b, ctx);
  solarDictAddString(&b, "name", output->reference->name);
  solarDictAddString(&b, "dtype", solarVerifyDtypeName(output->reference->dtype));
  solarDictAdd(&b, "ok", mlirBoolAttrGet(ctx, outputOk(output)));
  solarDictAdd(&b, "shape_ok", mlirBoolAttrGet(ctx, output->cmp.shapeMatches));
  solarDictAddI64(&b, "elements", (int64_t)output->cmp.elements);
  solarDictAddI64(&b, "mismatches", (int64_t)output->cmp.mismatches);
  putF64(&b, "max_abs_err", output->cmp.maxAbsErr);
  putF64(&b, "max_rel_err", output->cmp.maxRelErr);
  putF64(&b, "rtol", output->tol.rtol);
  putF64(&b, "atol", output->cmp.atol);
  putF64(&b, "atol_scale", output->tol.scale);
  return solarDictBuilderFinish(&b);
}

MlirAttribute solarVerifyReportAttribute(MlirContext ctx,
                                         const SolarVerifyReport *report) {
  size_t n = report->outputCount;
  MlirAttribute *outputs = calloc(n ? n : 1, sizeof(MlirAttribute));
  if (!outputs)
    abort();
  double maxAbs = 0.0, maxRel = 0.0;
  size_t mismatches = 0;
  for (size_t i = 0; i < n; ++i) {
    const SolarVerifyOutputReport *output = &report->outputs[i];
    outputs[i] = outputAttribute(ctx, output);
    if (output->cmp.maxAbsErr > maxAbs)
      maxAbs = output->cmp.maxAbsErr;
    if (output->cmp.maxRelErr > maxRel)
      maxRel = output->cmp.maxRelErr;
    /* A shape mismatch counts every expected element as wrong. */
    mismatches += output->cmp.shapeMatches ? output->cmp.mismatches
                                           : output->cmp.elements;
  }
  SolarDictBuilder b;
  solarDictBuilderInit(&b, ctx);
  solarDictAdd(&b, "ok", mlirBoolAttrGet(ctx, solarVerifyReportOk(report)));
  putF64(&b, "max_abs_err", maxAbs);
  putF64(&b, "max_rel_err", maxRel);
  solarDictAddI64(&b, "mismatches", (int64_t)mismatches);
  solarDictAdd(&b, "outputs", mlirArrayAttrGet(ctx, (intptr_t)n, outputs));
  solarDictAddString(&b, "manifest", report->manifest->path);
  solarDictAddString(&b, "framework", report->manifest->framework);
  if (report->manifest->frameworkVersion[0])
    solarDictAddString(&b, "framework_version", report->manifest->frameworkVersion);
  if (report->manifest->fp32Math[0]) {
    solarDictAddString(&b, "fp32_math", report->manifest->fp32Math);
    solarDictAddString(&b, "fp32_math_source",
                       report->manifest->fp32MathSource);
  }
  if (report->manifest->referenceMedianS >= 0)
    putF64(&b, "reference_median_s", report->manifest->referenceMedianS);
  MlirAttribute dict = solarDictBuilderFinish(&b);
  free(outputs);

  MlirAttribute verified = solarDialectAttrWrap(ctx, "verified", dict);
  return verified;
}

bool solarVerifiedFromAttribute(MlirAttribute attr, SolarVerified *out) {
  memset(out, 0, sizeof(*out));
  MlirAttribute dict =
      mlirAttributeIsNull(attr) ? attr : solarDialectAttrOpen(attr, "verified");
  if (mlirAttributeIsNull(dict))
    return false;
  MlirAttribute ok = solarDictGet(dict, "ok");
  if (mlirAttributeIsNull(ok) || !mlirAttributeIsABool(ok))
    return false;
  out->ok = mlirBoolAttrGetValue(ok);
  return solarDictGetF64(dict, "max_abs_err", &out->maxAbsErr) &&
         solarDictGetF64(dict, "max_rel_err", &out->maxRelErr) &&
         solarDictGetI64(dict, "mismatches", &out->mismatches);
}

/* ---- messages --------------------------------------------------------- */

static void emitMismatch(MlirLocation loc, const SolarVerifyReport *report,
                         const SolarVerifyOutputReport *output) {
  const SolarManifestArg *ref = output->reference;
  if (!output->cmp.shapeMatches) {
    char got[256], want[256];
    solarFormatShape(output->actualShape, output->actualRank, got, sizeof(got));
    solarFormatShape(ref->shape, ref->rank, want, sizeof(want));
    solarEmitError(loc,
                   "solar-verify: @%s does not match the %s reference: output "
                   "'%s' (%s) has shape %s, the reference has %s",
                   report->funcName, report->manifest->framework, ref->name,
                   output->where, got, want);
    return;
  }
  bool isFloat = solarVerifyDtypeIsFloat(ref->dtype);
  char list[2048];
  size_t used = 0;
  list[0] = '\0';
  for (size_t k = 0; k < output->cmp.shownCount && used < sizeof(list); ++k) {
    char index[256], got[64], want[64];
    solarFormatIndex(output->cmp.shownIndex[k], ref->shape, ref->rank, index,
                     sizeof(index));
    solarFormatValue(output->cmp.shownActual[k], isFloat, got, sizeof(got));
    solarFormatValue(output->cmp.shownExpected[k], isFloat, want,
                     sizeof(want));
    used += (size_t)snprintf(list + used, sizeof(list) - used,
                             "%s%s got %s expected %s", k ? "; " : "", index,
                             got, want);
  }
  char firstIndex[256], atol[128];
  solarFormatIndex(output->cmp.shownIndex[0], ref->shape, ref->rank,
                   firstIndex, sizeof(firstIndex));
  if (output->tol.scale > 0)
    snprintf(atol, sizeof(atol), "%g (%g + %g x max|expected| %g)",
             output->cmp.atol, output->tol.atol, output->tol.scale,
             output->cmp.maxAbsExpected);
  else
    snprintf(atol, sizeof(atol), "%g", output->cmp.atol);
  solarEmitError(loc,
                 "solar-verify: @%s does not match the %s reference: output "
                 "'%s' (%s) has %zu of %zu elements outside rtol=%g atol=%s, "
                 "first at %s (max_abs_err=%g, max_rel_err=%g); mismatches: %s",
                 report->funcName, report->manifest->framework, ref->name,
                 output->where, output->cmp.mismatches, output->cmp.elements,
                 output->tol.rtol, atol, firstIndex,
                 output->cmp.maxAbsErr, output->cmp.maxRelErr, list);
}

void solarVerifyReportEmit(MlirLocation loc, const SolarVerifyReport *report) {
  if (!solarVerifyReportOk(report)) {
    for (size_t i = 0; i < report->outputCount; ++i)
      if (!outputOk(&report->outputs[i]))
        emitMismatch(loc, report, &report->outputs[i]);
    return;
  }
  size_t elements = 0;
  double maxAbs = 0.0, maxRel = 0.0;
  for (size_t i = 0; i < report->outputCount; ++i) {
    elements += report->outputs[i].cmp.elements;
    if (report->outputs[i].cmp.maxAbsErr > maxAbs)
      maxAbs = report->outputs[i].cmp.maxAbsErr;
    if (report->outputs[i].cmp.maxRelErr > maxRel)
      maxRel = report->outputs[i].cmp.maxRelErr;
  }
  solarEmitRemark(loc,
                  "solar-verify: @%s matches the %s reference (%s): %zu "
                  "output(s), %zu element(s), max_abs_err=%g, max_rel_err=%g",
                  report->funcName, report->manifest->framework,
                  report->manifest->path, report->outputCount, elements,
                  maxAbs, maxRel);
}
