/* Finding a hardware file by name or path, and listing all of them. */
#include "arch_internal.h"
#include "solar/support/grow.h"
#include "solar/support/files.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

enum { kMaxSearchDirs = 64 };

/* The search path: SOLAR_ARCH_PATH entries, then the built-in directory. */
typedef struct {
  size_t count;
  const char *dirs[kMaxSearchDirs + 1];
  char *envCopy; /* owned; dirs point into it */
} SearchPath;

/* A directory's hardware files, sorted by file name. */
typedef struct {
  size_t count;
  char **files; /* owned; file names without the directory */
} DirFiles;

const char *solarArchBuiltinDir(void) { return SOLAR_SOURCE_DIR "/arch"; }

static void searchPathInit(SearchPath *path) {
  memset(path, 0, sizeof(*path));
  const char *env = getenv("SOLAR_ARCH_PATH");
  if (env && *env) {
    path->envCopy = strdup(env);
    char *saveptr = NULL;
    for (char *dir = strtok_r(path->envCopy, ":", &saveptr);
         dir && path->count < kMaxSearchDirs;
         dir = strtok_r(NULL, ":", &saveptr))
      path->dirs[path->count++] = dir;
  }
  path->dirs[path->count++] = solarArchBuiltinDir();
}

static void searchPathDestroy(SearchPath *path) { free(path->envCopy); }

static bool hasSuffix(const char *text, const char *suffix) {
  size_t length = strlen(text), suffixLength = strlen(suffix);
  return length > suffixLength &&
         strcasecmp(text + length - suffixLength, suffix) == 0;
}

static bool isHardwareFileName(const char *name) {
  return name[0] != '.' && (hasSuffix(name, ".yaml") || hasSuffix(name, ".yml"));
}

static bool looksLikePath(const char *value) {
  return strchr(value, '/') || hasSuffix(value, ".yaml") ||
         hasSuffix(value, ".yml");
}

/* The stem compared case-insensitively: "H100_SXM.yaml" matches "h100_sxm". */
static bool stemEquals(const char *file, const char *name) {
  const char *dot = strrchr(file, '.');
  size_t stemLength = (size_t)(dot - file);
  return strlen(name) == stemLength && strncasecmp(file, name, stemLength) == 0;
}

