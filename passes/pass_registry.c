/* The list of solar passes. Add a pass here after defining its descriptor in
 * passes/<name>.c and declaring it in include/solar/passes/passes.h. */
#include "solar/passes/passes.h"

#include <string.h>

static const SolarPassInfo *const allPasses[] = {
    &solarAnnotateNoopPass,
    &solarFusionGroupsPass,
    &solarCacheTrafficPass,
    &solarBindShapesPass,
    &solarSolPass,
    &solarReportPass,
    &solarArchInfoPass,
    &solarEinsumGraphPass,
    &solarDumpEinsumGraphPass,
    &solarVerifyPass,
    &solarLowerToAffinePass,
};

size_t solarPassCount(void) {
  return sizeof(allPasses) / sizeof(allPasses[0]);
}

const SolarPassInfo *solarPassAt(size_t index) {
  return index < solarPassCount() ? allPasses[index] : NULL;
}

const SolarPassInfo *solarPassLookup(const char *argument) {
  for (size_t i = 0; i < solarPassCount(); ++i)
    if (strcmp(allPasses[i]->argument, argument) == 0)
      return allPasses[i];
  return NULL;
}
