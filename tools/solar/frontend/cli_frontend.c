/* Choosing where `solar analyze` gets its affine IR: sibling file,
 * importer or LLM (cli_frontend.h). */
#include "cli_frontend.h"

#include "cli_files.h"
#include "cli_import.h"
#include "cli_llm_config.h"
#include "cli_say.h"
#include "cli_translate_run.h"

#include "solar/passes/stage.h"
#include "solar/verify/verify_manifest.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *const kChoiceNames[] = {"auto", "sibling", "import", "llm"};

bool solarFrontendChoiceParse(const char *text, SolarFrontendChoice *out) {
  for (int i = 0; i < 4; ++i)
    if (!strcmp(text, kChoiceNames[i])) {
      *out = (SolarFrontendChoice)i;
      return true;
    }
  return false;
}

const char *solarFrontendChoiceName(SolarFrontendChoice choice) {
  return kChoiceNames[choice];
}

/* "dir/linear_relu.py" -> "linear_relu". */
static void modelStem(const char *model, char *buf, size_t size) {
  const char *base = strrchr(model, '/');
  base = base ? base + 1 : model;
  size_t length = strlen(base);
  if (solarPathHasSuffix(base, ".py"))
    length -= 3;
  snprintf(buf, size, "%.*s", (int)length, base);
}

/* Where the IR a frontend produces is written, so the user can look at it:
 * in the kept reference directory, else beside the report, else in a
 * temporary directory of its own that is left in place. Always named
 * STEM.FRONTEND.mlir, never STEM.mlir, which would become the sibling of a
 * later run. Beside a report, STEM is the report's: reports of one model on
 * two chips in one directory (-o mlp-h100.json, -o mlp-b200.json) must not
 * overwrite each other's IR. */
static bool producedIrPath(const SolarFrontendRequest *r,
                           const char *frontend, SolarFrontendResult *result,
                           char *err, size_t errSize) {
  char stem[512], dir[4096];
  modelStem(r->model, stem, sizeof(stem));
  if (r->keepDir) {
    if (!solarMakeDirs(r->keepDir)) {
      snprintf(err, errSize, "cannot create %s: %s", r->keepDir,
               strerror(errno));
      return false;
    }
    snprintf(dir, sizeof(dir), "%s", r->keepDir);
  } else if (r->reportPath) {
    const char *slash = strrchr(r->reportPath, '/');
    if (!slash)
      snprintf(dir, sizeof(dir), ".");
    else if (slash == r->reportPath)
      snprintf(dir, sizeof(dir), "/");
    else
      snprintf(dir, sizeof(dir), "%.*s", (int)(slash - r->reportPath),
               r->reportPath);
    const char *reportBase = slash ? slash + 1 : r->reportPath;
    const char *dot = strrchr(reportBase, '.');
    size_t stemLength = dot && dot != reportBase ? (size_t)(dot - reportBase)
                                                 : strlen(reportBase);
    snprintf(stem, sizeof(stem), "%.*s", (int)stemLength, reportBase);
    /* Fail now rather than after the translation. */
    if (access(dir, W_OK) != 0) {
      snprintf(err, errSize, "cannot write the IR beside the report (-o): "
                             "%s: %s", dir, strerror(errno));
      return false;
    }
  } else {
    if (!solarCliMakeTempDir("solar-analyze-ir", dir, sizeof(dir))) {
      snprintf(err, errSize, "cannot create %s: %s", dir, strerror(errno));
      return false;
    }
    result->irDirTemporary = true;
  }
  snprintf(result->irPath, sizeof(result->irPath), "%.3000s/%.500s.%s.mlir",
           dir, stem, frontend);
  return true;
}

static bool writeIr(const char *path, const char *text, char *err,
                    size_t errSize) {
  if (solarWriteText(path, text))
    return true;
  snprintf(err, errSize, "cannot write %s: %s", path, strerror(errno));
  return false;
}

typedef enum {
  ImportOk,
  ImportFailed,       /* the importer cannot cover the program */
  ImportProgramError, /* the program itself failed */
  ImportCannotWrite,
} ImportOutcome;

/* The importer, into a scratch directory (kept under --keep-reference).
 * ImportFailed: it cannot cover the program (why in `reason`). */
