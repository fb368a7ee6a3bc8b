/* --verify-timeout S and --verify-memory SIZE: the limits of the child
 * process that runs the IR being verified (lib/verify/verify_sandbox.c),
 * for every command that verifies (analyze, import, translate, bench). */
#ifndef SOLAR_CLI_VERIFY_LIMITS_H
#define SOLAR_CLI_VERIFY_LIMITS_H

#include "solar/support/options.h"

#include <stdbool.h>

typedef struct {
  const char *timeout; /* CPU seconds; NULL: solar-verify's default */
  const char *memory;  /* "512MiB", "4GiB"; NULL: sized from the buffers */
} SolarCliVerifyLimits;

/* False after printing "solar COMMAND: error: ..." when a value does not
 * parse (checked before anything runs). */
bool solarCliVerifyLimitsCheck(const char *command,
                               const SolarCliVerifyLimits *limits);

/* Sets solar-verify's timeout= and memory= options from the flags given. */
void solarCliVerifyLimitsApply(const SolarCliVerifyLimits *limits,
                               SolarOptions *verifyOptions);

#endif
