/* The flag-table parser of the solar subcommands (cli_flag.h). */
#include "cli_flag.h"

#include "solar/arch/arch.h"

#include <stdio.h>
#include <string.h>

typedef enum {
  SOLAR_FLAG_NO_MATCH, /* argv[*i] is another flag */
  SOLAR_FLAG_VALUE,    /* matched; *value set, *i advanced past it */
  SOLAR_FLAG_MISSING,  /* matched but no value follows, or one too many
                        * (message printed) */
} SolarFlagMatch;

/* Matches argv[*i] against `--name`. */
static SolarFlagMatch matchLongValue(const char *command, int argc,
                                     char **argv, int *i, const char *name,
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

/* SOLAR_FLAG_VALUE when argv[*i] is one of `flags` (stored). */
static SolarFlagMatch matchFlag(const char *command, int argc, char **argv,
                                int *i, const SolarCliFlag *flags,
                                size_t count) {
  const char *arg = argv[*i];
  for (size_t k = 0; k < count; ++k) {
    const SolarCliFlag *flag = &flags[k];
    if (flag->name[0] == '-' && flag->value) {
      /* A short flag ("-o"), spelled out in the table: "-o VALUE" only. */
      if (strcmp(arg, flag->name))
        continue;
      if (*i + 1 >= argc || !*argv[*i + 1]) {
        fprintf(stderr, "solar %s: error: %s needs a value\n", command,
                flag->name);
        return SOLAR_FLAG_MISSING;
      }
      *flag->value = argv[++*i];
      return SOLAR_FLAG_VALUE;
    }
    if (flag->set) {
      if (!strncmp(arg, "--", 2) && !strcmp(arg + 2, flag->name)) {
        *flag->set = true;
        return SOLAR_FLAG_VALUE;
      }
      continue;
    }
    if (flag->values) {
      const char *value = NULL;
      SolarFlagMatch m =
          matchLongValue(command, argc, argv, i, flag->name, &value);
      if (m == SOLAR_FLAG_NO_MATCH)
        continue;
      if (m == SOLAR_FLAG_MISSING)
        return m;
      SolarCliValues *values = flag->values;
      if (values->count == SOLAR_CLI_MAX_VALUES) {
        fprintf(stderr, "solar %s: error: more than %d --%s\n", command,
                SOLAR_CLI_MAX_VALUES, flag->name);
        return SOLAR_FLAG_MISSING;
      }
      values->items[values->count++] = value;
      values->items[values->count] = NULL;
      return SOLAR_FLAG_VALUE;
    }
    SolarFlagMatch m =
        matchLongValue(command, argc, argv, i, flag->name, flag->value);
    if (m != SOLAR_FLAG_NO_MATCH)
      return m;
  }
  return SOLAR_FLAG_NO_MATCH;
}

int solarCliParseFlags(const char *command, int argc, char **argv,
                       const SolarCliFlag *flags, size_t count,
                       const char *noun, const char **positional,
                       void (*printHelp)(void)) {
  *positional = NULL;
  for (int i = 1; i < argc; ++i) {
    const char *arg = argv[i];
    if (!strcmp(arg, "--help") || !strcmp(arg, "-h")) {
      printHelp();
      return 1;
    }
    SolarFlagMatch m = matchFlag(command, argc, argv, &i, flags, count);
    if (m == SOLAR_FLAG_MISSING)
      return 3;
    if (m == SOLAR_FLAG_VALUE)
      continue;
    /* A lone "-" is a positional (stdin), as elsewhere. */
    if (arg[0] == '-' && arg[1]) {
      fprintf(stderr,
              "solar %s: error: unknown option '%s' (see 'solar %s --help')\n",
              command, arg, command);
      return 3;
    }
    if (*positional) {
      fprintf(stderr, "solar %s: error: more than one %s ('%s')\n", command,
              noun, arg);
      return 3;
    }
    *positional = arg;
  }
  return 0;
}

bool solarCliCheckDtype(const char *command, const char *dtype) {
  if (!dtype || solarDtypeFromName(dtype) != SOLAR_DTYPE_INVALID)
    return true;
  fprintf(stderr,
          "solar %s: error: unknown dtype '%s' (expected fp64, fp32, tf32, "
          "bf16, fp16, fp8, int8, ...)\n",
          command, dtype);
  return false;
}
