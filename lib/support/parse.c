/* mlirModuleCreateParse gives the implicit-module behaviour but names the
 * buffer "-", while mlirOperationCreateParse names the buffer but insists on
 * one top-level op. We take the former and rename the buffer afterwards. */
#define _XOPEN_SOURCE 700 /* sigaltstack, SA_ONSTACK */
#include "solar/support/parse.h"
#include "solar/support/diagnostics.h"
#include "solar/support/files.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <errno.h>

typedef struct {
  MlirContext ctx;
  MlirIdentifier name;
} Renamer;

static MlirLocation renameLocation(const Renamer *renamer, MlirLocation loc) {
  if (!mlirLocationIsAFileLineColRange(loc))
    return loc;
  MlirStringRef file =
      mlirIdentifierStr(mlirLocationFileLineColRangeGetFilename(loc));
  if (file.length != 1 || file.data[0] != '-')
    return loc;
  return mlirLocationFileLineColRangeGet(
      renamer->ctx, mlirIdentifierStr(renamer->name),
      (unsigned)mlirLocationFileLineColRangeGetStartLine(loc),
      (unsigned)mlirLocationFileLineColRangeGetStartColumn(loc),
      (unsigned)mlirLocationFileLineColRangeGetEndLine(loc),
      (unsigned)mlirLocationFileLineColRangeGetEndColumn(loc));
}

static MlirWalkResult renameOperation(MlirOperation op, void *userData) {
  const Renamer *renamer = userData;
  mlirOperationSetLocation(op,
                           renameLocation(renamer, mlirOperationGetLocation(op)));
  intptr_t regions = mlirOperationGetNumRegions(op);
  for (intptr_t r = 0; r < regions; ++r) {
    MlirRegion region = mlirOperationGetRegion(op, r);
    for (MlirBlock block = mlirRegionGetFirstBlock(region);
         !mlirBlockIsNull(block); block = mlirBlockGetNextInRegion(block)) {
      intptr_t args = mlirBlockGetNumArguments(block);
      for (intptr_t a = 0; a < args; ++a) {
        MlirValue arg = mlirBlockGetArgument(block, a);
        mlirBlockArgumentSetLocation(
            arg, renameLocation(renamer, mlirValueGetLocation(arg)));
      }
    }
  }
  return MlirWalkResultAdvance;
}

/* ---- parser crash guard ------------------------------------------------
 * Some of MLIR 22's custom op parsers dereference a null attribute after
 * reporting a syntax error (linalg.transpose with a malformed
 * `permutation = [1, x]`: mlir-opt-22 itself dies with SIGSEGV). The
 * library cannot be fixed from here, so while the parser runs a fault is
 * turned into an error naming the input and exit status 1, as for any
 * other syntax error, instead of a crash. Only write(2) and _exit(2) run in
 * the handler: the process state after the fault is not to be trusted. */

static char guardMessage[600];
static size_t guardMessageLength;
static char guardStack[1 << 16];

static void onParserFault(int signo) {
  (void)signo;
  ssize_t ignored = write(STDERR_FILENO, guardMessage, guardMessageLength);
  (void)ignored;
  _exit(1);
}

typedef struct {
  struct sigaction segv, bus;
  stack_t stack;
  bool stackSet;
} ParserGuard;

static void parserGuardBegin(ParserGuard *guard, const char *bufferName) {
  int n = snprintf(guardMessage, sizeof(guardMessage),
                   "%s: error: MLIR's parser faulted on this input after "
                   "the syntax error reported above (a defect of MLIR 22's "
                   "op parsers on malformed attributes); the input is not "
                   "valid MLIR\n",
                   bufferName);
  guardMessageLength = n < 0 ? 0
                       : (size_t)n >= sizeof(guardMessage)
                           ? sizeof(guardMessage) - 1
                           : (size_t)n;
  /* Its own stack, so a fault from deep recursion can still be reported. */
  stack_t stack = {.ss_sp = guardStack, .ss_size = sizeof(guardStack)};
  guard->stackSet = sigaltstack(&stack, &guard->stack) == 0;
  struct sigaction action;
  memset(&action, 0, sizeof(action));
  action.sa_handler = onParserFault;
  action.sa_flags = SA_ONSTACK;
  sigemptyset(&action.sa_mask);
  sigaction(SIGSEGV, &action, &guard->segv);
  sigaction(SIGBUS, &action, &guard->bus);
}

static void parserGuardEnd(ParserGuard *guard) {
  sigaction(SIGSEGV, &guard->segv, NULL);
  sigaction(SIGBUS, &guard->bus, NULL);
  if (guard->stackSet)
    sigaltstack(&guard->stack, NULL);
}

/* The offset of the first '{' that opens level SOLAR_MAX_TEXT_NESTING + 1,
 * outside string literals and // comments; `length` when there is none.
 * Linear in the text, no recursion. */
