/* Whole-file writes and work-directory removal, shared by the
 * solar subcommands. */
#ifndef SOLAR_CLI_FILES_H
#define SOLAR_CLI_FILES_H

#include "solar/support/files.h" /* solarReadFile, solarPathJoin */

#include <stdbool.h>
#include <stddef.h>

/* Writes `text` to `path` ("-" or NULL: stdout), through a temporary file
 * renamed over it when complete (cli_output.h). False with errno set. */
bool solarWriteText(const char *path, const char *text);

/* mkdir -p: creates `path` and any missing parents. False with errno set. */
bool solarMakeDirs(const char *path);

/* Removes `path` and everything under it (a work directory); missing is
 * fine. Symbolic links are removed, never followed. */
void solarRemoveTree(const char *path);

/* solarMakeTempDir, and the directory is removed if a signal ends solar
 * (cli_interrupt.h) before solarRemoveTree removes it. */
bool solarCliMakeTempDir(const char *prefix, char *buf, size_t size);

#endif
