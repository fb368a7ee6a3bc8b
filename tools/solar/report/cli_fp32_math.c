/* `--fp32-math`: checking the value and turning it into solar-sol's
 * fp32-math option (cli_fp32_math.h). */
#include "cli_fp32_math.h"

#include "solar/dialect/dialect_attr.h"
#include "solar/sol/sol_policy.h"
#include "solar/support/funcs.h"
#include "solar/verify/verify_manifest.h"
#include "solar/verify/verify_report.h"

#include "mlir-c/BuiltinAttributes.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool solarCliCheckFp32Math(const char *command, const char *value) {
  if (!value || !strcmp(value, "ieee") || !strcmp(value, "tf32") ||
      !strcmp(value, "framework"))
    return true;
  fprintf(stderr,
          "solar %s: error: --fp32-math must be ieee, tf32 or framework, "
          "got '%s'\n",
          command, value);
  return false;
}

static bool fromManifest(const char *manifestPath, char *option,
                         size_t optionSize, char *source, size_t sourceSize,
                         char *err, size_t errSize) {
  json_error_t jerr;
  json_t *root = json_load_file(manifestPath, 0, &jerr);
  if (!root) {
    snprintf(err, errSize, "cannot read the reference manifest '%s': %s",
             manifestPath, jerr.text);
    return false;
  }
  char framework[32];
  bool ok = solarManifestFp32Math(json_object_get(root, "fp32_math"), option,
                                  optionSize, framework, sizeof(framework));
  if (!ok)
    snprintf(err, errSize,
             "the reference manifest '%s' has no valid fp32_math.classes "
             "(conv, matmul, attention: ieee, tf32 or bf16); rerun the reference "
             "or pass --fp32-math ieee|tf32",
             manifestPath);
  else
    snprintf(source, sourceSize, "%s settings", framework);
  json_decref(root);
  return ok;
}

/* The settings the verification recorded on a function's solar.verified
 * (the framework run the IR was verified against; lib/verify): the first
 * function's, when every function recording some records the same. */
static bool fromVerifiedIr(MlirOperation module, char *option,
                           size_t optionSize, char *source,
                           size_t sourceSize) {
  size_t count = 0;
  MlirOperation *funcs = solarCollectFuncs(module, &count);
  bool found = false, agree = true;
  for (size_t i = 0; i < count && agree; ++i) {
    MlirAttribute verified = mlirOperationGetAttributeByName(
        funcs[i], mlirStringRefCreateFromCString(SOLAR_VERIFIED_ATTR));
    MlirAttribute dict = mlirAttributeIsNull(verified)
                             ? verified
                             : solarDialectAttrOpen(verified, "verified");
    MlirStringRef math, framework;
    if (mlirAttributeIsNull(dict) ||
        !solarDictGetString(dict, "fp32_math", &math) ||
        !solarDictGetString(dict, "fp32_math_source", &framework))
      continue;
    char text[128];
    snprintf(text, sizeof(text), "%.*s", (int)math.length, math.data);
    if (found) {
      agree = !strcmp(text, option);
      continue;
    }
    found = true;
    snprintf(option, optionSize, "%s", text);
    snprintf(source, sourceSize, "%.*s settings, recorded in the IR",
             (int)framework.length, framework.data);
  }
  free(funcs);
  if (found && agree)
    return true;
  option[0] = '\0';
  return false;
}

bool solarCliFp32MathOption(const char *value, const char *manifestPath,
                            MlirOperation module, char *option,
                            size_t optionSize, char *source,
                            size_t sourceSize, char *err, size_t errSize) {
  option[0] = '\0';
  if (value && strcmp(value, "framework") != 0) {
    snprintf(option, optionSize, "%s", value);
    snprintf(source, sourceSize, "option");
    return true;
  }
  if (!manifestPath || !*manifestPath) {
    if (mlirOperationIsNull(module) ||
        !fromVerifiedIr(module, option, optionSize, source, sourceSize))
      snprintf(source, sourceSize, "default: no framework run");
    return true;
  }
  return fromManifest(manifestPath, option, optionSize, source, sourceSize,
                      err, errSize);
}
