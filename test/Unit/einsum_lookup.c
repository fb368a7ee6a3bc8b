/* unit-einsum_lookup: the builder's hash indexes (lib/einsum/einsum_lookup.c,
 * on SolarHashTable) against a plain array, across several growths: every
 * key inserted is found with its latest value, keys never inserted (and
 * NULL) are not, and names compare by content, not by pointer. */
#include "../../lib/einsum/einsum_lookup.h"

#include <stdio.h>
#include <string.h>

static int failures = 0;

static void check(int ok, const char *what, long detail) {
  if (!ok) {
    printf("FAIL: %s (%ld)\n", what, detail);
    failures++;
  }
}

int main(void) {
  /* 5000 keys: the map grows from 64 slots to 16384 (half full at most). */
  enum { N = 5000 };
  static char storage[2 * N];
  EgHandleMap map = {0};
  for (long i = 0; i < N; ++i)
    egHandleMapPut(&map, &storage[i], i);
  for (long i = 0; i < N; i += 2) /* replace every even value */
    egHandleMapPut(&map, &storage[i], -i);
  check(map.table.count == N, "count after replacing", (long)map.table.count);
  for (long i = 0; i < N; ++i) {
    intptr_t value = 12345;
    check(egHandleMapGet(&map, &storage[i], &value), "inserted key found", i);
    check(value == (i % 2 ? i : -i), "latest value", i);
  }
  for (long i = N; i < 2 * N; ++i) {
    intptr_t value;
    check(!egHandleMapGet(&map, &storage[i], &value), "absent key", i);
  }
  intptr_t value;
  egHandleMapPut(&map, NULL, 7);
  check(!egHandleMapGet(&map, NULL, &value), "NULL never stored", 0);
  check(map.table.count == N, "NULL not counted", (long)map.table.count);
  egHandleMapClear(&map);
  check(!egHandleMapGet(&map, &storage[0], &value), "cleared map is empty", 0);

  /* Names: 300 distinct ones, looked up through different buffers. */
  static char names[300][16];
  EgNameSet set = {0};
  for (int i = 0; i < 300; ++i) {
    snprintf(names[i], sizeof(names[i]), "alloc_%d", i);
    egNameSetAdd(&set, names[i]);
  }
  egNameSetAdd(&set, names[0]); /* again: still one entry */
  check(set.table.count == 300, "name count", (long)set.table.count);
  for (int i = 0; i < 600; ++i) {
    char probe[16];
    snprintf(probe, sizeof(probe), "alloc_%d", i);
    check(egNameSetHas(&set, probe) == (i < 300), "name membership", i);
  }
  check(!egNameSetHas(&set, "alloc"), "prefix is not a member", 0);
  egNameSetClear(&set);
  check(!egNameSetHas(&set, "alloc_0"), "cleared set is empty", 0);

  printf("%d failure(s)\n", failures);
  return failures != 0;
}
