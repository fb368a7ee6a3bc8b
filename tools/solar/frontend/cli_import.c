/* The import frontend: running tools/python/solar_import.py, then lowering
 * and verifying what it exported (cli_import.h). */
#include "cli_import.h"
#include "cli_process_tree.h"

#include "cli_files.h"
#include "cli_python.h"
#include "cli_structure.h"

#include "solar/dialect/context.h"
#include "solar/support/diagnostics.h"
#include "solar/support/funcs.h"
#include "solar/support/parse.h"
#include "solar/passes/passes.h"
#include "solar/passes/stage.h"
#include "solar/verify/verify_report.h"
#include "solar/verify/verify_text.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"

#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* `text` from just after "error: " on its first line that has one (MLIR
 * diagnostics and the Python tools' "prog: error: ..." lines alike), up to
 * the end of that line; false when there is none. */
static bool firstErrorLine(const char *text, char *buf, size_t size) {
  const char *hit = strstr(text, "error: ");
  if (!hit)
    return false;
  hit += strlen("error: ");
  snprintf(buf, size, "%.*s", (int)strcspn(hit, "\n"), hit);
  return true;
}

/* The Python tools' one-line errors: "solar_import: error: ...". */
static bool isToolError(const char *line) {
  size_t word = strspn(line, "abcdefghijklmnopqrstuvwxyz_");
  return !strncmp(line, "solar_", 6) && !strncmp(line + word, ": error: ", 9);
}

/* Copies the child's stderr to ours line by line as it arrives, keeping in
 * `cause` the first tool error (the root cause: the reference runner's own
 * error comes before the exporter's "the reference runner failed"), else
 * the last line with "error: " at all. */
static void relayStderr(int fd, char *cause, size_t size) {
  FILE *in = fdopen(fd, "r");
  if (!in) {
    close(fd);
    return;
  }
  char line[4096];
  bool haveToolError = false;
  while (fgets(line, sizeof(line), in)) {
    fputs(line, stderr);
    if (haveToolError)
      continue;
    if (isToolError(line))
      haveToolError = true;
    firstErrorLine(line, cause, size);
  }
  fflush(stderr);
  fclose(in);
}

static bool runExporter(const SolarImportRequest *r, const SolarArgs *refused,
                        SolarImportResult *out, char *err, size_t errSize) {
  SolarArgs args = {0};
  solarArgsAdd(&args, r->model);
  solarArgsOption(&args, "--framework", r->framework);
  solarArgsOption(&args, "-o", r->workDir);
  solarArgsOption(&args, "--function", r->function);
  solarArgsOption(&args, "--seed", r->seed);
  solarArgsOption(&args, "--runs", r->runs);
  if (r->imported)
    solarArgsAdd(&args, "--no-export");
  solarArgsOption(&args, "--verify-size", r->verifySize);
  solarTrainArgs(&args, &r->train);
  for (size_t i = 0; r->overrides && r->overrides[i]; ++i)
    solarArgsOption(&args, "--override", r->overrides[i]);
  for (size_t i = 0; r->overridesIfAssigned && r->overridesIfAssigned[i]; ++i)
    solarArgsOption(&args, "--override-if-assigned",
                    r->overridesIfAssigned[i]);
  for (size_t i = 0; i < refused->count; ++i)
    solarArgsOption(&args, "--refused", refused->items[i]);
  char script[4096];
  SolarArgs argv = {0};
  solarPythonCommand("solar_import.py", &args, script, sizeof(script), &argv);
  free(args.items);

  int pipeFds[2];
  if (pipe(pipeFds) == 0) {
    /* Only the dup onto the program's stderr is inherited. */
    fcntl(pipeFds[0], F_SETFD, FD_CLOEXEC);
    fcntl(pipeFds[1], F_SETFD, FD_CLOEXEC);
  } else {
    free(argv.items);
    snprintf(err, errSize, "cannot create a pipe: %s", strerror(errno));
    snprintf(out->reason, sizeof(out->reason), "%s", err);
    return false;
  }
  /* Its stderr comes through the pipe (relayed, the first error kept);
   * its stdout goes to our stderr for commands whose stdout is a report. */
  SolarProcessTreeOptions options;
  solarProcessTreeOptionsInit(&options);
  options.stdoutFd = r->chatterToStderr ? STDERR_FILENO : -1;
  options.stderrFd = pipeFds[1];
  options.searchPath = true;
  options.timeoutSeconds = r->timeoutSeconds;
  SolarProcessTree tree;
  fflush(stdout);
  fflush(stderr);
  bool started = solarProcessTreeStart((char *const *)argv.items, &options,
                                       &tree, err, errSize);
  free(argv.items);
  close(pipeFds[1]);
  int errFd = pipeFds[0];
  if (!started) {
    close(errFd);
    snprintf(out->reason, sizeof(out->reason), "%s", err);
    return false;
  }
  char lastError[1024] = "";
  relayStderr(errFd, lastError, sizeof(lastError));
  int status = 0;
  bool timedOut = false;
  solarProcessTreeWait(&tree, &status, &timedOut);
  if (timedOut) {
    snprintf(err, errSize,
             "the import of %s ran past its time limit of %g s and was "
             "stopped with every process it started (--timeout)",
             r->model, r->timeoutSeconds);
    snprintf(out->reason, sizeof(out->reason), "%s", err);
    return false;
  }
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
    return true;
  /* 3: the program itself failed (solar_ref/errors.py). */
  out->programError = WIFEXITED(status) && WEXITSTATUS(status) == 3;
  if (out->programError)
    snprintf(err, errSize, "%s failed (see above)", r->model);
  else
    snprintf(err, errSize, "the %s exporter failed (see above)",
             r->framework);
  if (*lastError)
    snprintf(out->reason, sizeof(out->reason), "%s", lastError);
  else
    snprintf(out->reason, sizeof(out->reason),
             "tools/python/solar_import.py exited with status %d",
             WIFEXITED(status) ? WEXITSTATUS(status) : -1);
  return false;
}

