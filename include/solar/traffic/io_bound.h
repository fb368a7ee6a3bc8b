/* Data-movement bounds for one loop nest whose operands are read or written
 * through projections of the iteration space.
 *
 * Two numbers come out, and they mean different things:
 *  - solarIoLowerBound: a PROVEN lower bound on the elements that must move
 *    between a fast memory of capacity S and slow memory, for any schedule
 *    (Bollobas-Thomason/Finner inequality + Hong-Kung segment argument, see
 *    docs/sol-model.md). The SOL time uses only proven bounds.
 *  - solarIoBestTiling: the traffic of the best rectangular tiling found by a
 *    search over tile shapes. It is achievable (an implementation exists that
 *    moves this much under an ideal cache), so it is an UPPER estimate of the
 *    optimum; it is reported beside the bound, never used for SOL time. */
#ifndef SOLAR_IO_BOUND_H
#define SOLAR_IO_BOUND_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum { SOLAR_IO_MAX_DIMS = 12, SOLAR_IO_MAX_OPERANDS = 16 };

typedef struct {
  /* Bit d set: some index of the operand is a function of loop dim d. */
  uint32_t dimsMask;
  /* True when every index is a single distinct loop dim (times a non-zero
   * constant, plus a constant), so the access is an injective coordinate
   * projection; only such operands enter the proven bound. */
  bool coordinateProjection;
  /* For tiling: per tensor index, the loop dims it sums (bit masks), so a
   * sliding window p+r spans T_p + T_r - 1 elements of a tile. */
  int indexCount;
  uint32_t indexDims[SOLAR_IO_MAX_DIMS];
  bool isWrite;
  double footprintElements; /* distinct elements touched by the whole nest */
  double elementBytes;
} SolarIoOperand;

typedef struct {
  int dimCount;
  double extent[SOLAR_IO_MAX_DIMS]; /* trip count of each loop dim (>= 1) */
  double points;                    /* iteration points (<= product of extents) */
  int operandCount;
  SolarIoOperand operands[SOLAR_IO_MAX_OPERANDS];
} SolarIoNest;

typedef struct {
  double compulsoryBytes; /* every footprint element crosses once */
  double exponent;        /* sigma of the fractional cover; 0 if none */
  double hblBytes;        /* segment bound from the cover (0 if none) */
  double boundBytes;      /* max(compulsory, hbl): the proven lower bound */
} SolarIoLowerBound;

typedef struct {
  double bytes;                         /* traffic of the best tiling */
  double tile[SOLAR_IO_MAX_DIMS];       /* tile extent per loop dim */
  int innermostDim;                     /* tile loop iterated innermost */
  double workingSetBytes;               /* tile footprint, <= capacity */
} SolarIoTiling;

/* Smallest sum of weights s_j in [0,1] over coordinate-projection operands
 * such that every loop dim with extent > 1 is covered with total weight
 * >= 1. Returns 0 when some dim cannot be covered (no bound). The optimum is
 * written to weights (per operand; 0 for operands not used). */
double solarIoCoverExponent(const SolarIoNest *nest, double *weights);

/* Proven lower bound on traffic in bytes with a fast memory of
 * capacityBytes. */
SolarIoLowerBound solarIoLowerBound(const SolarIoNest *nest,
                                    double capacityBytes);

/* Proven lower bound, in bytes, on the slow-memory traffic of the operands
 * marked in isGroupInput (read-only operands that live in slow memory, such
 * as the DRAM inputs of a fused group), whatever happens to the others: it
 * stays valid when the node's outputs are consumed on chip. *sigma gets the
 * cover exponent (0: no bound). */
double solarIoInputBound(const SolarIoNest *nest, const bool *isGroupInput,
                         double capacityBytes, double *sigma);

/* Best rectangular tiling whose working set fits capacityBytes. Returns false
 * when even unit tiles do not fit. */
bool solarIoBestTiling(const SolarIoNest *nest, double capacityBytes,
                       SolarIoTiling *out);

#ifdef __cplusplus
}
#endif

#endif
