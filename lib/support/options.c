/* Pass options: the ordered key=value list, its parser and typed reads
 * (solar/support/options.h). */
#include "solar/support/options.h"
#include "solar/support/grow.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *duplicateRange(const char *begin, size_t length) {
  char *copy = malloc(length + 1);
  if (!copy)
    abort();
  memcpy(copy, begin, length);
  copy[length] = '\0';
  return copy;
}

void solarOptionsInit(SolarOptions *opts) { memset(opts, 0, sizeof(*opts)); }

void solarOptionsDestroy(SolarOptions *opts) {
  for (size_t i = 0; i < opts->count; ++i) {
    free(opts->keys[i]);
    free(opts->values[i]);
  }
  free(opts->keys);
  free(opts->values);
  solarOptionsInit(opts);
}

void solarOptionsSet(SolarOptions *opts, const char *key, const char *value) {
  /* keys and values grow together. */
  size_t capacity = opts->capacity;
  opts->keys = solarGrow(opts->keys, &capacity, opts->count, sizeof(char *));
  opts->values =
      solarGrow(opts->values, &opts->capacity, opts->count, sizeof(char *));
  opts->keys[opts->count] = duplicateRange(key, strlen(key));
  opts->values[opts->count] = duplicateRange(value, strlen(value));
  opts->count++;
}

void solarOptionsAppend(SolarOptions *dst, const SolarOptions *src) {
  for (size_t i = 0; i < src->count; ++i)
    solarOptionsSet(dst, src->keys[i], src->values[i]);
}

void solarOptionsCopy(SolarOptions *dst, const SolarOptions *src) {
  solarOptionsInit(dst);
  solarOptionsAppend(dst, src);
}

const char *solarOptionsGet(const SolarOptions *opts, const char *key) {
  for (size_t i = opts->count; i > 0; --i)
    if (strcmp(opts->keys[i - 1], key) == 0)
      return opts->values[i - 1];
  return NULL;
}

bool solarOptionsGetBool(const SolarOptions *opts, const char *key,
                         bool fallback) {
  const char *value = solarOptionsGet(opts, key);
  if (!value)
    return fallback;
  if (!*value || !strcmp(value, "true") || !strcmp(value, "1"))
    return true;
  return false;
}

/* Length of a value starting at p: up to the next unquoted, unbraced space. */
static bool scanValue(const char *p, size_t *length, char *err,
                      size_t errSize) {
  const char *start = p;
  int braceDepth = 0;
  while (*p && (braceDepth > 0 || !isspace((unsigned char)*p))) {
    if (*p == '\'' || *p == '"') {
      const char *close = strchr(p + 1, *p);
      if (!close) {
        snprintf(err, errSize, "unterminated quote in option value '%s'",
                 start);
        return false;
      }
      p = close + 1;
      continue;
    }
    if (*p == '{')
      braceDepth++;
    else if (*p == '}' && --braceDepth < 0)
      break;
    p++;
  }
  if (braceDepth > 0) {
    snprintf(err, errSize, "unbalanced '{' in option value '%s'", start);
    return false;
  }
  *length = (size_t)(p - start);
  return true;
}

bool solarOptionsParse(SolarOptions *opts, const char *text, char *err,
                       size_t errSize) {
  const char *p = text;
  while (*p) {
    while (isspace((unsigned char)*p))
      p++;
    if (!*p)
      break;
    const char *keyStart = p;
    while (*p && *p != '=' && !isspace((unsigned char)*p))
      p++;
    size_t keyLength = (size_t)(p - keyStart);
    if (keyLength == 0) {
      snprintf(err, errSize, "expected an option name before '%s'", p);
      return false;
    }
    char *key = duplicateRange(keyStart, keyLength);
    if (*p != '=') {
      solarOptionsSet(opts, key, "");
      free(key);
      continue;
    }
    p++;
    size_t valueLength = 0;
    if (!scanValue(p, &valueLength, err, errSize)) {
      free(key);
      return false;
    }
    /* Quotes around a whole value only group it; they are not part of it. */
    const char *valueStart = p;
    size_t innerLength = valueLength;
    if (valueLength >= 2 && (p[0] == '\'' || p[0] == '"') &&
        p[valueLength - 1] == p[0]) {
      valueStart++;
      innerLength -= 2;
    }
    char *value = duplicateRange(valueStart, innerLength);
    solarOptionsSet(opts, key, value);
    free(key);
    free(value);
    p += valueLength;
  }
  return true;
}
