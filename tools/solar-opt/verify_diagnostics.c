/* solar-opt --verify-diagnostics: expectations read from the input's
 * comments, matched against every diagnostic the run emits (the
 * diagnostics sink of solar/support/diagnostics.h sees MLIR's errors and
 * notes as well as solar's own warnings and remarks, which the C API cannot
 * route through MLIR's engine). The syntax and messages are mlir-opt's, so
 * lit suites written for one work with the other. */
#define _POSIX_C_SOURCE 200809L
#include "verify_diagnostics.h"

#include "solar/support/diagnostics.h"
#include "solar/support/grow.h"
#include "solar/support/text.h"

#include <ctype.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  MlirDiagnosticSeverity severity;
  int line;       /* 0: @unknown (a location without a file position) */
  int directLine; /* where the comment is, for "was not produced" */
  int directCol;
  char *text;     /* between the outer {{ }} */
  bool isRegex;
  regex_t regex;
  bool matched;
} Expectation;

struct DiagVerifier {
  char *bufferName;
  Expectation *items;
  size_t count, capacity;
  bool failed;
};

static const struct {
  const char *name;
  MlirDiagnosticSeverity severity;
} kKinds[] = {{"error", MlirDiagnosticError},
              {"warning", MlirDiagnosticWarning},
              {"note", MlirDiagnosticNote},
              {"remark", MlirDiagnosticRemark}};

static const char *kindName(MlirDiagnosticSeverity severity) {
  for (size_t i = 0; i < sizeof(kKinds) / sizeof(kKinds[0]); ++i)
    if (kKinds[i].severity == severity)
      return kKinds[i].name;
  return "error";
}

/* `-re` text: literal outside `{{...}}`, POSIX extended regex inside. */
static bool compileRegex(const char *text, regex_t *regex) {
  SolarText pattern = {0};
  for (const char *p = text; *p;) {
    const char *open = strstr(p, "{{");
    const char *close = open ? strstr(open + 2, "}}") : NULL;
    const char *literalEnd = close ? open : p + strlen(p);
    for (; p < literalEnd; ++p) {
      if (strchr("\\^$.[]|()?*+{}", *p))
        solarTextAppendCString(&pattern, "\\");
      solarTextAppend(&pattern, p, 1);
    }
    if (!close)
      break;
    solarTextAppendCString(&pattern, "(");
    char *inner = strndup(open + 2, (size_t)(close - open - 2));
    solarTextAppendCString(&pattern, inner);
    free(inner);
    solarTextAppendCString(&pattern, ")");
    p = close + 2;
  }
  bool ok = regcomp(regex, pattern.text ? pattern.text : "",
                    REG_EXTENDED | REG_NOSUB) == 0;
  solarTextClear(&pattern);
  return ok;
}

/* One line's `expected-KIND[-re] [@where] {{text}}`, as mlir-opt's
 * pattern `expected-(error|note|remark|warning)(-re)? *(@([+-][0-9]+|above|
 * below|unknown))? *{{(.*)}}$`. Returns false when the line has none. */
typedef enum { kAtLine, kAtOffset, kAbove, kBelow, kUnknown } Where;
static bool parseDirective(const char *line, size_t length, Expectation *out,
                           Where *where, int *offset) {
  const char *start = NULL;
  for (const char *p = line; p + 9 <= line + length; ++p)
    if (!strncmp(p, "expected-", 9)) {
      start = p;
      break;
    }
  if (!start)
    return false;
  const char *p = start + 9, *end = line + length;
  bool kindFound = false;
  for (size_t i = 0; i < sizeof(kKinds) / sizeof(kKinds[0]); ++i) {
    size_t n = strlen(kKinds[i].name);
    if ((size_t)(end - p) >= n && !strncmp(p, kKinds[i].name, n)) {
      out->severity = kKinds[i].severity;
      p += n;
      kindFound = true;
      break;
    }
  }
  if (!kindFound)
    return false;
  out->isRegex = (size_t)(end - p) >= 3 && !strncmp(p, "-re", 3);
  if (out->isRegex)
    p += 3;
  while (p < end && *p == ' ')
    ++p;
  *where = kAtLine;
  *offset = 0;
  if (p < end && *p == '@') {
    ++p;
    if ((*p == '+' || *p == '-') && p + 1 < end &&
        isdigit((unsigned char)p[1])) {
      char *numberEnd;
      long n = strtol(p + 1, &numberEnd, 10);
      if (n > 1000000)
        return false;
      *offset = *p == '-' ? -(int)n : (int)n;
      *where = kAtOffset;
      p = numberEnd;
    } else if (!strncmp(p, "above", 5)) {
      *where = kAbove, p += 5;
    } else if (!strncmp(p, "below", 5)) {
      *where = kBelow, p += 5;
    } else if (!strncmp(p, "unknown", 7)) {
      *where = kUnknown, p += 7;
    } else {
      return false;
    }
  }
  while (p < end && *p == ' ')
    ++p;
  while (end > p && isspace((unsigned char)end[-1]))
    --end;
  if (end - p < 4 || strncmp(p, "{{", 2) || strncmp(end - 2, "}}", 2))
    return false;
  out->text = strndup(p + 2, (size_t)(end - p - 4));
  out->directCol = (int)(start - line) + 1;
  return true;
}

