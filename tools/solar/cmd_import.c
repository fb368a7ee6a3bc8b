/* solar import: a PyTorch or JAX program -> verified affine MLIR, with no
 * LLM. The framework side (tools/solar_import.py: torch-mlir's FX importer,
 * or jax.jit(...).lower() -> StableHLO -> IREE's input conversion) writes
 * linalg on tensors plus a reference manifest; here the text is parsed by
 * MLIR 22, lowered with --solar-lower-to-affine and checked with
 * --solar-verify, in-process. Only a verified module is written. */
/* nftw is an XSI function. */
#define _XOPEN_SOURCE 700

#include "solar/context.h"
#include "solar/diagnostics.h"
#include "solar/parse.h"
#include "solar/passes.h"

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"

#include <errno.h>
#include <ftw.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

#define MAX_OVERRIDES 32

typedef struct {
  const char *model;
  const char *framework;
  const char *output;
  const char *imported; /* linalg file to use instead of exporting */
  const char *keep;     /* work directory to keep, or NULL (temporary) */
  const char *seed;
  const char *runs;
  const char *function;
  const char *rtol, *atol;
  const char *overrides[MAX_OVERRIDES];
  int overrideCount;
} ImportArgs;

static void printHelp(void) {
  printf(
      "USAGE: solar import MODEL.py --framework torch|jax -o OUT.mlir\n"
      "           [--override NAME=VALUE ...] [--seed S] [--runs N]\n"
      "           [--function NAME] [--rtol R] [--atol A] [--keep DIR]\n"
      "           [--imported LINALG.mlir]\n\n"
      "Exports the program deterministically (torch: torch-mlir FX importer;\n"
      "jax: StableHLO through IREE's input conversion) to linalg on tensors,\n"
      "lowers it to affine loops (--solar-lower-to-affine) and verifies it\n"
      "against the framework's own run (--solar-verify). OUT.mlir is\n"
      "written only when the verification passes. --keep DIR keeps the\n"
      "exported linalg and the reference data; --imported uses a linalg\n"
      "file instead of exporting (the reference still runs). See\n"
      "docs/importers.md.\n");
}

static const char *needValue(int argc, char **argv, int *i) {
  if (*i + 1 >= argc) {
    fprintf(stderr, "solar import: error: %s needs a value\n", argv[*i]);
    return NULL;
  }
  return argv[++*i];
}

/* 0 to go on, else an exit status + 1 (so help can return 0). */
static int parseImportArgs(int argc, char **argv, ImportArgs *a) {
  memset(a, 0, sizeof(*a));
  a->function = "forward";
  for (int i = 1; i < argc; ++i) {
    const char *arg = argv[i];
    const char **slot = NULL;
    if (!strcmp(arg, "--help") || !strcmp(arg, "-h")) {
      printHelp();
      return 1;
    } else if (!strcmp(arg, "--framework")) {
      slot = &a->framework;
    } else if (!strcmp(arg, "-o")) {
      slot = &a->output;
    } else if (!strcmp(arg, "--imported")) {
      slot = &a->imported;
    } else if (!strcmp(arg, "--keep")) {
      slot = &a->keep;
    } else if (!strcmp(arg, "--seed")) {
      slot = &a->seed;
    } else if (!strcmp(arg, "--runs")) {
      slot = &a->runs;
    } else if (!strcmp(arg, "--function")) {
      slot = &a->function;
    } else if (!strcmp(arg, "--rtol")) {
      slot = &a->rtol;
    } else if (!strcmp(arg, "--atol")) {
      slot = &a->atol;
    } else if (!strcmp(arg, "--override")) {
      if (a->overrideCount == MAX_OVERRIDES) {
        fprintf(stderr, "solar import: error: more than %d --override\n",
                MAX_OVERRIDES);
        return 3;
      }
      slot = &a->overrides[a->overrideCount++];
    } else if (arg[0] == '-') {
      fprintf(stderr, "solar import: error: unknown option '%s' (see "
                      "'solar import --help')\n", arg);
      return 3;
    } else if (a->model) {
      fprintf(stderr, "solar import: error: more than one model ('%s')\n", arg);
      return 3;
    } else {
      a->model = arg;
    }
    if (slot && !(*slot = needValue(argc, argv, &i)))
      return 3;
  }
  const char *missing = !a->model       ? "a MODEL.py"
                        : !a->framework ? "--framework torch|jax"
                        : !a->output    ? "-o OUT.mlir"
                                        : NULL;
  if (missing) {
    fprintf(stderr, "solar import: error: needs %s (see 'solar import "
                    "--help')\n", missing);
    return 3;
  }
  if (strcmp(a->framework, "torch") && strcmp(a->framework, "jax")) {
    fprintf(stderr, "solar import: error: --framework must be torch or jax, "
                    "not '%s'\n", a->framework);
    return 3;
  }
  return 0;
}