static ImportOutcome runImporter(const SolarFrontendRequest *r,
                        SolarFrontendResult *out, char *reason,
                        size_t reasonSize, char *err, size_t errSize) {
  char workDir[4096];
  if (r->keepDir) {
    snprintf(workDir, sizeof(workDir), "%s/import", r->keepDir);
    if (!solarMakeDirs(workDir)) {
      snprintf(err, errSize, "cannot create %s: %s", workDir,
               strerror(errno));
      return ImportCannotWrite;
    }
  } else {
    if (!solarCliMakeTempDir("solar-analyze-import", workDir, sizeof(workDir))) {
      snprintf(err, errSize, "cannot create %s: %s", workDir,
               strerror(errno));
      return ImportCannotWrite;
    }
  }
  /* Where the IR goes is settled first: the analyzed module is kept as
   * parsed from that file (SolarImportRequest.analyzedPath). */
  if (!producedIrPath(r, "import", out, err, errSize)) {
    if (!r->keepDir)
      solarRemoveTree(workDir);
    return ImportCannotWrite;
  }
  fprintf(stderr, "solar analyze: importing %s (%s)\n", r->model,
          r->framework);
  SolarImportRequest request = {
      .model = r->model,
      .framework = r->framework,
      .function = r->function             ? r->function
                  : r->train.train ? SOLAR_TRAIN_FUNCTION
                                   : "forward",
      .workDir = workDir,
      /* Its reference checks the numbers and is not timed: timing is
       * analyze's business (at full size, where the arch's device is),
       * and a timed run at the verification sizes was one more forward
       * pass nobody read (Swin V2: 5.5 s). */
      .runs = "0",
      .rtol = r->rtol,
      .atol = r->atol,
      .verifyLimits = r->verifyLimits,
      .timeoutSeconds = r->timeoutSeconds,
      .verifySize = r->verifySize,
      .overrides = r->overrides,
      .overridesIfAssigned = r->overridesIfAssigned,
      .train = r->train,
      .chatterToStderr = true,
      .analyzedPath = out->irPath,
  };
  SolarImportResult result;
  char importErr[4608];
  ImportOutcome outcome = ImportOk;
  if (!solarImportRun(&request, &result, importErr, sizeof(importErr))) {
    outcome = result.programError ? ImportProgramError : ImportFailed;
    snprintf(reason, reasonSize, "%.*s", (int)reasonSize - 1,
             *result.reason ? result.reason : importErr);
    out->verifyFailed = result.verifyFailed;
    if (result.programError)
      snprintf(err, errSize, "%s failed: %s", r->model, reason);
    else if (result.verifyFailed)
      snprintf(err, errSize, "the imported IR of %s does not match the "
                             "reference: %s", r->model, reason);
    else
      snprintf(err, errSize, "the importer cannot cover %s: %s", r->model,
               reason);
  } else if (!writeIr(out->irPath, result.module, err, errSize)) {
    outcome = ImportCannotWrite;
  }
  if (outcome == ImportOk) {
    snprintf(out->frontend, sizeof(out->frontend), "import");
    snprintf(out->importManifest, sizeof(out->importManifest),
             "%s/ref/manifest.json", workDir);
    out->twoSizes = result.twoSizes;
    out->structureNodes = result.structureNodes;
    snprintf(out->structureNote, sizeof(out->structureNote), "%s",
             result.structureNote);
    snprintf(out->verifiedSizes, sizeof(out->verifiedSizes), "%s",
             result.verifiedSizes);
    /* The module analyze would parse from the file, already parsed. */
    if (!mlirModuleIsNull(result.analyzed)) {
      out->ctx = result.ctx;
      out->module = result.analyzed;
      out->irText = result.module;
      out->irLength = strlen(result.module);
      result.ctx = (MlirContext){NULL};
      result.analyzed = (MlirModule){NULL};
      result.module = NULL;
    }
  } else {
    /* Another frontend may still write its IR: no import IR file is left
     * (its temporary directory goes) or named. */
    if (out->irDirTemporary) {
      char *slash = strrchr(out->irPath, '/');
      *slash = '\0';
      solarRemoveTree(out->irPath);
    }
    out->irPath[0] = '\0';
    out->irDirTemporary = false;
  }
  solarImportResultDestroy(&result);
  if (!r->keepDir) {
    if (outcome == ImportOk)
      snprintf(out->importWorkDir, sizeof(out->importWorkDir), "%s", workDir);
    else
      solarRemoveTree(workDir);
  }
  return outcome;
}

