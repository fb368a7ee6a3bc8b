/* Finding the programs of a `solar bench` tree (cli_bench_discover.h). */
#define _XOPEN_SOURCE 700 /* realpath */
#include "cli_bench_discover.h"
#include "solar/support/grow.h"
#include "solar/support/files.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Symbolic-link loops end here instead of exhausting the stack. */
enum { MAX_DEPTH = 32 };

static void add(SolarBenchProgramList *list, const char *root,
                const char *rel, bool framework) {
  list->items = solarGrow(list->items, &list->capacity, list->count,
                          sizeof(*list->items));
  SolarBenchProgram *p = &list->items[list->count++];
  p->relPath = strdup(rel);
  p->path = solarPathJoin(root, rel);
  p->framework = framework;
}

static bool isRegular(const char *path) {
  struct stat st;
  return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

static bool walk(const char *root, const char *rel, const char *skipDir,
                 int depth, SolarBenchProgramList *out, char *err,
                 size_t errSize) {
  char *dirPath = *rel ? solarPathJoin(root, rel) : strdup(root);
  DIR *dir = opendir(dirPath);
  if (!dir) {
    snprintf(err, errSize, "cannot read directory '%s': %s", dirPath,
             strerror(errno));
    free(dirPath);
    return false;
  }
  bool ok = true;
  struct dirent *entry;
  while (ok && (entry = readdir(dir))) {
    const char *name = entry->d_name;
    if (name[0] == '.' || !strcmp(name, "__pycache__") ||
        !strcmp(name, "__init__.py"))
      continue;
    char *full = solarPathJoin(dirPath, name);
    char *childRel = solarPathJoin(rel, name);
    struct stat st;
    if (stat(full, &st) != 0) {
      /* A dangling link is no program. */
    } else if (S_ISDIR(st.st_mode)) {
      char resolved[PATH_MAX];
      bool skip = skipDir && realpath(full, resolved) &&
                  !strcmp(resolved, skipDir);
      if (!skip && depth < MAX_DEPTH)
        ok = walk(root, childRel, skipDir, depth + 1, out, err, errSize);
    } else if (S_ISREG(st.st_mode) && solarPathHasSuffix(name, ".py")) {
      add(out, root, childRel, true);
    } else if (S_ISREG(st.st_mode) && solarPathHasSuffix(name, ".mlir")) {
      /* X.mlir beside X.py is that program's IR, not a program. */
      size_t n = strlen(full);
      char *py = malloc(n);
      snprintf(py, n, "%.*s.py", (int)(n - 5), full);
      if (!isRegular(py))
        add(out, root, childRel, false);
      free(py);
    }
    free(full);
    free(childRel);
  }
  closedir(dir);
  free(dirPath);
  return ok;
}

static int byRelPath(const void *a, const void *b) {
  return strcmp(((const SolarBenchProgram *)a)->relPath,
                ((const SolarBenchProgram *)b)->relPath);
}

bool solarBenchDiscover(const char *root, const char *skipDir,
                        SolarBenchProgramList *out, char *err,
                        size_t errSize) {
  memset(out, 0, sizeof(*out));
  if (!walk(root, "", skipDir, 0, out, err, errSize))
    return false;
  if (out->count)
    qsort(out->items, out->count, sizeof(*out->items), byRelPath);
  return true;
}

void solarBenchProgramListDestroy(SolarBenchProgramList *list) {
  for (size_t i = 0; i < list->count; ++i) {
    free(list->items[i].relPath);
    free(list->items[i].path);
  }
  free(list->items);
  memset(list, 0, sizeof(*list));
}
