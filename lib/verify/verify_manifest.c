/* Reading the reference runner's manifest.json
 * (solar/verify/verify_manifest.h). */
#include "solar/verify/verify_manifest.h"
#include "solar/support/names.h"

#include "solar/support/input_file.h"

#include <jansson.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Version of the manifest schema that this reader understands; the writer is
 * tools/python/solar_ref/manifest.py. */
enum { kManifestVersion = 1 };

/* Limits on what a manifest may hold, each reported with its number: a
 * function with more arguments than this is not something solar-verify can
 * call (the ExecutionEngine packs each into one pointer array), a tensor has
 * at most numpy's 64 dimensions, and a manifest written by
 * solar_ref/manifest.py is a few kilobytes. */
enum { kManifestMaxArguments = 100000, kManifestMaxRank = 64 };
static const uint64_t kManifestMaxBytes = (uint64_t)64 << 20;

const char *solarArgRoleName(SolarArgRole role) {
  static const char *const names[] = {[SolarArgRoleInput] = "input",
                                      [SolarArgRoleParameter] = "parameter",
                                      [SolarArgRoleOutput] = "output"};
  return SOLAR_NAME_OF(names, role, "?");
}

void solarManifestDestroy(SolarManifest *manifest) {
  for (size_t i = 0; i < manifest->argCount; ++i) {
    free(manifest->args[i].name);
    free(manifest->args[i].file);
    free(manifest->args[i].shape);
  }
  free(manifest->args);
  free(manifest->path);
  free(manifest->framework);
  free(manifest->frameworkVersion);
  free(manifest->function);
  memset(manifest, 0, sizeof(*manifest));
}

/* `file` entries are relative to the manifest, so a reference directory can
 * be moved as a whole. */
static char *resolveAgainstManifest(const char *manifestPath,
                                    const char *file) {
  if (file[0] == '/')
    return strdup(file);
  const char *slash = strrchr(manifestPath, '/');
  if (!slash)
    return strdup(file);
  size_t dirLength = (size_t)(slash - manifestPath) + 1;
  char *resolved = malloc(dirLength + strlen(file) + 1);
  if (!resolved)
    abort();
  memcpy(resolved, manifestPath, dirLength);
  strcpy(resolved + dirLength, file);
  return resolved;
}

static bool parseRole(const char *text, SolarArgRole *role) {
  static const SolarArgRole roles[] = {SolarArgRoleInput, SolarArgRoleParameter,
                                       SolarArgRoleOutput};
  for (size_t i = 0; i < 3; ++i)
    if (strcmp(text, solarArgRoleName(roles[i])) == 0) {
      *role = roles[i];
      return true;
    }
  return false;
}

static bool parseArgument(const char *path, size_t index, json_t *entry,
                          SolarManifestArg *arg, char *err, size_t errSize) {
  if (!json_is_object(entry)) {
    snprintf(err, errSize, "%s: arguments[%zu] must be an object", path,
             index);
    return false;
  }
  json_t *name = json_object_get(entry, "name");
  if (!json_is_string(name)) {
    snprintf(err, errSize, "%s: arguments[%zu]: 'name' must be a string",
             path, index);
    return false;
  }
  const char *argName = json_string_value(name);
  const char *fields[] = {"role", "file", "dtype"};
  for (size_t f = 0; f < 3; ++f) {
    if (!json_is_string(json_object_get(entry, fields[f]))) {
      snprintf(err, errSize,
               "%s: arguments[%zu] ('%s'): '%s' must be a string", path, index,
               argName, fields[f]);
      return false;
    }
  }
  const char *role = json_string_value(json_object_get(entry, "role"));
  const char *dtype = json_string_value(json_object_get(entry, "dtype"));
  SolarArgRole parsedRole;
  if (!parseRole(role, &parsedRole)) {
    snprintf(err, errSize,
             "%s: arguments[%zu] ('%s'): 'role' is '%s', expected input, "
             "parameter or output",
             path, index, argName, role);
    return false;
  }
  SolarDtype parsedDType = solarVerifyDtypeFromName(dtype);
  if (parsedDType == SOLAR_DTYPE_INVALID) {
    snprintf(err, errSize,
             "%s: arguments[%zu] ('%s'): unsupported 'dtype' '%s' (supported: "
             "f64 f32 f16 bf16 i64 i32 i8 i1)",
             path, index, argName, dtype);
    return false;
  }
  json_t *shape = json_object_get(entry, "shape");
  if (!json_is_array(shape)) {
    snprintf(err, errSize,
             "%s: arguments[%zu] ('%s'): 'shape' must be a list of integers",
             path, index, argName);
    return false;
  }
  size_t rank = json_array_size(shape);
  if (rank > kManifestMaxRank) {
    snprintf(err, errSize,
             "%s: arguments[%zu] ('%s'): 'shape' has %zu dimensions, more "
             "than the limit of %d",
             path, index, argName, rank, kManifestMaxRank);
    return false;
  }
  int64_t *dims = calloc(rank ? rank : 1, sizeof(int64_t));
  if (!dims)
    abort();
  for (size_t d = 0; d < rank; ++d) {
    json_t *dim = json_array_get(shape, d);
    if (!json_is_integer(dim) || json_integer_value(dim) < 0) {
      snprintf(err, errSize,
               "%s: arguments[%zu] ('%s'): shape[%zu] must be a non-negative "
               "integer",
               path, index, argName, d);
      free(dims);
      return false;
    }
    dims[d] = json_integer_value(dim);
  }
  arg->name = strdup(argName);
  arg->role = parsedRole;
  arg->file =
      resolveAgainstManifest(path, json_string_value(json_object_get(entry, "file")));
  arg->rank = (int64_t)rank;
  arg->shape = dims;
  arg->dtype = parsedDType;
  return true;
}

