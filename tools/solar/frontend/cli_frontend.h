/* Where `solar analyze` gets the affine IR of a framework program
 * (docs/analyze.md, "IR"). In the default order (--frontend auto):
 *
 *   1. the IR the user names (--mlir);
 *   2. the hand-written sibling NAME.mlir next to NAME.py;
 *   3. the deterministic importer (cli_import.c, what `solar import` does);
 *   4. the LLM translator (cli_translate_run.c, what `solar translate`
 *      does), with the endpoint from the environment, only when the
 *      importer cannot cover the program.
 *
 * The LLM needs the reference run's manifest, which analyze makes after
 * choosing, so it is a second step: solarFrontendResolve settles 1-3 and
 * says whether the LLM is needed; solarFrontendTranslateLlm runs it. The
 * IR the importer or the LLM produce is written to a file the user can
 * look at (out->irPath). */
#ifndef SOLAR_CLI_FRONTEND_H
#define SOLAR_CLI_FRONTEND_H

#include "cli_train.h"
#include "cli_verify_limits.h"

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stddef.h>

typedef enum {
  SolarFrontendAuto,    /* --mlir > sibling > import > llm */
  SolarFrontendSibling, /* only NAME.mlir */
  SolarFrontendImport,  /* only the importer */
  SolarFrontendLlm,     /* only the LLM translator */
} SolarFrontendChoice;

/* "auto" | "sibling" | "import" | "llm". */
bool solarFrontendChoiceParse(const char *text, SolarFrontendChoice *out);
const char *solarFrontendChoiceName(SolarFrontendChoice choice);

typedef struct {
  const char *model;        /* a .py program or an .mlir file */
  const char *explicitMlir; /* --mlir, or NULL */
  SolarFrontendChoice choice;
  const char *framework;    /* "torch" | "jax" */
  const char *function;     /* --function, or NULL */
  const char *rtol, *atol;  /* verification tolerances, or NULL */
  SolarCliVerifyLimits verifyLimits;
  double timeoutSeconds;    /* of the importer's run; 0: none */
  const char *keepDir;      /* --keep-reference DIR: produced IR goes here */
  const char *reportPath;   /* -o FILE: else the produced IR goes beside it */
  const char *verifySize;   /* --verify-size auto|full|N; NULL: auto */
  /* --override NAME=VALUE: the importer's verification sizes (strict, and
   * the same ignored where the program has no such name), NULL-terminated
   * or NULL. */
  const char *const *overrides;
  const char *const *overridesIfAssigned;
  /* --train: a training step, which only the importer makes (a sibling
   * file or the LLM translates the forward pass). */
  SolarTrainStep train;
} SolarFrontendRequest;

typedef struct {
  char irPath[4096];
  /* "mlir-input" (an .mlir analyzed alone), "explicit" (--mlir),
   * "sibling" (NAME.mlir next to NAME.py), "import" or "llm". */
  char frontend[32];
  /* Set by solarFrontendResolve when the LLM must translate: call
   * solarFrontendTranslateLlm once the reference has run. */
  bool needsLlm;
  /* The func.func the LLM is asked for (record it in the manifest). */
  char function[256];
  int attempts; /* LLM replies asked for (0: a cache hit); -1: no LLM */
  bool irDirTemporary; /* irPath is alone in a directory made for it */
  /* Why the importer could not cover the program when auto fell back to
   * the LLM; "" otherwise. */
  char importFailure[1024];
  /* The program itself failed (missing, syntax error, an exception while
   * loading or running it): a user error, exit 1, never an LLM fallback. */
  bool userError;
  /* The importer's IR ran but did not match the reference (analyze exit 3,
   * solar bench verify-failed) and no other frontend took over. */
  bool verifyFailed;
  /* The importer's reference run (its manifest.json), which the imported
   * IR was verified against: analyze uses it instead of running the
   * program again. "" for other frontends. */
  char importManifest[4200];
  /* The importer's work directory when it is temporary (the caller removes
   * it with solarFrontendResultCleanup), else "". */
  char importWorkDir[4096];
  bool twoSizes;           /* verified shrunk, analyzed at full size */
  size_t structureNodes;   /* einsum nodes compared across the two sizes */
  char structureNote[512]; /* "only sizes differ", or the repetitions */
  char verifiedSizes[512]; /* "B=128, IN=512"; "" at full size */
  /* The importer's full-size module (SolarImportResult.analyzed): irPath
   * as parsed, in its context, with the einsum graphs its structure check
   * lifted for the analysis; irText its text (registered there as
   * irPath's source). Null when irPath is to be read. Taken by the caller
   * (fields nulled), else freed by solarFrontendResultCleanup. */
  MlirContext ctx;
  MlirModule module;
  char *irText;
  size_t irLength;
} SolarFrontendResult;

/* Chooses the IR, running the importer when it is the frontend to try.
 * False with a message (for "solar analyze: error: %s") when no IR can be
 * had. */
bool solarFrontendResolve(const SolarFrontendRequest *request,
                          SolarFrontendResult *out, char *err,
                          size_t errSize);

/* Removes the importer's temporary work directory, if any. */
void solarFrontendResultCleanup(SolarFrontendResult *result);

/* The LLM step: translates request->model against the reference run
 * `manifestPath` (its replies saved in `workDir`) and writes the verified
 * module to out->irPath. False with a message. */
bool solarFrontendTranslateLlm(const SolarFrontendRequest *request,
                               const char *manifestPath, const char *workDir,
                               SolarFrontendResult *out, char *err,
                               size_t errSize);

#endif
