/* solar bench: `solar analyze` over every program of a directory tree
 * (KernelBench style), each in a child process with a timeout, then the
 * aggregates: coverage, verification rate, headroom distribution and SOL
 * violations (docs/bench.md). */
#define _XOPEN_SOURCE 700 /* realpath */
#include "cli_bench_child.h"
#include "cli_bench_ledger.h"
#include "cli_bench_discover.h"
#include "cli_bench_kernels.h"
#include "cli_bench_lock.h"
#include "cli_bench_progress.h"
#include "cli_bench_ray.h"
#include "cli_bench_resume.h"
#include "cli_bench_server.h"
#include "cli_bench_result.h"
#include "cli_bench_summary.h"
#include "cli_fp32_math.h"
#include "cli_exit.h"
#include "cli_flag.h"
#include "cli_flag_value.h"
#include "cli_host_arch.h"
#include "cli_measured.h"
#include "cli_output.h"
#include "cli_plot_bars.h"
#include "cli_train.h"
#include "cli_translate_run.h"
#include "cli_verify_limits.h"

#include "solar/arch/arch.h"
#include "solar/support/files.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

typedef struct {
  const char *dir;
  const char *arch;
  const char *out;
  const char *plot;
  const char *dtype;
  const char *fp32Math; /* passed to solar analyze */
  const char *framework; /* NULL: each program's, detected as analyze does */
  const char *rtol, *atol;
  SolarCliVerifyLimits verifyLimits; /* passed to solar analyze */
  const char *verifySize;
  SolarCliValues measuredArgs; /* --measured [NAME=]FILE, passed on */
  SolarMeasuredFile measured[SOLAR_CLI_MAX_VALUES]; /* their names */
  const char *measuredNames[SOLAR_CLI_MAX_VALUES];
  SolarCliValues overrides; /* passed as --override-if-assigned */
  bool measureHere;
  bool profile; /* --profile to analyze for framework programs */
  SolarTrainStep train; /* --train [--loss L] [--optimizer O], passed on */
  unsigned runs;
  unsigned jobs;
  double timeout; /* seconds; 0: none */
  bool resume;
  bool noImportServer;
  const char *ray; /* --ray [ADDRESS]: NULL local children, else the address */
  SolarBenchRayFlags rayFlags;
  SolarBenchRaySettings raySettings;
} BenchArgs;

enum { MAX_JOBS = 64 };

static void printHelp(void) {
  printf(
      "USAGE: solar bench DIR --arch ARCH [--out OUTDIR] [--runs N]\n"
      "         [--jobs N] [--resume] [--plot headroom.svg] [--dtype D]\n"
      "         [--framework torch|jax] [--timeout S] [--rtol R] [--atol A]\n"
      "         [--verify-size auto|full|N] [--measured [NAME=]FILE ...]\n"
      "         [--measure-here] [--train [--loss mse|cross_entropy|sum]\n"
      "         [--optimizer sgd|adamw]]\n"
      "         [--override NAME=VALUE ...] [--no-import-server]\n"
      "         [--ray [auto|ray://HOST:PORT]] [--ray-gpus-per-program G]\n"
      "         [--ray-cpus-per-program C] [--ray-memory-per-program SIZE]\n"
      "         [--ray-solar PATH] [--ray-runtime-env]\n\n"
      "Runs `solar analyze` on every program below DIR (each NAME.py with\n"
      "its IR found as analyze finds it; each .mlir without a NAME.py is\n"
      "analyzed SOL-only), one child process per program, and writes\n"
      "OUTDIR/<path>.json and .log per program, OUTDIR/summary.csv and\n"
      "OUTDIR/summary.json (docs/bench.md).\n\n"
      "OPTIONS:\n"
      "  --arch ARCH       hardware name or file, or 'host' (calibrated "
      "once)\n"
      "  --out OUTDIR      output directory (default: solar-bench)\n"
      "  --runs N          timed reference runs per program (default 5)\n"
      "  --jobs N          programs analyzed at once (default 1; more\n"
      "                    disturbs the measurements)\n"
      "  --resume          reuse a program's report when it is newer than\n"
      "                    the program, its IR and the hardware file\n"
      "  --plot FILE.svg   headroom bar chart, one group of bars per program\n"
      "  --timeout S       seconds per program before it is killed (default\n"
      "                    900; 0: no limit)\n"
      "  --no-import-server  each program's import imports torch in its own\n"
      "                    Python process (default: one fork server imports\n"
      "                    torch and torch-mlir once for the whole run)\n"
      "  --override NAME=VALUE  verification size for every program that\n"
      "                    assigns NAME (the others run as usual)\n"
      "  --profile         framework programs run under torch.profiler or\n"
      "                    jax.profiler too: per-kernel rows of every\n"
      "                    program in summary.csv (status kernel), ranked\n"
      "                    by saving in summary.json (kernels) and\n"
      "                    kernels.csv\n"
      "  --measured [NAME=]FILE  times measured elsewhere; repeated, each\n"
      "                    file is compared and counted by NAME (default:\n"
      "                    its stem)\n"
      "  --ray [ADDRESS]   one Ray task per program on a cluster: auto (the\n"
      "                    running one), ray://HOST:PORT, or none given: the\n"
      "                    running one, else a local one started for the run\n"
      "  --ray-gpus-per-program G  (default 1 for a .py whose reference is\n"
      "                    timed, when the cluster has GPUs; else 0)\n"
      "  --ray-cpus-per-program C  (default 1)\n"
      "  --ray-memory-per-program SIZE  memory declared per task (default:\n"
      "                    none)\n"
      "  --ray-solar PATH  solar on the workers (default: this binary's path,\n"
      "                    a shared filesystem; with --ray-runtime-env, solar\n"
      "                    on the worker's PATH); it must be this build\n"
      "  --ray-runtime-env  the workers share no files with this machine: the\n"
      "                    Python side travels in Ray's runtime_env, inputs\n"
      "                    with each task, outputs come back through Ray\n"
      "  --train           a training run: every .py program is analyzed as\n"
      "                    one training step (solar analyze --train, with\n"
      "                    --loss and --optimizer); a .mlir without a .py is\n"
      "                    analyzed as written\n"
      "  --dtype, --framework, --rtol, --atol, --verify-size,\n"
      "  --fp32-math, --verify-timeout, --verify-memory,\n"
      "  --measure-here    passed to solar analyze (the framework is\n"
      "                    otherwise each program's own, as analyze detects)\n\n"
      "Exit status: 0 every program analyzed, every .py verified, no SOL\n"
      "violation; 1 otherwise; 2 bad usage.\n");
}

