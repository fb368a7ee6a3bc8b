/* solar analyze: SOL of a framework program (or an .mlir alone) on one
 * chip, against the measured runtime of the framework reference
 * (docs/analyze.md). */
#include "cli_analyze_plot.h"
#include "cli_analyze_report.h"
#include "cli_exit.h"
#include "cli_flag.h"
#include "cli_flag_value.h"
#include "cli_files.h"
#include "cli_fp32_math.h"
#include "cli_frontend.h"
#include "cli_host_arch.h"
#include "cli_measured.h"
#include "cli_output.h"
#include "cli_phase_report.h"
#include "cli_reference.h"
#include "cli_sol_run.h"
#include "cli_trace_attribute.h"
#include "cli_trace_plot.h"
#include "cli_trace_read.h"
#include "cli_translate_run.h"
#include "cli_verify_limits.h"

#include "solar/arch/arch.h"
#include "solar/support/options.h"
#include "solar/support/funcs.h"
#include "solar/support/parse.h"
#include "solar/passes/passes.h"
#include "solar/passes/stage.h"
#include "solar/frontend/lower_to_affine.h"
#include "solar/solar.h"
#include "solar/support/json_number.h"

#include "mlir-c/Pass.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>


typedef struct {
  const char *model;
  const char *arch;
  const char *dtype;
  const char *mlir;
  const char *output;
  const char *function;
  const char *rtol, *atol;
  SolarCliVerifyLimits verifyLimits;
  double timeout; /* seconds per run of the program (reference, import) */
  const char *framework;
  const char *keep; /* keep the reference's files here */
  const char *frontendName;
  SolarFrontendChoice frontend;
  const char *plot; /* roofline SVG */
  const char *trace; /* a profiler trace to attribute (per-kernel headroom) */
  bool profile;      /* record that trace of the reference here */
  bool compile;      /* ... of torch.compile(Model) (inductor) */
  const char *kernelPlot; /* measured vs SOL per op, SVG */
  unsigned profileSteps;
  const char *verifySize; /* auto | full | N */
  SolarCliValues overrides, overridesIfAssigned; /* --override NAME=VALUE */
  SolarCliValues measuredArgs; /* --measured [NAME=]FILE, repeatable */
  SolarMeasuredFile measured[SOLAR_CLI_MAX_VALUES]; /* split, in order */
  const char *fp32Math; /* ieee | tf32 | framework (NULL) */
  unsigned runs;
  bool json;
  bool measureHere;       /* time the reference here whatever the arch */
  SolarTrainStep train;   /* --train [--loss L] [--optimizer O] */
} AnalyzeArgs;

