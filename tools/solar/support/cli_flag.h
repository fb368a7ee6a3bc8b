/* Command-line flags of the solar subcommands: `--name VALUE` and
 * `--name=VALUE` both work. */
#ifndef SOLAR_CLI_FLAG_H
#define SOLAR_CLI_FLAG_H

#include <stdbool.h>
#include <stddef.h>

enum { SOLAR_CLI_MAX_VALUES = 32 };

/* The values of a flag that may be repeated (`--override A=1 --override
 * B=2`), in order, NULL-terminated. */
typedef struct {
  const char *items[SOLAR_CLI_MAX_VALUES + 1];
  int count;
} SolarCliValues;

/* One flag of a subcommand: `value` for `--name VALUE`, `set` for a
 * switch `--name`, `values` for a repeatable `--name VALUE`. The pointers
 * are the caller's; the parser only stores into them (values point into
 * argv). */
typedef struct {
  const char *name; /* without the leading "--"; or a short "-o", as is */
  const char **value;
  bool *set;
  SolarCliValues *values;
} SolarCliFlag;

/* Parses argv[1..argc) into `flags` and at most one positional argument
 * (*positional, NULL when absent; `noun` names it in messages: "model"). Returns 0 to go on, else the command's
 * exit status + 1: 1 after --help/-h (printHelp called; exit 0), 3 on bad
 * usage (exit 2). Unknown options, a second positional and a missing value
 * are reported as "solar COMMAND: error: ..." on stderr. */
int solarCliParseFlags(const char *command, int argc, char **argv,
                       const SolarCliFlag *flags, size_t count,
                       const char *noun, const char **positional,
                       void (*printHelp)(void));

/* NULL or a known dtype name; else reports and returns false. */
bool solarCliCheckDtype(const char *command, const char *dtype);

#endif
