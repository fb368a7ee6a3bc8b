/* Running solar-sol in-process per hardware file and reading the figures
 * back (cli_sol_run.h). */
#include "cli_sol_run.h"
#include "solar/support/diagnostics.h"
#include "solar/support/grow.h"
#include "solar/support/files.h"

#include "solar/dialect/dialect_attr.h"
#include "solar/frontend/lower_to_affine.h"
#include "solar/support/parse.h"
#include "solar/passes/passes.h"
#include "solar/passes/stage.h"
#include "solar/solar.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/Pass.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool solarCliModelOpen(const char *command, const char *path, bool strict,
                       SolarCliModel *model) {
  memset(model, 0, sizeof(*model));
  model->path = path;
  size_t length = 0;
  model->text = solarReadFile(path, &length);
  if (!model->text) {
    fprintf(stderr, "solar %s: error: cannot read '%s'\n", command, path);
    return false;
  }
  model->ctx = solarContextCreate();
  if (mlirContextIsNull(model->ctx)) {
    solarCliModelClose(model);
    return false;
  }
  model->module = solarParseModule(model->ctx, model->text, length, path);
  if (mlirModuleIsNull(model->module)) {
    solarCliModelClose(model);
    return false;
  }
  /* The same front part as solar-opt's analysis passes and analyze:
   * util.func -> func.func, linalg / tensor -> affine (the model is this
   * command's own copy, so it is lowered in place). */
  if (!solarPrepareForAnalysis(mlirModuleGetOperation(model->module))) {
    fprintf(stderr, "solar %s: error: cannot lower '%s' to affine loops\n",
            command, path);
    solarCliModelClose(model);
    return false;
  }
  MlirOperation *funcs = solarCollectFuncs(
      mlirModuleGetOperation(model->module), &model->funcCount);
  bool ok = solarCliHasFunctions(command, path, model->funcCount);
  for (size_t i = 0; ok && i < model->funcCount; ++i) {
    SolarEinsumGraph graph;
    ok = solarCheckTrafficDepth(funcs[i]) &&
         solarFuncEinsumGraph(funcs[i], strict, true, &graph);
    if (!ok)
      break;
    if (graph.nodeCount == 0) {
      /* Never a 0 s bound: requirements and times need something to bound. */
      solarEmitError(mlirOperationGetLocation(funcs[i]),
                     "nothing to analyze in this function: no loop nest or "
                     "linalg op computes anything (a 0 s bound would be "
                     "meaningless)");
      ok = false;
    }
    solarEinsumGraphDestroy(&graph);
  }
  free(funcs);
  if (!ok)
    solarCliModelClose(model);
  return ok;
}

void solarCliModelClose(SolarCliModel *model) {
  if (!mlirModuleIsNull(model->module))
    mlirModuleDestroy(model->module);
  /* The diagnostics' pointer to the text goes with the context. */
  if (!mlirContextIsNull(model->ctx))
    mlirContextDestroy(model->ctx);
  free(model->text);
  memset(model, 0, sizeof(*model));
}

static bool readFuncSol(MlirOperation func, SolarCliFuncSol *f) {
  memset(f, 0, sizeof(*f));
  f->function = solarFuncName(func);
  /* solar-sol wrote it in this process; symbolic figures (shape-generic
   * IR) are no numbers to compare. */
  char err[256];
  MlirAttribute attr = mlirOperationGetAttributeByName(
      func, mlirStringRefCreateFromCString(SOLAR_SOL_ATTR));
  if (mlirAttributeIsNull(attr)) {
    fprintf(stderr, "solar: error: solar-sol attached no solar.sol to @%s\n",
            f->function);
    return false;
  }
  if (!solarSolFromAttribute(attr, &f->sol, err, sizeof(err))) {
    fprintf(stderr, "solar: error: @%s: %s\n", f->function, err);
    return false;
  }
  return true;
}