/* A solar-verify that compared the outputs leaves solar.verified on the
 * function, ok or not; one that failed before (lowering, JIT, data) does
 * not. */
static bool comparedOutputs(MlirModule module) {
  size_t count = 0;
  MlirOperation *funcs =
      solarCollectFuncs(mlirModuleGetOperation(module), &count);
  bool compared = false;
  for (size_t i = 0; i < count && !compared; ++i)
    compared = !mlirAttributeIsNull(mlirOperationGetAttributeByName(
        funcs[i], mlirStringRefCreateFromCString("solar.verified")));
  free(funcs);
  return compared;
}

static bool lower(MlirModule module) {
  SolarOptions none;
  solarOptionsInit(&none);
  bool ok = solarRunPass(mlirModuleGetOperation(module),
                         "solar-lower-to-affine", &none);
  solarOptionsDestroy(&none);
  return ok;
}

/* Runs solar-verify on a lowered module against the reference. */
static bool verifyLowered(MlirModule module, const SolarImportRequest *r,
                          const char *manifest, SolarImportResult *out) {
  SolarOptions verify;
  solarOptionsInit(&verify);
  solarOptionsSet(&verify, "manifest", manifest);
  solarOptionsSet(&verify, "function", r->function);
  if (r->rtol)
    solarOptionsSet(&verify, "rtol", r->rtol);
  if (r->atol)
    solarOptionsSet(&verify, "atol", r->atol);
  solarCliVerifyLimitsApply(&r->verifyLimits, &verify);
  bool ok = solarRunPass(mlirModuleGetOperation(module), "solar-verify",
                         &verify);
  if (!ok)
    out->verifyFailed = comparedOutputs(module);
  solarOptionsDestroy(&verify);
  return ok;
}

/* Diagnostics are collected (to name the first error in `reason`) and then
 * printed exactly as they would have been. */
static void flushDiagnostics(char *captured, SolarImportResult *out) {
  fputs(captured, stderr);
  if (!*out->reason)
    firstErrorLine(captured, out->reason, sizeof(out->reason));
  free(captured);
}

/* "B=128, IN=512" from WORK/sizes.json's overrides. */
static void readVerifiedSizes(const char *workDir, char *buf, size_t size) {
  char path[4200];
  snprintf(path, sizeof(path), "%s/sizes.json", workDir);
  buf[0] = '\0';
  json_t *root = json_load_file(path, 0, NULL);
  json_t *list = root ? json_object_get(root, "overrides") : NULL;
  size_t used = 0;
  for (size_t i = 0; list && i < json_array_size(list); ++i) {
    const char *text = json_string_value(json_array_get(list, i));
    if (text && used < size)
      used += (size_t)snprintf(buf + used, size - used, "%s%s",
                               i ? ", " : "", text);
  }
  json_decref(root);
}

