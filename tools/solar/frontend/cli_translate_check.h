/* Judging one candidate translation: parse it, hold it to the IR contract
 * (dialects, one function, destination-passing signature from the
 * manifest) and run solar-verify on it in-process. Every rejection comes
 * with the text that is fed back to the model. */
#ifndef SOLAR_CLI_TRANSLATE_CHECK_H
#define SOLAR_CLI_TRANSLATE_CHECK_H

#include "cli_verify_limits.h"

#include "solar/verify/verify_manifest.h"

#include <stdbool.h>
#include <stddef.h>

typedef enum {
  TranslateCheckOk,
  TranslateCheckParse,     /* the MLIR parser or verifier rejected it */
  TranslateCheckContract,  /* a dialect or structure outside the contract */
  TranslateCheckSignature, /* arguments differ from the manifest's */
  TranslateCheckMismatch,  /* solar-verify failed (wrong numbers, JIT) */
} TranslateCheckKind;

typedef struct {
  const char *manifestPath;
  const SolarManifest *manifest;
  const char *function;   /* the required function name */
  bool shapeGeneric;      /* '?' sizes allowed */
  const char *bufferName; /* shown in diagnostics, e.g. "reply.mlir" */
  const char *rtol, *atol; /* solar-verify tolerances; NULL: its defaults */
  SolarCliVerifyLimits verifyLimits;
} TranslateTarget;

typedef struct {
  TranslateCheckKind kind;
  char *message;      /* owned; the diagnostics, "" when ok */
  char *verifiedText; /* owned; the module with solar.verified, when ok */
} TranslateCheckResult;

void translateCheck(const char *mlir, const TranslateTarget *target,
                    TranslateCheckResult *result);
void translateCheckResultDestroy(TranslateCheckResult *result);

const char *translateCheckKindName(TranslateCheckKind kind);

/* `%x: memref<4x8xf32>` for one manifest argument. */
void translateArgumentDecl(const SolarManifestArg *arg, char *buf,
                           size_t size);

/* `func.func @name(%x: memref<4x8xf32>, ...)` for the manifest (caller
 * frees). Argument names are the manifest's with characters outside
 * [A-Za-z0-9_] replaced by '_'. */
char *translateRequiredSignature(const SolarManifest *manifest,
                                 const char *function);

#endif
