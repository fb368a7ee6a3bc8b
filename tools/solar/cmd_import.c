/* solar import: a PyTorch or JAX program -> verified affine MLIR, with no
 * LLM (the work itself is cli_import.c, shared with `solar analyze`). Only
 * a verified module is written. */
#include "cli_files.h"
#include "cli_import.h"
#include "cli_output.h"
#include "cli_reference.h"
#include "cli_verify_limits.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_OVERRIDES 32

typedef struct {
  const char *model;
  const char *framework;
  const char *output;
  const char *imported; /* linalg file to use instead of exporting */
  const char *keep;     /* work directory to keep, or NULL (temporary) */
  const char *seed;
  const char *runs;
  const char *function;
  const char *rtol, *atol;
  SolarCliVerifyLimits verifyLimits;
  const char *timeout;
  const char *verifySize;
  SolarTrainStep train;
  const char *overrides[MAX_OVERRIDES + 1]; /* NULL-terminated */
  int overrideCount;
} ImportArgs;

static void printHelp(void) {
  printf(
      "USAGE: solar import MODEL.py --framework torch|jax -o OUT.mlir\n"
      "           [--override NAME=VALUE ...] [--seed S] [--runs N]\n"
      "           [--function NAME] [--rtol R] [--atol A] [--keep DIR]\n"
      "           [--imported LINALG.mlir] [--verify-size auto|full|N]\n"
      "           [--verify-timeout CPU_S] [--verify-memory SIZE]\n"
      "           [--timeout S]\n"
      "           [--train [--loss mse|cross_entropy|sum] "
      "[--optimizer sgd|adamw]]\n\n"
      "Exports the program deterministically (torch: torch-mlir FX importer;\n"
      "jax: StableHLO through IREE's input conversion) to linalg on tensors,\n"
      "lowers it to affine loops (--solar-lower-to-affine) and verifies it\n"
      "against the framework's own run (--solar-verify). OUT.mlir is\n"
      "written only when the verification passes. --keep DIR keeps the\n"
      "exported linalg and the reference data; --imported uses a linalg\n"
      "file instead of exporting (the reference still runs).\n"
      "--verify-size (default auto): the reference runs and the IR is\n"
      "verified at shrunk sizes (auto: about a second; N: size constants\n"
      "scaled to at most N; --override NAME=VALUE gives them yourself);\n"
      "OUT.mlir is the full-size export, written after checking that its\n"
      "einsum graph has the verified one's structure. full: one size.\n"
      "--train (torch, or a Flax Model): one training step instead of the\n"
      "forward pass: forward, loss (default mse against a target in the\n"
      "output's shape, or get_targets()), backward, optimizer update\n"
      "(default sgd; jax: optax's), as the function train_step returning\n"
      "the loss and the updated parameters (and the optimizer's state).\n"
      "See docs/importers.md.\n");
}

static const char *needValue(int argc, char **argv, int *i) {
  if (*i + 1 >= argc) {
    fprintf(stderr, "solar import: error: %s needs a value\n", argv[*i]);
    return NULL;
  }
  return argv[++*i];
}

