/* `--fp32-math`: checking the value and turning it into solar-sol's
 * fp32-math option (cli_fp32_math.h). */
#include "cli_fp32_math.h"

#include "solar/sol/sol_policy.h"

#include <jansson.h>
#include <stdio.h>
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
  json_t *math = json_object_get(root, "fp32_math");
  json_t *classes = json_object_get(math, "classes");
  const char *names[] = {"conv", "matmul", "attention"};
  const char *modes[3];
  bool ok = json_is_object(classes);
  for (int c = 0; ok && c < 3; ++c) {
    modes[c] = json_string_value(json_object_get(classes, names[c]));
    ok = modes[c] && (!strcmp(modes[c], "ieee") || !strcmp(modes[c], "tf32") ||
                      !strcmp(modes[c], "bf16"));
  }
  if (!ok) {
    snprintf(err, errSize,
             "the reference manifest '%s' has no valid fp32_math.classes "
             "(conv, matmul, attention: ieee, tf32 or bf16); rerun the reference "
             "or pass --fp32-math ieee|tf32",
             manifestPath);
  } else {
    snprintf(option, optionSize, "conv=%s,matmul=%s,attention=%s", modes[0],
             modes[1], modes[2]);
    const char *framework = json_string_value(json_object_get(math, "source"));
    snprintf(source, sourceSize, "%s settings",
             framework ? framework : "framework");
  }
  json_decref(root);
  return ok;
}

bool solarCliFp32MathOption(const char *value, const char *manifestPath,
                            char *option, size_t optionSize, char *source,
                            size_t sourceSize, char *err, size_t errSize) {
  option[0] = '\0';
  if (value && strcmp(value, "framework") != 0) {
    snprintf(option, optionSize, "%s", value);
    snprintf(source, sourceSize, "option");
    return true;
  }
  if (!manifestPath || !*manifestPath) {
    snprintf(source, sourceSize, "default: no framework run");
    return true;
  }
  return fromManifest(manifestPath, option, optionSize, source, sourceSize,
                      err, errSize);
}
