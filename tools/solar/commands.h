/* Subcommands of the `solar` end-to-end CLI. Each lives in its own
 * cmd_<name>.c and is listed in commands.c. A command gets argv with
 * argv[0] = its own name and returns the process exit code, one of the
 * shared SOLAR_EXIT_* (support/cli_exit.h). */
#ifndef SOLAR_CLI_COMMANDS_H
#define SOLAR_CLI_COMMANDS_H

#include <stddef.h>

typedef struct {
  const char *name;
  const char *summary; /* one line for `solar help` */
  int (*run)(int argc, char **argv);
} SolarCommand;

size_t solarCommandCount(void);
const SolarCommand *solarCommandAt(size_t index);
const SolarCommand *solarCommandLookup(const char *name);

#endif