/* `attr` in ctx: itself, or, from another context, printed and parsed
 * there (MLIR prints floats so that they parse back to the same value). */
static MlirAttribute inContext(MlirAttribute attr, MlirContext ctx) {
  if (mlirContextEqual(mlirAttributeGetContext(attr), ctx))
    return attr;
  SolarText printed = {0};
  mlirAttributePrint(attr, solarTextAppendChunk, &printed);
  MlirAttribute moved = mlirAttributeParseGet(
      ctx, mlirStringRefCreate(printed.text ? printed.text : "",
                               printed.length));
  free(printed.text);
  return moved;
}

static void copyVerified(MlirModule from, MlirModule to, const char *sizes) {
  MlirContext ctx = mlirModuleGetContext(to);
  MlirStringRef key = mlirStringRefCreateFromCString(SOLAR_VERIFIED_ATTR);
  MlirOperation a = mlirBlockGetFirstOperation(mlirModuleGetBody(from));
  MlirOperation b = mlirBlockGetFirstOperation(mlirModuleGetBody(to));
  for (; !mlirOperationIsNull(a) && !mlirOperationIsNull(b);
       a = mlirOperationGetNextInBlock(a), b = mlirOperationGetNextInBlock(b)) {
    MlirAttribute verified = mlirOperationGetAttributeByName(a, key);
    if (mlirAttributeIsNull(verified))
      continue;
    mlirOperationSetAttributeByName(b, key, inContext(verified, ctx));
    mlirOperationSetAttributeByName(
        b, mlirStringRefCreateFromCString("solar.verified_sizes"),
        mlirStringAttrGet(ctx, mlirStringRefCreateFromCString(sizes)));
  }
}

static char *printModule(MlirModule module, size_t *length) {
  SolarText printed = {0};
  mlirOperationPrint(mlirModuleGetOperation(module), solarTextAppendChunk,
                     &printed);
  solarTextAppendChunk(mlirStringRefCreateFromCString("\n"), &printed);
  *length = printed.length;
  return printed.text;
}

/* The lowered module as `solar analyze` would read it back from the file
 * its text is written to (`name`): printed (without locations, as that
 * file is) and parsed under that name into a context of its own, so every
 * location, every string the analysis makes of one and every resource
 * name (a context's dense_resource blobs keep their names unique, so a
 * second parse in the import's context would rename them) is what the
 * analysis of the file saw in its own context. The text stays registered
 * there for caret display (*text: the caller frees it after registering
 * another or none). The null module (no context left) when the text does
 * not parse back. */
static MlirModule reparse(MlirModule module, const char *name, char **text) {
  size_t length = 0;
  *text = printModule(module, &length);
  MlirContext ctx = solarContextCreate();
  MlirModule parsed = {NULL};
  if (!mlirContextIsNull(ctx))
    parsed = solarParseModule(ctx, *text, length, name);
  if (mlirModuleIsNull(parsed) && !mlirContextIsNull(ctx))
    mlirContextDestroy(ctx);
  return parsed;
}

/* The full-size export: parsed and lowered (not verified: there is no
 * full-size reference), then kept only when its einsum graph has the
 * structure of the (lowered) small one, which is verified after: a
 * refused candidate costs no verification run. The null module on
 * failure, with `err` and out->reason. */
