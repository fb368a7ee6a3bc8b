/* solar-opt: an mlir-opt-like driver with every upstream dialect and pass
 * plus solar's dialect and passes. */
#include "global_options.h"
#include "solar/support/grow.h"
#include "input.h"
#include "pipeline.h"
#include "verify_diagnostics.h"

#include "solar/support/files.h"
#include "solar/support/parse.h"
#include "solar/solar.h"

#include "llvm-c/ErrorHandling.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/Pass.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One requested pass step, in command-line order. */
typedef struct {
  bool isPipeline;  /* --pass-pipeline text, else a single pass flag */
  char *text;       /* pipeline text or pass name (owned) */
  char *optionText; /* pass options, or NULL (owned) */
} PassStep;

typedef struct {
  const char *inputPath;
  const char *outputPath;
  bool splitInputFile;
  bool printGeneric;
  bool printDebugInfo;
  bool verifyRoundTrip;
  bool allowUnregistered;
  bool verifyDiagnostics;
  bool timing;
  bool printIrBefore, printIrAfter, printIrAfterChange, printIrAfterFailure;
  bool printIrModuleScope;
  bool disableThreading;
  bool listPasses;
  PassStep *steps;
  size_t stepCount;
  SolarOptions globals;
} DriverConfig;

/* mlir-opt's switches solar-opt shares: one table for parsing and --help. */
static const struct {
  const char *flag;
  size_t field; /* offsetof the bool in DriverConfig */
  const char *help;
} kSwitches[] = {
    {"split-input-file", offsetof(DriverConfig, splitInputFile),
     "Process each '// -----' chunk separately"},
    {"verify-diagnostics", offsetof(DriverConfig, verifyDiagnostics),
     "Match diagnostics against the input's\n"
     "expected-error/-warning/-note/-remark\n"
     "{{text}} comments (@+N @-N @above @below\n"
     "@unknown; -re: {{regex}} parts)"},
    {"mlir-print-op-generic", offsetof(DriverConfig, printGeneric),
     "Print operations in generic form"},
    {"mlir-print-debuginfo", offsetof(DriverConfig, printDebugInfo),
     "Print locations (also in IR dumps)"},
    {"mlir-print-ir-before-all", offsetof(DriverConfig, printIrBefore),
     "Print the IR to stderr before every pass"},
    {"mlir-print-ir-after-all", offsetof(DriverConfig, printIrAfter),
     "Print the IR to stderr after every pass"},
    {"mlir-print-ir-after-change", offsetof(DriverConfig, printIrAfterChange),
     "Print the IR after passes that changed it"},
    {"mlir-print-ir-after-failure", offsetof(DriverConfig, printIrAfterFailure),
     "Print the IR to stderr after a pass that failed"},
    {"mlir-print-ir-module-scope", offsetof(DriverConfig, printIrModuleScope),
     "Dump the whole module (needs\n"
     "--mlir-disable-threading)"},
    {"mlir-timing", offsetof(DriverConfig, timing),
     "Print the time of every pass to stderr"},
    {"mlir-disable-threading", offsetof(DriverConfig, disableThreading),
     "Run passes on one thread"},
    {"allow-unregistered-dialect", offsetof(DriverConfig, allowUnregistered),
     "Accept ops of dialects solar-opt does not\n"
     "register (generic form), e.g. IREE's util"},
    {"verify-roundtrip", offsetof(DriverConfig, verifyRoundTrip), NULL},
    {"list-passes", offsetof(DriverConfig, listPasses),
     "List solar's passes and exit"},
};

static bool *switchLookup(DriverConfig *config, const char *name) {
  for (size_t i = 0; i < sizeof(kSwitches) / sizeof(kSwitches[0]); ++i)
    if (!strcmp(name, kSwitches[i].flag))
      return (bool *)((char *)config + kSwitches[i].field);
  return NULL;
}

static void printSwitchHelp(void) {
  for (size_t i = 0; i < sizeof(kSwitches) / sizeof(kSwitches[0]); ++i) {
    if (!kSwitches[i].help)
      continue;
    const char *help = kSwitches[i].help;
    printf("  --%-30s ", kSwitches[i].flag);
    for (const char *p = help; *p; ++p) {
      putchar(*p);
      if (*p == '\n')
        printf("  %-30s   ", "");
    }
    putchar('\n');
  }
}

/* mlir-opt's --list-passes; the C API cannot enumerate MLIR's own passes,
 * which keep their mlir-opt names. */