/* Whether the environment names an endpoint and a model; else what is
 * missing (`why`) and what to set (`hint`). */
static bool llmConfigured(char *why, size_t whySize, char *hint,
                          size_t hintSize) {
  SolarLlmSettings fromEnvironment = {NULL, NULL, NULL, NULL};
  SolarLlmConfig config;
  SolarLlmConfigStatus status =
      solarLlmConfigResolve(&fromEnvironment, &config);
  solarLlmConfigDestroy(&config);
  if (status == SolarLlmConfigNoEndpoint) {
    snprintf(why, whySize, "no LLM endpoint is configured");
    snprintf(hint, hintSize,
             "set SOLAR_LLM_URL and SOLAR_LLM_MODEL (docs/llm-frontend.md)");
  } else if (status == SolarLlmConfigNoModel) {
    snprintf(why, whySize, "no LLM model is configured");
    snprintf(hint, hintSize, "SOLAR_LLM_URL is set; set SOLAR_LLM_MODEL "
                             "(docs/llm-frontend.md)");
  } else if (status == SolarLlmConfigBadValue) {
    solarLlmConfigDescribeBadValue(&config, why, whySize);
    snprintf(hint, hintSize, "fix SOLAR_LLM_URL, SOLAR_LLM_MODEL or the API "
                             "key variable (docs/llm-frontend.md)");
  }
  return status == SolarLlmConfigOk;
}

static void needLlm(const SolarFrontendRequest *r, SolarFrontendResult *out) {
  out->needsLlm = true;
  snprintf(out->frontend, sizeof(out->frontend), "llm");
  if (r->function)
    snprintf(out->function, sizeof(out->function), "%s", r->function);
  else {
    char *name = solarTranslateFunctionName(r->model);
    snprintf(out->function, sizeof(out->function), "%s", name);
    free(name);
  }
}

bool solarFrontendResolve(const SolarFrontendRequest *r,
                          SolarFrontendResult *out, char *err,
                          size_t errSize) {
  memset(out, 0, sizeof(*out));
  out->attempts = -1;
  if (solarPathHasSuffix(r->model, ".mlir")) {
    snprintf(out->irPath, sizeof(out->irPath), "%s", r->model);
    snprintf(out->frontend, sizeof(out->frontend), "mlir-input");
    return true;
  }
  if (!solarPathHasSuffix(r->model, ".py")) {
    snprintf(err, errSize, "%s: expected a .py program or an .mlir file",
             r->model);
    return false;
  }
  if (access(r->model, R_OK) != 0) {
    out->userError = true;
    snprintf(err, errSize, "cannot read %s: %s", r->model, strerror(errno));
    return false;
  }
  if (r->explicitMlir) {
    snprintf(out->irPath, sizeof(out->irPath), "%s", r->explicitMlir);
    snprintf(out->frontend, sizeof(out->frontend), "explicit");
    return true;
  }
  if (r->train.train && r->choice != SolarFrontendAuto &&
      r->choice != SolarFrontendImport) {
    out->userError = true;
    snprintf(err, errSize, "--train: a training step comes from the importer "
             "only (--frontend auto or import, not %s)",
             r->choice == SolarFrontendSibling ? "sibling" : "llm");
    return false;
  }
  if (!r->train.train && (r->choice == SolarFrontendAuto ||
                          r->choice == SolarFrontendSibling)) {
    snprintf(out->irPath, sizeof(out->irPath), "%.*s.mlir",
             (int)(strlen(r->model) - 3), r->model);
    if (access(out->irPath, R_OK) == 0) {
      snprintf(out->frontend, sizeof(out->frontend), "sibling");
      return true;
    }
    if (r->choice == SolarFrontendSibling) {
      snprintf(err, errSize,
               "--frontend sibling: there is no %s next to %s (write the IR "
               "there, give --mlir FILE, or use --frontend auto|import|llm)",
               out->irPath, r->model);
      return false;
    }
    out->irPath[0] = '\0';
  }
  char why[128], hint[256];
  if (r->choice == SolarFrontendLlm) {
    if (!llmConfigured(why, sizeof(why), hint, sizeof(hint))) {
      snprintf(err, errSize, "--frontend llm: %s: %s", why, hint);
      return false;
    }
    needLlm(r, out);
    return producedIrPath(r, "llm", out, err, errSize);
  }
  /* auto or import: the importer first. */
  char reason[1024] = "";
  ImportOutcome imported =
      runImporter(r, out, reason, sizeof(reason), err, errSize);
  if (imported == ImportOk)
    return true;
  /* The program's own error: no other frontend would do better. */
  out->userError = imported == ImportProgramError;
  if (imported != ImportFailed || r->choice == SolarFrontendImport ||
      r->train.train)
    return false;
  if (!llmConfigured(why, sizeof(why), hint, sizeof(hint))) {
    snprintf(err, errSize,
             "%s: the importer failed (%s), and %s to fall back on: %s, or "
             "give --mlir FILE",
             r->model, reason, why, hint);
    return false;
  }
  fprintf(stderr,
          "solar analyze: the importer cannot cover %s (%s); trying the LLM "
          "translator\n",
          r->model, reason);
  snprintf(out->importFailure, sizeof(out->importFailure), "%s", reason);
  needLlm(r, out);
  return producedIrPath(r, "llm", out, err, errSize);
}