static bool parseUnsigned(const char *flag, const char *value, unsigned max,
                          unsigned *out) {
  long long v;
  if (!solarCliFlagInt("bench", flag, value, 1, max, &v))
    return false;
  *out = (unsigned)v;
  return true;
}

/* 0 to go on, else exit code + 1. */
static int parseArgs(int argc, char **argv, BenchArgs *a) {
  memset(a, 0, sizeof(*a));
  a->out = "solar-bench";
  a->runs = 5;
  a->jobs = 1;
  a->timeout = 900;
  const char *runs = NULL, *jobs = NULL, *timeout = NULL;
  char *rest[argc + 1];
  argc = solarBenchRayTakeFlag(argc, argv, rest, &a->ray);
  argv = rest;
  const SolarCliFlag flags[] = {
      {"arch", &a->arch, NULL, NULL},   {"out", &a->out, NULL, NULL},
      {"plot", &a->plot, NULL, NULL},   {"dtype", &a->dtype, NULL, NULL},
      {"fp32-math", &a->fp32Math, NULL, NULL},
      {"framework", &a->framework, NULL, NULL},
      {"rtol", &a->rtol, NULL, NULL},   {"atol", &a->atol, NULL, NULL},
      {"runs", &runs, NULL, NULL},      {"jobs", &jobs, NULL, NULL},
      {"timeout", &timeout, NULL, NULL}, {"resume", NULL, &a->resume, NULL},
      {"verify-size", &a->verifySize, NULL, NULL},
      {"verify-timeout", &a->verifyLimits.timeout, NULL, NULL},
      {"verify-memory", &a->verifyLimits.memory, NULL, NULL},
      {"measured", NULL, NULL, &a->measuredArgs},
      {"measure-here", NULL, &a->measureHere, NULL},
      {"profile", NULL, &a->profile, NULL},
      {"train", NULL, &a->train.train, NULL},
      {"loss", &a->train.loss, NULL, NULL},
      {"optimizer", &a->train.optimizer, NULL, NULL},
      {"no-import-server", NULL, &a->noImportServer, NULL},
      {"override", NULL, NULL, &a->overrides},
      {"ray-solar", &a->rayFlags.solar, NULL, NULL},
      {"ray-gpus-per-program", &a->rayFlags.gpus, NULL, NULL},
      {"ray-cpus-per-program", &a->rayFlags.cpus, NULL, NULL},
      {"ray-memory-per-program", &a->rayFlags.memory, NULL, NULL},
      {"ray-runtime-env", NULL, &a->rayFlags.runtimeEnv, NULL},
  };
  int status = solarCliParseFlags("bench", argc, argv, flags,
                                  sizeof(flags) / sizeof(flags[0]),
                                  "directory", &a->dir, printHelp);
  if (status)
    return status;
  if (!a->dir || !a->arch) {
    fprintf(stderr, "solar bench: error: %s (USAGE: solar bench DIR --arch "
                    "ARCH; see --help)\n",
            !a->dir ? "no directory given" : "--arch is required");
    return 3;
  }
  if (runs && !parseUnsigned("--runs", runs, 100000, &a->runs))
    return 3;
  if (jobs && !parseUnsigned("--jobs", jobs, MAX_JOBS, &a->jobs))
    return 3;
  /* 0: no limit. */
  if (timeout && !solarCliFlagSeconds("bench", "--timeout", timeout, 1e-3,
                                      1e6, true, &a->timeout))
    return 3;
  if (!solarBenchRayParseFlags(a->ray, &a->rayFlags, a->timeout,
                               &a->raySettings))
    return 3;
  if (a->rayFlags.runtimeEnv && !strcmp(a->arch, "host")) {
    fprintf(stderr, "solar bench: error: --ray-runtime-env with --arch host: "
                    "'host' is this machine, a worker is another (give the "
                    "workers' hardware file)\n");
    return 3;
  }
  if (a->framework && strcmp(a->framework, "torch") &&
      strcmp(a->framework, "jax")) {
    fprintf(stderr,
            "solar bench: error: --framework must be torch or jax, got "
            "'%s'\n",
            a->framework);
    return 3;
  }
  if (!solarCliVerifyLimitsCheck("bench", &a->verifyLimits))
    return 3;
  if (!solarTrainCheck("bench", &a->train))
    return 3;
  if (!solarMeasuredParseFlag("bench", &a->measuredArgs, a->measured))
    return 3;
  const SolarCliPath outputs[] = {{"--plot", a->plot}};
  SolarCliPath inputs[1 + SOLAR_CLI_MAX_VALUES] = {
      {"the hardware file", a->arch}};
  for (int k = 0; k < a->measuredArgs.count; ++k) {
    inputs[1 + k] = (SolarCliPath){"the --measured file", a->measured[k].file};
    a->measuredNames[k] = a->measured[k].name;
  }
  if (!solarCliCheckOutputs("bench", outputs, 1, inputs,
                            1 + (size_t)a->measuredArgs.count))
    return 3;
  if (!solarCliCheckFp32Math("bench", a->fp32Math))
    return 3;
  if (!solarCliCheckDtype("bench", a->dtype))
    return 3;
  return 0;
}