static void printUsage(void) {
  fprintf(stdout,
          "USAGE: solar analyze MODEL.py|MODEL.mlir --arch ARCH [--dtype D]\n"
          "         [--mlir M] [--json] [--runs N] [-o report.json]\n"
          "         [--function F] [--rtol R] [--atol A] [--framework torch|jax]\n"
          "         [--keep-reference DIR] [--frontend auto|import|llm|sibling]\n"
          "         [--plot FILE.svg] [--verify-size auto|full|N]\n"
          "         [--override NAME=VALUE ...] [--override-if-assigned NAME=VALUE ...]\n"
          "         [--measured [NAME=]FILE.json ...] [--measure-here]\n"
          "         [--fp32-math ieee|tf32|framework] [--trace TRACE.json[.gz]]\n"
          "         [--profile [--profile-steps N] [--compile]]\n"
          "         [--kernel-plot FILE.svg]\n"
          "         [--verify-timeout CPU_S] [--verify-memory SIZE]\n"
          "         [--timeout S]\n"
          "         [--train [--loss mse|cross_entropy|sum] "
          "[--optimizer sgd|adamw] [--mask-zeros]]\n\n"
          "For a .py program: runs the framework reference (measured runtime),\n"
          "verifies the IR against it (--mlir, else the sibling MODEL.mlir,\n"
          "else the importer, else the LLM translator: --frontend chooses),\n"
          "computes the SOL times and prints headroom = measured / SOL per\n"
          "fidelity and the largest optimization opportunities. For an .mlir\n"
          "alone: the SOL only. --arch host uses (and if needed creates) this\n"
          "CPU's calibration and pins the reference to its cores.\n"
          "--json prints the report as JSON (docs/analyze.md); -o also writes\n"
          "the JSON report to a file. --plot writes a roofline chart with\n"
          "every fusion group (docs/analyze.md).\n"
          "--verify-size: the importer verifies at shrunk sizes (auto: about\n"
          "a second; N: size constants scaled to at most N; full) and\n"
          "analyzes the full-size export after checking both have the same\n"
          "einsum graph. --override NAME=VALUE gives the verification sizes\n"
          "yourself (as solar import --override; --override-if-assigned: the\n"
          "same, ignored where the program has no NAME). The reference is timed (at full size) only where\n"
          "the arch's device is: a GPU here, or --arch host; --measure-here\n"
          "times it anyway; --measured [NAME=]FILE takes times measured\n"
          "elsewhere (KernelBench baseline JSON, or {\"name-or-path\":\n"
          "seconds}); repeated, each file is compared and reported by NAME\n"
          "(default: the file's stem).\n"
          "--fp32-math: how fp32 contractions are bounded: ieee (CUDA\n"
          "cores), tf32 (TF32 tensor cores), framework (default: the\n"
          "reference's own settings per convolution / matmul / attention).\n"
          "--trace: a PyTorch profiler trace (export_chrome_trace, plain or\n"
          "gzipped, record_shapes=True) of the program: each measured\n"
          "framework op against its own SOL, ranked by the time a kernel at\n"
          "SOL saves (docs/analyze.md, \"Per-kernel headroom\"); or a\n"
          "jax.profiler trace (*.trace.json.gz) of the JAX program: its XLA\n"
          "ops against the fused bound of the groups they compute.\n"
          "--profile: record that trace here, running the reference under\n"
          "torch.profiler or jax.profiler (warm-up, then N profiled steps,\n"
          "default 5); --compile: profile torch.compile(Model) (inductor),\n"
          "its kernels against the fused bound of the groups they compute.\n"
          "With --train (torch): the training step's eager ops, forward,\n"
          "autograd's backward and the optimizer's, against their kernels.\n"
          "--kernel-plot: measured vs SOL per op as an SVG bar chart.\n"
          "--train (torch or Flax, importer only): one training step (forward, loss,\n"
          "backward, optimizer update) instead of the forward pass, as\n"
          "solar import --train makes it (docs/importers.md).\n"
          "--mask-zeros (with --train): the reference also counts the zeros\n"
          "of the step's ReLU masks (torch's relu and threshold_backward;\n"
          "JAX's jax.nn.relu / flax.linen.relu and its select_n, other ReLU\n"
          "forms refused) on the inputs it runs (get_inputs() at the\n"
          "analyzed size, the seed of the timed run); each phase's work\n"
          "and compute bound with those points skipped is added, labelled\n"
          "\"at these inputs\" (docs/sol-model.md): no bound for other inputs.\n");
}

/* Unless --framework says: jax when the program imports jax or flax. A
 * --framework the program's imports contradict is a usage error (false,
 * reported). */
static bool chooseFramework(const char *model, const char **framework) {
  char *source =
      solarPathHasSuffix(model, ".py") ? solarReadFile(model, NULL) : NULL;
  const char *imported =
      source && *framework ? solarFrameworkContradicted(source, *framework)
                           : NULL;
  if (imported)
    fprintf(stderr,
            "solar analyze: error: --framework %s, but %s imports %s and "
            "not %s\n",
            *framework, model, imported, *framework);
  else if (!*framework)
    *framework = source ? solarTranslateGuessFramework(source) : "torch";
  free(source);
  return !imported;
}

