/* Reading `--measured FILE` timings (cli_measured.h). */
#include "cli_measured.h"

#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

/* A timings file is a few KiB (KernelBench's three levels: about 40 KiB). */
enum { kMeasuredMaxBytes = 16 << 20 };

/* A time a program can take: finite, positive, at most 1e6 s. -1 or NaN
 * would make headroom and violations nonsense; 1e308 an absurd report. */
static bool validSeconds(double seconds) {
  return isfinite(seconds) && seconds > 0 && seconds <= 1e6;
}

bool solarMeasuredParseFlag(const char *command, const SolarCliValues *values,
                            SolarMeasuredFile *out) {
  char err[512];
  if (solarMeasuredParseArguments(values->items, (size_t)values->count, out,
                                  err, sizeof(err)))
    return true;
  fprintf(stderr, "solar %s: error: %s\n", command, err);
  return false;
}

static const char *baseName(const char *path) {
  const char *slash = strrchr(path, '/');
  return slash ? slash + 1 : path;
}

static bool nameCharacter(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         (c >= '0' && c <= '9') || c == '_' || c == '.' || c == '-';
}

/* The length of the NAME of "NAME=FILE", 0 when `argument` is a file. */
static size_t namePrefix(const char *argument) {
  size_t n = 0;
  while (nameCharacter(argument[n]))
    ++n;
  return argument[n] == '=' ? n : 0;
}

bool solarMeasuredParseArguments(const char *const *arguments, size_t count,
                                 SolarMeasuredFile *out, char *err,
                                 size_t errSize) {
  for (size_t i = 0; i < count; ++i) {
    const char *argument = arguments[i];
    size_t n = namePrefix(argument);
    out[i].file = n ? argument + n + 1 : argument;
    if (!n) {
      /* The stem: the file name up to its last '.'. */
      const char *base = baseName(argument);
      const char *dot = strrchr(base, '.');
      n = dot && dot > base ? (size_t)(dot - base) : strlen(base);
      argument = base;
    }
    if (!*out[i].file || !n || n >= SOLAR_MEASURED_NAME_SIZE) {
      snprintf(err, errSize,
               "--measured %s: expected [NAME=]FILE with a file and a name "
               "of 1 to %d characters",
               arguments[i], SOLAR_MEASURED_NAME_SIZE - 1);
      return false;
    }
    snprintf(out[i].name, sizeof(out[i].name), "%.*s", (int)n, argument);
    for (size_t k = 0; k < i; ++k)
      if (!strcmp(out[k].name, out[i].name)) {
        snprintf(err, errSize,
                 "--measured %s: the name '%s' is given twice (name them: "
                 "--measured NAME=FILE)",
                 arguments[i], out[i].name);
        return false;
      }
  }
  return true;
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
  if (!validSeconds(out->medianSeconds)) {
    snprintf(err, errSize, "%s: \"%s\": %g is not a time in (0, 1e6] s",
             file, best, out->medianSeconds);
    return false;
  }
  snprintf(out->statistic, sizeof(out->statistic), "given");
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
  snprintf(out->statistic, sizeof(out->statistic), "mean");
  json_t *trials = json_object_get(entry, "num_trials");
  out->runs = json_is_integer(trials) && json_integer_value(trials) > 0
                  ? (long)json_integer_value(trials)
                  : 0;
  out->minSeconds = json_is_number(minimum)
                        ? json_number_value(minimum) * 1e-3
                        : out->medianSeconds;
  if (!validSeconds(out->medianSeconds) || !validSeconds(out->minSeconds) ||
      out->minSeconds > out->medianSeconds) {
    snprintf(err, errSize,
             "%s: %s/%s: mean %g ms, min %g ms are not times in (0, 1e9] ms "
             "with min <= mean",
             file, level, name, out->medianSeconds * 1e3,
             out->minSeconds * 1e3);
    return false;
  }
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
  /* Checked before opening: a FIFO or a device would block or never end. */
  struct stat info;
  if (stat(file, &info) != 0 || !S_ISREG(info.st_mode) ||
      info.st_size > kMeasuredMaxBytes) {
    snprintf(err, errSize, "--measured %s: %s", file,
             stat(file, &info) != 0 ? "cannot read it"
             : !S_ISREG(info.st_mode)
                 ? "not a regular file"
                 : "larger than 16 MiB: not a timings file");
    return false;
  }
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
