/* Nonsense output is a finding like a crash: print it and stop. */
#include "fuzz_sol_chain.h"

#include <stdio.h>
#include <stdlib.h>

void solarFuzzNonsense(const char *funcName, const char *rule,
                       const char *sol) {
  fprintf(stderr, "solar-fuzz: NONSENSE in @%s: %s: %.2000s\n", funcName, rule,
          sol);
  fflush(stderr);
#ifdef SOLAR_LIBFUZZER
  abort();
#else
  _Exit(kSolarFuzzNonsenseExit);
#endif
}