/* 0 to go on, else an exit status + 1 (so help can return 0). */
static int parseImportArgs(int argc, char **argv, ImportArgs *a) {
  memset(a, 0, sizeof(*a));
  a->function = NULL;
  for (int i = 1; i < argc; ++i) {
    const char *arg = argv[i];
    const char **slot = NULL;
    if (!strcmp(arg, "--help") || !strcmp(arg, "-h")) {
      printHelp();
      return 1;
    } else if (!strcmp(arg, "--framework")) {
      slot = &a->framework;
    } else if (!strcmp(arg, "-o")) {
      slot = &a->output;
    } else if (!strcmp(arg, "--imported")) {
      slot = &a->imported;
    } else if (!strcmp(arg, "--keep")) {
      slot = &a->keep;
    } else if (!strcmp(arg, "--seed")) {
      slot = &a->seed;
    } else if (!strcmp(arg, "--runs")) {
      slot = &a->runs;
    } else if (!strcmp(arg, "--function")) {
      slot = &a->function;
    } else if (!strcmp(arg, "--rtol")) {
      slot = &a->rtol;
    } else if (!strcmp(arg, "--atol")) {
      slot = &a->atol;
    } else if (!strcmp(arg, "--timeout")) {
      slot = &a->timeout;
    } else if (!strcmp(arg, "--verify-timeout")) {
      slot = &a->verifyLimits.timeout;
    } else if (!strcmp(arg, "--verify-memory")) {
      slot = &a->verifyLimits.memory;
    } else if (!strcmp(arg, "--verify-size")) {
      slot = &a->verifySize;
    } else if (!strcmp(arg, "--train")) {
      a->train.train = true;
    } else if (!strcmp(arg, "--loss")) {
      slot = &a->train.loss;
    } else if (!strcmp(arg, "--optimizer")) {
      slot = &a->train.optimizer;
    } else if (!strcmp(arg, "--override")) {
      if (a->overrideCount == MAX_OVERRIDES) {
        fprintf(stderr, "solar import: error: more than %d --override\n",
                MAX_OVERRIDES);
        return 3;
      }
      slot = &a->overrides[a->overrideCount++];
    } else if (arg[0] == '-') {
      fprintf(stderr, "solar import: error: unknown option '%s' (see "
                      "'solar import --help')\n", arg);
      return 3;
    } else if (a->model) {
      fprintf(stderr, "solar import: error: more than one model ('%s')\n", arg);
      return 3;
    } else {
      a->model = arg;
    }
    if (slot && !(*slot = needValue(argc, argv, &i)))
      return 3;
  }
  const char *missing = !a->model       ? "a MODEL.py"
                        : !a->framework ? "--framework torch|jax"
                        : !a->output    ? "-o OUT.mlir"
                                        : NULL;
  if (missing) {
    fprintf(stderr, "solar import: error: needs %s (see 'solar import "
                    "--help')\n", missing);
    return 3;
  }
  if (strcmp(a->framework, "torch") && strcmp(a->framework, "jax")) {
    fprintf(stderr, "solar import: error: --framework must be torch or jax, "
                    "not '%s'\n", a->framework);
    return 3;
  }
  if (!solarCliVerifyLimitsCheck("import", &a->verifyLimits))
    return 3;
  if (!solarTrainCheck("import", &a->train))
    return 3;
  if (!a->function)
    a->function = a->train.train ? SOLAR_TRAIN_FUNCTION : "forward";
  const SolarCliPath outputs[] = {{"-o", a->output}};
  const SolarCliPath inputs[] = {{"the model", a->model},
                                 {"the --imported IR", a->imported}};
  if (!solarCliCheckOutputs("import", outputs, 1, inputs, 2))
    return 3;
  return 0;
}

int solarCmdImport(int argc, char **argv) {
  ImportArgs a;
  int status = parseImportArgs(argc, argv, &a);
  if (status)
    return status - 1;
  double timeoutSeconds = SOLAR_REFERENCE_DEFAULT_TIMEOUT_S;
  if (a.timeout && !solarReferenceParseTimeout("import", "--timeout",
                                               a.timeout, &timeoutSeconds))
    return 2;
  char tmpl[4096];
  const char *workDir = a.keep;
  if (!workDir) {
    if (!solarCliMakeTempDir("solar-import", tmpl, sizeof(tmpl))) {
      fprintf(stderr, "solar import: error: cannot create a work directory "
                      "'%s': %s\n", tmpl, strerror(errno));
      return 1;
    }
    workDir = tmpl;
  }
  SolarImportRequest request = {
      .model = a.model,
      .framework = a.framework,
      .function = a.function,
      .workDir = workDir,
      .imported = a.imported,
      .seed = a.seed,
      .runs = a.runs,
      .rtol = a.rtol,
      .atol = a.atol,
      .verifyLimits = a.verifyLimits,
      .timeoutSeconds = timeoutSeconds,
      .overrides = a.overrides,
      .verifySize = a.verifySize,
      .train = a.train,
  };
  SolarImportResult result;
  char err[4608];
  bool ok = solarImportRun(&request, &result, err, sizeof(err));
  if (!ok)
    fprintf(stderr, "solar import: error: %s; nothing written\n", err);
  else if (result.twoSizes)
    printf("solar import: verified at %s; %s is the full-size export (same "
           "einsum graph: %zu node(s), %s)\n",
           result.verifiedSizes, a.output, result.structureNodes,
           result.structureNote);
  if (ok && !solarWriteText(a.output, result.module)) {
    fprintf(stderr, "solar import: error: cannot write '%s': %s\n", a.output,
            strerror(errno));
    ok = false;
  }
  solarImportResultDestroy(&result);
  if (ok)
    printf("solar import: wrote %s (verified against the %s reference)\n",
           a.output, a.framework);
  if (!a.keep)
    solarRemoveTree(workDir);
  return ok ? 0 : 1;
}
