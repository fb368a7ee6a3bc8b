/* Element-wise comparison of a computed output with the reference
 * within rtol/atol (solar/verify/verify_compare.h). */
#include "solar/verify/verify_compare.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

SolarTolerance solarDefaultTolerance(SolarDtype dtype) {
  switch (dtype) {
  case SOLAR_DTYPE_FP64:
    return (SolarTolerance){1e-9, 1e-12, 1e-12};
  case SOLAR_DTYPE_FP32:
    /* scale 1e-5 is about 80 ulps of the largest output: a 1024-term dot
     * product of normal samples (|C| up to ~150) cancelling to near zero
     * differs from a blocked BLAS by ~2e-4, under 1.5e-3. */
    return (SolarTolerance){1e-4, 1e-5, 1e-5};
  case SOLAR_DTYPE_FP16:
  case SOLAR_DTYPE_BF16:
    /* 11 and 8 significant bits: one rounding is 5e-4 and 4e-3 relative. */
    return (SolarTolerance){1e-2, 1e-2, 1e-3};
  default:
    return (SolarTolerance){0.0, 0.0, 0.0};
  }
}

static bool shapesEqual(const SolarNpyArray *a, const SolarNpyArray *b) {
  if (a->rank != b->rank)
    return false;
  for (int64_t d = 0; d < a->rank; ++d)
    if (a->shape[d] != b->shape[d])
      return false;
  return true;
}

/* Decides whether one pair matches and updates the error maxima. */
static bool compareFloat(double a, double e, double rtol, double atol,
                         SolarCompareResult *result) {
  if (isnan(a) || isnan(e))
    return isnan(a) && isnan(e);
  if (isinf(a) || isinf(e))
    return a == e;
  double diff = fabs(a - e);
  if (diff > result->maxAbsErr)
    result->maxAbsErr = diff;
  if (e != 0.0 && diff / fabs(e) > result->maxRelErr)
    result->maxRelErr = diff / fabs(e);
  return diff <= atol + rtol * fabs(e);
}

static bool compareInt(int64_t a, int64_t e, double rtol, double atol,
                       SolarCompareResult *result) {
  if (a == e)
    return true;
  /* The difference of two i64 may overflow; as a double it cannot. */
  double diff = fabs((double)a - (double)e);
  if (diff > result->maxAbsErr)
    result->maxAbsErr = diff;
  if (e != 0 && diff / fabs((double)e) > result->maxRelErr)
    result->maxRelErr = diff / fabs((double)e);
  return diff <= atol + rtol * fabs((double)e);
}

void solarCompareArrays(const SolarNpyArray *actual,
                        const SolarNpyArray *expected, SolarTolerance tol,
                        SolarCompareResult *result) {
  memset(result, 0, sizeof(*result));
  result->elements = expected->count;
  result->shapeMatches = shapesEqual(actual, expected);
  if (!result->shapeMatches)
    return;
  SolarDtype dtype = expected->dtype;
  size_t size = solarVerifyDtypeSize(dtype);
  bool isFloat = solarVerifyDtypeIsFloat(dtype);
  const char *a = actual->data, *e = expected->data;
  if (isFloat && tol.scale > 0)
    for (size_t n = 0; n < expected->count; ++n) {
      double ev = fabs(solarVerifyDtypeLoadAsDouble(dtype, e + n * size));
      if (isfinite(ev) && ev > result->maxAbsExpected)
        result->maxAbsExpected = ev;
    }
  result->atol = tol.atol + tol.scale * result->maxAbsExpected;
  for (size_t n = 0; n < expected->count; ++n) {
    bool match;
    double av, ev;
    if (isFloat) {
      av = solarVerifyDtypeLoadAsDouble(dtype, a + n * size);
      ev = solarVerifyDtypeLoadAsDouble(dtype, e + n * size);
      match = compareFloat(av, ev, tol.rtol, result->atol, result);
    } else {
      int64_t ai = solarVerifyDtypeLoadAsInt(dtype, a + n * size);
      int64_t ei = solarVerifyDtypeLoadAsInt(dtype, e + n * size);
      av = (double)ai;
      ev = (double)ei;
      match = compareInt(ai, ei, tol.rtol, result->atol, result);
    }
    if (match)
      continue;
    if (result->shownCount < kSolarShownMismatches) {
      result->shownIndex[result->shownCount] = n;
      result->shownActual[result->shownCount] = av;
      result->shownExpected[result->shownCount] = ev;
      result->shownCount++;
    }
    result->mismatches++;
  }
}

void solarFormatIndex(size_t flat, const int64_t *shape, int64_t rank,
                      char *buf, size_t size) {
  size_t index[64];
  if (rank > 64)
    rank = 64;
  for (int64_t d = rank - 1; d >= 0; --d) {
    size_t extent = shape[d] > 0 ? (size_t)shape[d] : 1;
    index[d] = flat % extent;
    flat /= extent;
  }
  size_t used = (size_t)snprintf(buf, size, "[");
  for (int64_t d = 0; d < rank && used < size; ++d)
    used += (size_t)snprintf(buf + used, size - used, "%s%zu", d ? ", " : "",
                             index[d]);
  if (used < size)
    snprintf(buf + used, size - used, "]");
}

void solarFormatValue(double value, bool isFloat, char *buf, size_t size) {
  if (isnan(value))
    snprintf(buf, size, "nan");
  else if (isinf(value))
    snprintf(buf, size, value > 0 ? "inf" : "-inf");
  else if (!isFloat)
    snprintf(buf, size, "%.0f", value);
  else
    snprintf(buf, size, "%.9g", value);
}
