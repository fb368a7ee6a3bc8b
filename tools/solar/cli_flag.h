/* Command-line flags of the solar subcommands: `--name VALUE` and
 * `--name=VALUE` both work. */
#ifndef SOLAR_CLI_FLAG_H
#define SOLAR_CLI_FLAG_H

#include <stdbool.h>

typedef enum {
  SOLAR_FLAG_NO_MATCH, /* argv[*i] is another flag */
  SOLAR_FLAG_VALUE,    /* matched; *value set, *i advanced past it */
  SOLAR_FLAG_MISSING,  /* matched but no value follows (message printed) */
} SolarFlagMatch;

/* Matches argv[*i] against `--name`. */
SolarFlagMatch solarCliFlagValue(const char *command, int argc, char **argv,
                                 int *i, const char *name, const char **value);

#endif