/* mkdir -p of path's parent directories (and of path itself when
 * `self`). */
static bool makeDirs(const char *path, bool self, char *err, size_t errSize) {
  char buf[PATH_MAX];
  snprintf(buf, sizeof(buf), "%s", path);
  size_t n = strlen(buf);
  for (size_t i = 1; i <= n; ++i) {
    if (buf[i] != '/' && buf[i] != '\0')
      continue;
    if (buf[i] == '\0' && !self)
      break;
    char saved = buf[i];
    buf[i] = '\0';
    if (mkdir(buf, 0755) != 0 && errno != EEXIST) {
      snprintf(err, errSize, "cannot create directory '%s': %s", buf,
               strerror(errno));
      return false;
    }
    buf[i] = saved;
  }
  return true;
}

static bool newer(const struct stat *a, const char *path) {
  struct stat b;
  if (stat(path, &b) != 0)
    return false;
  return a->st_mtim.tv_sec > b.st_mtim.tv_sec ||
         (a->st_mtim.tv_sec == b.st_mtim.tv_sec &&
          a->st_mtim.tv_nsec > b.st_mtim.tv_nsec);
}

/* The whole run's state, shared by the loop's helpers. */
typedef struct {
  const BenchArgs *args;
  const char *archFile;
  const char *archName; /* the hardware file's name: key */
  const char *outDir;
  const char *tmpDir;
  const char *self; /* this binary, run again for each program */
  SolarBenchProgramList programs;
  SolarBenchResult *results;
  SolarBenchProgress progress;
} Bench;

typedef struct {
  bool busy;
  size_t index;
  SolarBenchChild child;
} Slot;

/* Long paths in a message are cut, not an error. */
static void setMessage(SolarBenchResult *r, const char *text) {
  size_t n = strlen(text);
  if (n >= sizeof(r->message))
    n = sizeof(r->message) - 1;
  memcpy(r->message, text, n);
  r->message[n] = '\0';
}

static void outputPath(const Bench *b, size_t i, const char *suffix,
                       char *buf, size_t size) {
  snprintf(buf, size, "%s/%s%s", b->outDir, b->programs.items[i].relPath,
           suffix);
}

/* The hand-written IR beside a .py program: NAME.py -> NAME.mlir. */
static void siblingPath(const SolarBenchProgram *p, char *buf, size_t size) {
  snprintf(buf, size, "%.*s.mlir", (int)(strlen(p->path) - 3), p->path);
}

/* --resume: the earlier report, if it is still valid for this run. */
static bool tryResume(Bench *b, size_t i) {
  const SolarBenchProgram *p = &b->programs.items[i];
  char json[PATH_MAX];
  outputPath(b, i, ".json", json, sizeof(json));
  struct stat st;
  if (stat(json, &st) != 0)
    return false;
  char err[512];
  /* A .mlir is analyzed as written, never as a training step. */
  bool train = b->args->train.train && p->framework;
  if (!solarBenchReportReusable(
          json, p->path, train ? solarTrainLoss(&b->args->train) : NULL,
          train ? solarTrainOptimizer(&b->args->train) : NULL, err,
          sizeof(err))) {
    fprintf(stderr, "solar bench: note: not reusing the report of %s: %s\n",
            p->relPath, err);
    return false;
  }
  SolarBenchResult r;
  memset(&r, 0, sizeof(r));
  if (!solarBenchResultRead(json, &r, err, sizeof(err)))
    return false;
  if (strcmp(r.archArgument, b->args->arch) || !newer(&st, p->path) ||
      !r.ir[0] || !newer(&st, r.ir) || !newer(&st, b->archFile))
    return false;
  if (p->framework) {
    /* A hand-written sibling that appeared or changed since. */
    char sibling[PATH_MAX];
    siblingPath(p, sibling, sizeof(sibling));
    if (access(sibling, F_OK) == 0 && !newer(&st, sibling))
      return false;
  }
  r.resumed = true;
  b->results[i] = r;
  return true;
}

