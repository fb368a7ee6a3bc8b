/* The one union-find (include/solar/support/union_find.h). */
#include "solar/support/union_find.h"

#include <stdlib.h>

struct SolarUnionFind {
  size_t count;
  size_t parent[];
};

SolarUnionFind *solarUnionFindCreate(size_t count) {
  SolarUnionFind *uf =
      malloc(sizeof(SolarUnionFind) + (count ? count : 1) * sizeof(size_t));
  if (!uf)
    return NULL;
  uf->count = count;
  for (size_t i = 0; i < count; ++i)
    uf->parent[i] = i;
  return uf;
}

void solarUnionFindDestroy(SolarUnionFind *uf) { free(uf); }

size_t solarUnionFindCount(const SolarUnionFind *uf) { return uf->count; }

size_t solarUnionFindRoot(SolarUnionFind *uf, size_t i) {
  size_t *parent = uf->parent;
  while (parent[i] != i)
    i = parent[i] = parent[parent[i]];
  return i;
}

void solarUnionFindLink(SolarUnionFind *uf, size_t from, size_t into) {
  uf->parent[from] = into;
}

size_t solarUnionFindJoinLowest(SolarUnionFind *uf, size_t a, size_t b) {
  a = solarUnionFindRoot(uf, a);
  b = solarUnionFindRoot(uf, b);
  if (a == b)
    return a;
  size_t low = a < b ? a : b;
  uf->parent[a < b ? b : a] = low;
  return low;
}
