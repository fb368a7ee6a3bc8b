/* The verification limits of the commands (cli_verify_limits.h); the
 * values are parsed by the one parser solar-verify uses. */
#include "cli_verify_limits.h"

#include "solar/verify/verify_sandbox.h"

#include <stdio.h>

bool solarCliVerifyLimitsCheck(const char *command,
                               const SolarCliVerifyLimits *limits) {
  double value;
  if (limits->timeout && !solarVerifyParseSeconds(limits->timeout, &value)) {
    fprintf(stderr, "solar %s: error: --verify-timeout needs CPU seconds in "
                    "(0, 1e6], got '%s'\n",
            command, limits->timeout);
    return false;
  }
  if (limits->memory && !solarVerifyParseBytes(limits->memory, &value)) {
    fprintf(stderr, "solar %s: error: --verify-memory needs a size such as "
                    "512MiB or 4GiB, got '%s'\n",
            command, limits->memory);
    return false;
  }
  return true;
}

void solarCliVerifyLimitsApply(const SolarCliVerifyLimits *limits,
                               SolarOptions *verifyOptions) {
  if (limits->timeout)
    solarOptionsSet(verifyOptions, "timeout", limits->timeout);
  if (limits->memory)
    solarOptionsSet(verifyOptions, "memory", limits->memory);
}
