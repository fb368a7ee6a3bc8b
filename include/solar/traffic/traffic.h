/* Cache-aware DRAM traffic per fusion group (attribute solar.traffic):
 * proven lower bounds under the on-chip capacity, and the best tiling found.
 * docs/sol-model.md gives the bounds and their proofs. */
#ifndef SOLAR_TRAFFIC_TRAFFIC_H
#define SOLAR_TRAFFIC_TRAFFIC_H

#include "solar/fusion/fusion.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SOLAR_TRAFFIC_ATTR "solar.traffic"

/* ---- Cache-aware traffic ------------------------------------------------ */

typedef struct {
  int64_t group;
  double compulsoryBytes;   /* = the group's fused DRAM bytes */
  double hblBytes;          /* proven bound from the single-node argument */
  double exponent;          /* sigma of the cover (0: none) */
  double lowerBoundBytes;   /* max(compulsory, hbl): used for SOL time */
  double tiledBytes;        /* best tiling found: achievable, reported only */
  double tileWorkingSetBytes;
  char tile[256];           /* "M=128,N=64,K=1" or "" */
  double innerLowerBoundBytes; /* L2 -> SM traffic bound (inner capacity) */
} SolarGroupTraffic;

typedef struct {
  double capacityBytes;      /* last-level on-chip capacity (L2) */
  double innerCapacityBytes; /* L1 + registers, chip-wide (INFINITY: none) */
  SolarGroupTraffic *groups; /* one per fusion group; owned */
  size_t groupCount;
} SolarTraffic;

bool solarTrafficCompute(const SolarEinsumGraph *graph,
                         const SolarFusion *fusion, double capacityBytes,
                         double innerCapacityBytes, SolarDtype storageDtype,
                         SolarTraffic *out, char *err, size_t errSize);
void solarTrafficDestroy(SolarTraffic *traffic);

MlirAttribute solarTrafficToAttribute(MlirContext ctx,
                                      const SolarTraffic *traffic);
bool solarTrafficFromAttribute(MlirAttribute attr, SolarTraffic *out,
                               char *err, size_t errSize);

#ifdef __cplusplus
}
#endif

#endif