static size_t tooDeepOffset(const char *text, size_t length) {
  int depth = 0;
  for (size_t i = 0; i < length; ++i) {
    char c = text[i];
    if (c == '"') {
      for (++i; i < length && text[i] != '"'; ++i)
        if (text[i] == '\\')
          ++i;
    } else if (c == '/' && i + 1 < length && text[i + 1] == '/') {
      while (i < length && text[i] != '\n')
        ++i;
    } else if (c == '{' && ++depth > SOLAR_MAX_TEXT_NESTING) {
      return i;
    } else if (c == '}' && depth > 0) {
      --depth;
    }
  }
  return length;
}

static bool refuseTooDeep(MlirContext ctx, const char *text, size_t length,
                          const char *bufferName) {
  size_t offset = tooDeepOffset(text, length);
  if (offset == length)
    return false;
  unsigned line = 1, column = 1;
  for (size_t i = 0; i < offset; ++i, ++column)
    if (text[i] == '\n') {
      ++line;
      column = 0;
    }
  solarDiagnosticsSetSource(ctx, bufferName, text, length);
  solarEmitError(mlirLocationFileLineColGet(
                     ctx, mlirStringRefCreateFromCString(bufferName), line,
                     column),
                 "the input nests regions and braces more than %d deep "
                 "here; MLIR's recursive parser would run out of stack, so "
                 "solar reads at most %d levels",
                 SOLAR_MAX_TEXT_NESTING, SOLAR_MAX_TEXT_NESTING);
  return true;
}

MlirModule solarParseModule(MlirContext ctx, const char *text, size_t length,
                            const char *bufferName) {
  if (refuseTooDeep(ctx, text, length, bufferName))
    return (MlirModule){NULL};
  solarDiagnosticsSetSource(ctx, bufferName, text, length);
  /* Parser errors carry the anonymous buffer name; show them under ours. */
  solarDiagnosticsSetSource(ctx, "-", text, length);
  solarDiagnosticsSetAnonymousFileName(ctx, bufferName);
  /* MLIR's lexer finds the end of its buffer by the NUL that
   * llvm::MemoryBuffer guarantees after it, but mlirModuleCreateParse wraps
   * the text without one: it reads the byte after `length` (AddressSanitizer
   * saw it in fuzz campaign 7, through the string functions MLIR calls).
   * The parser therefore gets its own terminated copy. */
  char *terminated = malloc(length + 1);
  if (!terminated) {
    solarEmitError(mlirLocationUnknownGet(ctx),
                   "%s: out of memory copying %zu bytes of input", bufferName,
                   length);
    solarDiagnosticsSetAnonymousFileName(ctx, NULL);
    solarDiagnosticsSetSource(ctx, "-", NULL, 0);
    return (MlirModule){NULL};
  }
  memcpy(terminated, text, length);
  terminated[length] = '\0';
  ParserGuard guard;
  parserGuardBegin(&guard, bufferName);
  MlirModule module =
      mlirModuleCreateParse(ctx, (MlirStringRef){terminated, length});
  parserGuardEnd(&guard);
  free(terminated);
  solarDiagnosticsSetAnonymousFileName(ctx, NULL);
  solarDiagnosticsSetSource(ctx, "-", NULL, 0);
  if (mlirModuleIsNull(module))
    return module;
  Renamer renamer = {ctx, mlirIdentifierGet(ctx, mlirStringRefCreateFromCString(
                                                     bufferName))};
  MlirOperation moduleOp = mlirModuleGetOperation(module);
  mlirOperationWalk(moduleOp, renameOperation, &renamer, MlirWalkPreOrder);
  /* An implicit module sits at line 0; diagnostics about the whole module
   * read better at its first operation. */
  MlirLocation moduleLoc = mlirOperationGetLocation(moduleOp);
  MlirOperation first = mlirBlockGetFirstOperation(mlirModuleGetBody(module));
  if (mlirLocationIsAFileLineColRange(moduleLoc) &&
      mlirLocationFileLineColRangeGetStartLine(moduleLoc) == 0 &&
      !mlirOperationIsNull(first))
    mlirOperationSetLocation(moduleOp, mlirOperationGetLocation(first));
  return module;
}

MlirModule solarParseModuleFile(MlirContext ctx, const char *path) {
  size_t length = 0;
  char *text = solarReadFile(path, &length);
  if (!text) {
    fprintf(stderr, "%s: cannot read: %s\n", path, strerror(errno));
    return (MlirModule){NULL};
  }
  MlirModule module = solarParseModule(ctx, text, length, path);
  /* solarParseModule leaves the text as the source shown under later
   * diagnostics at this path; it dies here, so they show none. */
  solarDiagnosticsSetSource(ctx, path, NULL, 0);
  free(text);
  return module;
}
