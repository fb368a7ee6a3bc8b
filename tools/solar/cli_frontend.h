/* Where `solar analyze` gets the affine IR of a framework program.
 *
 * Today: the IR the user names (--mlir) or the hand-written sibling
 * NAME.mlir next to NAME.py. The import frontend (torch-mlir style) and the
 * LLM translation frontend plug in at solarFrontendTranslate: each gets the
 * program and returns the path of the IR it wrote, and the report names the
 * frontend that produced the IR. */
#ifndef SOLAR_CLI_FRONTEND_H
#define SOLAR_CLI_FRONTEND_H

#include <stdbool.h>
#include <stddef.h>

typedef struct {
  char irPath[4096];
  /* "mlir-input" (an .mlir analyzed alone), "explicit" (--mlir),
   * "sibling" (NAME.mlir next to NAME.py), or a translating frontend's
   * name ("import", "llm") once those exist. */
  char frontend[32];
} SolarFrontendResult;

/* Chooses the IR for `model` (a .py or .mlir). explicitMlir may be NULL.
 * False with a message when no IR can be had. */
bool solarFrontendResolve(const char *model, const char *explicitMlir,
                          SolarFrontendResult *out, char *err, size_t errSize);

/* THE HOOK for translating frontends (import, LLM): writes IR for `model`
 * into out->irPath and names itself in out->frontend. No translating
 * frontend exists yet, so it reports that and returns false. */
bool solarFrontendTranslate(const char *model, SolarFrontendResult *out,
                            char *err, size_t errSize);

#endif
