#include "cli_frontend.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

static bool endsWith(const char *s, const char *suffix) {
  size_t n = strlen(s), m = strlen(suffix);
  return n >= m && strcmp(s + n - m, suffix) == 0;
}

bool solarFrontendTranslate(const char *model, SolarFrontendResult *out,
                            char *err, size_t errSize) {
  (void)out;
  snprintf(err, errSize,
           "%s: no affine IR: give --mlir FILE or put a hand-written "
           "sibling .mlir next to it (the import and LLM frontends are not "
           "available yet)",
           model);
  return false;
}

bool solarFrontendResolve(const char *model, const char *explicitMlir,
                          SolarFrontendResult *out, char *err,
                          size_t errSize) {
  memset(out, 0, sizeof(*out));
  if (endsWith(model, ".mlir")) {
    snprintf(out->irPath, sizeof(out->irPath), "%s", model);
    snprintf(out->frontend, sizeof(out->frontend), "mlir-input");
    return true;
  }
  if (!endsWith(model, ".py")) {
    snprintf(err, errSize, "%s: expected a .py program or an .mlir file",
             model);
    return false;
  }
  if (explicitMlir) {
    snprintf(out->irPath, sizeof(out->irPath), "%s", explicitMlir);
    snprintf(out->frontend, sizeof(out->frontend), "explicit");
    return true;
  }
  snprintf(out->irPath, sizeof(out->irPath), "%.*s.mlir",
           (int)(strlen(model) - 3), model);
  if (access(out->irPath, R_OK) == 0) {
    snprintf(out->frontend, sizeof(out->frontend), "sibling");
    return true;
  }
  return solarFrontendTranslate(model, out, err, errSize);
}