static bool runExporter(const ImportArgs *a, const char *workDir) {
  const char *python = getenv("SOLAR_PYTHON");
  if (!python || !*python)
    python = "python3";
  const char *script = SOLAR_SOURCE_DIR "/tools/solar_import.py";
  const char *argv[24 + 2 * MAX_OVERRIDES];
  int n = 0;
  argv[n++] = python;
  argv[n++] = script;
  argv[n++] = a->model;
  argv[n++] = "--framework";
  argv[n++] = a->framework;
  argv[n++] = "-o";
  argv[n++] = workDir;
  argv[n++] = "--function";
  argv[n++] = a->function;
  if (a->seed) {
    argv[n++] = "--seed";
    argv[n++] = a->seed;
  }
  if (a->runs) {
    argv[n++] = "--runs";
    argv[n++] = a->runs;
  }
  if (a->imported)
    argv[n++] = "--no-export";
  for (int i = 0; i < a->overrideCount; ++i) {
    argv[n++] = "--override";
    argv[n++] = a->overrides[i];
  }
  argv[n] = NULL;
  fflush(stdout);
  fflush(stderr);
  pid_t pid;
  int rc = posix_spawnp(&pid, python, NULL, NULL, (char *const *)argv,
                        environ);
  if (rc != 0) {
    fprintf(stderr, "solar import: error: cannot run '%s': %s (set "
                    "SOLAR_PYTHON)\n", python, strerror(rc));
    return false;
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
    ;
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    fprintf(stderr, "solar import: error: the %s exporter failed (see "
                    "above); nothing written\n", a->framework);
    return false;
  }
  return true;
}

static char *readFile(const char *path, size_t *length) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  size_t capacity = 1 << 16, used = 0;
  char *text = malloc(capacity);
  size_t got;
  while ((got = fread(text + used, 1, capacity - used, f)) > 0) {
    used += got;
    if (used == capacity)
      text = realloc(text, capacity *= 2);
  }
  fclose(f);
  *length = used;
  return text;
}

static void writeChunk(MlirStringRef chunk, void *userData) {
  fwrite(chunk.data, 1, chunk.length, (FILE *)userData);
}

static bool addSolarPass(MlirPassManager pm, const char *name,
                         const SolarOptions *options) {
  const SolarPassInfo *info = solarPassLookup(name);
  if (!info)
    return false;
  mlirPassManagerAddOwnedPass(pm, solarPassCreate(info, options));
  return true;
}

/* Parse, lower, verify, write. */
static bool lowerVerifyWrite(const ImportArgs *a, const char *linalgPath,
                             const char *manifest) {
  size_t length = 0;
  char *text = readFile(linalgPath, &length);
  if (!text) {
    fprintf(stderr, "solar import: error: cannot read '%s'\n", linalgPath);
    return false;
  }
  MlirContext ctx = solarContextCreate();
  if (mlirContextIsNull(ctx)) {
    free(text);
    return false;
  }
  bool ok = false;
  MlirModule module = solarParseModule(ctx, text, length, linalgPath);
  if (mlirModuleIsNull(module)) {
    fprintf(stderr,
            "solar import: error: MLIR 22 cannot parse the importer's output "
            "'%s': the error above names the op or attribute. The "
            "importer bundles a newer MLIR; use the versions pinned in "
            "requirements.txt (docs/importers.md, version skew)\n",
            linalgPath);
  } else {
    MlirPassManager pm = mlirPassManagerCreate(ctx);
    SolarOptions verify;
    solarOptionsInit(&verify);
    solarOptionsSet(&verify, "manifest", manifest);
    solarOptionsSet(&verify, "function", a->function);
    if (a->rtol)
      solarOptionsSet(&verify, "rtol", a->rtol);
    if (a->atol)
      solarOptionsSet(&verify, "atol", a->atol);
    SolarOptions none;
    solarOptionsInit(&none);
    addSolarPass(pm, "solar-lower-to-affine", &none);
    addSolarPass(pm, "solar-verify", &verify);
    solarOptionsDestroy(&none);
    solarOptionsDestroy(&verify);
    ok = mlirLogicalResultIsSuccess(
        mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(module)));
    mlirPassManagerDestroy(pm);
    if (!ok)
      fprintf(stderr, "solar import: error: the imported program did not "
                      "lower and verify (see above); nothing written\n");
  }
  if (ok) {
    FILE *out = strcmp(a->output, "-") ? fopen(a->output, "w") : stdout;
    if (!out) {
      fprintf(stderr, "solar import: error: cannot write '%s': %s\n",
              a->output, strerror(errno));
      ok = false;
    } else {
      mlirOperationPrint(mlirModuleGetOperation(module), writeChunk, out);
      fputc('\n', out);
      if (out != stdout)
        fclose(out);
      else
        fflush(out);
    }
  }
  if (!mlirModuleIsNull(module))
    mlirModuleDestroy(module);
  mlirContextDestroy(ctx);
  free(text);
  return ok;
}

static int removeEntry(const char *path, const struct stat *sb, int flag,
                       struct FTW *ftw) {
  (void)sb;
  (void)flag;
  (void)ftw;
  remove(path);
  return 0;
}

int solarCmdImport(int argc, char **argv) {
  ImportArgs a;
  int status = parseImportArgs(argc, argv, &a);
  if (status)
    return status - 1;
  char tmpl[4096];
  const char *workDir = a.keep;
  if (!workDir) {
    const char *tmp = getenv("TMPDIR");
    snprintf(tmpl, sizeof(tmpl), "%s/solar-import-XXXXXX",
             tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(tmpl)) {
      fprintf(stderr, "solar import: error: cannot create a work directory "
                      "'%s': %s\n", tmpl, strerror(errno));
      return 1;
    }
    workDir = tmpl;
  }
  char linalgPath[4200], manifest[4200];
  snprintf(linalgPath, sizeof(linalgPath), "%s/import.mlir", workDir);
  snprintf(manifest, sizeof(manifest), "%s/ref/manifest.json", workDir);
  bool ok = runExporter(&a, workDir) &&
            lowerVerifyWrite(&a, a.imported ? a.imported : linalgPath,
                             manifest);
  if (ok)
    printf("solar import: wrote %s (verified against the %s reference)\n",
           a.output, a.framework);
  if (!a.keep)
    nftw(workDir, removeEntry, 16, FTW_DEPTH | FTW_PHYS);
  return ok ? 0 : 1;
}