static int compareArgNames(const void *a, const void *b) {
  const SolarManifestArg *const *x = a, *const *y = b;
  int byName = strcmp((*x)->name, (*y)->name);
  /* Ties by position, so the error names the second use. */
  return byName ? byName : ((*x) > (*y)) - ((*x) < (*y));
}

/* Sorting, not comparing every pair: a manifest may list many thousands of
 * arguments. */
static bool checkUniqueNames(const char *path, const SolarManifest *manifest,
                             char *err, size_t errSize) {
  size_t count = manifest->argCount;
  const SolarManifestArg **sorted =
      malloc((count ? count : 1) * sizeof(*sorted));
  if (!sorted)
    abort();
  for (size_t i = 0; i < count; ++i)
    sorted[i] = &manifest->args[i];
  qsort(sorted, count, sizeof(*sorted), compareArgNames);
  /* Of all repeated names, report the one whose second use comes first. */
  size_t firstRepeat = count;
  for (size_t i = 1; i < count; ++i)
    if (strcmp(sorted[i - 1]->name, sorted[i]->name) == 0) {
      size_t index = (size_t)(sorted[i] - manifest->args);
      if (index < firstRepeat)
        firstRepeat = index;
    }
  free(sorted);
  if (firstRepeat == count)
    return true;
  snprintf(err, errSize, "%s: arguments[%zu]: name '%s' is used twice", path,
           firstRepeat, manifest->args[firstRepeat].name);
  return false;
}

bool solarManifestFp32Math(const void *fp32MathObject, char *option,
                           size_t optionSize, char *source,
                           size_t sourceSize) {
  json_t *math = (json_t *)fp32MathObject;
  json_t *classes = json_object_get(math, "classes");
  const char *names[] = {"conv", "matmul", "attention"};
  const char *modes[3];
  option[0] = source[0] = '\0';
  for (int c = 0; c < 3; ++c) {
    modes[c] = json_string_value(json_object_get(classes, names[c]));
    if (!modes[c] || (strcmp(modes[c], "ieee") && strcmp(modes[c], "tf32") &&
                      strcmp(modes[c], "bf16")))
      return false;
  }
  snprintf(option, optionSize, "conv=%s,matmul=%s,attention=%s", modes[0],
           modes[1], modes[2]);
  const char *framework = json_string_value(json_object_get(math, "source"));
  snprintf(source, sourceSize, "%s", framework ? framework : "framework");
  return true;
}

static char *optionalString(json_t *object, const char *key,
                            const char *fallback) {
  json_t *value = json_object_get(object, key);
  if (json_is_string(value))
    return strdup(json_string_value(value));
  return fallback ? strdup(fallback) : NULL;
}