void solarFrontendResultCleanup(SolarFrontendResult *result) {
  if (!mlirModuleIsNull(result->module)) {
    solarFuncEinsumGraphPreliftsDiscard();
    mlirModuleDestroy(result->module);
  }
  result->module = (MlirModule){NULL};
  if (!mlirContextIsNull(result->ctx))
    mlirContextDestroy(result->ctx);
  result->ctx = (MlirContext){NULL};
  free(result->irText);
  result->irText = NULL;
  if (*result->importWorkDir)
    solarRemoveTree(result->importWorkDir);
  result->importWorkDir[0] = '\0';
}

bool solarFrontendTranslateLlm(const SolarFrontendRequest *r,
                               const char *manifestPath, const char *workDir,
                               SolarFrontendResult *out, char *err,
                               size_t errSize) {
  char *source = solarReadFile(r->model, NULL);
  if (!source) {
    snprintf(err, errSize, "cannot read %s: %s", r->model, strerror(errno));
    return false;
  }
  SolarManifest manifest;
  memset(&manifest, 0, sizeof(manifest));
  SolarLlmSettings fromEnvironment = {NULL, NULL, NULL, NULL};
  SolarLlmConfig llm;
  bool ok = false;
  if (solarLlmConfigResolve(&fromEnvironment, &llm) != SolarLlmConfigOk) {
    snprintf(err, errSize, "the LLM endpoint is no longer configured");
  } else if (solarManifestLoad(manifestPath, &manifest, err, errSize)) {
    solarSaySetSecret(llm.apiKey);
    SolarTranslateJob job = {
        .prefix = "solar analyze",
        .program = r->model,
        .source = source,
        .framework = r->framework,
        .function = out->function,
        .manifestPath = manifestPath,
        .manifest = &manifest,
        .workDir = workDir,
        .llm = &llm,
        .maxAttempts = 5,
        .maxTokens = 8192,
        .temperature = 0,
        .rtol = r->rtol,
        .atol = r->atol,
        .verifyLimits = r->verifyLimits,
    };
    solarHttpOptionsInit(&job.http);
    SolarTranslateOutcome outcome;
    if (solarTranslateRun(&job, &outcome)) {
      out->attempts = outcome.attempts;
      ok = writeIr(out->irPath, outcome.verified, err, errSize);
      free(outcome.verified);
      if (ok)
        fprintf(stderr, "solar analyze: wrote %s (@%s, verified against %s)\n",
                out->irPath, out->function, manifestPath);
    } else {
      snprintf(err, errSize,
               "the LLM translator found no verified translation of %s%s",
               r->model,
               r->keepDir ? "" : " (--keep-reference DIR keeps the replies)");
    }
    solarSaySetSecret(NULL);
  }
  solarManifestDestroy(&manifest);
  solarLlmConfigDestroy(&llm);
  free(source);
  if (!ok && out->irDirTemporary) {
    char *slash = strrchr(out->irPath, '/');
    *slash = '\0';
    solarRemoveTree(out->irPath);
    *slash = '/';
  }
  return ok;
}
