/* Running the framework reference (tools/python/solar_reference.py) as a
 * subprocess, for `solar translate` and `solar analyze`: it writes the
 * inputs, parameters, outputs and manifest.json that solar-verify checks
 * against, and times the program. */
#ifndef SOLAR_CLI_REFERENCE_H
#define SOLAR_CLI_REFERENCE_H

#include "cli_train.h"

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

typedef struct {
  const char *model;     /* the .py program */
  const char *framework; /* "torch" | "jax" */
  const char *outDir;    /* where the manifest and .npy files go */
  const char *function;  /* IR function recorded in the manifest, or NULL */
  const char *device;    /* "cpu" | "cuda" | "auto"; NULL: the runner's default */
  unsigned runs;         /* timed runs (0 counts as 1) */
  int warmup;            /* untimed runs first; < 0: the runner's default */
  unsigned threads;      /* > 0: pin CPU threads (OMP/MKL/OpenBLAS) to this */
  const char *const *overrides; /* "K=V", NULL-terminated; may be NULL */
  bool quiet;            /* drop the runner's stdout (its summary line) */
  bool noData;           /* time only: no .npy files (--no-data) */
  /* Non-NULL: after timing, record a torch.profiler (JAX: jax.profiler)
   * trace of profileSteps steps here (--profile-trace,
   * tools/python/solar_ref/profile.py). */
  const char *profileTrace;
  unsigned profileSteps;
  bool profileCompile;   /* profile torch.compile(Model) (--profile-compile) */
  /* Non-NULL (JAX): write the map of the compiled program's XLA ops to
   * framework ops here (--kernel-ops), for a trace recorded elsewhere. */
  const char *kernelOps;
  double timeoutSeconds; /* the run and all it starts are killed; 0: none */
  SolarTrainStep train;  /* time one training step instead of forward() */
  /* Non-NULL (a torch training step): count the zeros of the step's
   * run-time masks into this file (--mask-zeros,
   * tools/python/solar_ref/mask_zeros.py). */
  const char *maskZeros;
} SolarReferenceRequest;

/* What the run measured, read back from its manifest. */
typedef struct {
  char manifest[4096];
  char framework[64];
  char frameworkVersion[64];
  char deviceType[32];
  char deviceName[160];
  long threads;    /* the runner's torch.get_num_threads(), -1 unknown */
  double medianSeconds; /* the central time, `statistic` says which */
  double minSeconds;
  long runs;            /* timed runs behind it; <= 0 unknown */
  /* What medianSeconds is: "median" (the runner's), "mean" (KernelBench's
   * baseline) or "given" (one number of a plain --measured file). */
  char statistic[8];
  /* Whether the times above are to be compared with the SOL: measured on
   * the device the arch describes (or --measure-here), or given with
   * --measured. False: the run only produced data to verify against. */
  bool timed;
  /* Where the times come from: "measured here (cpu, ...)", or
   * "--measured FILE (KernelBench baseline level1/1_x.py)". */
  char timingSource[1024];
  /* The times were measured on another machine (a --measured file, or a
   * device other than the arch's). */
  bool elsewhere;
  /* Whether the machine was quiet while the runner timed (the runner's
   * timing.conditions, tools/python/solar_ref/timing.py): 1 yes, 0 no (then
   * timingReasons says why: other processes busy, steal, spread), -1
   * unknown (a --measured file, a manifest without conditions). */
  int timingReliable;
  char timingReasons[512];
} SolarReferenceResult;

/* The default time limit of a reference or import run, in seconds
 * (analyze and import --timeout, translate --reference-timeout). */
#define SOLAR_REFERENCE_DEFAULT_TIMEOUT_S 900.0

/* Parses a time limit flag: seconds >= 0 (0: none), finite, at most 1e6.
 * False after printing "solar COMMAND: error: FLAG ...". */
bool solarReferenceParseTimeout(const char *command, const char *flag,
                                const char *text, double *seconds);

/* Runs `$SOLAR_PYTHON (default python3) tools/python/solar_reference.py ...`
 * as a process tree (cli_process_tree.h): whatever it starts ends with it.
 * The runner's errors reach stderr as it prints them; its stdout goes to
 * our stderr too (or nowhere when quiet), keeping stdout for what the
 * command itself prints. Then reads the manifest into `out`. False with a
 * message when the runner fails or its manifest is unreadable. */
bool solarReferenceRun(const SolarReferenceRequest *request,
                       SolarReferenceResult *out, char *err, size_t errSize);

/* The manifest's flop_counter: torch's FlopCounterMode over one forward
 * pass at the analyzed sizes (tools/python/solar_ref/flop_count.py), as
 * {"total", "by_op", "sizes", "function"} with the manifest's function
 * added. A new reference, or NULL when the manifest has none (a JAX
 * program, a count that could not run) or cannot be read. */
json_t *solarReferenceFlopCounter(const char *manifestPath);
/* Reads a manifest.json a run wrote (the importer's, say) into `out`. */
bool solarReferenceReadManifest(const char *path, SolarReferenceResult *out,
                                char *err, size_t errSize);

#endif
