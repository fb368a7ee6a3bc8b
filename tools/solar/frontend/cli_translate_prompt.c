/* The messages `solar translate` sends the model (cli_translate_prompt.h). */
#include "cli_translate_prompt.h"

#include "solar/support/format.h"
#include "solar/verify/verify_text.h"

#include <jansson.h>

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Generated from tools/solar/frontend/prompts/translate-v1.md (CMakeLists.txt). */
extern const char solarPromptTranslateV1[];

const char *translatePromptSystem(void) { return solarPromptTranslateV1; }

static const char *baseName(const char *path) {
  const char *slash = strrchr(path, '/');
  return slash ? slash + 1 : path;
}

char *translatePromptFirstMessage(const TranslateRequest *request) {
  SolarText text = {0};
  const SolarManifest *m = request->manifest;
  solarTextAppendF(&text,
          "Translate this %s program into MLIR under the contract.\n\n"
          "Function name: @%s\n"
          "Arguments, in this order (from the reference run's manifest):\n",
          request->framework, request->function);
  for (size_t i = 0; i < m->argCount; ++i) {
    char decl[512];
    translateArgumentDecl(&m->args[i], decl, sizeof(decl));
    solarTextAppendF(&text, "  %-36s %s '%s'\n", decl,
            solarArgRoleName(m->args[i].role), m->args[i].name);
  }
  char *signature = translateRequiredSignature(m, request->function);
  solarTextAppendF(&text, "\nThe signature, verbatim:\n  %s\n\n", signature);
  free(signature);
  if (request->shapeGeneric)
    solarTextAppendF(&text, "The translation must be shape-generic: write '?' for "
                   "sizes that depend on the program's size constants and "
                   "read them with memref.dim; the sizes above are the ones "
                   "it will be checked with.\n\n");
  else
    solarTextAppendF(&text, "Shapes are static: use exactly these sizes.\n\n");
  solarTextAppendF(&text, "Program (%s):\n```python\n%s%s```\n",
          baseName(request->programPath), request->source,
          request->source[0] &&
                  request->source[strlen(request->source) - 1] != '\n'
              ? "\n"
              : "");
  return text.text;
}

char *translatePromptFeedback(bool noCodeBlock, TranslateCheckKind kind,
                              const char *details, bool truncated) {
  SolarText text = {0};
  if (noCodeBlock)
    solarTextAppendF(&text, "Your reply has no usable code block: %s.\n", details);
  else if (kind == TranslateCheckParse)
    solarTextAppendF(&text, "Your MLIR does not parse:\n\n%s\n", details);
  else if (kind == TranslateCheckContract)
    solarTextAppendF(&text, "Your MLIR breaks the IR contract:\n\n%s\n", details);
  else if (kind == TranslateCheckSignature)
    solarTextAppendF(&text, "Your function has the wrong signature:\n\n%s\n", details);
  else
    solarTextAppendF(&text,
            "Your MLIR parses, but executing it on the reference inputs "
            "does not reproduce the framework's outputs:\n\n%s\n",
            details);
  if (truncated)
    solarTextAppendF(&text, "Your reply stopped at the token limit; keep the "
                   "translation compact.\n");
  solarTextAppendF(&text, "Reply with the complete corrected translation in one "
                 "```mlir block.\n");
  return text.text;
}

char *translateCacheKeyText(const TranslateRequest *request,
                            const char *provider, const char *model) {
  json_t *arguments = json_array();
  for (size_t i = 0; i < request->manifest->argCount; ++i) {
    const SolarManifestArg *arg = &request->manifest->args[i];
    json_t *shape = json_array();
    for (int64_t d = 0; d < arg->rank; ++d)
      json_array_append_new(shape, json_integer(arg->shape[d]));
    json_array_append_new(
        arguments, json_pack("{s:s, s:s, s:s, s:o}", "name", arg->name,
                             "role", solarArgRoleName(arg->role), "dtype",
                             solarVerifyDtypeName(arg->dtype), "shape", shape));
  }
  json_t *key = json_pack(
      "{s:s, s:s, s:s, s:s, s:s, s:b, s:s, s:o}", "prompt",
      SOLAR_TRANSLATE_PROMPT_VERSION, "provider", provider, "model", model,
      "framework", request->framework, "function", request->function,
      "shape_generic", request->shapeGeneric, "source", request->source,
      "arguments", arguments);
  char *text = json_dumps(key, JSON_COMPACT | JSON_SORT_KEYS);
  json_decref(key);
  if (!text)
    abort();
  return text;
}
