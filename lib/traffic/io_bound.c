/* Proven I/O lower bounds and a tile-shape search for projection nests.
 * docs/sol-model.md derives both; this file only computes them. */
#include "solar/traffic/io_bound.h"

#include <math.h>
#include <string.h>

/* ---- Fractional cover LP (tiny: a handful of operands) ---------------- */

typedef struct {
  int count;
  uint32_t mask[SOLAR_IO_MAX_OPERANDS];
  int operand[SOLAR_IO_MAX_OPERANDS]; /* representative operand index */
} CoverCandidates;

/* A candidate whose dims are a subset of another's is dominated (the larger
 * one covers as much for the same weight), and equal masks need one weight:
 * keeping only maximal distinct masks leaves the LP's optimum unchanged. */
static CoverCandidates maximalProjections(const SolarIoNest *nest,
                                          uint32_t neededDims,
                                          const bool *usable) {
  CoverCandidates c = {0};
  for (int j = 0; j < nest->operandCount; ++j) {
    const SolarIoOperand *op = &nest->operands[j];
    uint32_t mask = op->dimsMask & neededDims;
    if (!op->coordinateProjection || mask == 0 || (usable && !usable[j]))
      continue;
    bool dominated = false;
    for (int k = 0; k < nest->operandCount && !dominated; ++k) {
      const SolarIoOperand *other = &nest->operands[k];
      uint32_t otherMask = other->dimsMask & neededDims;
      if (k == j || !other->coordinateProjection || (usable && !usable[k]))
        continue;
      bool strictSuperset = (otherMask & mask) == mask && otherMask != mask;
      bool earlierEqual = otherMask == mask && k < j;
      dominated = strictSuperset || earlierEqual;
    }
    if (!dominated) {
      c.mask[c.count] = mask;
      c.operand[c.count] = j;
      c.count++;
    }
  }
  return c;
}

/* Solves the n x n system a x = b in place (partial pivoting). */
static bool solveSquare(int n, double a[][SOLAR_IO_MAX_OPERANDS], double *b) {
  for (int col = 0; col < n; ++col) {
    int pivot = col;
    for (int r = col + 1; r < n; ++r)
      if (fabs(a[r][col]) > fabs(a[pivot][col]))
        pivot = r;
    if (fabs(a[pivot][col]) < 1e-12)
      return false;
    if (pivot != col) {
      for (int k = 0; k < n; ++k) {
        double t = a[col][k];
        a[col][k] = a[pivot][k];
        a[pivot][k] = t;
      }
      double t = b[col];
      b[col] = b[pivot];
      b[pivot] = t;
    }
    for (int r = 0; r < n; ++r) {
      if (r == col)
        continue;
      double f = a[r][col] / a[col][col];
      for (int k = col; k < n; ++k)
        a[r][k] -= f * a[col][k];
      b[r] -= f * b[col];
    }
  }
  for (int r = 0; r < n; ++r)
    b[r] /= a[r][r];
  return true;
}

/* Constraint rows: cover rows (sum over candidates covering dim >= 1), then
 * s_j >= 0 and s_j <= 1. The optimum of a bounded feasible LP sits at a
 * vertex, so enumerating n-subsets of rows taken as equalities finds it. */
typedef struct {
  int rows;
  double coef[3 * SOLAR_IO_MAX_OPERANDS + SOLAR_IO_MAX_DIMS]
             [SOLAR_IO_MAX_OPERANDS];
  double rhs[3 * SOLAR_IO_MAX_OPERANDS + SOLAR_IO_MAX_DIMS];
  int sense[3 * SOLAR_IO_MAX_OPERANDS + SOLAR_IO_MAX_DIMS]; /* +1: >=, -1: <= */
} CoverLp;

static bool feasible(const CoverLp *lp, int n, const double *x) {
  for (int r = 0; r < lp->rows; ++r) {
    double v = 0;
    for (int k = 0; k < n; ++k)
      v += lp->coef[r][k] * x[k];
    if (lp->sense[r] > 0 ? v < lp->rhs[r] - 1e-9 : v > lp->rhs[r] + 1e-9)
      return false;
  }
  return true;
}