static bool parseRoot(const char *path, json_t *root, SolarManifest *manifest,
                      char *err, size_t errSize) {
  if (!json_is_object(root)) {
    snprintf(err, errSize, "%s: the manifest must be a JSON object", path);
    return false;
  }
  json_t *version = json_object_get(root, "version");
  if (!json_is_integer(version) ||
      json_integer_value(version) != kManifestVersion) {
    snprintf(err, errSize,
             "%s: 'version' must be %d (the manifest schema this solar-opt "
             "reads)",
             path, kManifestVersion);
    return false;
  }
  json_t *framework = json_object_get(root, "framework");
  manifest->framework = json_is_object(framework)
                            ? optionalString(framework, "name", "unknown")
                            : strdup("unknown");
  manifest->frameworkVersion = json_is_object(framework)
                                   ? optionalString(framework, "version", "")
                                   : strdup("");
  /* Not needed to verify: recorded on solar.verified for the analysis of
   * the verified IR alone (docs/sol-model.md, "fp32 math policy"). */
  solarManifestFp32Math(json_object_get(root, "fp32_math"),
                        manifest->fp32Math, sizeof(manifest->fp32Math),
                        manifest->fp32MathSource,
                        sizeof(manifest->fp32MathSource));
  json_t *function = json_object_get(root, "function");
  if (function && !json_is_null(function) && !json_is_string(function)) {
    snprintf(err, errSize, "%s: 'function' must be a string", path);
    return false;
  }
  manifest->function = optionalString(root, "function", NULL);
  manifest->referenceMedianS = -1.0;
  json_t *timing = json_object_get(root, "timing");
  if (timing && !json_is_null(timing) && !json_is_object(timing)) {
    snprintf(err, errSize, "%s: 'timing' must be an object", path);
    return false;
  }
  json_t *median = json_is_object(timing) ? json_object_get(timing, "median_s")
                                          : NULL;
  if (median && !json_is_null(median)) {
    /* A measured time that is not a non-negative number is a broken
     * reference run, not a missing one: say so rather than drop it. */
    double value = json_is_number(median) ? json_number_value(median) : -1.0;
    if (!json_is_number(median) || !(value >= 0.0) || value > 1e9) {
      snprintf(err, errSize,
               "%s: 'timing.median_s' must be a number of seconds in [0, "
               "1e9]",
               path);
      return false;
    }
    manifest->referenceMedianS = value;
  }

  json_t *arguments = json_object_get(root, "arguments");
  if (!json_is_array(arguments)) {
    snprintf(err, errSize, "%s: 'arguments' must be a list", path);
    return false;
  }
  size_t count = json_array_size(arguments);
  if (count > kManifestMaxArguments) {
    snprintf(err, errSize,
             "%s: 'arguments' has %zu entries, more than the limit of %d",
             path, count, kManifestMaxArguments);
    return false;
  }
  manifest->args = calloc(count ? count : 1, sizeof(SolarManifestArg));
  if (!manifest->args)
    abort();
  for (size_t i = 0; i < count; ++i) {
    if (!parseArgument(path, i, json_array_get(arguments, i),
                       &manifest->args[i], err, errSize))
      return false;
    manifest->argCount = i + 1;
  }
  return checkUniqueNames(path, manifest, err, errSize);
}

bool solarManifestLoad(const char *path, SolarManifest *manifest, char *err,
                       size_t errSize) {
  memset(manifest, 0, sizeof(*manifest));
  char why[256];
  size_t length = 0;
  char *text =
      solarReadInputFile(path, kManifestMaxBytes, &length, why, sizeof(why));
  if (!text) {
    if (strncmp(why, "cannot open: ", 13) == 0)
      snprintf(err, errSize, "cannot open manifest %s: %s", path, why + 13);
    else
      snprintf(err, errSize, "manifest %s: %s", path, why);
    return false;
  }
  json_error_t jsonError;
  json_t *root = json_loadb(text, length, JSON_REJECT_DUPLICATES, &jsonError);
  free(text);
  if (!root) {
    if (jsonError.line > 0)
      snprintf(err, errSize, "%s:%d:%d: invalid JSON: %s", path,
               jsonError.line, jsonError.column, jsonError.text);
    else
      snprintf(err, errSize, "%s: %s", path, jsonError.text);
    return false;
  }
  manifest->path = strdup(path);
  bool ok = parseRoot(path, root, manifest, err, errSize);
  json_decref(root);
  if (!ok)
    solarManifestDestroy(manifest);
  return ok;
}