/* A program's report and log (OUTDIR/PATH.json, .log) must not be one of
 * the run's inputs: a link left in OUTDIR (or an OUTDIR laid over the
 * tree) would make writing them destroy the program, its IR, the
 * hardware file or a --measured file. Checked by device and inode before
 * each program, as every command checks its outputs (cli_output.h). */
static bool outputsAreNotInputs(const Bench *b, size_t i) {
  const SolarBenchProgram *p = &b->programs.items[i];
  char json[PATH_MAX], log[PATH_MAX], sibling[PATH_MAX];
  outputPath(b, i, ".json", json, sizeof(json));
  outputPath(b, i, ".log", log, sizeof(log));
  const SolarCliPath outputs[] = {{"its report", json}, {"its log", log}};
  SolarCliPath inputs[3 + SOLAR_CLI_MAX_VALUES] = {
      {"the program", p->path}, {"the hardware file", b->archFile}};
  size_t n = 2;
  if (p->framework) {
    siblingPath(p, sibling, sizeof(sibling));
    inputs[n++] = (SolarCliPath){"the program's IR", sibling};
  }
  for (int k = 0; k < b->args->measuredArgs.count; ++k)
    inputs[n++] =
        (SolarCliPath){"the --measured file", b->args->measured[k].file};
  return solarCliCheckOutputs("bench", outputs, 2, inputs, n);
}

/* A program's child command line and where it writes, for a local child
 * or a Ray task. */
typedef struct {
  char json[PATH_MAX], log[PATH_MAX], runs[32];
  char *argv[40 + 4 * SOLAR_CLI_MAX_VALUES];
} ChildCommand;

/* Fills c; false (the result says why) when the report's directory cannot
 * be made. */
static bool prepareChild(Bench *b, size_t i, ChildCommand *c) {
  const BenchArgs *a = b->args;
  char err[PATH_MAX + 128];
  char *json = c->json, **argv = c->argv;
  outputPath(b, i, ".json", json, sizeof(c->json));
  outputPath(b, i, ".log", c->log, sizeof(c->log));
  snprintf(c->runs, sizeof(c->runs), "%u", a->runs);
  SolarBenchResult *r = &b->results[i];
  if (!outputsAreNotInputs(b, i)) {
    r->status = SOLAR_BENCH_ERROR;
    setMessage(r, "its report or log would overwrite an input (see above)");
    return false;
  }
  /* A report left from an earlier run must not stand for this one. */
  remove(json);
  if (!makeDirs(json, false, err, sizeof(err))) {
    r->status = SOLAR_BENCH_ERROR;
    setMessage(r, err);
    return false;
  }
  int n = 0;
  argv[n++] = (char *)b->self;
  argv[n++] = "analyze";
  argv[n++] = b->programs.items[i].path;
  argv[n++] = "--arch";
  argv[n++] = (char *)a->arch;
  argv[n++] = "-o";
  argv[n++] = json;
  argv[n++] = "--runs";
  argv[n++] = c->runs;
  const char *optional[][2] = {
      {"--dtype", a->dtype},         {"--rtol", a->rtol},
      {"--atol", a->atol},           {"--framework", a->framework},
      {"--verify-size", a->verifySize},
      {"--fp32-math", a->fp32Math},
      {"--verify-timeout", a->verifyLimits.timeout},
      {"--verify-memory", a->verifyLimits.memory}};
  if (a->measureHere)
    argv[n++] = "--measure-here";
  /* Every framework program (torch or JAX) is profiled; an .mlir has
   * nothing to run. */
  if (a->profile && b->programs.items[i].framework)
    argv[n++] = "--profile";
  /* Only a program is imported as a training step; an .mlir is an IR
   * already (a train_step imported earlier is one). */
  if (a->train.train && b->programs.items[i].framework) {
    argv[n++] = "--train";
    argv[n++] = "--loss";
    argv[n++] = (char *)solarTrainLoss(&a->train);
    argv[n++] = "--optimizer";
    argv[n++] = (char *)solarTrainOptimizer(&a->train);
  }
  for (size_t k = 0; k < sizeof(optional) / sizeof(optional[0]); ++k)
    if (optional[k][1]) {
      argv[n++] = (char *)optional[k][0];
      argv[n++] = (char *)optional[k][1];
    }
  for (int k = 0; k < a->measuredArgs.count; ++k) {
    argv[n++] = "--measured";
    argv[n++] = (char *)a->measuredArgs.items[k];
  }
  for (int k = 0; k < a->overrides.count; ++k) {
    argv[n++] = "--override-if-assigned";
    argv[n++] = (char *)a->overrides.items[k];
  }
  argv[n] = NULL;
  return true;
}