DiagVerifier *diagVerifierCreate(const char *bufferName, const char *text,
                                 size_t length) {
  DiagVerifier *verifier = calloc(1, sizeof(*verifier));
  if (!verifier)
    abort();
  verifier->bufferName = strdup(bufferName);
  size_t *below = NULL, belowCount = 0, belowCapacity = 0;
  int lastPlainLine = 0;
  const char *p = text, *end = text + length;
  for (int lineNo = 1; p < end; ++lineNo) {
    const char *newline = memchr(p, '\n', (size_t)(end - p));
    size_t lineLength = (size_t)((newline ? newline : end) - p);
    Expectation expectation = {0};
    Where where;
    int offset;
    if (!parseDirective(p, lineLength, &expectation, &where, &offset)) {
      /* A line without a directive: the one @below means. */
      for (size_t i = 0; i < belowCount; ++i)
        verifier->items[below[i]].line = lineNo;
      belowCount = 0;
      lastPlainLine = lineNo;
    } else {
      expectation.directLine = lineNo;
      expectation.line = where == kAtLine     ? lineNo
                         : where == kAtOffset ? lineNo + offset
                         : where == kAbove    ? lastPlainLine
                                              : 0;
      if (expectation.isRegex &&
          !compileRegex(expectation.text, &expectation.regex)) {
        fprintf(stderr, "%s:%d:%d: error: invalid regex in '%s'\n",
                bufferName, lineNo, expectation.directCol, expectation.text);
        verifier->failed = true;
        expectation.isRegex = false;
      }
      if (where == kBelow) {
        below = solarGrow(below, &belowCapacity, belowCount, sizeof(*below));
        below[belowCount++] = verifier->count;
      }
      verifier->items = solarGrow(verifier->items, &verifier->capacity,
                                  verifier->count, sizeof(Expectation));
      verifier->items[verifier->count++] = expectation;
    }
    p = newline ? newline + 1 : end;
  }
  for (size_t i = 0; i < belowCount; ++i) {
    Expectation *e = &verifier->items[below[i]];
    fprintf(stderr, "%s:%d:%d: error: expected %s has no line below it\n",
            bufferName, e->directLine, e->directCol, kindName(e->severity));
    verifier->failed = true;
    e->matched = true;
    e->line = -1;
  }
  free(below);
  return verifier;
}

static bool expectationMatches(const Expectation *e, const char *message) {
  if (e->isRegex)
    return regexec(&e->regex, message, 0, NULL, 0) == 0;
  return strstr(message, e->text) != NULL;
}

/* The line of `loc` in our buffer; 0 without a file position (or in
 * another file, where no expectation can be). */
static int lineInBuffer(const DiagVerifier *verifier, MlirLocation loc,
                        char *where, size_t whereSize) {
  solarLocationFormat(loc, where, whereSize);
  size_t nameLength = strlen(verifier->bufferName);
  if (strncmp(where, verifier->bufferName, nameLength) ||
      where[nameLength] != ':')
    return 0;
  char *colon;
  long line = strtol(where + nameLength + 1, &colon, 10);
  return *colon == ':' && line > 0 ? (int)line : 0;
}

static void onDiagnostic(MlirLocation loc, MlirDiagnosticSeverity severity,
                         const char *message, void *userData) {
  DiagVerifier *verifier = userData;
  /* mlir-opt turns the context's printOpOnDiagnostic off under
   * --verify-diagnostics, which the C API cannot: drop the note it adds. */
  if (severity == MlirDiagnosticNote &&
      !strncmp(message, "see current operation: ", 23))
    return;
  char where[1024];
  int line = lineInBuffer(verifier, loc, where, sizeof(where));
  const Expectation *nearMiss = NULL;
  for (size_t i = 0; i < verifier->count; ++i) {
    Expectation *e = &verifier->items[i];
    if (e->line != line || !expectationMatches(e, message))
      continue;
    if (e->severity == severity) {
      e->matched = true;
      return;
    }
    nearMiss = e;
  }
  verifier->failed = true;
  if (nearMiss)
    fprintf(stderr, "%s: error: '%s' diagnostic emitted when expecting a '%s'\n",
            where, kindName(severity), kindName(nearMiss->severity));
  else
    fprintf(stderr, "%s: error: unexpected %s: %s\n", where, kindName(severity),
            message);
}

void diagVerifierAttach(DiagVerifier *verifier, MlirContext ctx) {
  solarDiagnosticsSetSink(ctx, onDiagnostic, verifier);
}

bool diagVerifierFinish(DiagVerifier *verifier) {
  for (size_t i = 0; i < verifier->count; ++i) {
    const Expectation *e = &verifier->items[i];
    if (e->matched)
      continue;
    verifier->failed = true;
    fprintf(stderr, "%s:%d:%d: error: expected %s \"%s\" was not produced\n",
            verifier->bufferName, e->directLine, e->directCol,
            kindName(e->severity), e->text);
  }
  return !verifier->failed;
}

void diagVerifierDestroy(DiagVerifier *verifier) {
  if (!verifier)
    return;
  for (size_t i = 0; i < verifier->count; ++i) {
    if (verifier->items[i].isRegex)
      regfree(&verifier->items[i].regex);
    free(verifier->items[i].text);
  }
  free(verifier->items);
  free(verifier->bufferName);
  free(verifier);
}