static void printPassList(void) {
  printf("SOLAR PASSES (flag --ARG, or ARG{key=value ...} in a pipeline):\n");
  for (size_t i = 0; i < solarPassCount(); ++i) {
    const SolarPassInfo *info = solarPassAt(i);
    printf("  --%-30s %s\n", info->argument, info->description);
    if (info->optionNames && info->optionNames[0]) {
      printf("  %-32s options:", "");
      for (const char *const *name = info->optionNames; *name; ++name)
        printf(" %s", *name);
      if (info->valueOption)
        printf(" (--%s=V sets %s)", info->argument, info->valueOption);
      printf("\n");
    }
  }
  printf("Every upstream MLIR 22 pass is available under its mlir-opt name "
         "(--NAME or inside --pass-pipeline).\n");
}

static void printHelp(void) {
  printf("OVERVIEW: solar-opt: speed-of-light analysis passes for MLIR\n\n"
         "USAGE: solar-opt [options] [input file] [-o output file]\n\n"
         "Reads MLIR from a file or stdin ('-'), runs the requested passes and\n"
         "writes the result. Every upstream MLIR dialect and pass is\n"
         "available; solar passes can be used in --pass-pipeline by name.\n\n"
         "OPTIONS:\n"
         "  -o FILE                          Write output to FILE (default: "
         "stdout)\n"
         "  --pass-pipeline=TEXT             Run 'builtin.module(...)' "
         "pipeline TEXT\n"
         "  --NAME                           Run upstream pass NAME at module "
         "level\n"
         "  --help                           Show this help\n"
         "  --version                        Show the version\n");
  printSwitchHelp();
  printf("\n");
  printPassList();
  printf("\nSOLAR OPTIONS (apply to every solar pass):\n");
  for (size_t i = 0; i < globalOptionCount(); ++i) {
    const GlobalOption *option = globalOptionAt(i);
    char flag[64];
    snprintf(flag, sizeof(flag), "%s%s", option->flag,
             option->takesValue ? "=VALUE" : "");
    printf("  --%-30s %s\n", flag, option->help);
  }
}

static void addStep(DriverConfig *config, bool isPipeline, const char *text,
                    const char *optionText) {
  size_t capacity = (size_t)config->stepCount;
  config->steps = solarGrow(config->steps, &capacity,
                            (size_t)config->stepCount, sizeof(PassStep));
  PassStep *step = &config->steps[config->stepCount++];
  step->isPipeline = isPipeline;
  step->text = strdup(text);
  step->optionText = optionText ? strdup(optionText) : NULL;
}

static void destroyConfig(DriverConfig *config) {
  for (size_t i = 0; i < config->stepCount; ++i) {
    free(config->steps[i].text);
    free(config->steps[i].optionText);
  }
  free(config->steps);
  solarOptionsDestroy(&config->globals);
}

/* A `--solar-pass=VALUE` flag sets the pass's value option; the value may
 * also be a full option list in braces: --solar-sol='{arch=B200}'. */
static char *passFlagOptions(const SolarPassInfo *info, const char *value) {
  if (!value)
    return NULL;
  size_t length = strlen(value);
  if (length >= 2 && value[0] == '{' && value[length - 1] == '}') {
    char *inner = strndup(value + 1, length - 2);
    return inner;
  }
  const char *key = info->valueOption ? info->valueOption : "value";
  size_t size = strlen(key) + length + 4;
  char *text = malloc(size);
  snprintf(text, size, "%s='%s'", key, value);
  return text;
}