/* Program i's CPU ledger (cli_bench_ledger.h), in the bench's TMPDIR. */
static void ledgerPath(const Bench *b, size_t i, char *path, size_t size) {
  snprintf(path, size, "%s/cpu-%zu.ledger", b->tmpDir, i);
}

static bool startOne(Bench *b, size_t i, Slot *slot) {
  ChildCommand c;
  char err[PATH_MAX + 128], ledger[PATH_MAX + 64];
  SolarBenchResult *r = &b->results[i];
  if (!prepareChild(b, i, &c))
    return false;
  ledgerPath(b, i, ledger, sizeof(ledger));
  remove(ledger);
  if (!solarBenchChildStart(c.argv, c.log, b->tmpDir, ledger, &slot->child,
                            err, sizeof(err))) {
    r->status = SOLAR_BENCH_ERROR;
    setMessage(r, err);
    return false;
  }
  slot->busy = true;
  slot->index = i;
  return true;
}

static void appendToLog(const char *path, const char *line) {
  FILE *f = fopen(path, "a");
  if (f) {
    fprintf(f, "%s\n", line);
    fclose(f);
  }
}

/* Reads what program i's child left, from its wait status, as its result
 * (and draws its progress line). `usage`: what the child's process tree
 * used; NULL when it was killed or ran elsewhere (a Ray task). */
static void finishOne(Bench *b, size_t i, double wall, int waitStatus,
                      bool timedOut, const struct rusage *usage) {
  SolarBenchResult *r = &b->results[i];
  char json[PATH_MAX], log[PATH_MAX], err[PATH_MAX + 128];
  outputPath(b, i, ".json", json, sizeof(json));
  outputPath(b, i, ".log", log, sizeof(log));
  if (timedOut) {
    r->status = SOLAR_BENCH_TIMEOUT;
    snprintf(r->message, sizeof(r->message),
             "killed after %g s (--timeout)", b->args->timeout);
    char line[sizeof(r->message) + 32];
    snprintf(line, sizeof(line), "solar bench: %s", r->message);
    appendToLog(log, line);
    remove(json);
  } else if (WIFEXITED(waitStatus) && WEXITSTATUS(waitStatus) == 0) {
    if (!solarBenchResultRead(json, r, err, sizeof(err))) {
      memset(r, 0, sizeof(*r));
      r->status = SOLAR_BENCH_ERROR;
      setMessage(r, err);
    }
  } else if (WIFEXITED(waitStatus)) {
    solarBenchResultClassify(log, WEXITSTATUS(waitStatus), r);
    if (!r->message[0])
      snprintf(r->message, sizeof(r->message), "solar analyze exited with %d",
               WEXITSTATUS(waitStatus));
  } else {
    r->status = SOLAR_BENCH_ERROR;
    snprintf(r->message, sizeof(r->message), "solar analyze died of signal %d",
             WIFSIGNALED(waitStatus) ? WTERMSIG(waitStatus) : 0);
    appendToLog(log, r->message);
  }
  r->wallSeconds = wall;
  r->usageKnown = usage != NULL;
  if (usage) {
    r->cpuSeconds = (double)usage->ru_utime.tv_sec +
                    usage->ru_utime.tv_usec / 1e6 +
                    (double)usage->ru_stime.tv_sec +
                    usage->ru_stime.tv_usec / 1e6;
    /* ru_maxrss is in KiB on Linux. */
    r->peakRssBytes = (double)usage->ru_maxrss * 1024.0;
    char ledger[PATH_MAX + 64];
    ledgerPath(b, i, ledger, sizeof(ledger));
    if (!solarBenchLedgerAdd(ledger, &r->cpuSeconds, &r->peakRssBytes))
      appendToLog(log, "solar bench: warning: unreadable lines in the CPU "
                       "ledger of the import server's work; cpu_s undercounts");
  }
  solarBenchProgressDone(&b->progress, i, b->programs.items[i].relPath,
                         b->programs.items[i].framework, r);
}

static volatile sig_atomic_t interrupted = 0;

static void onSignal(int sig) { interrupted = sig; }

static void sleepBriefly(void) {
  struct timespec ts = {0, 20 * 1000 * 1000};
  nanosleep(&ts, NULL);
}

