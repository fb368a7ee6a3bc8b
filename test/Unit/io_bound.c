/* unit-io_bound: builds a projection nest from a compact spec and prints its
 * cover exponent, proven lower bound and best tiling.
 *
 *   unit-io_bound CAPACITY_BYTES DIM=EXTENT,... OPERAND...
 *   OPERAND := NAME:r|w:BYTES:INDEX,INDEX,...   INDEX := DIM[+DIM...]
 *
 * Footprints are the full rectangular spans of each operand's indices. */
#include "solar/traffic/io_bound.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int dimIndex(char names[][16], int count, const char *name) {
  for (int d = 0; d < count; ++d)
    if (!strcmp(names[d], name))
      return d;
  return -1;
}

int main(int argc, char **argv) {
  if (argc < 4) {
    fprintf(stderr, "usage: unit-io_bound CAP DIMS OPERAND...\n");
    return 2;
  }
  double capacity = atof(argv[1]);
  SolarIoNest nest;
  memset(&nest, 0, sizeof(nest));
  char names[SOLAR_IO_MAX_DIMS][16];
  char *dims = strdup(argv[2]);
  nest.points = 1;
  for (char *tok = strtok(dims, ","); tok; tok = strtok(NULL, ",")) {
    char *eq = strchr(tok, '=');
    *eq = '\0';
    snprintf(names[nest.dimCount], 16, "%s", tok);
    nest.extent[nest.dimCount] = atof(eq + 1);
    nest.points *= nest.extent[nest.dimCount];
    nest.dimCount++;
  }
  free(dims);
  char opNames[SOLAR_IO_MAX_OPERANDS][16];
  for (int a = 3; a < argc; ++a) {
    SolarIoOperand *op = &nest.operands[nest.operandCount];
    char *spec = strdup(argv[a]);
    char *name = strtok(spec, ":"), *kind = strtok(NULL, ":");
    char *bytes = strtok(NULL, ":"), *indices = strtok(NULL, ":");
    snprintf(opNames[nest.operandCount], 16, "%s", name);
    op->isWrite = kind[0] == 'w';
    op->elementBytes = atof(bytes);
    op->coordinateProjection = true;
    op->footprintElements = 1;
    char *save = NULL;
    for (char *ix = strtok_r(indices, ",", &save); ix;
         ix = strtok_r(NULL, ",", &save)) {
      uint32_t mask = 0;
      int terms = 0;
      double span = 0;
      char *save2 = NULL;
      for (char *t = strtok_r(ix, "+", &save2); t; t = strtok_r(NULL, "+", &save2)) {
        int d = dimIndex(names, nest.dimCount, t);
        if (d < 0) {
          fprintf(stderr, "unknown dim %s\n", t);
          return 2;
        }
        mask |= 1u << d;
        span += nest.extent[d];
        terms++;
      }
      if (terms > 1)
        op->coordinateProjection = false;
      op->indexDims[op->indexCount++] = mask;
      op->dimsMask |= mask;
      op->footprintElements *= span - (terms - 1);
    }
    free(spec);
    nest.operandCount++;
  }
  double weights[SOLAR_IO_MAX_OPERANDS];
  double sigma = solarIoCoverExponent(&nest, weights);
  printf("sigma=%.4f\n", sigma);
  for (int j = 0; j < nest.operandCount; ++j)
    printf("weight[%s]=%.4f\n", opNames[j], weights[j]);
  SolarIoLowerBound lb = solarIoLowerBound(&nest, capacity);
  printf("compulsory_bytes=%.0f\nhbl_bytes=%.0f\nbound_bytes=%.0f\n",
         lb.compulsoryBytes, lb.hblBytes, lb.boundBytes);
  SolarIoTiling tiling;
  if (!solarIoBestTiling(&nest, capacity, &tiling)) {
    printf("tiling=none\n");
    return 0;
  }
  printf("tiled_bytes=%.0f\nworking_set_bytes=%.0f\ninnermost=%s\ntile=",
         tiling.bytes, tiling.workingSetBytes, names[tiling.innermostDim]);
  for (int d = 0; d < nest.dimCount; ++d)
    printf("%s%s:%.0f", d ? "," : "", names[d], tiling.tile[d]);
  printf("\n");
  return 0;
}
