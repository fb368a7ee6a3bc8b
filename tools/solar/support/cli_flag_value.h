/* Typed values of command-line flags, with ranges: every numeric flag of
 * every `solar` command is read here, so "nan", "inf", "1e999",
 * "2147483648", "-0" or a trailing "x" are refused the same way
 * everywhere. A refused value is a usage error (exit 2) printed as
 * "solar COMMAND: error: --FLAG must be ... in [MIN, MAX], got 'TEXT'". */
#ifndef SOLAR_CLI_FLAG_VALUE_H
#define SOLAR_CLI_FLAG_VALUE_H

#include <stdbool.h>

/* A whole number in [min, max] (decimal, no sign for min >= 0). */
bool solarCliFlagInt(const char *command, const char *flag, const char *text,
                     long long min, long long max, long long *out);

/* A finite number in [min, max]; with minExclusive, in (min, max]. */
bool solarCliFlagDouble(const char *command, const char *flag,
                        const char *text, double min, bool minExclusive,
                        double max, double *out);

/* A duration: seconds as a plain number ("30") or with a unit ("2ms",
 * "0.5 s"), finite, in [min, max] seconds, or exactly 0 with zeroAllowed
 * (whatever 0 means for the flag). */
bool solarCliFlagSeconds(const char *command, const char *flag,
                         const char *text, double min, double max,
                         bool zeroAllowed, double *out);

/* A size in bytes: a whole number with an optional binary (KiB, MiB, GiB)
 * or decimal (KB, MB, GB) suffix, in [min, max]. */
bool solarCliFlagBytes(const char *command, const char *flag,
                       const char *text, long long min, long long max,
                       long long *out);

#endif