static int parseArgs(int argc, char **argv, AnalyzeArgs *a) {
  memset(a, 0, sizeof(*a));
  a->runs = 5;
  a->timeout = SOLAR_REFERENCE_DEFAULT_TIMEOUT_S;
  const char *runs = NULL, *timeout = NULL, *profileSteps = NULL;
  a->profileSteps = 5;
  const SolarCliFlag flags[] = {
      {"arch", &a->arch, NULL, NULL},
      {"dtype", &a->dtype, NULL, NULL},
      {"mlir", &a->mlir, NULL, NULL},
      {"-o", &a->output, NULL, NULL},
      {"function", &a->function, NULL, NULL},
      {"rtol", &a->rtol, NULL, NULL},
      {"atol", &a->atol, NULL, NULL},
      {"verify-timeout", &a->verifyLimits.timeout, NULL, NULL},
      {"verify-memory", &a->verifyLimits.memory, NULL, NULL},
      {"framework", &a->framework, NULL, NULL},
      {"keep-reference", &a->keep, NULL, NULL},
      {"frontend", &a->frontendName, NULL, NULL},
      {"plot", &a->plot, NULL, NULL},
      {"trace", &a->trace, NULL, NULL},
      {"profile", NULL, &a->profile, NULL},
      {"profile-steps", &profileSteps, NULL, NULL},
      {"compile", NULL, &a->compile, NULL},
      {"kernel-plot", &a->kernelPlot, NULL, NULL},
      {"fp32-math", &a->fp32Math, NULL, NULL},
      {"runs", &runs, NULL, NULL},
      {"timeout", &timeout, NULL, NULL},
      {"verify-size", &a->verifySize, NULL, NULL},
      {"override", NULL, NULL, &a->overrides},
      {"override-if-assigned", NULL, NULL, &a->overridesIfAssigned},
      {"measured", NULL, NULL, &a->measuredArgs},
      {"measure-here", NULL, &a->measureHere, NULL},
      {"json", NULL, &a->json, NULL},
      {"train", NULL, &a->train.train, NULL},
      {"loss", &a->train.loss, NULL, NULL},
      {"optimizer", &a->train.optimizer, NULL, NULL},
      {"mask-zeros", NULL, &a->train.maskZeros, NULL},
  };
  int status = solarCliParseFlags("analyze", argc, argv, flags,
                                  sizeof(flags) / sizeof(flags[0]), "model",
                                  &a->model, printUsage);
  if (status)
    return status;
  long long value;
  if (runs) {
    if (!solarCliFlagInt("analyze", "--runs", runs, 1, 100000, &value))
      return 3;
    a->runs = (unsigned)value;
  }
  if (profileSteps) {
    if (!solarCliFlagInt("analyze", "--profile-steps", profileSteps, 1, 10000,
                         &value))
      return 3;
    a->profileSteps = (unsigned)value;
  }
  if (!a->model || !a->arch) {
    fprintf(stderr, "solar analyze: error: %s (see --help)\n",
            !a->model ? "no model given" : "--arch is required");
    return 3;
  }
  if (a->frontendName) {
    if (!solarFrontendChoiceParse(a->frontendName, &a->frontend)) {
      fprintf(stderr, "solar analyze: error: --frontend must be auto, import, "
                      "llm or sibling, got '%s'\n", a->frontendName);
      return 3;
    }
    if (a->frontend != SolarFrontendAuto &&
        (a->mlir || !solarPathHasSuffix(a->model, ".py"))) {
      fprintf(stderr, "solar analyze: error: --frontend %s translates a .py "
                      "program; %s\n", a->frontendName,
              a->mlir ? "--mlir already names the IR" : "the model is not one");
      return 3;
    }
  }
  if (a->verifySize && strcmp(a->verifySize, "auto") &&
      strcmp(a->verifySize, "full")) {
    if (!solarCliFlagInt("analyze", "--verify-size (auto, full or N)",
                         a->verifySize, 1, 1LL << 40, &value))
      return 3;
  }
  if (!solarCliVerifyLimitsCheck("analyze", &a->verifyLimits) ||
      (timeout && !solarReferenceParseTimeout("analyze", "--timeout", timeout,
                                              &a->timeout)))
    return 3;
  if (!solarCliCheckFp32Math("analyze", a->fp32Math))
    return 3;
  /* The sibling IR NAME.mlir of NAME.py is an input too. */
  char sibling[4096] = "";
  if (solarPathHasSuffix(a->model, ".py"))
    snprintf(sibling, sizeof(sibling), "%.*s.mlir",
             (int)(strlen(a->model) - 3), a->model);
  if (!solarMeasuredParseFlag("analyze", &a->measuredArgs, a->measured))
    return 3;
  const SolarCliPath outputs[] = {{"-o", a->output},
                                  {"--plot", a->plot},
                                  {"--kernel-plot", a->kernelPlot}};
  SolarCliPath inputs[5 + SOLAR_CLI_MAX_VALUES] = {
      {"the model", a->model},
      {"the --mlir IR", a->mlir},
      {"the sibling IR", sibling},
      {"the hardware file", a->arch},
      {"the --trace file", a->trace}};
  size_t inputCount = 5;
  for (int k = 0; k < a->measuredArgs.count; ++k)
    inputs[inputCount++] =
        (SolarCliPath){"the --measured file", a->measured[k].file};
  if (!solarCliCheckOutputs("analyze", outputs, 3, inputs, inputCount))
    return 3;
  if (a->framework && strcmp(a->framework, "torch") &&
      strcmp(a->framework, "jax")) {
    fprintf(stderr, "solar analyze: error: --framework must be torch or jax, got '%s'\n", a->framework);
    return 3;
  }
  if (!chooseFramework(a->model, &a->framework))
    return 3;
  const char *profileProblem =
      !a->profile ? (profileSteps ? "--profile-steps needs --profile" : NULL)
      : a->trace  ? "--profile records the trace --trace gives: one of them"
      : !solarPathHasSuffix(a->model, ".py")
          ? "--profile runs the program: give the .py"
          : NULL;
  if (!profileProblem && a->compile &&
      (!a->profile || strcmp(a->framework, "torch") || a->train.train))
    profileProblem = "--compile profiles torch.compile(Model): a torch "
                     "program's forward pass with --profile";
  if (!profileProblem && a->kernelPlot && !a->trace && !a->profile)
    profileProblem = "--kernel-plot draws the ops of --trace or --profile";
  if (profileProblem) {
    fprintf(stderr, "solar analyze: error: %s\n", profileProblem);
    return 3;
  }
  if (!solarTrainCheck("analyze", &a->train))
    return 3;
  if (a->train.train && (a->mlir || !solarPathHasSuffix(a->model, ".py"))) {
    fprintf(stderr, "solar analyze: error: --train imports a training step "
                    "of a .py program; %s\n",
            a->mlir ? "--mlir names IR already" : "the model is not one");
    return 3;
  }
  return 0;
}

