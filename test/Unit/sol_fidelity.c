/* unit-sol_fidelity: adding a fidelity touches only the fidelity table
 * (lib/sol/sol_contract.c) and its docs. Walks the table and checks that
 *
 *   - every name and key is unique and reads back (solarFidelityFromName);
 *   - the numeric #solar.sol writer and reader carry every fidelity: a
 *     SolarSol with a different value per fidelity survives the round trip;
 *   - the symbolic writer and reader carry every symbolic fidelity;
 *   - no reader, writer or report under the source root spells a
 *     fidelity's key itself: only the table does.
 *
 *   unit-sol_fidelity SOURCE_ROOT
 *
 * Prints one line per check and "ok" at the end; exit status 1 on the
 * first failure. */
#include "solar/dialect/context.h"
#include "solar/sol/sol.h"
#include "solar/sol/sol_symbolic.h"
#include "solar/support/files.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static int failures = 0;

static void check(bool ok, const char *what, int fidelity) {
  if (!ok) {
    printf("FAIL: %s (%s)\n", what, solarFidelityName(fidelity));
    failures++;
  }
}

static void checkNames(void) {
  for (int f = 0; f < SOLAR_FIDELITY_COUNT; ++f) {
    check((int)solarFidelityFromName(solarFidelityName(f)) == f, "name reads back",
          f);
    for (int g = 0; g < f; ++g) {
      check(strcmp(solarFidelityName(f), solarFidelityName(g)) != 0,
            "unique name", f);
      check(strcmp(solarFidelityBytesKey(f), solarFidelityBytesKey(g)) != 0,
            "unique bytes key", f);
      check(strcmp(solarFidelityTimeKey(f), solarFidelityTimeKey(g)) != 0,
            "unique time key", f);
      check(strcmp(solarFidelitySolBoundKey(f),
                   solarFidelitySolBoundKey(g)) != 0,
            "unique bound key", f);
    }
  }
  printf("names: %d fidelities\n", SOLAR_FIDELITY_COUNT);
}

static void checkNumeric(MlirContext ctx) {
  SolarSol sol;
  memset(&sol, 0, sizeof(sol));
  sol.arch = strdup("test");
  sol.dtype = SOLAR_DTYPE_FP32;
  sol.policy = solarFp32PolicyDefault();
  sol.kernelsUnfused = 1;
  sol.haveTf32 = true;
  for (int f = 0; f < SOLAR_FIDELITY_COUNT; ++f) {
    sol.bytes[f] = 1000 + f;
    sol.seconds[f] = (f + 1) * 1e-6;
    sol.bound[f] = (SolarBound)(f % SOLAR_BOUND_COUNT);
    sol.tf32Seconds[f] = (f + 1) * 1e-7;
  }
  MlirAttribute attr = solarSolToAttribute(ctx, &sol, false);
  SolarSol back;
  char err[256];
  bool ok = solarSolFromAttribute(attr, &back, err, sizeof(err));
  check(ok, err, 0);
  for (int f = 0; ok && f < SOLAR_FIDELITY_COUNT; ++f) {
    check(back.bytes[f] == sol.bytes[f], "numeric bytes round trip", f);
    check(back.seconds[f] == sol.seconds[f], "numeric time round trip", f);
    check(back.bound[f] == sol.bound[f], "numeric bound round trip", f);
    check(back.tf32Seconds[f] == sol.tf32Seconds[f], "tf32 time round trip",
          f);
  }
  check(ok && !back.partial && back.skippedCount == 0,
        "a complete figure reads back complete", 0);
  if (ok)
    solarSolDestroy(&back);
  /* What was left out survives the attribute: partial and the list. */
  sol.partial = true;
  sol.skippedCount = 2;
  sol.skipped = calloc(2, sizeof(char *));
  sol.skipped[0] = strdup("a.mlir:5:10: call to @f is not analyzed");
  sol.skipped[1] = strdup("a.mlir:7:3: unsupported operation 'x.y'");
  attr = solarSolToAttribute(ctx, &sol, false);
  ok = solarSolFromAttribute(attr, &back, err, sizeof(err));
  check(ok, err, 1);
  check(ok && back.partial && back.skippedCount == 2 &&
            !strcmp(back.skipped[1], sol.skipped[1]),
        "partial round trip", 1);
  if (ok)
    solarSolDestroy(&back);
  solarSolDestroy(&sol);
  printf("numeric: round trip\n");
}