/* Returns 0 to go on, or an exit code + 1. */
static int parseArguments(int argc, char **argv, DriverConfig *config) {
  for (int i = 1; i < argc; ++i) {
    const char *arg = argv[i];
    if (strcmp(arg, "-o") == 0) {
      if (++i == argc) {
        fprintf(stderr, "solar-opt: error: -o needs a file name\n");
        return 2;
      }
      config->outputPath = argv[i];
      continue;
    }
    if (strncmp(arg, "-o", 2) == 0 && arg[2]) {
      config->outputPath = arg + 2;
      continue;
    }
    if (strcmp(arg, "-") == 0 || arg[0] != '-') {
      if (config->inputPath) {
        fprintf(stderr, "solar-opt: error: more than one input file ('%s')\n",
                arg);
        return 2;
      }
      config->inputPath = arg;
      continue;
    }
    /* Accept both -flag and --flag, as LLVM's option parser does. */
    const char *flag = arg + (arg[1] == '-' ? 2 : 1);
    const char *equals = strchr(flag, '=');
    char *name = equals ? strndup(flag, (size_t)(equals - flag)) : strdup(flag);
    const char *value = equals ? equals + 1 : NULL;
    int status = 0;
    const GlobalOption *global = globalOptionLookup(name);
    const SolarPassInfo *pass = solarPassLookup(name);
    if (!strcmp(name, "help") || !strcmp(name, "h")) {
      printHelp();
      status = 1;
    } else if (!strcmp(name, "version")) {
      printf("solar-opt %s (MLIR 22)\n", SOLAR_VERSION);
      status = 1;
    } else if (!strcmp(name, "pass-pipeline")) {
      if (!value) {
        fprintf(stderr, "solar-opt: error: --pass-pipeline needs a value\n");
        status = 2;
      } else {
        addStep(config, true, value, NULL);
      }
    } else if (switchLookup(config, name) && !value) {
      *switchLookup(config, name) = true;
    } else if (global) {
      if (global->takesValue && (!value || !*value)) {
        fprintf(stderr, "solar-opt: error: --%s needs a value\n", name);
        status = 2;
      } else {
        solarOptionsSet(&config->globals, global->key,
                        value ? value : "true");
      }
    } else if (pass) {
      char *optionText = passFlagOptions(pass, value);
      addStep(config, false, name, optionText);
      free(optionText);
    } else if (!strncmp(name, "solar", 5)) {
      fprintf(stderr,
              "solar-opt: error: unknown solar option '%s' (see --help)\n",
              arg);
      status = 2;
    } else {
      /* Anything else names an upstream pass, resolved when the pipeline is
       * built; unknown names are reported there. */
      addStep(config, false, name, value);
    }
    free(name);
    if (status)
      return status;
  }
  if (config->listPasses) {
    printPassList();
    return 1;
  }
  if (config->printIrModuleScope && !config->disableThreading) {
    /* MLIR would abort with a fatal error: say it as a usage error. */
    fprintf(stderr, "solar-opt: error: --mlir-print-ir-module-scope needs "
                    "--mlir-disable-threading\n");
    return 3;
  }
  if (!config->inputPath)
    config->inputPath = "-";
  return 0;
}

static void writeToFile(MlirStringRef chunk, void *userData) {
  fwrite(chunk.data, 1, chunk.length, (FILE *)userData);
}

static bool buildPassManager(MlirPassManager pm, const DriverConfig *config) {
  char err[4096];
  MlirOpPassManager top = mlirPassManagerGetAsOpPassManager(pm);
  for (size_t i = 0; i < config->stepCount; ++i) {
    const PassStep *step = &config->steps[i];
    err[0] = '\0';
    bool ok = step->isPipeline
                  ? pipelineAddAnchored(pm, step->text, &config->globals, err,
                                        sizeof(err))
                  : pipelineAddPass(top, step->text, step->optionText,
                                    &config->globals, err, sizeof(err));
    if (!ok) {
      const char *message = err;
      while (*message == '\n' || *message == ' ')
        message++;
      fprintf(stderr, "solar-opt: error: %s\n",
              *message ? message : "invalid pass pipeline");
      return false;
    }
  }
  return true;
}

static MlirOpPrintingFlags outputPrintingFlags(const DriverConfig *config) {
  MlirOpPrintingFlags flags = mlirOpPrintingFlagsCreate();
  if (config->printGeneric)
    mlirOpPrintingFlagsPrintGenericOpForm(flags);
  if (config->printDebugInfo)
    mlirOpPrintingFlagsEnableDebugInfo(flags, true, false);
  return flags;
}

/* mlir-opt's pass-manager flags, each one call of the C API; the timing
 * report and the IR dumps go to stderr, as mlir-opt's do. */
static void instrumentPassManager(MlirPassManager pm,
                                  const DriverConfig *config) {
  if (config->timing)
    mlirPassManagerEnableTiming(pm);
  bool after = config->printIrAfter || config->printIrAfterChange ||
               config->printIrAfterFailure;
  if (!config->printIrBefore && !after)
    return;
  MlirOpPrintingFlags flags = outputPrintingFlags(config);
  mlirPassManagerEnableIRPrinting(
      pm, config->printIrBefore, after, config->printIrModuleScope,
      config->printIrAfterChange, config->printIrAfterFailure, flags,
      mlirStringRefCreate(NULL, 0));
  mlirOpPrintingFlagsDestroy(flags);
}