bool solarCliRunSol(const SolarCliModel *model, const char *archPath,
                    const char *dtype, const char *capacity,
                    const char *fp32Math, SolarCliSol *out) {
  memset(out, 0, sizeof(*out));
  SolarOptions options;
  solarOptionsInit(&options);
  solarOptionsSet(&options, "arch", archPath);
  solarOptionsSet(&options, "detail", "true");
  if (dtype)
    solarOptionsSet(&options, "dtype", dtype);
  if (capacity)
    solarOptionsSet(&options, "capacity", capacity);
  if (fp32Math && *fp32Math)
    solarOptionsSet(&options, "fp32-math", fp32Math);
  /* Each hardware file gets a fresh clone: solar-sol reuses fusion and
   * traffic attributes it finds, and those depend on the chip's capacity. */
  MlirOperation clone =
      mlirOperationClone(mlirModuleGetOperation(model->module));
  bool ok = solarRunPass(clone, "solar-sol", &options);
  solarOptionsDestroy(&options);
  if (ok) {
    MlirOperation *funcs = solarCollectFuncs(clone, &out->count);
    out->funcs = calloc(out->count ? out->count : 1, sizeof(SolarCliFuncSol));
    for (size_t i = 0; ok && i < out->count; ++i)
      ok = readFuncSol(funcs[i], &out->funcs[i]);
    free(funcs);
    if (!ok)
      solarCliSolDestroy(out);
  }
  mlirOperationDestroy(clone);
  return ok;
}

void solarCliSolDestroy(SolarCliSol *sol) {
  for (size_t i = 0; i < sol->count; ++i) {
    free(sol->funcs[i].function);
    solarSolDestroy(&sol->funcs[i].sol);
  }
  free(sol->funcs);
  memset(sol, 0, sizeof(*sol));
}

const SolarCliFuncSol *solarCliFindFunc(const SolarCliSol *sol,
                                        const char *name) {
  for (size_t i = 0; i < sol->count; ++i)
    if (!strcmp(sol->funcs[i].function, name))
      return &sol->funcs[i];
  return NULL;
}

bool solarCliHasFunctions(const char *command, const char *path,
                          size_t funcCount) {
  if (funcCount == 0)
    fprintf(stderr,
            "solar %s: error: '%s' has no function definitions to analyze\n",
            command, path);
  return funcCount > 0;
}

/* ---- choosing hardware files ------------------------------------------- */

bool solarCliArchLoad(const char *command, const char *request,
                      SolarCliArch *item) {
  memset(item, 0, sizeof(*item));
  item->request = strdup(request);
  SolarArchDiag diag;
  solarArchDiagInit(&diag);
  item->ok = solarArchResolve(request, NULL, &item->arch, &diag);
  for (size_t i = 0; i < diag.count; ++i) {
    const SolarArchDiagEntry *entry = &diag.entries[i];
    /* Warnings are left to solar-sol, which loads the file again. */
    if (entry->severity != SOLAR_ARCH_ERROR)
      continue;
    fprintf(stderr, "solar %s: %s: arch '%s'%s%s%s: %s\n", command,
            solarArchSeverityName(entry->severity), request,
            entry->where[0] ? " (" : "", entry->where,
            entry->where[0] ? ")" : "", entry->message);
  }
  return item->ok;
}

void solarCliArchDestroy(SolarCliArch *item) {
  free(item->request);
  if (item->ok)
    solarArchDestroy(&item->arch);
  memset(item, 0, sizeof(*item));
}

static void addArch(const char *command, SolarCliArchSet *set,
                    const char *request) {
  size_t capacity = set->count;
  set->items =
      solarGrow(set->items, &capacity, set->count, sizeof(SolarCliArch));
  if (!solarCliArchLoad(command, request, &set->items[set->count++]))
    set->failed++;
}

void solarCliArchSetLoad(const char *command, const char *spec,
                         SolarCliArchSet *out) {
  memset(out, 0, sizeof(*out));
  if (strcmp(spec, "all") == 0) {
    SolarArchList list;
    solarArchListAll(&list);
    /* By path: a file whose stem is shadowed cannot appear here, and a
     * path loads exactly the file listed. */
    for (size_t i = 0; i < list.count; ++i)
      addArch(command, out, list.entries[i].path);
    solarArchListDestroy(&list);
    return;
  }
  char *copy = strdup(spec);
  char *save = NULL;
  for (char *item = strtok_r(copy, ",", &save); item;
       item = strtok_r(NULL, ",", &save)) {
    while (*item == ' ')
      item++;
    if (*item)
      addArch(command, out, item);
  }
  free(copy);
}

void solarCliArchSetDestroy(SolarCliArchSet *set) {
  for (size_t i = 0; i < set->count; ++i)
    solarCliArchDestroy(&set->items[i]);
  free(set->items);
  memset(set, 0, sizeof(*set));
}
