/* Output files of the solar commands: never one of the inputs, never left
 * half-written. An output is checked against every input (and every other
 * output) by device and inode before anything runs; it is written to a
 * temporary file beside it and renamed over it only when complete (a
 * signal removes the temporary file, cli_interrupt.h). */
#ifndef SOLAR_CLI_OUTPUT_H
#define SOLAR_CLI_OUTPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* One output or input path of a command: `what` names it in messages
 * ("-o", "--plot", "the model"); a NULL path or "-" is skipped. */
typedef struct {
  const char *what;
  const char *path;
} SolarCliPath;

/* False after printing "solar COMMAND: error: ..." when an output names
 * the same file as an input or as another output (also through links and
 * other spellings of the path). Outputs that do not exist yet pass. */
bool solarCliCheckOutputs(const char *command, const SolarCliPath *outputs,
                          size_t outputCount, const SolarCliPath *inputs,
                          size_t inputCount);

typedef struct {
  FILE *file;           /* write here */
  char path[4096];      /* the final name */
  char temporary[4200]; /* where the bytes go until committed */
} SolarOutputFile;

/* Opens a temporary file in the directory of `path`. False with errno set. */
bool solarOutputOpen(const char *path, SolarOutputFile *out);

/* Closes it and renames it to its final name; false (and the temporary
 * file removed) when a write or the rename failed, errno set. */
bool solarOutputCommit(SolarOutputFile *out);

/* Closes and removes the temporary file: the output is not written. */
void solarOutputAbandon(SolarOutputFile *out);

/* json_dumpf(root, flags) into `path` through a temporary file. */
struct json_t;
bool solarOutputWriteJson(const char *path, const struct json_t *root,
                          size_t flags);

#endif