/* Verification against the reference, in process. */
static bool runVerify(MlirModule module,
                      const AnalyzeArgs *args,
                      const SolarReferenceResult *reference) {
  SolarOptions verify;
  solarOptionsInit(&verify);
  solarOptionsSet(&verify, "manifest", reference->manifest);
  if (args->function)
    solarOptionsSet(&verify, "function", args->function);
  if (args->rtol)
    solarOptionsSet(&verify, "rtol", args->rtol);
  if (args->atol)
    solarOptionsSet(&verify, "atol", args->atol);
  solarCliVerifyLimitsApply(&args->verifyLimits, &verify);
  bool ok = solarRunPass(mlirModuleGetOperation(module), "solar-verify", &verify);
  solarOptionsDestroy(&verify);
  return ok;
}

/* SOL with detail, in process. */
static bool runSol(MlirModule module, const AnalyzeArgs *args,
                   const char *archPath, const char *fp32Math) {
  SolarOptions sol;
  solarOptionsInit(&sol);
  solarOptionsSet(&sol, "arch", archPath);
  if (*fp32Math)
    solarOptionsSet(&sol, "fp32-math", fp32Math);
  if (args->dtype)
    solarOptionsSet(&sol, "dtype", args->dtype);
  solarOptionsSet(&sol, "detail", "true");
  /* The report reads solar.fusion (group members, compiled kernels) and
   * solar.einsum_graph (training phases) besides solar.sol. */
  solarOptionsSet(&sol, "stages", "true");
  bool ok = solarRunPass(mlirModuleGetOperation(module), "solar-sol", &sol);
  solarOptionsDestroy(&sol);
  return ok;
}

/* Graphs lifted ahead for the module (passes/sol_prelift.c) and not
 * taken, a failed function's, go before it. */
static void destroyModule(MlirModule module) {
  solarFuncEinsumGraphPreliftsDiscard();
  mlirModuleDestroy(module);
}

/* The hardware file's name and core count (what a host reference is
 * pinned to). A file that does not load is reported as compare reports
 * it, naming the --arch value, before anything runs. */
static bool archSummary(const char *archPath, char *name, size_t nameSize,
                        unsigned *cores) {
  SolarCliArch arch;
  bool ok = solarCliArchLoad("analyze", archPath, &arch);
  if (ok) {
    snprintf(name, nameSize, "%s", arch.arch.name ? arch.arch.name : "?");
    *cores = (unsigned)arch.arch.num_sm.value;
  }
  solarCliArchDestroy(&arch);
  return ok;
}