static void searchVertices(const CoverLp *lp, int n, int *chosen, int depth,
                           int next, double *best, double *bestX) {
  if (depth == n) {
    double a[SOLAR_IO_MAX_OPERANDS][SOLAR_IO_MAX_OPERANDS], b[SOLAR_IO_MAX_OPERANDS];
    for (int i = 0; i < n; ++i) {
      memcpy(a[i], lp->coef[chosen[i]], sizeof(a[i]));
      b[i] = lp->rhs[chosen[i]];
    }
    if (!solveSquare(n, a, b) || !feasible(lp, n, b))
      return;
    double sum = 0;
    for (int k = 0; k < n; ++k)
      sum += b[k];
    if (sum < *best - 1e-12) {
      *best = sum;
      memcpy(bestX, b, (size_t)n * sizeof(double));
    }
    return;
  }
  for (int r = next; r <= lp->rows - (n - depth); ++r) {
    chosen[depth] = r;
    searchVertices(lp, n, chosen, depth + 1, r + 1, best, bestX);
  }
}

static double coverExponent(const SolarIoNest *nest, const bool *usable,
                            double *weights) {
  uint32_t needed = 0;
  for (int d = 0; d < nest->dimCount; ++d)
    if (nest->extent[d] > 1)
      needed |= 1u << d;
  for (int j = 0; j < nest->operandCount; ++j)
    weights[j] = 0;
  if (needed == 0)
    return 0;
  CoverCandidates c = maximalProjections(nest, needed, usable);
  uint32_t covered = 0;
  for (int k = 0; k < c.count; ++k)
    covered |= c.mask[k];
  if (covered != needed || c.count == 0)
    return 0;

  CoverLp lp;
  memset(&lp, 0, sizeof(lp));
  for (int d = 0; d < nest->dimCount; ++d) {
    if (!(needed & (1u << d)))
      continue;
    for (int k = 0; k < c.count; ++k)
      lp.coef[lp.rows][k] = (c.mask[k] >> d) & 1u;
    lp.rhs[lp.rows] = 1;
    lp.sense[lp.rows++] = +1;
  }
  for (int k = 0; k < c.count; ++k) {
    lp.coef[lp.rows][k] = 1;
    lp.rhs[lp.rows] = 0;
    lp.sense[lp.rows++] = +1;
    lp.coef[lp.rows][k] = 1;
    lp.rhs[lp.rows] = 1;
    lp.sense[lp.rows++] = -1;
  }
  int chosen[SOLAR_IO_MAX_OPERANDS];
  double best = INFINITY, bestX[SOLAR_IO_MAX_OPERANDS] = {0};
  searchVertices(&lp, c.count, chosen, 0, 0, &best, bestX);
  if (!isfinite(best))
    return 0;
  for (int k = 0; k < c.count; ++k)
    weights[c.operand[k]] = bestX[k];
  return best;
}

double solarIoCoverExponent(const SolarIoNest *nest, double *weights) {
  return coverExponent(nest, NULL, weights);
}

/* ---- Proven lower bound ------------------------------------------------ */

/* Operand masks of a plain matrix product: three operands over dim groups
 * I, J, K (pairwise disjoint, all non-empty) as A = I+K, B = K+J, C = I+J,
 * with C written. */
static bool isMatmulShape(const SolarIoNest *nest, uint32_t needed) {
  if (nest->operandCount != 3)
    return false;
  int write = -1;
  for (int j = 0; j < 3; ++j) {
    if (!nest->operands[j].coordinateProjection)
      return false;
    if (nest->operands[j].isWrite)
      write = j;
  }
  if (write < 0)
    return false;
  uint32_t c = nest->operands[write].dimsMask & needed;
  uint32_t a = nest->operands[(write + 1) % 3].dimsMask & needed;
  uint32_t b = nest->operands[(write + 2) % 3].dimsMask & needed;
  uint32_t k = a & b, i = a & c, jj = b & c;
  return k && i && jj && !(i & jj) && !(i & k) && !(jj & k) &&
         (i | k) == a && (k | jj) == b && (i | jj) == c &&
         (i | jj | k) == needed;
}

/* Segment argument: split any execution into segments of S transfers. If in
 * one segment at most `available` elements of each usable operand j can be
 * in fast memory, the Bollobas-Thomason inequality limits a segment to
 * prod_j min(available, F_j)^(s_j) points (F_j caps it: an operand has no
 * more elements than its footprint). Returns the bound in elements and the
 * cover exponent in *sigma. */
static double segmentBound(const SolarIoNest *nest, double s, double available,
                           const bool *usable, double *sigma) {
  double weights[SOLAR_IO_MAX_OPERANDS];
  *sigma = coverExponent(nest, usable, weights);
  if (*sigma <= 0)
    return 0;
  double logPerSegment = 0;
  for (int j = 0; j < nest->operandCount; ++j) {
    if (weights[j] <= 0)
      continue;
    double reach = nest->operands[j].footprintElements;
    if (available < reach)
      reach = available;
    logPerSegment += weights[j] * log(reach > 1 ? reach : 1);
  }
  double segments = ceil(nest->points / exp(logPerSegment) - 1e-9);
  return s * (segments - 1.0);
}