static int compareNames(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

static void dirFilesRead(const char *dir, DirFiles *out) {
  memset(out, 0, sizeof(*out));
  DIR *handle = opendir(dir);
  if (!handle)
    return;
  size_t capacity = 0;
  for (struct dirent *entry = readdir(handle); entry;
       entry = readdir(handle)) {
    if (!isHardwareFileName(entry->d_name))
      continue;
    out->files = solarGrow(out->files, &capacity, out->count, sizeof(char *));
    out->files[out->count++] = strdup(entry->d_name);
  }
  closedir(handle);
  if (out->count)
    qsort(out->files, out->count, sizeof(char *), compareNames);
}

static void dirFilesDestroy(DirFiles *files) {
  for (size_t i = 0; i < files->count; ++i)
    free(files->files[i]);
  free(files->files);
}

/* True when the file's `name:` key equals name (case-insensitively). Files
 * that do not parse simply do not match. */
static bool nameKeyEquals(const char *path, const char *name) {
  SolarArchDiag scratch;
  solarArchDiagInit(&scratch);
  ArchYamlMapping yaml;
  if (!archYamlRead(path, &yaml, &scratch))
    return false;
  bool match = false;
  for (size_t i = 0; i < yaml.count && !match; ++i)
    match = yaml.entries[i].valueKind == ARCH_NODE_SCALAR &&
            strcmp(yaml.entries[i].key, "name") == 0 &&
            strcasecmp(yaml.entries[i].value, name) == 0;
  archYamlDestroy(&yaml);
  return match;
}

/* Finds the file for a name; returns an owned path, or NULL after adding an
 * error (ambiguous) or with nothing added (not found). */
static char *findByStem(const SearchPath *search, const char *name,
                        SolarArchDiag *diag, bool *failed) {
  for (size_t d = 0; d < search->count; ++d) {
    DirFiles files;
    dirFilesRead(search->dirs[d], &files);
    char *found = NULL;
    for (size_t i = 0; i < files.count; ++i) {
      if (!stemEquals(files.files[i], name))
        continue;
      if (found) {
        archDiagAdd(diag, SOLAR_ARCH_ERROR, NULL, 0,
                    "hardware name '%s' is ambiguous in %s: %s and %s", name,
                    search->dirs[d], strrchr(found, '/') + 1,
                    files.files[i]);
        *failed = true;
        free(found);
        found = NULL;
        break;
      }
      found = solarPathJoin(search->dirs[d], files.files[i]);
    }
    dirFilesDestroy(&files);
    if (found || *failed)
      return found;
  }
  return NULL;
}

static char *findByNameKey(const SearchPath *search, const char *name) {
  for (size_t d = 0; d < search->count; ++d) {
    DirFiles files;
    dirFilesRead(search->dirs[d], &files);
    char *found = NULL;
    for (size_t i = 0; i < files.count && !found; ++i) {
      char *path = solarPathJoin(search->dirs[d], files.files[i]);
      if (nameKeyEquals(path, name))
        found = path;
      else
        free(path);
    }
    dirFilesDestroy(&files);
    if (found)
      return found;
  }
  return NULL;
}

static void reportNotFound(const SearchPath *search, const char *name,
                           SolarArchDiag *diag) {
  char searched[SOLAR_ARCH_DIAG_TEXT / 2];
  size_t used = 0;
  searched[0] = '\0';
  for (size_t d = 0; d < search->count && used < sizeof(searched); ++d)
    used += (size_t)snprintf(searched + used, sizeof(searched) - used,
                             "%s%s", d ? ":" : "", search->dirs[d]);
  char known[SOLAR_ARCH_DIAG_TEXT / 2];
  used = 0;
  known[0] = '\0';
  SolarArchList list;
  solarArchListAll(&list);
  for (size_t i = 0; i < list.count && used < sizeof(known); ++i)
    used += (size_t)snprintf(known + used, sizeof(known) - used, "%s%s",
                             i ? ", " : "", list.entries[i].name);
  solarArchListDestroy(&list);
  archDiagAdd(diag, SOLAR_ARCH_ERROR, NULL, 0,
              "no hardware file named '%s' (searched %s); known: %s", name,
              searched, known[0] ? known : "none");
}

bool solarArchResolve(const char *nameOrPath,
                      const SolarArchLoadOptions *options, SolarArch *out,
                      SolarArchDiag *diag) {
  memset(out, 0, sizeof(*out));
  if (!nameOrPath || !*nameOrPath) {
    archDiagAdd(diag, SOLAR_ARCH_ERROR, NULL, 0,
                "no hardware given: pass a name (e.g. H100_SXM) or a path to "
                "a YAML file");
    return false;
  }
  if (looksLikePath(nameOrPath))
    return solarArchLoadFile(nameOrPath, options, out, diag);
  SearchPath search;
  searchPathInit(&search);
  bool failed = false;
  char *path = findByStem(&search, nameOrPath, diag, &failed);
  if (!path && !failed)
    path = findByNameKey(&search, nameOrPath);
  if (!path && !failed)
    reportNotFound(&search, nameOrPath, diag);
  searchPathDestroy(&search);
  if (!path)
    return false;
  bool ok = solarArchLoadFile(path, options, out, diag);
  free(path);
  return ok;
}

static bool listHasStem(const SolarArchList *list, const char *file) {
  for (size_t i = 0; i < list->count; ++i)
    if (stemEquals(file, list->entries[i].name))
      return true;
  return false;
}

void solarArchListAll(SolarArchList *out) {
  memset(out, 0, sizeof(*out));
  SearchPath search;
  searchPathInit(&search);
  size_t capacity = 0;
  for (size_t d = 0; d < search.count; ++d) {
    DirFiles files;
    dirFilesRead(search.dirs[d], &files);
    for (size_t i = 0; i < files.count; ++i) {
      /* An earlier directory shadows a later file of the same stem. */
      if (listHasStem(out, files.files[i]))
        continue;
      out->entries = solarGrow(out->entries, &capacity, out->count,
                               sizeof(SolarArchListEntry));
      SolarArchListEntry *entry = &out->entries[out->count++];
      const char *dot = strrchr(files.files[i], '.');
      entry->name = strndup(files.files[i], (size_t)(dot - files.files[i]));
      entry->path = solarPathJoin(search.dirs[d], files.files[i]);
    }
    dirFilesDestroy(&files);
  }
  searchPathDestroy(&search);
}

void solarArchListDestroy(SolarArchList *list) {
  for (size_t i = 0; i < list->count; ++i) {
    free(list->entries[i].name);
    free(list->entries[i].path);
  }
  free(list->entries);
  memset(list, 0, sizeof(*list));
}
