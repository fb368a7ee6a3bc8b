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
  size_t argCount;
  SolarManifestArg *args; /* owned */
} SolarManifest;

/* Loads and validates the manifest. On failure, err holds a message that
 * starts with the path and names the offending key (or line:column for JSON
 * syntax errors), and *manifest is left empty. */
bool solarManifestLoad(const char *path, SolarManifest *manifest, char *err,
                       size_t errSize);
void solarManifestDestroy(SolarManifest *manifest);

const char *solarArgRoleName(SolarArgRole role);

#ifdef __cplusplus
}
#endif

#endif