static double boxPoints(const SolarIoNest *nest) {
  double product = 1;
  for (int d = 0; d < nest->dimCount; ++d)
    product *= nest->extent[d];
  return product;
}

SolarIoLowerBound solarIoLowerBound(const SolarIoNest *nest,
                                    double capacityBytes) {
  SolarIoLowerBound result = {0};
  double minBytes = INFINITY;
  uint32_t needed = 0;
  for (int j = 0; j < nest->operandCount; ++j) {
    const SolarIoOperand *op = &nest->operands[j];
    result.compulsoryBytes += op->footprintElements * op->elementBytes;
    if (op->elementBytes < minBytes)
      minBytes = op->elementBytes;
  }
  for (int d = 0; d < nest->dimCount; ++d)
    if (nest->extent[d] > 1)
      needed |= 1u << d;
  result.boundBytes = result.compulsoryBytes;
  if (nest->operandCount == 0 || capacityBytes <= 0 || !isfinite(minBytes))
    return result;
  /* Counting capacity in elements of the smallest operand type can only
   * overstate how much fits, and each moved element is at least minBytes. */
  double s = floor(capacityBytes / minBytes);
  /* Any operand: resident at the start, moved, resident at the end. */
  double q = segmentBound(nest, s, 3.0 * s, NULL, &result.exponent);
  if (isMatmulShape(nest, needed) && nest->points == boxPoints(nest)) {
    /* Smith, Lowery, Langou, van de Geijn, "A Tight I/O Lower Bound for
     * Matrix Multiplication" (2017, arXiv:1702.02017): Q >= 2mnk/sqrt(S)-2S
     * for the full product. */
    double smith = 2.0 * nest->points / sqrt(s) - 2.0 * s;
    if (smith > q)
      q = smith;
  }
  result.hblBytes = q > 0 ? q * minBytes : 0;
  if (result.hblBytes > result.boundBytes)
    result.boundBytes = result.hblBytes;
  return result;
}

double solarIoInputBound(const SolarIoNest *nest, const bool *isGroupInput,
                         double capacityBytes, double *sigma) {
  *sigma = 0;
  double minBytes = INFINITY;
  for (int j = 0; j < nest->operandCount; ++j)
    if (nest->operands[j].elementBytes < minBytes)
      minBytes = nest->operands[j].elementBytes;
  if (capacityBytes <= 0 || !isfinite(minBytes))
    return 0;
  double s = floor(capacityBytes / minBytes);
  /* An operand that only ever comes from slow memory is, within a segment,
   * either resident at its start or loaded during it: at most 2S. */
  double q = segmentBound(nest, s, 2.0 * s, isGroupInput, sigma);
  return q > 0 ? q * minBytes : 0;
}

/* ---- Tile-shape search ------------------------------------------------- */

static double operandTileElements(const SolarIoOperand *op,
                                  const double *tile) {
  double elements = 1;
  for (int x = 0; x < op->indexCount; ++x) {
    /* An index summing dims (sliding window p+r) spans sum(T) - (n-1). */
    double span = 0;
    int terms = 0;
    for (int d = 0; d < SOLAR_IO_MAX_DIMS; ++d)
      if (op->indexDims[x] & (1u << d)) {
        span += tile[d];
        terms++;
      }
    elements *= terms ? span - (terms - 1) : 1;
  }
  return elements;
}

/* Traffic of tiling `tile` with tile loop `inner` innermost: an operand that
 * does not depend on `inner` stays resident across it; the others reload each
 * tile. Written operands revisited across tiles of their reduction dims pay a
 * store and a reload per revisit. Never below the compulsory traffic. */
static double tilingTraffic(const SolarIoNest *nest, const double *tile,
                            int inner) {
  double tiles = 1;
  for (int d = 0; d < nest->dimCount; ++d)
    tiles *= ceil(nest->extent[d] / tile[d]);
  double innerTrips = ceil(nest->extent[inner] / tile[inner]);
  double traffic = 0;
  for (int j = 0; j < nest->operandCount; ++j) {
    const SolarIoOperand *op = &nest->operands[j];
    double loads = (op->dimsMask & (1u << inner)) ? tiles : tiles / innerTrips;
    double distinctTiles = 1;
    for (int d = 0; d < nest->dimCount; ++d)
      if (op->dimsMask & (1u << d))
        distinctTiles *= ceil(nest->extent[d] / tile[d]);
    double perTile = operandTileElements(op, tile) * op->elementBytes;
    double bytes = loads * perTile;
    if (op->isWrite && loads > distinctTiles)
      bytes = 2 * loads * perTile - distinctTiles * perTile;
    double compulsory = op->footprintElements * op->elementBytes;
    traffic += bytes > compulsory ? bytes : compulsory;
  }
  return traffic;
}