/* Runs every program; false when interrupted (children killed). */
static bool runAll(Bench *b) {
  const BenchArgs *a = b->args;
  size_t count = b->programs.count, next = 0, done = 0;
  Slot slots[MAX_JOBS];
  memset(slots, 0, sizeof(slots));
  double lastDraw = 0;
  while (done < count) {
    if (interrupted) {
      for (unsigned s = 0; s < a->jobs; ++s)
        if (slots[s].busy)
          solarBenchChildKill(&slots[s].child);
      solarBenchProgressFinish(&b->progress);
      return false;
    }
    for (unsigned s = 0; s < a->jobs; ++s) {
      /* A resumed program or one that cannot start leaves the slot free. */
      while (!slots[s].busy && next < count) {
        size_t i = next++;
        if ((a->resume && tryResume(b, i)) || !startOne(b, i, &slots[s])) {
          solarBenchProgressDone(&b->progress, i,
                                 b->programs.items[i].relPath,
                                 b->programs.items[i].framework,
                                 &b->results[i]);
          done++;
        }
      }
    }
    double now = solarBenchNow();
    size_t running = 0, oldest = 0;
    for (unsigned s = 0; s < a->jobs; ++s) {
      if (!slots[s].busy)
        continue;
      int status = 0;
      struct rusage usage;
      memset(&usage, 0, sizeof(usage));
      if (solarBenchChildPollUsage(&slots[s].child, &status, &usage)) {
        slots[s].busy = false;
        finishOne(b, slots[s].index, now - slots[s].child.started, status,
                  false, &usage);
        done++;
      } else if (a->timeout > 0 &&
                 now - slots[s].child.started > a->timeout) {
        solarBenchChildKill(&slots[s].child);
        slots[s].busy = false;
        finishOne(b, slots[s].index, now - slots[s].child.started, 0, true,
                  NULL);
        done++;
      } else {
        if (!running || slots[s].child.started < slots[oldest].child.started)
          oldest = s;
        running++;
      }
    }
    if (running && now - lastDraw >= 1.0) {
      solarBenchProgressRunning(&b->progress, slots[oldest].index,
                                b->programs.items[slots[oldest].index].relPath,
                                now - slots[oldest].child.started,
                                running - 1);
      lastDraw = now;
    }
    if (done < count && (running == a->jobs || next >= count))
      sleepBriefly();
  }
  solarBenchProgressFinish(&b->progress);
  return true;
}

static void rayDone(void *context, size_t index, int waitStatus,
                    bool timedOut, double wall, const char *resources,
                    const char *node) {
  Bench *b = context;
  char json[PATH_MAX], log[PATH_MAX];
  outputPath(b, index, ".json", json, sizeof(json));
  outputPath(b, index, ".log", log, sizeof(log));
  finishOne(b, index, wall, waitStatus, timedOut, NULL);
  solarBenchRayRecordNode(json, log, resources, node);
}

/* runAll on a Ray cluster: resumed programs first, the others as tasks;
 * false when the run stopped (interrupted, or the cluster refused). */
static bool runOnRay(Bench *b) {
  const BenchArgs *a = b->args;
  size_t count = b->programs.count, queued = 0;
  ChildCommand *commands = calloc(count, sizeof(ChildCommand));
  SolarBenchRayProgram *tasks = calloc(count, sizeof(SolarBenchRayProgram));
  char(*siblings)[PATH_MAX] = calloc(count, PATH_MAX);
  /* Where the reference runs, as analyze decides: a .py is timed where a
   * GPU is unless --arch host pins it to the CPU or only --measured times
   * are wanted (--profile still runs it). */
  bool referenceOnGpu = strcmp(a->arch, "host") &&
                        (!a->measuredArgs.count || a->profile);
  for (size_t i = 0; i < count; ++i) {
    const SolarBenchProgram *p = &b->programs.items[i];
    if ((a->resume && tryResume(b, i)) || !prepareChild(b, i, &commands[i])) {
      solarBenchProgressDone(&b->progress, i, p->relPath, p->framework,
                             &b->results[i]);
      continue;
    }
    SolarBenchRayProgram *task = &tasks[queued++];
    *task = (SolarBenchRayProgram){i, p->relPath,
                                   p->framework && referenceOnGpu,
                                   commands[i].log, commands[i].argv + 1,
                                   {p->path, NULL, NULL}};
    if (p->framework) {
      siblingPath(p, siblings[i], PATH_MAX);
      if (access(siblings[i], F_OK) == 0)
        task->files[1] = siblings[i];
    }
  }
  SolarBenchRaySettings settings = a->raySettings;
  settings.solar = a->rayFlags.solar      ? a->rayFlags.solar
                   : settings.runtimeEnv ? "solar"
                                         : b->self;
  settings.driverSolar = b->self;
  settings.archFile = b->archFile;
  settings.outDir = b->outDir;
  /* Every program reads the hardware file (by the argument as given, or
   * by name through the search path) and the --measured files. */
  const char *files[2 + SOLAR_CLI_MAX_VALUES];
  size_t fileCount = 0;
  files[fileCount++] = b->archFile;
  if (access(a->arch, R_OK) == 0)
    files[fileCount++] = a->arch;
  for (int k = 0; k < a->measuredArgs.count; ++k)
    files[fileCount++] = a->measured[k].file;
  settings.files = files;
  settings.fileCount = fileCount;
  char err[PATH_MAX + 256];
  bool ok = !queued ||
            solarBenchRayRun(&settings, tasks, queued, b->tmpDir, rayDone, b,
                             &interrupted, err, sizeof(err));
  solarBenchProgressFinish(&b->progress);
  if (!ok && !interrupted)
    fprintf(stderr, "solar bench: error: --ray: %s\n", err);
  free(commands);
  free(tasks);
  free(siblings);
  return ok;
}

