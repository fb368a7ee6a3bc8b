#include "cli_requirements.h"

#include "solar/support/diagnostics.h"
#include "solar/passes/stage.h"

#include "mlir-c/BuiltinAttributes.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_CAPACITY_EXPONENT = 60 };

typedef struct {
  double fused, cache;
} Traffic;

/* Total fused and cache-aware DRAM bytes with `capacity` on chip. The inner
 * (L1) capacity is left unlimited: it bounds L2 traffic, not DRAM bytes. */
static bool trafficAt(MlirOperation func, const SolarEinsumGraph *graph,
                      double capacity, SolarDtype storage, Traffic *out,
                      SolarFusion *keepFusion, SolarTraffic *keepTraffic) {
  char err[512];
  SolarFusion fusion;
  SolarTraffic traffic;
  if (!solarFusionCompute(graph, capacity, storage, &fusion, err,
                          sizeof(err))) {
    solarEmitError(mlirOperationGetLocation(func), "%s", err);
    return false;
  }
  if (!solarTrafficCompute(graph, &fusion, capacity, INFINITY, storage,
                           &traffic, err, sizeof(err))) {
    solarEmitError(mlirOperationGetLocation(func), "%s", err);
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
  SolarWork work = solarWorkFromOps(&sol->ops, sol->dtype, false);
  out->mac = work.mac;
  out->vectorOps = work.vectorOps;
  out->divOps = work.divOps;
  out->sfuOps = work.sfuOps;
  for (int f = 0; f < SOLAR_FIDELITY_COUNT; ++f)
    out->bytes[f] = solarSolBytes(sol, f);
}

static bool sweepCapacities(MlirOperation func, const SolarEinsumGraph *graph,
                            SolarDtype storage, SolarRequirements *out) {
  out->capacityFused = out->capacityCache = INFINITY;
  out->sweep = calloc(MAX_CAPACITY_EXPONENT + 1, sizeof(SolarCapacityStep));
  for (int k = 0; k <= MAX_CAPACITY_EXPONENT; ++k) {
    double capacity = ldexp(1.0, k);
    Traffic t;
    if (!trafficAt(func, graph, capacity, storage, &t, NULL, NULL))
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

bool solarRequirementsCompute(MlirOperation func, const char *dtype,
                              SolarRequirements *out) {
  memset(out, 0, sizeof(*out));
  out->function = solarFuncName(func);
  SolarEinsumGraph graph;
  if (!solarFuncEinsumGraph(func, false, true, &graph))
    return false;
  char err[256];
  SolarDtype compute;
  bool ok = solarGraphComputeDtype(&graph, dtype, &compute, err, sizeof(err));
  if (!ok)
    solarEmitError(mlirOperationGetLocation(func), "%s", err);
  SolarDtype storage = solarStorageDtype(dtype, compute);
  SolarFusion fusion;
  SolarTraffic traffic;
  Traffic unlimited;
  if (ok)
    ok = trafficAt(func, &graph, INFINITY, storage, &unlimited, &fusion,
                   &traffic);
  if (ok) {
    snprintf(out->dtype, sizeof(out->dtype), "%s", solarDtypeName(compute));
    /* solarSolCompute's counts and bytes do not depend on the rates: a
     * chip with no rates at all yields them alone (every time is 0). */
    SolarArch rateless;
    memset(&rateless, 0, sizeof(rateless));
    SolarSol sol;
    solarSolCompute(&graph, &fusion, &traffic, &rateless, storage, compute,
                    NULL, &sol);
    takeCounts(&sol, out);
    solarSolDestroy(&sol);
    solarTrafficDestroy(&traffic);
    solarFusionDestroy(&fusion);
    ok = sweepCapacities(func, &graph, storage, out);
  }
  solarEinsumGraphDestroy(&graph);
  if (!ok)
    solarRequirementsDestroy(out);
  return ok;
}

void solarRequirementsDestroy(SolarRequirements *req) {
  free(req->function);
  free(req->sweep);
  memset(req, 0, sizeof(*req));
}