static double workingSet(const SolarIoNest *nest, const double *tile) {
  double bytes = 0;
  for (int j = 0; j < nest->operandCount; ++j)
    bytes += operandTileElements(&nest->operands[j], tile) *
             nest->operands[j].elementBytes;
  return bytes;
}

/* Candidate tile extents of one dim: powers of two below the extent, and the
 * extent itself: O(log extent) choices, so the search cost does not grow
 * with tensor sizes beyond a logarithm. */
static int tileChoices(double extent, double *choices) {
  int n = 0;
  for (double t = 1; t < extent && n < 62; t *= 2)
    choices[n++] = t;
  choices[n++] = extent;
  return n;
}

typedef struct {
  const SolarIoNest *nest;
  double capacity;
  double choices[SOLAR_IO_MAX_DIMS][64];
  int choiceCount[SOLAR_IO_MAX_DIMS];
  double tile[SOLAR_IO_MAX_DIMS];
  SolarIoTiling *best;
  bool found;
} TileSearch;

static void evaluate(TileSearch *ts) {
  double ws = workingSet(ts->nest, ts->tile);
  if (ws > ts->capacity)
    return;
  if (ts->nest->dimCount == 0) { /* a single point: each operand once */
    ts->found = true;
    ts->best->bytes = ws;
    ts->best->workingSetBytes = ws;
    return;
  }
  for (int inner = 0; inner < ts->nest->dimCount; ++inner) {
    double traffic = tilingTraffic(ts->nest, ts->tile, inner);
    if (!ts->found || traffic < ts->best->bytes) {
      ts->found = true;
      ts->best->bytes = traffic;
      memcpy(ts->best->tile, ts->tile, sizeof(ts->tile));
      ts->best->innermostDim = inner;
      ts->best->workingSetBytes = ws;
    }
  }
}

static void exhaustive(TileSearch *ts, int dim) {
  if (dim == ts->nest->dimCount) {
    evaluate(ts);
    return;
  }
  for (int c = 0; c < ts->choiceCount[dim]; ++c) {
    ts->tile[dim] = ts->choices[dim][c];
    /* Working sets only grow with tile extents: prune early. */
    double saved[SOLAR_IO_MAX_DIMS];
    memcpy(saved, ts->tile, sizeof(saved));
    for (int d = dim + 1; d < ts->nest->dimCount; ++d)
      ts->tile[d] = 1;
    bool fits = workingSet(ts->nest, ts->tile) <= ts->capacity;
    memcpy(ts->tile, saved, sizeof(saved));
    if (!fits)
      break;
    exhaustive(ts, dim + 1);
  }
}

/* Coordinate descent for deep nests, where the exhaustive product of
 * choices would be too large. */
static void descend(TileSearch *ts) {
  for (int d = 0; d < ts->nest->dimCount; ++d)
    ts->tile[d] = 1;
  evaluate(ts);
  if (!ts->found)
    return;
  for (int round = 0; round < 8; ++round) {
    bool improved = false;
    for (int d = 0; d < ts->nest->dimCount; ++d) {
      double bestBytes = ts->best->bytes;
      for (int c = 0; c < ts->choiceCount[d]; ++c) {
        ts->tile[d] = ts->choices[d][c];
        evaluate(ts);
      }
      improved |= ts->best->bytes < bestBytes;
      memcpy(ts->tile, ts->best->tile, sizeof(ts->tile));
    }
    if (!improved)
      break;
  }
}

bool solarIoBestTiling(const SolarIoNest *nest, double capacityBytes,
                       SolarIoTiling *out) {
  TileSearch ts;
  memset(&ts, 0, sizeof(ts));
  memset(out, 0, sizeof(*out));
  ts.nest = nest;
  ts.capacity = capacityBytes;
  ts.best = out;
  double combinations = 1;
  for (int d = 0; d < nest->dimCount; ++d) {
    ts.choiceCount[d] = tileChoices(nest->extent[d], ts.choices[d]);
    combinations *= ts.choiceCount[d];
    ts.tile[d] = 1;
  }
  if (nest->dimCount == 0) {
    evaluate(&ts);
    return ts.found;
  }
  if (combinations <= 2e5)
    exhaustive(&ts, 0);
  else
    descend(&ts);
  return ts.found;
}