static void checkSymbolic(MlirContext ctx) {
  SolarSymSol sym;
  memset(&sym, 0, sizeof(sym));
  sym.arch = strdup("test");
  sym.dtype = SOLAR_DTYPE_FP32;
  sym.policy = solarFp32PolicyDefault();
  sym.flops = strdup("{ 2 }");
  sym.compute = strdup("0");
  char text[64];
  for (int f = 0; f < SOLAR_FIDELITY_COUNT; ++f) {
    if (!solarFidelityIsSymbolic(f))
      continue;
    snprintf(text, sizeof(text), "{ %d }", 100 + f);
    sym.bytes[f] = strdup(text);
    snprintf(text, sizeof(text), "{ %d } / 1e9", 200 + f);
    sym.time[f] = strdup(text);
  }
  MlirAttribute attr = solarSymSolToAttribute(ctx, &sym);
  SolarSymSol back;
  char err[256];
  bool ok = solarSymSolFromAttribute(attr, &back, err, sizeof(err));
  check(ok, err, 0);
  for (int f = 0; ok && f < SOLAR_FIDELITY_COUNT; ++f) {
    if (!solarFidelityIsSymbolic(f))
      continue;
    check(back.bytes[f] && !strcmp(back.bytes[f], sym.bytes[f]),
          "symbolic bytes round trip", f);
    check(back.time[f] && !strcmp(back.time[f], sym.time[f]),
          "symbolic time round trip", f);
  }
  if (ok)
    solarSymSolDestroy(&back);
  solarSymSolDestroy(&sym);
  printf("symbolic: round trip\n");
}

/* ---- the source scan ------------------------------------------------------ */

/* A quoted key ("bytes_fused") or its symbolic form ("bytes_fused_expr"). */
static bool spells(const char *text, const char *key) {
  char quoted[96];
  snprintf(quoted, sizeof(quoted), "\"%s\"", key);
  if (strstr(text, quoted))
    return true;
  snprintf(quoted, sizeof(quoted), "\"%s_expr\"", key);
  return strstr(text, quoted) != NULL;
}

static void scanFile(const char *path) {
  /* The table itself. */
  if (solarPathHasSuffix(path, "lib/sol/sol_contract.c"))
    return;
  char *text = solarReadFile(path, NULL);
  if (!text)
    return;
  for (int f = 0; f < SOLAR_FIDELITY_COUNT; ++f) {
    const char *keys[] = {solarFidelityBytesKey(f), solarFidelityTimeKey(f),
                          solarFidelityBoundKey(f),
                          solarFidelityIntensityKey(f)};
    for (size_t k = 0; k < sizeof(keys) / sizeof(keys[0]); ++k)
      if (keys[k] && spells(text, keys[k])) {
        printf("FAIL: %s spells the key \"%s\" (use the fidelity table)\n",
               path, keys[k]);
        failures++;
      }
  }
  free(text);
}

static void scanTree(const char *dir, size_t *files) {
  DIR *d = opendir(dir);
  if (!d)
    return;
  struct dirent *e;
  while ((e = readdir(d))) {
    if (e->d_name[0] == '.')
      continue;
    char path[4096];
    snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
    struct stat st;
    if (stat(path, &st) != 0)
      continue;
    if (S_ISDIR(st.st_mode))
      scanTree(path, files);
    else if (solarPathHasSuffix(path, ".c") ||
             solarPathHasSuffix(path, ".h")) {
      scanFile(path);
      ++*files;
    }
  }
  closedir(d);
}

static void checkSources(const char *root) {
  static const char *const trees[] = {"lib", "passes", "tools", "dialect",
                                      "include"};
  size_t files = 0;
  char dir[4096];
  for (size_t t = 0; t < sizeof(trees) / sizeof(trees[0]); ++t) {
    snprintf(dir, sizeof(dir), "%s/%s", root, trees[t]);
    scanTree(dir, &files);
  }
  check(files > 100, "the source root has the project's sources", 0);
  printf("sources: scanned\n");
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: unit-sol_fidelity SOURCE_ROOT\n");
    return 2;
  }
  checkNames();
  MlirContext ctx = solarContextCreate();
  if (mlirContextIsNull(ctx))
    return 1;
  checkNumeric(ctx);
  checkSymbolic(ctx);
  mlirContextDestroy(ctx);
  checkSources(argv[1]);
  if (failures)
    return 1;
  printf("ok\n");
  return 0;
}
