/* Diagnostics in mlir-opt's `file:line:col: severity: message` form, kept
 * per MLIR context (solar/support/diagnostics.h). */
#include "solar/support/diagnostics.h"
#include "solar/support/names.h"
#include "solar/support/format.h"
#include "solar/support/text.h"

#include <pthread.h>

#include <ctype.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* Each context attached with solarDiagnosticsAttach has its own state:
 * sources registered for caret display (a handful at most, one per input
 * split, so a small table), the anonymous buffer's name, the capture buffer
 * and the error count. Two contexts, also in two threads, never share it;
 * it goes when its context is destroyed. */
enum { kMaxSources = 64 };
typedef struct {
  MlirContext ctx;
  struct {
    char *name;
    const char *text;
    size_t length;
  } sources[kMaxSources];
  const char *anonymousFileName;
  bool capturing; /* while set, text goes to `captured`, not stderr */
  SolarText captured;
  int errorCount;
  SolarDiagnosticSink sink; /* while set, diagnostics go here instead */
  void *sinkData;
} DiagState;

/* Finding a context's state from a location (warnings and remarks are not
 * routed through MLIR's engine, so no handler userData reaches them). */
enum { kMaxContexts = 64 };
static DiagState *registry[kMaxContexts];
static pthread_mutex_t registryLock = PTHREAD_MUTEX_INITIALIZER;

static DiagState *stateOf(MlirContext ctx) {
  DiagState *state = NULL;
  pthread_mutex_lock(&registryLock);
  for (int i = 0; i < kMaxContexts && !state; ++i)
    if (registry[i] && registry[i]->ctx.ptr == ctx.ptr)
      state = registry[i];
  pthread_mutex_unlock(&registryLock);
  return state;
}

static void registerState(DiagState *state) {
  pthread_mutex_lock(&registryLock);
  for (int i = 0; i < kMaxContexts; ++i)
    if (!registry[i]) {
      registry[i] = state;
      break;
    }
  pthread_mutex_unlock(&registryLock);
}

static void destroyState(void *userData) {
  DiagState *state = userData;
  pthread_mutex_lock(&registryLock);
  for (int i = 0; i < kMaxContexts; ++i)
    if (registry[i] == state)
      registry[i] = NULL;
  pthread_mutex_unlock(&registryLock);
  for (int i = 0; i < kMaxSources; ++i)
    free(state->sources[i].name);
  solarTextClear(&state->captured);
  free(state);
}

