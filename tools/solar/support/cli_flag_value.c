/* Typed flag values with ranges (cli_flag_value.h): strtoll/strtod with
 * every way they accept more than a plain number closed. */
#include "cli_flag_value.h"
#include "cli_quantity.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool refuse(const char *command, const char *flag, const char *what,
                   const char *range, const char *text) {
  fprintf(stderr, "solar %s: error: %s must be %s %s, got '%s'\n", command,
          flag, what, range, text);
  return false;
}

/* strtod accepts "nan", "inf", hex floats and leading blanks: only a
 * plain decimal number goes on. */
static bool plainNumberStart(const char *text) {
  const char *p = text;
  if (*p == '+' || *p == '-')
    p++;
  return isdigit((unsigned char)*p) ||
         (*p == '.' && isdigit((unsigned char)p[1]));
}

bool solarCliFlagInt(const char *command, const char *flag, const char *text,
                     long long min, long long max, long long *out) {
  char range[96];
  snprintf(range, sizeof(range), "in [%lld, %lld]", min, max);
  const char *p = text;
  if (*p == '-' && min < 0)
    p++;
  bool digits = *p != '\0';
  for (; *p; ++p)
    digits &= isdigit((unsigned char)*p) != 0;
  if (!digits)
    return refuse(command, flag, "a whole number", range, text);
  errno = 0;
  long long value = strtoll(text, NULL, 10);
  if (errno == ERANGE || value < min || value > max)
    return refuse(command, flag, "a whole number", range, text);
  *out = value;
  return true;
}

/* A plain decimal number, or with timeUnit also one with a time unit
 * ("2ms", converted to seconds); NAN for anything else, overflow and
 * underflow included. */
static double readNumber(const char *text, bool timeUnit) {
  if (!plainNumberStart(text))
    return NAN;
  char *end = NULL;
  errno = 0;
  double value = strtod(text, &end);
  if (errno == ERANGE)
    return NAN;
  if (*end && !(timeUnit && solarQuantityParseSeconds(text, &value)))
    return NAN;
  return value;
}

bool solarCliFlagDouble(const char *command, const char *flag,
                        const char *text, double min, bool minExclusive,
                        double max, double *out) {
  char range[96];
  snprintf(range, sizeof(range), "%s%g, %g]", minExclusive ? "in (" : "in [",
           min, max);
  double value = readNumber(text, false);
  if (!isfinite(value) || (minExclusive ? value <= min : value < min) ||
      value > max)
    return refuse(command, flag, "a finite number", range, text);
  *out = value;
  return true;
}

bool solarCliFlagSeconds(const char *command, const char *flag,
                         const char *text, double min, double max,
                         bool zeroAllowed, double *out) {
  char range[96];
  snprintf(range, sizeof(range), "in [%g s, %g s]%s", min, max,
           zeroAllowed ? " or 0" : "");
  double value = readNumber(text, true);
  bool zero = zeroAllowed && value == 0;
  if (!isfinite(value) || (!zero && (value < min || value > max)))
    return refuse(command, flag, "a duration", range, text);
  *out = value;
  return true;
}

bool solarCliFlagBytes(const char *command, const char *flag,
                       const char *text, long long min, long long max,
                       long long *out) {
  static const struct {
    const char *suffix;
    long long scale;
  } units[] = {{"", 1},           {"B", 1},
               {"KiB", 1LL << 10}, {"MiB", 1LL << 20}, {"GiB", 1LL << 30},
               {"KB", 1000},       {"MB", 1000000},   {"GB", 1000000000}};
  char range[96];
  snprintf(range, sizeof(range), "in [%lld, %lld] bytes", min, max);
  const char *p = text;
  while (isdigit((unsigned char)*p))
    p++;
  if (p == text)
    return refuse(command, flag, "a size", range, text);
  errno = 0;
  long long value = strtoll(text, NULL, 10);
  for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); ++i) {
    if (strcmp(p, units[i].suffix))
      continue;
    if (errno == ERANGE || value > max / units[i].scale ||
        value * units[i].scale < min)
      break;
    *out = value * units[i].scale;
    return true;
  }
  return refuse(command, flag, "a size", range, text);
}