static bool writePlot(const Bench *b, const char *path) {
  size_t count = b->programs.count;
  SolarBarItem *items = calloc(count ? count : 1, sizeof(SolarBarItem));
  double(*values)[3] = calloc(count ? count : 1, sizeof(*values));
  for (size_t i = 0; i < count; ++i) {
    const SolarBenchResult *r = &b->results[i];
    bool measured = r->status == SOLAR_BENCH_OK && r->measured;
    for (int f = 0; f < 3; ++f)
      values[i][f] = measured ? r->headroom[f] : 0;
    items[i].label = b->programs.items[i].relPath;
    items[i].values = values[i];
  }
  static const char *const series[] = {"unfused SOL", "fused SOL",
                                       "cache-aware SOL"};
  char title[512];
  size_t elsewhere = 0;
  for (size_t i = 0; i < count; ++i)
    elsewhere += b->results[i].status == SOLAR_BENCH_OK &&
                 b->results[i].measured && b->results[i].elsewhere;
  snprintf(title, sizeof(title),
           "Headroom (measured median / SOL) on %s%s", b->archName,
           elsewhere ? " (measured on a different machine)" : "");
  SolarBarChart chart = {
      .title = title,
      .valueLabel = "headroom",
      .seriesNames = series,
      .seriesCount = 3,
      .items = items,
      .itemCount = count,
      .reference = 1,
      .referenceLabel = "SOL (headroom 1)",
  };
  bool ok = solarPlotBarsToFile("bench", path, &chart);
  free(items);
  free(values);
  return ok;
}

/* The hardware file behind --arch, loaded once: a bad one fails here
 * instead of in every child, and `host` is calibrated before the first. */
static bool resolveArch(const char *argument, char *file, size_t size,
                        char *name, size_t nameSize) {
  char resolved[PATH_MAX], err[2048];
  if (!solarResolveArchArgument(argument, resolved, sizeof(resolved), stderr,
                                err, sizeof(err))) {
    fprintf(stderr, "solar bench: error: %s\n", err);
    return false;
  }
  SolarArch arch;
  SolarArchDiag diag;
  solarArchDiagInit(&diag);
  bool ok = solarArchResolve(resolved, NULL, &arch, &diag);
  if (ok) {
    snprintf(file, size, "%s", arch.source_path);
    snprintf(name, nameSize, "%s", arch.name);
    solarArchDestroy(&arch);
  } else {
    for (size_t i = 0; i < diag.count; ++i) {
      char line[2 * SOLAR_ARCH_DIAG_TEXT + 32];
      fprintf(stderr, "solar bench: --arch '%s': %s\n", argument,
              solarArchDiagFormat(&diag, i, line, sizeof(line)));
    }
  }
  return ok;
}

