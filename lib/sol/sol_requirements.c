/* The inverse roofline (include/solar/sol/sol_requirements.h): counts and
 * bytes that do not depend on any chip's rates, and the on-chip capacity
 * sweep of the fused and cache-aware bytes. */
#include "solar/sol/sol_requirements.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_CAPACITY_EXPONENT = 60 };

typedef struct {
  double fused, cache;
} Traffic;

/* Total fused and cache-aware DRAM bytes with `capacity` on chip. The inner
 * (L1) capacity is left unlimited: it bounds L2 traffic, not DRAM bytes.
 * keepFusion/keepTraffic (may be NULL) receive the analyses. */
static bool trafficAt(const SolarEinsumGraph *graph, double capacity,
                      SolarDtype storage, Traffic *out,
                      SolarFusion *keepFusion, SolarTraffic *keepTraffic,
                      char *err, size_t errSize) {
  SolarFusion fusion;
  SolarTraffic traffic;
  if (!solarFusionCompute(graph, capacity, storage, &fusion, err, errSize))
    return false;
  if (!solarTrafficCompute(graph, &fusion, capacity, INFINITY, storage,
                           &traffic, err, errSize)) {
    solarFusionDestroy(&fusion);
    return false;
  }
  out->fused = out->cache = 0;
  for (size_t g = 0; g < fusion.groupCount; ++g) {
    out->fused += fusion.groups[g].dramBytes;
    out->cache += traffic.groups[g].lowerBoundBytes;
  }
  if (keepFusion) {
    *keepFusion = fusion;
    *keepTraffic = traffic;
  } else {
    solarTrafficDestroy(&traffic);
    solarFusionDestroy(&fusion);
  }
  return true;
}

/* Equal up to rounding of sums of the same byte counts. */
static bool reached(double bytes, double floorBytes) {
  return bytes <= floorBytes * (1 + 1e-12);
}

static void takeCounts(const SolarSol *sol, SolarRequirements *out) {
  out->flops = sol->flops;
  SolarWork work = solarWorkFromOps(&sol->ops, sol->dtype, false, false);
  memcpy(out->work, work.ops, sizeof(out->work));
  for (int f = 0; f < SOLAR_FIDELITY_COUNT; ++f)
    out->bytes[f] = solarSolBytes(sol, f);
}

static bool sweepCapacities(const SolarEinsumGraph *graph, SolarDtype storage,
                            SolarRequirements *out, char *err,
                            size_t errSize) {
  out->capacityFused = out->capacityCache = INFINITY;
  out->sweep = calloc(MAX_CAPACITY_EXPONENT + 1, sizeof(SolarCapacityStep));
  for (int k = 0; k <= MAX_CAPACITY_EXPONENT; ++k) {
    double capacity = ldexp(1.0, k);
    Traffic t;
    if (!trafficAt(graph, capacity, storage, &t, NULL, NULL, err, errSize))
      return false;
    SolarCapacityStep *step = &out->sweep[out->sweepCount++];
    step->capacityBytes = capacity;
    step->fusedBytes = t.fused;
    step->cacheBytes = t.cache;
    if (isinf(out->capacityFused) &&
        reached(t.fused, out->bytes[SOLAR_FIDELITY_FUSED]))
      out->capacityFused = k == 0 ? 0 : capacity;
    if (isinf(out->capacityCache) &&
        reached(t.cache, out->bytes[SOLAR_FIDELITY_CACHE]))
      out->capacityCache = k == 0 ? 0 : capacity;
    if (!isinf(out->capacityFused) && !isinf(out->capacityCache))
      break;
  }
  return true;
}

bool solarRequirementsCompute(const SolarEinsumGraph *graph,
                              const char *function, SolarDtype compute,
                              SolarDtype storage, SolarRequirements *out,
                              char *err, size_t errSize) {
  memset(out, 0, sizeof(*out));
  out->function = strdup(function ? function : "");
  snprintf(out->dtype, sizeof(out->dtype), "%s", solarDtypeName(compute));
  SolarFusion fusion;
  SolarTraffic traffic;
  Traffic unlimited;
  bool ok = trafficAt(graph, INFINITY, storage, &unlimited, &fusion,
                      &traffic, err, errSize);
  if (ok) {
    /* solarSolCompute's counts and bytes do not depend on the rates: a
     * chip with no rates at all yields them alone (every time is 0). */
    SolarArch rateless;
    memset(&rateless, 0, sizeof(rateless));
    SolarSol sol;
    solarSolCompute(graph, &fusion, &traffic, &rateless, storage, compute,
                    NULL, &sol);
    takeCounts(&sol, out);
    solarSolDestroy(&sol);
    solarTrafficDestroy(&traffic);
    solarFusionDestroy(&fusion);
    ok = sweepCapacities(graph, storage, out, err, errSize);
  }
  if (!ok)
    solarRequirementsDestroy(out);
  return ok;
}

void solarRequirementsDestroy(SolarRequirements *req) {
  free(req->function);
  free(req->sweep);
  memset(req, 0, sizeof(*req));
}

SolarRequiredRates solarRequiredRates(const SolarRequirements *req,
                                      double targetSeconds) {
  SolarRequiredRates r;
  r.flopPerS = req->flops / targetSeconds;
  for (int c = 0; c < SOLAR_UNIT_CLASS_COUNT; ++c)
    r.workPerS[c] = req->work[c] / targetSeconds;
  for (int f = 0; f < SOLAR_FIDELITY_COUNT; ++f)
    r.dramBytesPerS[f] = req->bytes[f] / targetSeconds;
  return r;
}
