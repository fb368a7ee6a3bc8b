/* solar: the end-to-end command line (translate, import, analyze, compare,
 * provision, calibrate, ...). solar-opt is the pass driver; this tool
 * strings frontends, verification and the SOL passes together. */
#include "cli_exit.h"
#include "cli_secrets.h"
#include "cli_interrupt.h"
#include "commands.h"

#include <stdio.h>
#include <string.h>

static void printUsage(FILE *out) {
  fprintf(out, "USAGE: solar <command> [options]\n\nCOMMANDS:\n");
  for (size_t i = 0; i < solarCommandCount(); ++i) {
    const SolarCommand *command = solarCommandAt(i);
    fprintf(out, "  %-12s %s\n", command->name, command->summary);
  }
  fprintf(out, "\n'solar <command> --help' describes one command.\n");
}

int main(int argc, char **argv) {
  /* Before anything can start a child: no program solar runs inherits an
   * API key (cli_secrets.h). */
  solarSecretsAdopt();
  if (argc < 2 || !strcmp(argv[1], "help") || !strcmp(argv[1], "--help") ||
      !strcmp(argv[1], "-h")) {
    printUsage(argc < 2 ? stderr : stdout);
    return argc < 2 ? SOLAR_EXIT_USAGE : SOLAR_EXIT_OK;
  }
  if (!strcmp(argv[1], "--version") || !strcmp(argv[1], "version")) {
    printf("solar %s (MLIR 22)\n", SOLAR_VERSION);
    return SOLAR_EXIT_OK;
  }
  const SolarCommand *command = solarCommandLookup(argv[1]);
  if (!command) {
    fprintf(stderr, "solar: error: unknown command '%s' (see 'solar help')\n",
            argv[1]);
    return SOLAR_EXIT_USAGE;
  }
  solarInterruptInstall();
  return command->run(argc - 1, argv + 1);
}