static MlirModule lowerFull(MlirContext ctx, MlirModule verified,
                            const SolarImportRequest *r, const char *fullPath,
                            MlirModule *analyzed, char **printedText,
                            SolarImportResult *out, char *err,
                            size_t errSize) {
  size_t length = 0;
  char *text = solarReadFile(fullPath, &length);
  MlirModule none = {NULL};
  if (!text) {
    snprintf(err, errSize, "cannot read '%s'", fullPath);
    snprintf(out->reason, sizeof(out->reason), "%s", err);
    return none;
  }
  MlirModule full = solarParseModule(ctx, text, length, fullPath);
  bool ok = !mlirModuleIsNull(full) && lower(full);
  /* The text registered for caret display is about to go away. */
  solarDiagnosticsSetSource(ctx, fullPath, NULL, 0);
  free(text);
  /* Under solar analyze, the module it will analyze is the one checked
   * (its graphs lifted for the analysis); the caller frees it. */
  if (ok && r->analyzedPath) {
    *analyzed = reparse(full, r->analyzedPath, printedText);
    ok = !mlirModuleIsNull(*analyzed);
  }
  if (!ok) {
    if (!mlirModuleIsNull(full))
      mlirModuleDestroy(full);
    snprintf(err, errSize, "the full-size export '%s' did not lower (see "
             "above)", fullPath);
    snprintf(out->reason, sizeof(out->reason), "%s", err);
    return none;
  }
  readVerifiedSizes(r->workDir, out->verifiedSizes,
                    sizeof(out->verifiedSizes));
  char why[1024];
  if (!solarStructureSame(verified, r->analyzedPath ? *analyzed : full,
                          r->analyzedPath != NULL,
                          &out->structureNodes, out->structureNote,
                          sizeof(out->structureNote), why, sizeof(why))) {
    mlirModuleDestroy(full);
    snprintf(err, errSize,
             "the program's structure depends on its sizes: %s; its "
             "verification at %s does not cover the full-size IR (give "
             "--verify-size full, or --override NAME=VALUE sizes that keep "
             "the structure)",
             why, out->verifiedSizes);
    snprintf(out->reason, sizeof(out->reason),
             "structure differs between the verification and full sizes: %.900s",
             why);
    out->structureRefused = true;
    return none;
  }
  return full;
}

static bool lowerVerifyPrint(const SolarImportRequest *r,
                             const char *linalgPath, const char *manifest,
                             SolarImportResult *out, char *err,
                             size_t errSize) {
  size_t length = 0;
  err[0] = '\0';
  char *text = solarReadFile(linalgPath, &length);
  if (!text) {
    snprintf(err, errSize, "cannot read '%s'", linalgPath);
    snprintf(out->reason, sizeof(out->reason), "%s: %s", err,
             strerror(errno));
    return false;
  }
  MlirContext ctx = solarContextCreate();
  if (mlirContextIsNull(ctx)) {
    free(text);
    snprintf(err, errSize, "cannot create an MLIR context");
    snprintf(out->reason, sizeof(out->reason), "%s", err);
    return false;
  }
  solarDiagnosticsCaptureBegin(ctx);
  MlirModule module = solarParseModule(ctx, text, length, linalgPath);
  bool ok = false;
  if (mlirModuleIsNull(module)) {
    flushDiagnostics(solarDiagnosticsCaptureEnd(ctx), out);
    snprintf(err, errSize,
             "MLIR 22 cannot parse the importer's output '%s': the error "
             "above names the op or attribute. The importer bundles a newer "
             "MLIR; use the versions pinned in requirements.txt "
             "(docs/importers.md, version skew)",
             linalgPath);
    char first[900];
    snprintf(first, sizeof(first), "%.*s", (int)sizeof(first) - 1,
             out->reason);
    snprintf(out->reason, sizeof(out->reason),
             "MLIR 22 cannot parse the importer's output (%s)", first);
  } else {
    char fullPath[4200];
    snprintf(fullPath, sizeof(fullPath), "%s/import.full.mlir", r->workDir);
    MlirModule full = {NULL};
    MlirModule analyzed = {NULL}; /* solar analyze's copy of `full` */
    char *analyzedText = NULL;    /* what it was parsed from */
    ok = lower(module);
    if (ok && !r->imported && access(fullPath, R_OK) == 0) {
      full = lowerFull(ctx, module, r, fullPath, &analyzed, &analyzedText,
                       out, err, errSize);
      ok = !mlirModuleIsNull(full);
    }
    ok = ok && verifyLowered(module, r, manifest, out);
    flushDiagnostics(solarDiagnosticsCaptureEnd(ctx), out);
    if (!mlirModuleIsNull(full)) {
      if (ok) {
        copyVerified(module, full, out->verifiedSizes);
        if (!mlirModuleIsNull(analyzed))
          copyVerified(module, analyzed, out->verifiedSizes);
        out->twoSizes = true;
        fprintf(stderr,
                "solar: verified at %s; the full-size export has the same "
                "einsum graph (%zu node(s), %s)\n",
                out->verifiedSizes, out->structureNodes, out->structureNote);
      }
      mlirModuleDestroy(module);
      module = full;
    }
    size_t length = 0;
    if (ok) {
      out->module = printModule(module, &length);
      out->reason[0] = '\0';
    } else if (!*err) {
      snprintf(err, errSize,
               "the imported program did not lower and verify (see above)");
    }
    if (!mlirModuleIsNull(module))
      mlirModuleDestroy(module);
    if (analyzedText) {
      if (ok) {
        /* The analyzed module's text is line for line out->module (the
         * verified attributes go on the functions' own lines): that text
         * now shows its source lines, as the file's would. */
        out->ctx = mlirModuleGetContext(analyzed);
        out->analyzed = analyzed;
        solarDiagnosticsSetSource(out->ctx, r->analyzedPath, out->module,
                                  length);
      } else if (!mlirModuleIsNull(analyzed)) {
        MlirContext analyzedCtx = mlirModuleGetContext(analyzed);
        solarFuncEinsumGraphPreliftsDiscard();
        mlirModuleDestroy(analyzed);
        mlirContextDestroy(analyzedCtx);
      }
      free(analyzedText);
    }
  }
  /* The text registered for caret display goes with the context. */
  mlirContextDestroy(ctx);
  free(text);
  return ok;
}

