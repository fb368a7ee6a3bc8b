/* `solar bench --ray`: the programs of a bench run as Ray tasks on a
 * cluster (docs/bench.md, "Cluster"). The C side writes the job (each
 * program's `solar analyze` arguments, exactly a local child's), starts the
 * Python driver (tools/python/solar_ray_bench.py) as a process tree and
 * hands each finished program back to the bench as a local child's wait
 * status, so progress, reports, --resume and the summary are the local
 * run's own code. On the worker, `solar bench --ray-worker-child` runs the
 * child as a local bench does (process tree, time limit, capped log,
 * private TMPDIR). */
#ifndef SOLAR_CLI_BENCH_RAY_H
#define SOLAR_CLI_BENCH_RAY_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>

typedef struct {
  const char *address;  /* "local" (start one unless one runs), "auto",
                           "ray://host:port" */
  const char *solar;    /* the solar binary on the workers */
  const char *driverSolar; /* this one: the version the workers must have */
  const char *archFile; /* the resolved hardware file */
  double timeout;       /* seconds per program on the worker; 0: none */
  double gpus;          /* per program; < 0: 1 for a program whose
                           reference is timed on a GPU when the cluster
                           has GPUs, else 0 */
  double cpus;          /* per program */
  long long memory;     /* bytes per program; 0: not declared */
  /* --ray-runtime-env: the workers share no files with the driver. The
   * Python side (pythonDir) travels as Ray's runtime_env working_dir,
   * each task's input files as task arguments, the program's outputs
   * under outDir come back as its return value. */
  bool runtimeEnv;
  const char *outDir;       /* the bench's OUTDIR (absolute) */
  const char *const *files; /* inputs of every program: the hardware
                               file, --measured files */
  size_t fileCount;
} SolarBenchRaySettings;

/* The --ray-* flags as given (NULL: not given). */
typedef struct {
  const char *solar, *gpus, *cpus, *memory;
  bool runtimeEnv;
} SolarBenchRayFlags;

/* Takes `--ray [ADDRESS]` out of argv[1..argc): *address is ADDRESS (auto,
 * local or ray://...), "local" when --ray has none, NULL without --ray.
 * The other arguments go to rest (argc + 1 slots, NULL-terminated); their
 * count is returned. */
int solarBenchRayTakeFlag(int argc, char **argv, char **rest,
                          const char **address);

/* The --ray-* flags into *settings (address, timeout, resources; solar
 * and the hardware file are the caller's); false with a message on
 * stderr when one is malformed or given without --ray. */
bool solarBenchRayParseFlags(const char *address,
                             const SolarBenchRayFlags *flags, double timeout,
                             SolarBenchRaySettings *settings);

typedef struct {
  size_t index;          /* the bench's program index */
  const char *relPath;   /* for messages */
  bool gpuReference;     /* its reference runs where a GPU is (a .py, no
                            --arch host, not only --measured times) */
  const char *log;       /* OUTDIR/PATH.log */
  char *const *args;     /* the child's arguments after the binary, NULL
                            terminated */
  const char *files[3];  /* its own inputs (the program, a sibling IR),
                            NULL-terminated: shipped with --ray-runtime-env */
} SolarBenchRayProgram;

/* Called once per finished program, on the bench's thread, after its
 * files are in OUTDIR; `resources` is what the task held (Ray's
 * assigned resources, "CPU=1,GPU=1"). */
typedef void (*SolarBenchRayDoneFn)(void *context, size_t index,
                                    int waitStatus, bool timedOut,
                                    double wallSeconds, const char *resources,
                                    const char *node);

/* Runs every program on the cluster; false with a message when the driver
 * could not run them all (Ray missing, no cluster, a worker refused, or
 * *interrupted was set: the driver and its tasks are ended). The job file
 * is written under tmpDir. */
bool solarBenchRayRun(const SolarBenchRaySettings *settings,
                      const SolarBenchRayProgram *programs, size_t count,
                      const char *tmpDir, SolarBenchRayDoneFn done,
                      void *context, volatile sig_atomic_t *interrupted,
                      char *err, size_t errSize);

/* Adds "node" to a program's report (when it was written) and lines to
 * its log: where it ran and what the task held. */
void solarBenchRayRecordNode(const char *jsonPath, const char *logPath,
                             const char *resources, const char *node);

/* `solar bench --ray-worker-child --log LOG --tmpdir DIR --timeout S --
 * SOLAR analyze ...`: runs the child as a local bench does and prints
 * "status WAIT_STATUS TIMED_OUT". Exit status 0 when it ran, 2 on bad
 * usage, 1 when it could not start. */
int solarBenchRayWorkerChild(int argc, char **argv);

#endif