static void diagPrintf(DiagState *state, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void diagPrintf(DiagState *state, const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  if (!state || !state->capturing) {
    vfprintf(stderr, fmt, args);
  } else {
    char *text = solarFormatV(fmt, args);
    solarTextAppendCString(&state->captured, text);
    free(text);
  }
  va_end(args);
}

void solarDiagnosticsCaptureBegin(MlirContext ctx) {
  DiagState *state = stateOf(ctx);
  if (!state)
    return;
  solarTextClear(&state->captured);
  state->capturing = true;
}

char *solarDiagnosticsCaptureEnd(MlirContext ctx) {
  DiagState *state = stateOf(ctx);
  char *text = state && state->captured.text ? state->captured.text
                                             : strdup("");
  if (!text)
    abort();
  if (state) {
    state->captured = (SolarText){0};
    state->capturing = false;
  }
  return text;
}

void solarDiagnosticsSetAnonymousFileName(MlirContext ctx, const char *name) {
  DiagState *state = stateOf(ctx);
  if (state)
    state->anonymousFileName = name;
}

void solarDiagnosticsSetSource(MlirContext ctx, const char *bufferName,
                               const char *text, size_t length) {
  DiagState *state = stateOf(ctx);
  if (!state)
    return;
  int freeSlot = -1;
  for (int i = 0; i < kMaxSources; ++i) {
    if (state->sources[i].name &&
        strcmp(state->sources[i].name, bufferName) == 0) {
      if (!text) {
        free(state->sources[i].name);
        state->sources[i].name = NULL;
        return;
      }
      state->sources[i].text = text;
      state->sources[i].length = length;
      return;
    }
    if (!state->sources[i].name && freeSlot < 0)
      freeSlot = i;
  }
  if (!text || freeSlot < 0)
    return;
  state->sources[freeSlot].name = strdup(bufferName);
  state->sources[freeSlot].text = text;
  state->sources[freeSlot].length = length;
}

void solarDiagnosticsSetSink(MlirContext ctx, SolarDiagnosticSink sink,
                             void *userData) {
  DiagState *state = stateOf(ctx);
  if (!state)
    return;
  state->sink = sink;
  state->sinkData = userData;
}

int solarDiagnosticsErrorCount(MlirContext ctx) {
  DiagState *state = stateOf(ctx);
  return state ? state->errorCount : 0;
}

typedef struct {
  char *buf;
  size_t size;
  size_t used;
} StringSink;

static void appendToSink(MlirStringRef chunk, void *userData) {
  StringSink *sink = userData;
  if (sink->used + 1 >= sink->size)
    return;
  size_t room = sink->size - 1 - sink->used;
  size_t n = chunk.length < room ? chunk.length : room;
  memcpy(sink->buf + sink->used, chunk.data, n);
  sink->used += n;
  sink->buf[sink->used] = '\0';
}

/* Finds the innermost file position in loc, looking through name, fused and
 * call-site wrappers the way MLIR's own printer does. */
static bool findFilePosition(MlirLocation loc, MlirIdentifier *file,
                             int *line, int *col) {
  if (mlirLocationIsAFileLineColRange(loc)) {
    *file = mlirLocationFileLineColRangeGetFilename(loc);
    *line = mlirLocationFileLineColRangeGetStartLine(loc);
    *col = mlirLocationFileLineColRangeGetStartColumn(loc);
    return true;
  }
  if (mlirLocationIsAName(loc))
    return findFilePosition(mlirLocationNameGetChildLoc(loc), file, line, col);
  if (mlirLocationIsACallSite(loc))
    return findFilePosition(mlirLocationCallSiteGetCallee(loc), file, line,
                            col);
  if (mlirLocationIsAFused(loc)) {
    unsigned n = mlirLocationFusedGetNumLocations(loc);
    MlirLocation *parts = calloc(n ? n : 1, sizeof(MlirLocation));
    mlirLocationFusedGetLocations(loc, parts);
    bool found = false;
    for (unsigned i = 0; i < n && !found; ++i)
      found = findFilePosition(parts[i], file, line, col);
    free(parts);
    return found;
  }
  return false;
}

char *solarLocationFormat(MlirLocation loc, char *buf, size_t bufSize) {
  MlirIdentifier file;
  int line = 0, col = 0;
  if (bufSize == 0)
    return buf;
  buf[0] = '\0';
  if (findFilePosition(loc, &file, &line, &col)) {
    MlirStringRef name = mlirIdentifierStr(file);
    DiagState *state = stateOf(mlirLocationGetContext(loc));
    if (name.length == 1 && name.data[0] == '-' && state &&
        state->anonymousFileName)
      name = mlirStringRefCreateFromCString(state->anonymousFileName);
    snprintf(buf, bufSize, "%.*s:%d:%d", (int)name.length, name.data, line,
             col);
    return buf;
  }
  StringSink sink = {buf, bufSize, 0};
  mlirLocationPrint(loc, appendToSink, &sink);
  return buf;
}

/* The registered source line of loc: its start, length and the column. */
static bool sourceLine(MlirLocation loc, const char **start, int *length,
                       int *column) {
  MlirIdentifier file;
  int line = 0, col = 0;
  if (!findFilePosition(loc, &file, &line, &col) || line <= 0)
    return false;
  MlirStringRef name = mlirIdentifierStr(file);
  DiagState *state = stateOf(mlirLocationGetContext(loc));
  for (int i = 0; state && i < kMaxSources; ++i) {
    const char *source = state->sources[i].name;
    if (!source || strlen(source) != name.length ||
        strncmp(source, name.data, name.length) != 0)
      continue;
    const char *p = state->sources[i].text;
    const char *end = p + state->sources[i].length;
    for (int l = 1; l < line && p < end; ++l) {
      const char *nl = memchr(p, '\n', (size_t)(end - p));
      p = nl ? nl + 1 : end;
    }
    if (p >= end)
      return false;
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    *start = p;
    *length = (int)((nl ? nl : end) - p);
    *column = col > 0 ? col - 1 : 0;
    return *column <= *length;
  }
  return false;
}

static bool isNameChar(char c) {
  return isalnum((unsigned char)c) || c == '_' || c == '.' || c == '$' ||
         c == '-';
}

bool solarSourceValueName(MlirLocation loc, bool opResult, char *buf,
                          size_t size) {
  const char *text;
  int length, col;
  if (!sourceLine(loc, &text, &length, &col))
    return false;
  int first;
  if (opResult) {
    /* `  %name = op ...`: exactly one result, named before the op. */
    int p = 0;
    while (p < col && isspace((unsigned char)text[p]))
      p++;
    if (p >= col || text[p] != '%')
      return false;
    first = ++p;
    while (p < col && isNameChar(text[p]))
      p++;
    int last = p;
    while (p < col && isspace((unsigned char)text[p]))
      p++;
    if (last == first || p >= col || text[p] != '=')
      return false;
    for (++p; p < col; ++p)
      if (!isspace((unsigned char)text[p]))
        return false;
    snprintf(buf, size, "%.*s", last - first, text + first);
    return true;
  }
  if (col >= length || text[col] != '%')
    return false;
  first = col + 1;
  int p = first;
  while (p < length && isNameChar(text[p]))
    p++;
  if (p == first)
    return false;
  snprintf(buf, size, "%.*s", p - first, text + first);
  return true;
}

/* Prints the source line and a caret under the column, as mlir-opt does. */
static void printSourceLine(DiagState *state, MlirLocation loc) {
  MlirIdentifier file;
  int line = 0, col = 0;
  if (!state || !findFilePosition(loc, &file, &line, &col) || line <= 0)
    return;
  MlirStringRef name = mlirIdentifierStr(file);
  for (int i = 0; i < kMaxSources; ++i) {
    const char *source = state->sources[i].name;
    if (!source || strlen(source) != name.length ||
        strncmp(source, name.data, name.length) != 0)
      continue;
    const char *p = state->sources[i].text, *end = p + state->sources[i].length;
    for (int l = 1; l < line && p < end; ++l) {
      const char *nl = memchr(p, '\n', (size_t)(end - p));
      p = nl ? nl + 1 : end;
    }
    if (p >= end)
      return;
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    int lineLength = (int)((nl ? nl : end) - p);
    diagPrintf(state, "%.*s\n", lineLength, p);
    int caret = col > 0 ? col - 1 : 0;
    if (caret > lineLength)
      caret = lineLength;
    diagPrintf(state, "%*s^\n", caret, "");
    return;
  }
}

static const char *severityName(MlirDiagnosticSeverity severity) {
  static const char *const names[] = {[MlirDiagnosticError] = "error",
                                      [MlirDiagnosticWarning] = "warning",
                                      [MlirDiagnosticNote] = "note",
                                      [MlirDiagnosticRemark] = "remark"};
  return SOLAR_NAME_OF(names, severity, "error");
}

static void printDiagnostic(DiagState *state, MlirLocation loc,
                            MlirDiagnosticSeverity severity,
                            const char *message) {
  if (state && state->sink) {
    state->sink(loc, severity, message, state->sinkData);
    return;
  }
  char where[1024];
  solarLocationFormat(loc, where, sizeof(where));
  diagPrintf(state, "%s: %s: %s\n", where, severityName(severity), message);
  printSourceLine(state, loc);
}

/* MLIR's parser names a dialect it does not know but not the way out:
 * solar registers upstream MLIR only, and reads other dialects' ops (IREE's
 * util.func at its input phase) in generic form alone. */
static void noteUnregisteredDialect(DiagState *state, MlirLocation loc,
                                    const char *message) {
  static const char prefix[] = "Dialect `";
  const char *end = strstr(message, "' not found for custom op");
  if (strncmp(message, prefix, sizeof(prefix) - 1) != 0 || !end)
    return;
  const char *name = message + sizeof(prefix) - 1;
  char note[512];
  snprintf(note, sizeof(note),
           "solar registers no `%.*s` dialect and reads such ops only in "
           "generic form: have the tool that wrote this file print it with "
           "--mlir-print-op-generic (for IREE: iree-compile "
           "--compile-to=input --mlir-print-op-generic), then give "
           "solar-opt --allow-unregistered-dialect",
           (int)(end - name), name);
  printDiagnostic(state, loc, MlirDiagnosticNote, note);
}

static void printMlirDiagnostic(DiagState *state, MlirDiagnostic diagnostic) {
  char message[8192];
  StringSink sink = {message, sizeof(message), 0};
  message[0] = '\0';
  mlirDiagnosticPrint(diagnostic, appendToSink, &sink);
  MlirDiagnosticSeverity severity = mlirDiagnosticGetSeverity(diagnostic);
  if (severity == MlirDiagnosticError)
    state->errorCount++;
  MlirLocation loc = mlirDiagnosticGetLocation(diagnostic);
  printDiagnostic(state, loc, severity, message);
  intptr_t notes = mlirDiagnosticGetNumNotes(diagnostic);
  for (intptr_t i = 0; i < notes; ++i)
    printMlirDiagnostic(state, mlirDiagnosticGetNote(diagnostic, i));
  if (severity == MlirDiagnosticError)
    noteUnregisteredDialect(state, loc, message);
}

static MlirLogicalResult handleDiagnostic(MlirDiagnostic diagnostic,
                                          void *userData) {
  printMlirDiagnostic(userData, diagnostic);
  fflush(stderr);
  return mlirLogicalResultSuccess();
}

void solarDiagnosticsAttach(MlirContext ctx) {
  DiagState *state = calloc(1, sizeof(*state));
  if (!state)
    abort();
  state->ctx = ctx;
  registerState(state);
  /* MLIR frees the state with the context (destroyState). */
  mlirContextAttachDiagnosticHandler(ctx, handleDiagnostic, state,
                                     destroyState);
}

void solarEmitError(MlirLocation loc, const char *fmt, ...) {
  char message[8192];
  va_list args;
  va_start(args, fmt);
  vsnprintf(message, sizeof(message), fmt, args);
  va_end(args);
  mlirEmitError(loc, message);
}

static void emitDirect(MlirLocation loc, MlirDiagnosticSeverity severity,
                       const char *fmt,
                       va_list args) {
  char message[8192];
  vsnprintf(message, sizeof(message), fmt, args);
  printDiagnostic(stateOf(mlirLocationGetContext(loc)), loc, severity, message);
  fflush(stderr);
}

void solarEmitWarning(MlirLocation loc, const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  emitDirect(loc, MlirDiagnosticWarning, fmt, args);
  va_end(args);
}

void solarEmitRemark(MlirLocation loc, const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  emitDirect(loc, MlirDiagnosticRemark, fmt, args);
  va_end(args);
}
