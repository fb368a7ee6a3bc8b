/* unit-options: parses each argument as a pass-option string and prints the
 * resulting key/value list, or the parse error (exit 1). */
#include "solar/support/options.h"

#include <stdio.h>

int main(int argc, char **argv) {
  int status = 0;
  for (int i = 1; i < argc; ++i) {
    SolarOptions options;
    solarOptionsInit(&options);
    char err[256] = "";
    if (!solarOptionsParse(&options, argv[i], err, sizeof(err))) {
      printf("error: %s\n", err);
      status = 1;
    } else {
      printf("%zu option(s)\n", options.count);
      for (size_t k = 0; k < options.count; ++k)
        printf("  [%s] = [%s]\n", options.keys[k], options.values[k]);
      const char *last = solarOptionsGet(&options, "arch");
      printf("  arch -> %s, strict -> %s\n", last ? last : "(none)",
             solarOptionsGetBool(&options, "strict", false) ? "true" : "false");
    }
    solarOptionsDestroy(&options);
  }
  return status;
}
