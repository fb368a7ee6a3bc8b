/* Reading `--measured FILE` timings (cli_measured.h). */
#include "cli_measured.h"

#include <jansson.h>
#include <stdio.h>
#include <string.h>

static const char *baseName(const char *path) {
  const char *slash = strrchr(path, '/');
  return slash ? slash + 1 : path;
}

/* "a/level1/x.py" -> "level1" in `buf` ("" without a folder). */
static void folderName(const char *path, char *buf, size_t size) {
  const char *slash = strrchr(path, '/');
  buf[0] = '\0';
  if (!slash)
    return;
  const char *start = slash;
  while (start > path && start[-1] != '/')
    --start;
  snprintf(buf, size, "%.*s", (int)(slash - start), start);
}

/* Whether `key` names `model`: the whole path, a trailing part of it on a
 * '/' boundary, or its stem. */
static bool keyMatches(const char *key, const char *model) {
  size_t k = strlen(key), m = strlen(model);
  if (k <= m && !strcmp(model + m - k, key) &&
      (k == m || model[m - k - 1] == '/'))
    return true;
  const char *base = baseName(model);
  size_t stem = strlen(base);
  if (stem > 3 && !strcmp(base + stem - 3, ".py"))
    stem -= 3;
  return strlen(key) == stem && !strncmp(key, base, stem);
}

static bool plainLookup(json_t *root, const char *file, const char *model,
                        SolarMeasured *out, char *err, size_t errSize) {
  const char *key, *best = NULL;
  json_t *value, *found = NULL;
  json_object_foreach(root, key, value) {
    if (json_is_number(value) && keyMatches(key, model) &&
        (!best || strlen(key) > strlen(best))) {
      best = key;
      found = value;
    }
  }
  if (!found) {
    snprintf(err, errSize, "%s has no timing for %s (keys: its path, a "
             "trailing part of it, its file name or stem)", file, model);
    return false;
  }
  out->medianSeconds = out->minSeconds = json_number_value(found);
  snprintf(out->source, sizeof(out->source), "--measured %s (\"%s\": %g s)",
           file, best, out->medianSeconds);
  return true;
}

static bool kernelBenchEntry(json_t *entry, const char *file,
                             const char *level, const char *name,
                             SolarMeasured *out, char *err, size_t errSize) {
  json_t *mean = json_object_get(entry, "mean");
  json_t *minimum = json_object_get(entry, "min");
  if (!json_is_number(mean)) {
    snprintf(err, errSize, "%s: %s/%s has no number \"mean\" (ms)", file,
             level, name);
    return false;
  }
  out->medianSeconds = json_number_value(mean) * 1e-3;
  out->minSeconds = json_is_number(minimum)
                        ? json_number_value(minimum) * 1e-3
                        : out->medianSeconds;
  snprintf(out->source, sizeof(out->source),
           "--measured %s (KernelBench baseline %s/%s: mean %g ms)", file,
           level, name, json_number_value(mean));
  return true;
}

static bool kernelBenchLookup(json_t *root, const char *file,
                              const char *model, SolarMeasured *out,
                              char *err, size_t errSize) {
  char folder[512];
  folderName(model, folder, sizeof(folder));
  const char *name = baseName(model);
  json_t *level = json_object_get(root, folder);
  json_t *entry = json_is_object(level) ? json_object_get(level, name) : NULL;
  if (entry)
    return kernelBenchEntry(entry, file, folder, name, out, err, errSize);
  const char *key, *foundLevel = NULL;
  json_t *value;
  size_t hits = 0;
  json_object_foreach(root, key, value) {
    json_t *candidate = json_object_get(value, name);
    if (json_is_object(candidate)) {
      hits++;
      entry = candidate;
      foundLevel = key;
    }
  }
  if (hits == 1)
    return kernelBenchEntry(entry, file, foundLevel, name, out, err, errSize);
  if (hits > 1)
    snprintf(err, errSize, "%s: %zu levels have %s; put the program in a "
             "folder named after its level", file, hits, name);
  else
    snprintf(err, errSize, "%s (KernelBench baseline) has no %s/%s", file,
             *folder ? folder : "<level>", name);
  return false;
}

bool solarMeasuredLookup(const char *file, const char *model,
                         SolarMeasured *out, char *err, size_t errSize) {
  memset(out, 0, sizeof(*out));
  json_error_t jerr;
  json_t *root = json_load_file(file, 0, &jerr);
  if (!root) {
    snprintf(err, errSize, "--measured %s:%d:%d: %s", file, jerr.line,
             jerr.column, jerr.text);
    return false;
  }
  bool ok = false;
  if (!json_is_object(root)) {
    snprintf(err, errSize, "--measured %s: expected a JSON object", file);
  } else {
    /* KernelBench's levels are objects; plain values are numbers. */
    const char *key;
    json_t *value;
    bool nested = false;
    json_object_foreach(root, key, value) nested |= json_is_object(value);
    ok = nested ? kernelBenchLookup(root, file, model, out, err, errSize)
                : plainLookup(root, file, model, out, err, errSize);
  }
  json_decref(root);
  return ok;
}
