/* Pass pipelines from text: solar passes from the pass table, the rest
 * through MLIR's parser (pipeline.h). */
#include "pipeline.h"

#include "solar/passes/passes.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  const char *text;
  const char *p;
  const SolarOptions *globals;
  char *err;
  size_t errSize;
} Parser;

typedef struct {
  char *buf;
  size_t size;
} ErrorSink;

static void collectError(MlirStringRef chunk, void *userData) {
  ErrorSink *sink = userData;
  size_t used = strlen(sink->buf);
  if (used + 1 >= sink->size)
    return;
  size_t room = sink->size - 1 - used;
  size_t n = chunk.length < room ? chunk.length : room;
  memcpy(sink->buf + used, chunk.data, n);
  sink->buf[used + n] = '\0';
}

static void skipSpace(Parser *ps) {
  while (isspace((unsigned char)*ps->p))
    ps->p++;
}

static bool fail(Parser *ps, const char *what) {
  snprintf(ps->err, ps->errSize, "%s at offset %d of pass pipeline '%s'",
           what, (int)(ps->p - ps->text), ps->text);
  return false;
}

/* Copies the balanced `{...}` starting at ps->p (without the braces). */
static char *scanBraced(Parser *ps) {
  const char *start = ++ps->p;
  int depth = 1;
  while (*ps->p && depth > 0) {
    if (*ps->p == '\'' || *ps->p == '"') {
      const char *close = strchr(ps->p + 1, *ps->p);
      if (!close)
        return NULL;
      ps->p = close + 1;
      continue;
    }
    if (*ps->p == '{')
      depth++;
    else if (*ps->p == '}')
      depth--;
    ps->p++;
  }
  if (depth != 0)
    return NULL;
  size_t length = (size_t)(ps->p - 1 - start);
  char *copy = malloc(length + 1);
  memcpy(copy, start, length);
  copy[length] = '\0';
  return copy;
}

static bool isNameChar(char c) {
  return isalnum((unsigned char)c) || c == '_' || c == '-' || c == '.' ||
         c == '$';
}

bool pipelineAddPass(MlirOpPassManager opm, const char *name,
                     const char *optionText, const SolarOptions *globalOptions,
                     char *err, size_t errSize) {
  const SolarPassInfo *info = solarPassLookup(name);
  if (!info) {
    /* Not ours: let MLIR's registry resolve the name and its options. */
    size_t length = strlen(name) + (optionText ? strlen(optionText) : 0) + 3;
    char *element = malloc(length);
    snprintf(element, length, optionText ? "%s{%s}" : "%s", name,
             optionText ? optionText : "");
    err[0] = '\0';
    ErrorSink sink = {err, errSize};
    MlirLogicalResult result = mlirOpPassManagerAddPipeline(
        opm, mlirStringRefCreateFromCString(element), collectError, &sink);
    free(element);
    return mlirLogicalResultIsSuccess(result);
  }
  SolarOptions options;
  solarOptionsCopy(&options, globalOptions);
  if (optionText) {
    SolarOptions local;
    solarOptionsInit(&local);
    bool parsed = solarOptionsParse(&local, optionText, err, errSize);
    for (size_t i = 0; parsed && i < local.count; ++i) {
      if (!solarPassAcceptsOption(info, local.keys[i])) {
        snprintf(err, errSize, "pass '%s' has no option '%s'", name,
                 local.keys[i]);
        parsed = false;
      }
    }
    solarOptionsAppend(&options, &local);
    solarOptionsDestroy(&local);
    if (!parsed) {
      solarOptionsDestroy(&options);
      return false;
    }
  }
  mlirOpPassManagerAddOwnedPass(opm, solarPassCreate(info, &options));
  solarOptionsDestroy(&options);
  return true;
}

static bool parseList(Parser *ps, MlirOpPassManager opm);

/* element := name ['{' options '}'] ['(' list ')'] */
static bool parseElement(Parser *ps, MlirOpPassManager opm) {
  skipSpace(ps);
  const char *nameStart = ps->p;
  while (isNameChar(*ps->p))
    ps->p++;
  if (ps->p == nameStart)
    return fail(ps, "expected a pass or operation name");
  size_t nameLength = (size_t)(ps->p - nameStart);
  char *name = malloc(nameLength + 1);
  memcpy(name, nameStart, nameLength);
  name[nameLength] = '\0';
  skipSpace(ps);
  char *optionText = NULL;
  if (*ps->p == '{') {
    optionText = scanBraced(ps);
    if (!optionText) {
      free(name);
      return fail(ps, "unbalanced '{'");
    }
    skipSpace(ps);
  }
  bool ok;
  if (*ps->p == '(') {
    if (optionText) {
      free(name);
      free(optionText);
      return fail(ps, "an operation anchor takes no options");
    }
    ps->p++;
    MlirOpPassManager nested = mlirOpPassManagerGetNestedUnder(
        opm, mlirStringRefCreateFromCString(name));
    ok = parseList(ps, nested);
    if (ok) {
      skipSpace(ps);
      if (*ps->p != ')')
        ok = fail(ps, "expected ')'");
      else
        ps->p++;
    }
  } else {
    ok = pipelineAddPass(opm, name, optionText, ps->globals, ps->err,
                         ps->errSize);
  }
  free(name);
  free(optionText);
  return ok;
}

static bool parseList(Parser *ps, MlirOpPassManager opm) {
  skipSpace(ps);
  if (*ps->p == ')')
    return true; /* an empty nested pipeline is valid */
  for (;;) {
    if (!parseElement(ps, opm))
      return false;
    skipSpace(ps);
    if (*ps->p != ',')
      return true;
    ps->p++;
  }
}

bool pipelineAddAnchored(MlirPassManager pm, const char *text,
                         const SolarOptions *globalOptions, char *err,
                         size_t errSize) {
  Parser ps = {text, text, globalOptions, err, errSize};
  skipSpace(&ps);
  const char *anchor = "builtin.module";
  size_t anchorLength = strlen(anchor);
  if (strncmp(ps.p, anchor, anchorLength) != 0)
    return fail(&ps, "the pipeline must be anchored on 'builtin.module(...)'");
  ps.p += anchorLength;
  skipSpace(&ps);
  if (*ps.p != '(')
    return fail(&ps, "expected '(' after 'builtin.module'");
  ps.p++;
  if (!parseList(&ps, mlirPassManagerGetAsOpPassManager(pm)))
    return false;
  skipSpace(&ps);
  if (*ps.p != ')')
    return fail(&ps, "expected ')'");
  ps.p++;
  skipSpace(&ps);
  if (*ps.p)
    return fail(&ps, "unexpected text after the pipeline");
  return true;
}
