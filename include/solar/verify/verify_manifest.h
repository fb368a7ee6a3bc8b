/* The manifest written by tools/python/solar_reference.py: which .npy file holds
 * each argument of the reference computation (docs/verification.md has the
 * schema). */
#ifndef SOLAR_VERIFY_MANIFEST_H
#define SOLAR_VERIFY_MANIFEST_H

#include "solar/verify/verify_dtype.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
  SolarArgRoleInput,
  SolarArgRoleParameter,
  SolarArgRoleOutput,
} SolarArgRole;

typedef struct {
  char *name;     /* owned */
  SolarArgRole role;
  char *file;     /* owned; resolved against the manifest's directory */
  int64_t rank;
  int64_t *shape; /* owned; rank entries */
  SolarDtype dtype;
} SolarManifestArg;

typedef struct {
  char *path;             /* owned; as given */
  char *framework;        /* owned; "torch", "jax", ... or "unknown" */
  char *frameworkVersion; /* owned; "" when absent */
  char *function;         /* owned; NULL when the manifest names none */
  double referenceMedianS; /* timing.median_s, or -1 when absent */
  /* fp32_math: the framework's fp32 contraction settings per class,
   * "conv=M,matmul=M,attention=M" (M: ieee, tf32, bf16), and the framework
   * that stated them ("torch", "jax"); "" when the run recorded none. */
  char fp32Math[64];
  char fp32MathSource[32];
  size_t argCount;
  SolarManifestArg *args; /* owned */
} SolarManifest;

/* Loads and validates the manifest. On failure, err holds a message that
 * starts with the path and names the offending key (or line:column for JSON
 * syntax errors), and *manifest is left empty. */
bool solarManifestLoad(const char *path, SolarManifest *manifest, char *err,
                       size_t errSize);
void solarManifestDestroy(SolarManifest *manifest);

/* A manifest's fp32_math object (json_t *, jansson) as SolarManifest's
 * fp32Math and fp32MathSource: false when it has no classes conv, matmul
 * and attention each ieee, tf32 or bf16 (then both are ""). */
bool solarManifestFp32Math(const void *fp32MathObject, char *option,
                           size_t optionSize, char *source,
                           size_t sourceSize);

const char *solarArgRoleName(SolarArgRole role);

#ifdef __cplusplus
}
#endif

#endif