/* The verification sizes WORK/sizes.json names, as the JSON list of
 * NAME=VALUE texts the exporter's --refused takes (caller frees), when
 * --verify-size auto chose them: sizes given by hand (--override, a cap)
 * would be chosen again. NULL otherwise. */
static char *retriableSizes(const char *workDir) {
  char path[4200];
  snprintf(path, sizeof(path), "%s/sizes.json", workDir);
  json_t *root = json_load_file(path, 0, NULL);
  const char *mode = json_string_value(json_object_get(root, "mode"));
  json_t *list = json_object_get(root, "overrides");
  char *text = NULL;
  if (mode && !strcmp(mode, "auto") && json_array_size(list) > 0)
    text = json_dumps(list, JSON_COMPACT);
  json_decref(root);
  return text;
}

/* How many verification sizes the structure check may refuse before the
 * import fails: each retry exports twice and verifies again, so a few. */
enum { STRUCTURE_RETRIES = 3 };

bool solarImportRun(const SolarImportRequest *request, SolarImportResult *out,
                    char *err, size_t errSize) {
  memset(out, 0, sizeof(*out));
  if (mkdir(request->workDir, 0777) != 0 && errno != EEXIST) {
    snprintf(err, errSize, "cannot create the work directory '%s': %s",
             request->workDir, strerror(errno));
    snprintf(out->reason, sizeof(out->reason), "%s", err);
    return false;
  }
  char linalgPath[4200], manifest[4200];
  snprintf(linalgPath, sizeof(linalgPath), "%s/import.mlir",
           request->workDir);
  snprintf(manifest, sizeof(manifest), "%s/ref/manifest.json",
           request->workDir);
  /* A structure refusal is retried at the next larger candidate the size
   * choice finds (docs/importers.md, "Two sizes"); the exporter is told
   * every refused set, and at full size there is nothing to compare. */
  SolarArgs refused = {0};
  bool ok = false;
  for (int attempt = 0;; ++attempt) {
    ok = runExporter(request, &refused, out, err, errSize) &&
         lowerVerifyPrint(request,
                          request->imported ? request->imported : linalgPath,
                          manifest, out, err, errSize);
    char *sizes = !ok && out->structureRefused
                      ? retriableSizes(request->workDir)
                      : NULL;
    if (!sizes)
      break;
    if (attempt == STRUCTURE_RETRIES) {
      free(sizes);
      fprintf(stderr,
              "solar: the structure check refused %d sets of verification "
              "sizes; no more retries\n",
              attempt + 1);
      break;
    }
    fprintf(stderr,
            "solar: the structure check refused the verification sizes %s "
            "(%s); retrying at the next larger candidate (retry %d of at "
            "most %d)\n",
            out->verifiedSizes, out->reason, attempt + 1, STRUCTURE_RETRIES);
    solarArgsAdd(&refused, sizes);
    memset(out, 0, sizeof(*out));
    err[0] = '\0';
  }
  for (size_t i = 0; i < refused.count; ++i)
    free((char *)refused.items[i]);
  free(refused.items);
  return ok;
}

void solarImportResultDestroy(SolarImportResult *result) {
  if (!mlirModuleIsNull(result->analyzed)) {
    solarFuncEinsumGraphPreliftsDiscard();
    mlirModuleDestroy(result->analyzed);
  }
  if (!mlirContextIsNull(result->ctx))
    mlirContextDestroy(result->ctx);
  free(result->module);
  memset(result, 0, sizeof(*result));
}
