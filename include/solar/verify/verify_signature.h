/* The calling convention between a func.func and a reference manifest.
 *
 * The function's arguments are, in order: the manifest's inputs, then its
 * parameters, then destination buffers for the first D outputs; its results
 * are the remaining outputs, in manifest order (D = outputs - results). */
#ifndef SOLAR_VERIFY_SIGNATURE_H
#define SOLAR_VERIFY_SIGNATURE_H

#include "solar/verify/verify_dtype.h"
#include "solar/verify/verify_manifest.h"

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* One argument or result of the function. */
typedef struct {
  bool isMemRef;  /* else a scalar (integer, index or float) */
  SolarDtype dtype;
  int64_t rank;   /* 0 for scalars */
  int64_t *dims;  /* owned; rank entries, -1 where dynamic ('?') */
  char *typeText; /* owned; the MLIR type as printed, for messages */
} SolarVerifySlot;

typedef struct {
  size_t argCount;
  SolarVerifySlot *args;    /* owned */
  size_t resultCount;
  SolarVerifySlot *results; /* owned */
  size_t *argToManifest;    /* owned; manifest index of each argument */
  size_t *resultToManifest; /* owned; manifest index of each result */
} SolarVerifySignature;

/* Reads the signature of `func`. Fails, naming the argument or result, on
 * types that cannot be exchanged (tensors, unsupported element types,
 * memrefs with a layout other than row-major contiguous). */
bool solarVerifySignatureRead(MlirOperation func, SolarVerifySignature *sig,
                              char *err, size_t errSize);

/* Pairs every argument and result with a manifest entry and checks kind,
 * element type, rank and static sizes. */
bool solarVerifySignatureBind(SolarVerifySignature *sig,
                              const SolarManifest *manifest, char *err,
                              size_t errSize);

void solarVerifySignatureDestroy(SolarVerifySignature *sig);

#ifdef __cplusplus
}
#endif

#endif