/* solarPhaseReportAddMaskZeros on the hardware file the analysis used. */
static bool addMaskZeros(MlirModule module, const char *path,
                         const char *archPath, json_t *report, char *err,
                         size_t errSize) {
  SolarCliArch arch;
  bool ok = solarCliArchLoad("analyze", archPath, &arch);
  if (!ok)
    snprintf(err, errSize, "cannot load %s", archPath);
  ok = ok && solarPhaseReportAddMaskZeros(mlirModuleGetOperation(module),
                                          path, &arch.arch, report, err,
                                          errSize);
  solarCliArchDestroy(&arch);
  return ok;
}

/* solarTraceAttribute on the hardware file the analysis used. */
static bool attributeTrace(MlirModule module, const SolarTrace *trace,
                           const char *traceName, const char *archPath,
                           json_t *report, char *err, size_t errSize) {
  SolarCliArch arch;
  bool ok = solarCliArchLoad("analyze", archPath, &arch);
  if (!ok)
    snprintf(err, errSize, "cannot load %s", archPath);
  ok = ok && solarTraceAttribute(mlirModuleGetOperation(module), trace,
                                 traceName, &arch.arch, report, err, errSize);
  solarCliArchDestroy(&arch);
  return ok;
}

/* The model's entry of every --measured file, named; an .mlir's is its
 * program's (X.mlir is the IR of X.py, the sibling convention), so the
 * same files time both. */
static bool lookupMeasured(const AnalyzeArgs *args, SolarMeasured *out,
                           char *err, size_t errSize) {
  char name[4096];
  snprintf(name, sizeof(name), "%s", args->model);
  size_t length = strlen(name);
  if (solarPathHasSuffix(name, ".mlir") && length + 1 < sizeof(name))
    snprintf(name + length - 5, sizeof(name) - (length - 5), ".py");
  for (int k = 0; k < args->measuredArgs.count; ++k) {
    if (!solarMeasuredLookup(args->measured[k].file, name, &out[k], err,
                             errSize))
      return false;
    snprintf(out[k].name, sizeof(out[k].name), "%s", args->measured[k].name);
  }
  return true;
}

/* The reference's times become the first --measured file's. */
static void applyMeasured(const SolarMeasured *measured,
                          SolarReferenceResult *reference) {
  reference->medianSeconds = measured->medianSeconds;
  reference->minSeconds = measured->minSeconds;
  reference->runs = measured->runs;
  snprintf(reference->statistic, sizeof(reference->statistic), "%.*s",
           (int)sizeof(reference->statistic) - 1, measured->statistic);
  reference->timed = true;
  reference->elsewhere = true;
  /* The file says nothing of the machine it was timed on. */
  reference->timingReliable = -1;
  reference->timingReasons[0] = '\0';
  snprintf(reference->timingSource, sizeof(reference->timingSource), "%.*s",
           (int)sizeof(reference->timingSource) - 1, measured->source);
}

/* An .mlir analyzed alone has no reference run: --measured times are
 * compared with its SOL as given (the IR is the user's own program). */
static void measuredOnly(const SolarMeasured *measured,
                         SolarReferenceResult *reference) {
  memset(reference, 0, sizeof(*reference));
  reference->threads = -1;
  applyMeasured(measured, reference);
}

/* Whether this machine has an NVIDIA GPU (the driver's control node): a
 * GPU arch's reference is only timed where one is. */
static bool gpuPresent(void) { return access("/dev/nvidiactl", F_OK) == 0; }