/* Runs the pipeline on one split and prints the result. */
static bool processSplit(MlirContext ctx, const DriverConfig *config,
                         const InputSplit *split, const char *bufferName,
                         FILE *out, bool *pipelineError) {
  MlirModule module =
      solarParseModule(ctx, split->text, split->length, bufferName);
  if (mlirModuleIsNull(module))
    return false;
  MlirOperation moduleOp = mlirModuleGetOperation(module);
  MlirPassManager pm = mlirPassManagerCreateOnOperation(
      ctx, mlirStringRefCreateFromCString("builtin.module"));
  instrumentPassManager(pm, config);
  bool ok = buildPassManager(pm, config);
  if (!ok)
    *pipelineError = true;
  if (ok && config->stepCount > 0)
    ok = mlirLogicalResultIsSuccess(mlirPassManagerRunOnOp(pm, moduleOp));
  else if (ok)
    ok = mlirOperationVerify(moduleOp);
  mlirPassManagerDestroy(pm);
  if (ok) {
    MlirOpPrintingFlags flags = outputPrintingFlags(config);
    mlirOperationPrintWithFlags(moduleOp, flags, writeToFile, out);
    mlirOpPrintingFlagsDestroy(flags);
    fputc('\n', out);
  }
  mlirModuleDestroy(module);
  return ok;
}

/* LLVM reports misuse such as adding a func.func pass at module level as a
 * fatal error; say what happened instead of dumping a stack trace. */
static void reportFatalError(const char *reason) {
  fprintf(stderr, "solar-opt: error: %s\n", reason);
  fflush(stderr);
  _Exit(1);
}

int main(int argc, char **argv) {
  DriverConfig config = {0};
  solarOptionsInit(&config.globals);
  int status = parseArguments(argc, argv, &config);
  if (status) {
    destroyConfig(&config);
    return status - 1;
  }
  LLVMInstallFatalErrorHandler(reportFatalError);

  size_t length = 0;
  char *text = solarReadFile(config.inputPath, &length);
  if (!text) {
    fprintf(stderr, "solar-opt: error: cannot read '%s'\n", config.inputPath);
    destroyConfig(&config);
    return 1;
  }
  MlirContext ctx = solarContextCreate();
  if (mlirContextIsNull(ctx)) {
    free(text);
    destroyConfig(&config);
    return 1;
  }
  mlirContextSetAllowUnregisteredDialects(ctx, config.allowUnregistered);
  if (config.disableThreading)
    mlirContextEnableMultithreading(ctx, false);
  FILE *out = stdout;
  if (config.outputPath && strcmp(config.outputPath, "-") != 0) {
    out = fopen(config.outputPath, "w");
    if (!out) {
      fprintf(stderr, "solar-opt: error: cannot write '%s'\n",
              config.outputPath);
      mlirContextDestroy(ctx);
      free(text);
      destroyConfig(&config);
      return 1;
    }
  }

  const char *bufferName =
      strcmp(config.inputPath, "-") == 0 ? "<stdin>" : config.inputPath;
  DiagVerifier *verifier = NULL;
  if (config.verifyDiagnostics) {
    verifier = diagVerifierCreate(bufferName, text, length);
    diagVerifierAttach(verifier, ctx);
  }
  size_t splitCount = 0;
  InputSplit *splits =
      inputSplit(text, length, config.splitInputFile, &splitCount);
  bool allOk = true, pipelineError = false;
  for (size_t i = 0; i < splitCount && !pipelineError; ++i) {
    if (i > 0)
      fprintf(out, "// -----\n");
    if (!processSplit(ctx, &config, &splits[i], bufferName, out,
                      &pipelineError))
      allOk = false;
    solarDiagnosticsSetSource(ctx, bufferName, NULL, 0);
    /* Keep stdout and stderr in step for `2>&1 | FileCheck`. */
    fflush(out);
  }
  for (size_t i = 0; i < splitCount; ++i)
    free(splits[i].text);
  free(splits);
  /* As in mlir-opt: with --verify-diagnostics the run succeeds when the
   * diagnostics were exactly the expected ones, failed passes included. */
  if (verifier && !pipelineError)
    allOk = diagVerifierFinish(verifier);
  diagVerifierDestroy(verifier);
  if (out != stdout)
    fclose(out);
  mlirContextDestroy(ctx);
  free(text);
  destroyConfig(&config);
  /* An unknown flag is an unknown pass name: a bad command line (2), as
   * the docs promise, not a failed run (1). */
  return pipelineError ? 2 : allOk ? 0 : 1;
}
