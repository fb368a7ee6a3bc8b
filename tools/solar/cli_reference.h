/* Running the framework reference (tools/solar_reference.py) as a
 * subprocess: it writes the inputs, parameters, outputs and manifest.json
 * that `solar translate` verifies against. */
#ifndef SOLAR_CLI_REFERENCE_H
#define SOLAR_CLI_REFERENCE_H

#include <stdbool.h>
#include <stddef.h>

typedef struct {
  const char *program;   /* the model file */
  const char *framework; /* "torch" or "jax" */
  const char *outputDir;
  const char *function;  /* recorded in the manifest */
  const char *device;    /* NULL: the runner's default */
  int runs;
  const char *const *overrides; /* "K=V"; NULL-terminated, may be NULL */
  bool quiet;            /* drop the runner's summary line */
} SolarReferenceRun;

/* Runs `$SOLAR_PYTHON (default python3) tools/solar_reference.py ...`.
 * The runner's errors reach stderr as it prints them; its summary line goes
 * to stderr too (or nowhere when quiet), keeping stdout for the module. */
bool solarReferenceRun(const SolarReferenceRun *run, char *err,
                       size_t errSize);

#endif
