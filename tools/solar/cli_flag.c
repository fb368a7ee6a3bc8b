#include "cli_flag.h"

#include <stdio.h>
#include <string.h>

SolarFlagMatch solarCliFlagValue(const char *command, int argc, char **argv,
                                 int *i, const char *name,
                                 const char **value) {
  const char *arg = argv[*i];
  if (strncmp(arg, "--", 2) != 0)
    return SOLAR_FLAG_NO_MATCH;
  size_t length = strlen(name);
  if (strncmp(arg + 2, name, length) != 0)
    return SOLAR_FLAG_NO_MATCH;
  const char *rest = arg + 2 + length;
  if (*rest == '=') {
    *value = rest + 1;
  } else if (*rest == '\0' && *i + 1 < argc) {
    *value = argv[++*i];
  } else if (*rest == '\0') {
    fprintf(stderr, "solar %s: error: --%s needs a value\n", command, name);
    return SOLAR_FLAG_MISSING;
  } else {
    return SOLAR_FLAG_NO_MATCH;
  }
  if (!**value) {
    fprintf(stderr, "solar %s: error: --%s needs a value\n", command, name);
    return SOLAR_FLAG_MISSING;
  }
  return SOLAR_FLAG_VALUE;
}
