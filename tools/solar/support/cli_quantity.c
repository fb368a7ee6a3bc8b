/* Reading and printing latencies, rates and SI-prefixed quantities
 * (cli_quantity.h). */
#include "cli_quantity.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  const char *suffix;
  double scale;
} Unit;

/* Unit names compare exactly except where listed twice (kHz and khz are
 * both common; ms and MS are not the same thing). */
static bool parseWithUnits(const char *text, const Unit *units, size_t count,
                           double *out) {
  if (!text)
    return false;
  char *end = NULL;
  double value = strtod(text, &end);
  if (end == text || !isfinite(value))
    return false;
  while (*end == ' ')
    end++;
  for (size_t i = 0; i < count; ++i) {
    if (strcmp(end, units[i].suffix) == 0) {
      *out = value * units[i].scale;
      return true;
    }
  }
  return false;
}

bool solarQuantityParseSeconds(const char *text, double *seconds) {
  static const Unit units[] = {
      {"s", 1},       {"sec", 1},     {"ms", 1e-3}, {"us", 1e-6},
      {"\xc2\xb5s", 1e-6}, {"ns", 1e-9},
  };
  return parseWithUnits(text, units, sizeof(units) / sizeof(units[0]),
                        seconds);
}

bool solarQuantityParseHertz(const char *text, double *hertz) {
  static const Unit units[] = {
      {"Hz", 1},   {"hz", 1},   {"/s", 1},   {"kHz", 1e3},
      {"khz", 1e3}, {"MHz", 1e6}, {"GHz", 1e9},
  };
  return parseWithUnits(text, units, sizeof(units) / sizeof(units[0]), hertz);
}

char *solarQuantityFormat(double value, const char *unit, char *buf,
                          size_t size) {
  return solarQuantityFormatDigits(value, unit, 6, buf, size);
}

char *solarQuantityFormatDigits(double value, const char *unit, int digits,
                                char *buf, size_t size) {
  static const struct {
    double scale;
    const char *prefix;
  } prefixes[] = {{1e18, "E"}, {1e15, "P"}, {1e12, "T"}, {1e9, "G"},
                  {1e6, "M"},  {1e3, "k"},  {1, ""},     {1e-3, "m"},
                  {1e-6, "u"}, {1e-9, "n"}, {1e-12, "p"}};
  size_t count = sizeof(prefixes) / sizeof(prefixes[0]);
  if (value == 0 || !isfinite(value)) {
    snprintf(buf, size, "%g %s", value, unit);
    return buf;
  }
  size_t chosen = count - 1;
  /* A hair below the boundary still takes the larger prefix, so 1e-6
   * computed as 1e-3 * 1e-3 prints "1 us", not "1000 ns". */
  for (size_t i = 0; i < count; ++i) {
    if (fabs(value) >= prefixes[i].scale * (1 - 1e-12)) {
      chosen = i;
      break;
    }
  }
  snprintf(buf, size, "%.*g %s%s", digits, value / prefixes[chosen].scale,
           prefixes[chosen].prefix, unit);
  return buf;
}

char *solarQuantityFormatBytes(double bytes, char *buf, size_t size) {
  static const char *const prefixes[] = {"B", "KiB", "MiB", "GiB", "TiB",
                                         "PiB", "EiB"};
  size_t i = 0;
  double value = bytes;
  while (fabs(value) >= 1024 && i + 1 < sizeof(prefixes) / sizeof(prefixes[0])) {
    value /= 1024;
    i++;
  }
  if (!isfinite(bytes))
    snprintf(buf, size, "unlimited");
  else
    snprintf(buf, size, "%.6g %s", value, prefixes[i]);
  return buf;
}