int solarCmdAnalyze(int argc, char **argv) {
  AnalyzeArgs args;
  int status = parseArgs(argc, argv, &args);
  if (status)
    return status == 1 ? SOLAR_EXIT_OK : SOLAR_EXIT_USAGE;
  char err[6144], archPath[4096];
  SolarFrontendRequest frontendRequest = {
      .model = args.model,
      .explicitMlir = args.mlir,
      .choice = args.frontend,
      .framework = args.framework,
      .function = args.function,
      .rtol = args.rtol,
      .atol = args.atol,
      .verifyLimits = args.verifyLimits,
      .timeoutSeconds = args.timeout,
      .keepDir = args.keep,
      .reportPath = args.output,
      .verifySize = args.verifySize,
      .overrides = args.overrides.items,
      .overridesIfAssigned = args.overridesIfAssigned.items,
      .train = args.train,
  };
  /* A --measured file without this program fails before anything runs.
   * The first file's times stand in the reference (the report's single
   * `measured`); every file is a named measurement. */
  static SolarMeasured measuredTimes[SOLAR_CLI_MAX_VALUES];
  const SolarMeasured *measured = measuredTimes;
  bool haveMeasured = args.measuredArgs.count > 0;
  if (haveMeasured &&
      !lookupMeasured(&args, measuredTimes, err, sizeof(err))) {
    fprintf(stderr, "solar analyze: error: %s\n", err);
    return SOLAR_EXIT_FAILURE;
  }

  /* So is the trace: a file that is no profiler trace fails first. */
  SolarTrace trace = {0};
  if (args.trace && !solarTraceRead(args.trace, &trace, err, sizeof(err))) {
    fprintf(stderr, "solar analyze: error: %s\n", err);
    return SOLAR_EXIT_FAILURE;
  }
  if (args.trace && args.train.train &&
      !solarTraceHasTrainMap(&trace, err, sizeof(err))) {
    fprintf(stderr, "solar analyze: error: %s: %s\n", args.trace, err);
    solarTraceDestroy(&trace);
    return SOLAR_EXIT_FAILURE;
  }

  /* The hardware file is checked before any program runs. */
  if (!solarResolveArchArgument(args.arch, archPath, sizeof(archPath), stderr,
                                err, sizeof(err))) {
    fprintf(stderr, "solar analyze: error: %s\n", err);
    return SOLAR_EXIT_FAILURE;
  }
  char archName[256];
  unsigned archCoreCount = 0;
  if (!archSummary(archPath, archName, sizeof(archName), &archCoreCount))
    return SOLAR_EXIT_FAILURE;

  SolarFrontendResult frontend;
  if (!solarFrontendResolve(&frontendRequest, &frontend, err, sizeof(err))) {
    fprintf(stderr, "solar analyze: error: %s\n", err);
    solarFrontendResultCleanup(&frontend);
    /* The program's own error is the user's to fix, not a missing IR; IR
     * that runs but computes something else is not a missing IR either. */
    return frontend.userError      ? SOLAR_EXIT_FAILURE
           : frontend.verifyFailed ? SOLAR_EXIT_NOT_VERIFIED
                                   : SOLAR_EXIT_NO_IR;
  }
  bool host = !strcmp(args.arch, "host");
  bool program = solarPathHasSuffix(args.model, ".py");
  /* The imported IR was verified against the importer's reference run;
   * that run serves the analysis too. */
  bool imported = *frontend.importManifest != '\0';
  bool timeHere = host || args.measureHere || gpuPresent();

  SolarReferenceResult reference;
  memset(&reference, 0, sizeof(reference));
  bool haveReference = false;
  char tmpDir[4096] = "";
  unsigned pinned = host ? archCoreCount : 0;
  char profilePath[4200] = "", kernelOpsPath[4200] = "";
  char maskZerosPath[4200] = "";
  bool needKernelOps = trace.compiled && !trace.kernelOps;
  if (program) {
    if (args.keep) {
      snprintf(tmpDir, sizeof(tmpDir), "%s", args.keep);
    } else {
      if (!solarCliMakeTempDir("solar-analyze", tmpDir, sizeof(tmpDir))) {
        fprintf(stderr, "solar analyze: error: cannot create %s\n", tmpDir);
        solarFrontendResultCleanup(&frontend);
        return SOLAR_EXIT_FAILURE;
      }
    }
    /* --profile: the runner records the trace beside its manifest; a
     * compiled trace recorded elsewhere gets the map of its ops from the
     * program compiled here. */
    snprintf(profilePath, sizeof(profilePath), "%s/trace.json", tmpDir);
    snprintf(kernelOpsPath, sizeof(kernelOpsPath), "%s/kernel_ops.json",
             tmpDir);
    snprintf(maskZerosPath, sizeof(maskZerosPath), "%s/mask_zeros.json",
             tmpDir);
    SolarReferenceRequest request = {
        .model = args.model,
        .framework = args.framework,
        /* A host target measures the CPU it describes. */
        .device = host ? "cpu" : "auto",
        /* The LLM is asked for this function: the manifest names it. */
        .function = frontend.needsLlm ? frontend.function : args.function,
        .runs = args.runs,
        .warmup = -1,
        .threads = pinned,
        .outDir = tmpDir,
        /* After an import the run only times: its data is not needed. */
        .noData = imported,
        .timeoutSeconds = args.timeout,
        .profileTrace = args.profile ? profilePath : NULL,
        .profileSteps = args.profileSteps,
        .kernelOps = needKernelOps ? kernelOpsPath : NULL,
        .profileCompile = args.compile,
        .train = args.train,
        .maskZeros = args.train.maskZeros ? maskZerosPath : NULL,
    };
    bool ran = false;
    if (imported) {
      haveReference = solarReferenceReadManifest(
          frontend.importManifest, &reference, err, sizeof(err));
      if (haveReference &&
          ((timeHere && !haveMeasured) || args.profile || needKernelOps ||
           args.train.maskZeros)) {
        SolarReferenceResult timing;
        ran = solarReferenceRun(&request, &timing, err, sizeof(err));
        if (ran)
          reference = timing;
        haveReference = ran;
      }
    } else {
      haveReference = ran =
          solarReferenceRun(&request, &reference, err, sizeof(err));
    }
    if (!haveReference) {
      fprintf(stderr, "solar analyze: error: %s\n", err);
      if (!args.keep)
        solarRemoveTree(tmpDir);
      solarFrontendResultCleanup(&frontend);
      return SOLAR_EXIT_FAILURE;
    }
    reference.timed = ran && timeHere && !haveMeasured;
    if (reference.timed)
      snprintf(reference.timingSource, sizeof(reference.timingSource),
               "measured here (%s, %s)", reference.deviceType,
               reference.deviceName);
    if (haveMeasured)
      applyMeasured(measured, &reference);
    if (!reference.timed)
      fprintf(stderr,
              "solar analyze: note: the reference is not timed here (the "
              "arch's device is not this machine; --measure-here or "
              "--measured FILE give times)\n");
    if (ran && pinned && reference.threads > 0 &&
        reference.threads != (long)pinned)
      fprintf(stderr,
              "solar analyze: warning: the reference ran %ld thread(s), the "
              "calibration describes %u cores\n",
              reference.threads, pinned);
    if ((args.profile &&
         !solarTraceRead(profilePath, &trace, err, sizeof(err))) ||
        (needKernelOps &&
         !solarTraceSetKernelOps(&trace, kernelOpsPath, err, sizeof(err)))) {
      fprintf(stderr, "solar analyze: error: %s%s\n",
              args.profile ? "--profile: " : "", err);
      if (!args.keep)
        solarRemoveTree(tmpDir);
      solarFrontendResultCleanup(&frontend);
      return SOLAR_EXIT_FAILURE;
    }
    if (frontend.needsLlm &&
        !solarFrontendTranslateLlm(&frontendRequest, reference.manifest,
                                   tmpDir, &frontend, err, sizeof(err))) {
      fprintf(stderr, "solar analyze: error: %s\n", err);
      if (!args.keep)
        solarRemoveTree(tmpDir);
      return SOLAR_EXIT_NO_IR;
    }
  } else if (haveMeasured) {
    measuredOnly(measured, &reference);
  }

  status = SOLAR_EXIT_FAILURE;
  char fp32Math[128] = "", fp32MathSource[64] = "";
  size_t length = 0;
  /* The importer's module is the file's, already parsed (and lifted for
   * its structure check: passes/sol_prelift.c); else the file is read. */
  char *text = frontend.irText;
  MlirContext ctx = frontend.ctx;
  MlirModule module = frontend.module;
  length = frontend.irLength;
  frontend.irText = NULL;
  frontend.ctx = (MlirContext){NULL};
  frontend.module = (MlirModule){NULL};
  if (!text)
    text = solarReadFile(frontend.irPath, &length);
  if (!text) {
    fprintf(stderr, "solar analyze: error: cannot read '%s'\n",
            frontend.irPath);
    goto done;
  }
  if (mlirContextIsNull(ctx))
    ctx = solarContextCreate();
  if (mlirContextIsNull(ctx))
    goto done;
  if (mlirModuleIsNull(module))
    module = solarParseModule(ctx, text, length, frontend.irPath);
  if (mlirModuleIsNull(module))
    goto done;
  size_t funcCount = 0;
  free(solarCollectFuncs(mlirModuleGetOperation(module), &funcCount));
  if (!solarCliHasFunctions("analyze", frontend.irPath, funcCount)) {
    destroyModule(module);
    goto done;
  }
  if (haveReference && !imported &&
      !runVerify(module, &args, &reference)) {
    /* An unverified translation is never analyzed. */
    fprintf(stderr,
            "solar analyze: error: %s does not compute what %s computes: "
            "not analyzed\n",
            frontend.irPath, args.model);
    status = SOLAR_EXIT_NOT_VERIFIED;
  } else if (!solarCliFp32MathOption(
                 args.fp32Math, haveReference ? reference.manifest : NULL,
                 mlirModuleGetOperation(module), fp32Math, sizeof(fp32Math), fp32MathSource,
                 sizeof(fp32MathSource), err, sizeof(err))) {
    fprintf(stderr, "solar analyze: error: %s\n", err);
  } else if (!solarPrepareForAnalysis(mlirModuleGetOperation(module)) ||
             !runSol(module, &args, archPath, fp32Math)) {
    fprintf(stderr, "solar analyze: error: analysis of %s failed\n",
            frontend.irPath);
  } else if (!solarAnalyzeCheckComplete(mlirModuleGetOperation(module), err,
                                        sizeof(err))) {
    /* A partial figure is not a lower bound: no report presents it. */
    fprintf(stderr, "solar analyze: error: %s\n", err);
  } else {
    SolarAnalyzeContext context = {
        .model = args.model,
        .frontend = &frontend,
        .archArgument = args.arch,
        .archPath = archPath,
        .archName = archName,
        .reference = haveReference || (!program && haveMeasured)
                         ? &reference
                         : NULL,
        .measured = measured,
        .measuredCount = (size_t)args.measuredArgs.count,
        .irIsProgram = !program,
        .dtype = args.dtype,
        .train = &args.train,
        .pinnedThreads = pinned,
        .fp32MathSource = fp32MathSource,
        .referenceKept = args.keep != NULL,
    };
    json_t *report = solarAnalyzeReport(mlirModuleGetOperation(module),
                                        &context);
    /* Without --keep-reference a profiled trace is gone on exit. */
    const char *traceName = args.trace     ? args.trace
                            : args.keep    ? profilePath
                                           : "the --profile run";
    if (args.train.maskZeros &&
        !addMaskZeros(module, maskZerosPath, archPath, report, err,
                      sizeof(err))) {
      fprintf(stderr, "solar analyze: error: --mask-zeros: %s\n", err);
      json_decref(report);
      destroyModule(module);
      goto done;
    }
    if ((args.trace || args.profile) &&
        !attributeTrace(module, &trace, traceName, archPath, report, err,
                        sizeof(err))) {
      fprintf(stderr, "solar analyze: error: %s: %s\n", traceName, err);
      json_decref(report);
      destroyModule(module);
      goto done;
    }
    if (args.json)
      json_dumpf(report, stdout, JSON_INDENT(2) | SOLAR_JSON_REAL_FLAGS);
    else {
      solarAnalyzePrintText(stdout, report);
      solarTracePrintText(stdout, report);
    }
    if (args.json)
      fputc('\n', stdout);
    status = SOLAR_EXIT_OK;
    if (args.output &&
        !solarOutputWriteJson(args.output, report,
                              JSON_INDENT(2) | SOLAR_JSON_REAL_FLAGS)) {
      fprintf(stderr, "solar analyze: error: cannot write '%s'\n",
              args.output);
      status = SOLAR_EXIT_FAILURE;
    }
    if (args.plot && !solarAnalyzePlotWrite(args.plot, report))
      status = SOLAR_EXIT_FAILURE;
    if (args.kernelPlot && !solarTracePlotWrite(args.kernelPlot, report))
      status = SOLAR_EXIT_FAILURE;
    json_decref(report);
  }
  destroyModule(module);
done:
  solarTraceDestroy(&trace);
  if (!mlirContextIsNull(ctx))
    mlirContextDestroy(ctx);
  free(text);
  if (program && !args.keep)
    solarRemoveTree(tmpDir);
  solarFrontendResultCleanup(&frontend);
  return status;
}
