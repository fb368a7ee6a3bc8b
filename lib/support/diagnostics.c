#include "solar/support/diagnostics.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* Sources registered for caret display. A handful at most (one per input
 * split), so a small fixed table is enough. */
enum { kMaxSources = 64 };
static struct {
  char *name;
  const char *text;
  size_t length;
} sources[kMaxSources];

static int errorCount;
static const char *anonymousFileName;

/* While capturing, diagnostic text goes to this buffer instead of stderr. */
static struct {
  bool active;
  char *text;
  size_t length, capacity;
} capture;

static void diagPrintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void diagPrintf(const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  if (!capture.active) {
    vfprintf(stderr, fmt, args);
    va_end(args);
    return;
  }
  va_list copy;
  va_copy(copy, args);
  int n = vsnprintf(NULL, 0, fmt, copy);
  va_end(copy);
  if (n > 0) {
    size_t need = capture.length + (size_t)n + 1;
    if (need > capture.capacity) {
      size_t grown = capture.capacity ? capture.capacity * 2 : 1024;
      while (grown < need)
        grown *= 2;
      char *text = realloc(capture.text, grown);
      if (!text)
        abort();
      capture.text = text;
      capture.capacity = grown;
    }
    vsnprintf(capture.text + capture.length, (size_t)n + 1, fmt, args);
    capture.length += (size_t)n;
  }
  va_end(args);
}

void solarDiagnosticsCaptureBegin(void) {
  free(capture.text);
  capture.text = NULL;
  capture.length = capture.capacity = 0;
  capture.active = true;
}

char *solarDiagnosticsCaptureEnd(void) {
  char *text = capture.text ? capture.text : strdup("");
  if (!text)
    abort();
  capture.text = NULL;
  capture.length = capture.capacity = 0;
  capture.active = false;
  return text;
}

void solarDiagnosticsSetAnonymousFileName(const char *name) {
  anonymousFileName = name;
}

void solarDiagnosticsSetSource(const char *bufferName, const char *text,
                               size_t length) {
  int freeSlot = -1;
  for (int i = 0; i < kMaxSources; ++i) {
    if (sources[i].name && strcmp(sources[i].name, bufferName) == 0) {
      if (!text) {
        free(sources[i].name);
        sources[i].name = NULL;
        return;
      }
      sources[i].text = text;
      sources[i].length = length;
      return;
    }
    if (!sources[i].name && freeSlot < 0)
      freeSlot = i;
  }
  if (!text || freeSlot < 0)
    return;
  sources[freeSlot].name = strdup(bufferName);
  sources[freeSlot].text = text;
  sources[freeSlot].length = length;
}

int solarDiagnosticsErrorCount(void) { return errorCount; }

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
    if (name.length == 1 && name.data[0] == '-' && anonymousFileName)
      name = mlirStringRefCreateFromCString(anonymousFileName);
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
  for (int i = 0; i < kMaxSources; ++i) {
    if (!sources[i].name || strlen(sources[i].name) != name.length ||
        strncmp(sources[i].name, name.data, name.length) != 0)
      continue;
    const char *p = sources[i].text, *end = p + sources[i].length;
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
static void printSourceLine(MlirLocation loc) {
  MlirIdentifier file;
  int line = 0, col = 0;
  if (!findFilePosition(loc, &file, &line, &col) || line <= 0)
    return;
  MlirStringRef name = mlirIdentifierStr(file);
  for (int i = 0; i < kMaxSources; ++i) {
    if (!sources[i].name || strlen(sources[i].name) != name.length ||
        strncmp(sources[i].name, name.data, name.length) != 0)
      continue;
    const char *p = sources[i].text, *end = p + sources[i].length;
    for (int l = 1; l < line && p < end; ++l) {
      const char *nl = memchr(p, '\n', (size_t)(end - p));
      p = nl ? nl + 1 : end;
    }
    if (p >= end)
      return;
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    int lineLength = (int)((nl ? nl : end) - p);
    diagPrintf("%.*s\n", lineLength, p);
    int caret = col > 0 ? col - 1 : 0;
    if (caret > lineLength)
      caret = lineLength;
    diagPrintf("%*s^\n", caret, "");
    return;
  }
}

static void printDiagnostic(MlirLocation loc, const char *severity,
                            const char *message) {
  char where[1024];
  solarLocationFormat(loc, where, sizeof(where));
  diagPrintf("%s: %s: %s\n", where, severity, message);
  printSourceLine(loc);
}

static const char *severityName(MlirDiagnosticSeverity severity) {
  switch (severity) {
  case MlirDiagnosticError:
    return "error";
  case MlirDiagnosticWarning:
    return "warning";
  case MlirDiagnosticNote:
    return "note";
  case MlirDiagnosticRemark:
    return "remark";
  }
  return "error";
}

static void printMlirDiagnostic(MlirDiagnostic diagnostic) {
  char message[8192];
  StringSink sink = {message, sizeof(message), 0};
  message[0] = '\0';
  mlirDiagnosticPrint(diagnostic, appendToSink, &sink);
  MlirDiagnosticSeverity severity = mlirDiagnosticGetSeverity(diagnostic);
  if (severity == MlirDiagnosticError)
    errorCount++;
  printDiagnostic(mlirDiagnosticGetLocation(diagnostic), severityName(severity),
                  message);
  intptr_t notes = mlirDiagnosticGetNumNotes(diagnostic);
  for (intptr_t i = 0; i < notes; ++i)
    printMlirDiagnostic(mlirDiagnosticGetNote(diagnostic, i));
}

static MlirLogicalResult handleDiagnostic(MlirDiagnostic diagnostic,
                                          void *userData) {
  (void)userData;
  printMlirDiagnostic(diagnostic);
  fflush(stderr);
  return mlirLogicalResultSuccess();
}

void solarDiagnosticsAttach(MlirContext ctx) {
  mlirContextAttachDiagnosticHandler(ctx, handleDiagnostic, NULL, NULL);
}

void solarEmitError(MlirLocation loc, const char *fmt, ...) {
  char message[8192];
  va_list args;
  va_start(args, fmt);
  vsnprintf(message, sizeof(message), fmt, args);
  va_end(args);
  mlirEmitError(loc, message);
}

static void emitDirect(MlirLocation loc, const char *severity, const char *fmt,
                       va_list args) {
  char message[8192];
  vsnprintf(message, sizeof(message), fmt, args);
  printDiagnostic(loc, severity, message);
  fflush(stderr);
}

void solarEmitWarning(MlirLocation loc, const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  emitDirect(loc, "warning", fmt, args);
  va_end(args);
}

void solarEmitRemark(MlirLocation loc, const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  emitDirect(loc, "remark", fmt, args);
  va_end(args);
}