int solarCmdBench(int argc, char **argv) {
  if (argc > 1 && !strcmp(argv[1], "--ray-worker-child"))
    return solarBenchRayWorkerChild(argc - 1, argv + 1);
  BenchArgs args;
  int status = parseArgs(argc, argv, &args);
  if (status)
    return status - 1;
  char root[PATH_MAX], outDir[PATH_MAX], archFile[PATH_MAX];
  char tmpDir[PATH_MAX + 16], err[PATH_MAX + 128];
  struct stat st;
  if (!realpath(args.dir, root) || stat(root, &st) != 0 ||
      !S_ISDIR(st.st_mode)) {
    fprintf(stderr, "solar bench: error: '%s' is not a directory\n",
            args.dir);
    return 1;
  }
  char archName[256];
  if (!resolveArch(args.arch, archFile, sizeof(archFile), archName,
                   sizeof(archName)))
    return 1;
  if (!makeDirs(args.out, true, err, sizeof(err)) ||
      !realpath(args.out, outDir)) {
    fprintf(stderr, "solar bench: error: %s\n",
            err[0] ? err : "cannot create the output directory");
    return 1;
  }
  /* Held until the end: another run (a --resume) must not touch this
   * directory's files, nor remove its .tmp, while this one lives. */
  int lock = solarBenchLockOutput(outDir, err, sizeof(err));
  if (lock < 0) {
    fprintf(stderr, "solar bench: error: %s\n", err);
    return 1;
  }
  Bench b;
  memset(&b, 0, sizeof(b));
  b.args = &args;
  b.archFile = archFile;
  b.archName = archName;
  b.outDir = outDir;
  if (!solarBenchDiscover(root, outDir, &b.programs, err, sizeof(err))) {
    fprintf(stderr, "solar bench: error: %s\n", err);
    solarBenchProgramListDestroy(&b.programs);
    solarBenchUnlockOutput(lock);
    return 1;
  }
  size_t count = b.programs.count;
  if (!count) {
    fprintf(stderr, "solar bench: error: no programs (.py or .mlir) below "
                    "'%s'\n",
            root);
    solarBenchProgramListDestroy(&b.programs);
    solarBenchUnlockOutput(lock);
    return 1;
  }
  size_t framework = 0;
  for (size_t i = 0; i < count; ++i)
    framework += b.programs.items[i].framework;
  if (args.jobs > 1 && framework)
    fprintf(stderr,
            "solar bench: warning: --jobs %u runs references side by side: "
            "their timings disturb each other\n",
            args.jobs);
  snprintf(tmpDir, sizeof(tmpDir), "%s/.tmp", outDir);
  solarBenchRemoveTree(tmpDir);
  if (mkdir(tmpDir, 0755) != 0) {
    fprintf(stderr, "solar bench: error: cannot create '%s': %s\n", tmpDir,
            strerror(errno));
    solarBenchProgramListDestroy(&b.programs);
    solarBenchUnlockOutput(lock);
    return 1;
  }
  b.tmpDir = tmpDir;
  /* The resolved path rather than /proc/self/exe itself: under valgrind the
   * link names valgrind's tool, while readlink on it (which valgrind
   * answers) names this binary. */
  char self[PATH_MAX];
  ssize_t length = readlink("/proc/self/exe", self, sizeof(self) - 1);
  if (length > 0) {
    self[length] = '\0';
    b.self = self;
  } else {
    b.self = "/proc/self/exe";
  }
  b.results = calloc(count, sizeof(SolarBenchResult));
  solarBenchProgressInit(&b.progress, stderr, count);

  struct sigaction action, oldInt, oldTerm, oldHup;
  memset(&action, 0, sizeof(action));
  action.sa_handler = onSignal;
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, &oldInt);
  sigaction(SIGTERM, &action, &oldTerm);
  sigaction(SIGHUP, &action, &oldHup);
  /* Only .py programs import anything. Nothing is timed on this CPU
   * unless the arch is the host, --measure-here or --profile: the server's
   * idle OpenMP threads may then sleep (cli_bench_server.h). */
  SolarBenchImportServer server = {0};
  bool timesThisCpu =
      !strcmp(args.arch, "host") || args.measureHere || args.profile;
  if (framework && !args.noImportServer && !args.ray)
    solarBenchImportServerStart(&server, !timesThisCpu);
  bool completed = args.ray ? runOnRay(&b) : runAll(&b);
  solarBenchImportServerStop(&server);
  sigaction(SIGINT, &oldInt, NULL);
  sigaction(SIGTERM, &oldTerm, NULL);
  sigaction(SIGHUP, &oldHup, NULL);
  solarBenchRemoveTree(tmpDir);

  int exitStatus = 1;
  if (!completed && !interrupted) /* the cluster refused or failed: said */
    goto done;
  if (!completed) {
    fprintf(stderr,
            "solar bench: interrupted; finished reports are kept (rerun "
            "with --resume)\n");
    exitStatus = SOLAR_EXIT_INTERRUPTED;
    goto done;
  }
  SolarBenchSettings settings = {
      .dir = root,
      .outDir = args.out,
      .archArgument = args.arch,
      .archFile = archFile,
      .runs = args.runs,
      .dtype = args.dtype,
      .fp32Math = args.fp32Math,
      .framework = args.framework ? args.framework : "auto",
      .trainLoss = args.train.train ? solarTrainLoss(&args.train) : NULL,
      .trainOptimizer =
          args.train.train ? solarTrainOptimizer(&args.train) : NULL,
      .timeoutSeconds = args.timeout,
      .jobs = args.jobs,
      .measuredNames = args.measuredNames,
      .measuredCount = (size_t)args.measuredArgs.count,
  };
  SolarBenchSummary summary;
  solarBenchSummarize(&settings, b.programs.items, b.results, count,
                      &summary);
  char csv[PATH_MAX + 16], json[PATH_MAX + 16];
  snprintf(csv, sizeof(csv), "%s/summary.csv", outDir);
  snprintf(json, sizeof(json), "%s/summary.json", outDir);
  exitStatus = summary.exitStatus;
  if (!solarBenchWriteCsv(csv, &settings, b.programs.items, b.results, count,
                          &summary,
                          err, sizeof(err)) ||
      !solarBenchWriteJson(json, &settings, b.programs.items, b.results,
                           count, &summary, err, sizeof(err))) {
    fprintf(stderr, "solar bench: error: %s\n", err);
    exitStatus = 1;
  }
  if (args.plot && !writePlot(&b, args.plot))
    exitStatus = 1;
  solarBenchPrintSummary(stdout, &settings, b.programs.items, b.results,
                         count, &summary);
  if (args.profile) {
    char kernelsCsv[PATH_MAX + 16];
    snprintf(kernelsCsv, sizeof(kernelsCsv), "%s/kernels.csv", outDir);
    json_t *rows = solarBenchKernelRows(b.programs.items, b.results, count);
    if (!solarBenchWriteKernelsCsv(kernelsCsv, rows, err, sizeof(err))) {
      fprintf(stderr, "solar bench: error: %s\n", err);
      exitStatus = 1;
    } else {
      printf("  kernels: %zu measured op(s) ranked by saving in %s\n",
             json_array_size(rows), kernelsCsv);
    }
    json_decref(rows);
  }
done:
  for (size_t i = 0; b.results && i < b.programs.count; ++i)
    json_decref(b.results[i].kernels);
  free(b.results);
  solarBenchProgramListDestroy(&b.programs);
  solarBenchUnlockOutput(lock);
  return exitStatus;
}
