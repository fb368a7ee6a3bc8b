/* Running the framework reference (tools/solar_reference.py) as a
 * subprocess for `solar analyze`, and reading what it measured. */
#ifndef SOLAR_CLI_ANALYZE_REFERENCE_H
#define SOLAR_CLI_ANALYZE_REFERENCE_H

#include <stdbool.h>
#include <stddef.h>

typedef struct {
  const char *model;     /* the .py program */
  const char *framework; /* "torch" | "jax" */
  const char *device;    /* "cpu" | "cuda" | "auto" */
  const char *function;  /* IR function recorded in the manifest, or NULL */
  unsigned runs;         /* timed runs (>= 1) */
  unsigned threads;      /* >0: pin CPU threads (OMP/MKL/torch) to this */
  const char *outDir;    /* where the manifest and .npy files go */
} SolarReferenceRequest;

typedef struct {
  char manifest[4096];
  char framework[64];
  char frameworkVersion[64];
  char deviceType[32];
  char deviceName[160];
  long threads;    /* the runner's torch.get_num_threads(), -1 unknown */
  double medianSeconds;
  double minSeconds;
  long runs;
} SolarReferenceResult;

/* Runs the reference (stdout and stderr of the runner go to our stderr),
 * then reads its manifest. False with a message when it fails. */
bool solarAnalyzeReferenceRun(const SolarReferenceRequest *request,
                       SolarReferenceResult *out, char *err, size_t errSize);

/* Removes the flat directory the runner wrote (its files, then itself). */
void solarReferenceRemoveDir(const char *dir);

#endif
