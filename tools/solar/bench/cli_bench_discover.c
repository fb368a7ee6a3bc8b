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

/* A depth bound as a second guard; the visited set below is what ends
 * symbolic-link cycles. */
enum { MAX_DEPTH = 32 };

/* Every directory and program already taken, by device and inode: a
 * symbolic-link cycle (a link to the parent) is walked once, and a
 * program reachable under two names is analyzed once (under the name the
 * sorted walk meets first). */
typedef struct {
  dev_t dev;
  ino_t ino;
} FileId;

typedef struct {
  FileId *items;
  size_t count, capacity;
} VisitedSet;

/* True when st was not in the set (it is now). */
static bool visitFirst(VisitedSet *set, const struct stat *st) {
  for (size_t i = 0; i < set->count; ++i)
    if (set->items[i].dev == st->st_dev && set->items[i].ino == st->st_ino)
      return false;
  set->items = solarGrow(set->items, &set->capacity, set->count,
                         sizeof(*set->items));
  set->items[set->count++] = (FileId){st->st_dev, st->st_ino};
  return true;
}

static int byName(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

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
                 int depth, VisitedSet *visited, SolarBenchProgramList *out,
                 char *err, size_t errSize) {
  char *dirPath = *rel ? solarPathJoin(root, rel) : strdup(root);
  DIR *dir = opendir(dirPath);
  if (!dir) {
    snprintf(err, errSize, "cannot read directory '%s': %s", dirPath,
             strerror(errno));
    free(dirPath);
    return false;
  }
  /* Sorted, so which name of a twice-reachable program wins does not
   * depend on the file system's order. */
  char **names = NULL;
  size_t nameCount = 0, nameCapacity = 0;
  struct dirent *entry;
  while ((entry = readdir(dir))) {
    const char *name = entry->d_name;
    if (name[0] == '.' || !strcmp(name, "__pycache__") ||
        !strcmp(name, "__init__.py"))
      continue;
    names = solarGrow(names, &nameCapacity, nameCount, sizeof(*names));
    names[nameCount++] = strdup(name);
  }
  closedir(dir);
  if (nameCount)
    qsort(names, nameCount, sizeof(*names), byName);
  bool ok = true;
  for (size_t k = 0; k < nameCount; ++k) {
    const char *name = names[k];
    char *full = solarPathJoin(dirPath, name);
    char *childRel = solarPathJoin(rel, name);
    struct stat st;
    if (stat(full, &st) != 0) {
      /* A dangling link is no program. */
    } else if (S_ISDIR(st.st_mode)) {
      char resolved[PATH_MAX];
      bool skip = skipDir && realpath(full, resolved) &&
                  !strcmp(resolved, skipDir);
      if (!skip && depth < MAX_DEPTH && visitFirst(visited, &st))
        ok = walk(root, childRel, skipDir, depth + 1, visited, out, err,
                  errSize);
    } else if (!S_ISREG(st.st_mode) || !visitFirst(visited, &st)) {
      /* Not a file, or a program already taken under another name. */
    } else if (solarPathHasSuffix(name, ".py")) {
      add(out, root, childRel, true);
    } else if (solarPathHasSuffix(name, ".mlir")) {
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
  for (size_t k = 0; k < nameCount; ++k)
    free(names[k]);
  free(names);
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
  VisitedSet visited = {NULL, 0, 0};
  struct stat st;
  if (stat(root, &st) == 0)
    visitFirst(&visited, &st);
  bool ok = walk(root, "", skipDir, 0, &visited, out, err, errSize);
  free(visited.items);
  if (!ok)
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
