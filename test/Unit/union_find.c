/* unit-union_find: the one union-find (lib/support/union_find.c) against
 * a plain label array (each index labelled with its set's lowest member,
 * relabelled by a scan on every union). Deterministic pseudo-random
 * unions over 1000 indices; after each, every index's root agrees with
 * the labels: lowest-root joins give exactly the label, links give a root
 * shared by exactly the indices of one label. */
#include "solar/support/union_find.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

enum { N = 1000 };

static int failures = 0;

static void check(int ok, const char *what, long detail) {
  if (!ok) {
    printf("FAIL: %s (%ld)\n", what, detail);
    failures++;
  }
}

static uint64_t state = 88172645463325252ull;
static size_t pick(void) {
  state ^= state << 13;
  state ^= state >> 7;
  state ^= state << 17;
  return (size_t)(state % N);
}

static void relabel(size_t *label, size_t a, size_t b) {
  size_t la = label[a], lb = label[b], low = la < lb ? la : lb;
  for (size_t i = 0; i < N; ++i)
    if (label[i] == la || label[i] == lb)
      label[i] = low;
}

/* Same partition: i and j share a root exactly when they share a label. */
static void samePartition(SolarUnionFind *uf, const size_t *label,
                          bool lowest) {
  size_t rootOfLabel[N];
  for (size_t i = 0; i < N; ++i)
    rootOfLabel[i] = N;
  for (size_t i = 0; i < N; ++i) {
    size_t r = solarUnionFindRoot(uf, i);
    if (lowest)
      check(r == label[i], "lowest root is the label", (long)i);
    if (rootOfLabel[label[i]] == N)
      rootOfLabel[label[i]] = r;
    check(rootOfLabel[label[i]] == r, "one root per label", (long)i);
    check(label[r] == label[i], "root inside its set", (long)i);
  }
}

int main(void) {
  for (int mode = 0; mode < 2; ++mode) {
    bool lowest = mode == 0;
    SolarUnionFind *uf = solarUnionFindCreate(N);
    check(uf != NULL, "create", 0);
    check(solarUnionFindCount(uf) == N, "count", 0);
    size_t label[N];
    for (size_t i = 0; i < N; ++i)
      label[i] = i;
    samePartition(uf, label, true);
    for (int step = 0; step < 1500; ++step) {
      size_t a = pick(), b = pick();
      if (lowest) {
        size_t r = solarUnionFindJoinLowest(uf, a, b);
        relabel(label, a, b);
        check(r == label[a], "join returns the lowest root", step);
      } else {
        size_t ra = solarUnionFindRoot(uf, a), rb = solarUnionFindRoot(uf, b);
        if (ra != rb)
          solarUnionFindLink(uf, ra, rb);
        relabel(label, a, b);
        check(solarUnionFindRoot(uf, a) == rb, "link keeps `into`", step);
      }
      if (step % 100 == 0)
        samePartition(uf, label, lowest);
    }
    samePartition(uf, label, lowest);
    solarUnionFindDestroy(uf);
    printf("%s done\n", lowest ? "join-lowest" : "link");
  }
  SolarUnionFind *empty = solarUnionFindCreate(0);
  check(empty != NULL && solarUnionFindCount(empty) == 0, "empty", 0);
  solarUnionFindDestroy(empty);
  printf("%d failure(s)\n", failures);
  return failures != 0;
}
