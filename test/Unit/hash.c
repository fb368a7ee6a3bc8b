/* unit-hash: the one hash table (lib/support/hash.c) against a plain
 * array. Keys are integers with a hash the test chooses, so that
 * collisions are certain: every key k hashes to k % buckets, and with few
 * buckets many keys share a home slot and whole runs form. Checked after
 * each phase: every stored key is found with its value, absent keys are
 * not, the count matches, and a walk with solarHashNext sees every entry
 * once. Removal (backward shift) is checked in the middle of long runs and
 * across the table's wrap-around. */
#include "solar/support/hash.h"

#include <stdio.h>
#include <string.h>

static int failures = 0;

static void check(int ok, const char *what, long detail) {
  if (!ok) {
    printf("FAIL: %s (%ld)\n", what, detail);
    failures++;
  }
}

typedef struct {
  long key;
  long value;
} Entry;

static bool entryEqual(const void *entry, const void *key) {
  return ((const Entry *)entry)->key == *(const long *)key;
}

static const SolarHashKind kEntry = {sizeof(Entry), entryEqual};

static uint64_t hashOf(long key, long buckets) {
  return (uint64_t)(key % buckets);
}

enum { N = 3000 };

/* present[k]: the value stored for k, or -1. */
static void verify(const SolarHashTable *table, const long *present,
                   long buckets, const char *phase) {
  size_t expected = 0;
  for (long k = 0; k < 2 * N; ++k) {
    const Entry *e = solarHashFind(table, &kEntry, hashOf(k, buckets), &k);
    if (present[k] >= 0) {
      ++expected;
      check(e && e->key == k && e->value == present[k], phase, k);
    } else {
      check(e == NULL, phase, k);
    }
  }
  check(table->count == expected, "count", (long)table->count);
  size_t cursor = 0, walked = 0;
  for (const Entry *e; (e = solarHashNext(table, &cursor));) {
    ++walked;
    check(e->key >= 0 && e->key < 2 * N && present[e->key] == e->value,
          "walk sees a stored entry", e->key);
  }
  check(walked == expected, "walk sees each entry once", (long)walked);
  check(table->capacity >= 2 * table->count, "at most half full",
        (long)table->capacity);
}

static void run(long buckets) {
  static long present[2 * N];
  for (long k = 0; k < 2 * N; ++k)
    present[k] = -1;
  SolarHashTable table = {0};
  check(solarHashFind(&table, &kEntry, 0, &(long){0}) == NULL,
        "empty table finds nothing", buckets);
  check(!solarHashRemove(&table, &kEntry, 0, &(long){0}, NULL),
        "empty table removes nothing", buckets);

  /* Insert the even keys: the table grows from 64 slots to 8192. */
  for (long k = 0; k < 2 * N; k += 2) {
    bool added = false;
    Entry *e = solarHashInsert(&table, &kEntry, hashOf(k, buckets), &k, &added);
    check(added && e->key == 0 && e->value == 0, "new entry is zeroed", k);
    e->key = k;
    e->value = 10 * k;
    present[k] = 10 * k;
  }
  verify(&table, present, buckets, "after inserting");

  /* Inserting again finds the stored entry; replacing its value. */
  for (long k = 0; k < 2 * N; k += 4) {
    bool added = true;
    Entry *e = solarHashInsert(&table, &kEntry, hashOf(k, buckets), &k, &added);
    check(!added && e->key == k, "second insert finds the entry", k);
    e->value = present[k] = 7 * k + 1;
  }
  verify(&table, present, buckets, "after replacing");

  /* Remove every third stored key, then every absent one (no effect). */
  for (long k = 0; k < 2 * N; k += 6) {
    Entry removed = {-1, -1};
    check(solarHashRemove(&table, &kEntry, hashOf(k, buckets), &k, &removed),
          "stored key removed", k);
    check(removed.key == k && removed.value == present[k],
          "removed entry handed back", k);
    present[k] = -1;
  }
  for (long k = 1; k < 2 * N; k += 2)
    check(!solarHashRemove(&table, &kEntry, hashOf(k, buckets), &k, NULL),
          "absent key not removed", k);
  verify(&table, present, buckets, "after removing");

  /* Insert the odd keys into the holes: runs join across removed slots. */
  for (long k = 1; k < 2 * N; k += 2) {
    bool added = false;
    Entry *e = solarHashInsert(&table, &kEntry, hashOf(k, buckets), &k, &added);
    check(added, "odd key is new", k);
    e->key = k;
    e->value = present[k] = k + 3;
  }
  verify(&table, present, buckets, "after refilling");

  /* Empty it by removal, then clear. */
  for (long k = 0; k < 2 * N; ++k)
    if (present[k] >= 0) {
      check(solarHashRemove(&table, &kEntry, hashOf(k, buckets), &k, NULL),
            "draining", k);
      present[k] = -1;
    }
  verify(&table, present, buckets, "after draining");
  solarHashClear(&table);
  check(table.capacity == 0 && table.count == 0 && !table.tags,
        "cleared table is empty", buckets);
  printf("buckets %ld done\n", buckets);
}

int main(void) {
  run(1);      /* every key in one run: the worst case */
  run(7);      /* a few long runs */
  run(100003); /* (nearly) no collisions */

  /* The hash function: FNV-1a, the same for a text and its bytes. */
  check(solarHashString("") == solarHashBytes("", 0), "empty text", 0);
  check(solarHashString("alloc_3") == solarHashBytes("alloc_3", 7),
        "text = bytes", 0);
  check(solarHashString("alloc_3") != solarHashString("alloc_4"),
        "texts differ", 0);
  /* FNV-1a 64 of "a" (the published test vector). */
  check(solarHashString("a") == 0xaf63dc4c8601ec8cull, "FNV-1a vector", 0);

  printf("%d failure(s)\n", failures);
  return failures != 0;
}
