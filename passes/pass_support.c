/* Wraps a SolarPassInfo into an MLIR external pass. Each pass instance owns a
 * copy of its options; MLIR clones passes (one per thread or nested pipeline),
 * hence the clone callback. */
#include "solar/passes/passes.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
  const SolarPassInfo *info;
  SolarOptions options;
} PassInstance;

static void constructInstance(void *userData) { (void)userData; }

static void destructInstance(void *userData) {
  PassInstance *instance = userData;
  solarOptionsDestroy(&instance->options);
  free(instance);
}

static PassInstance *newInstance(const SolarPassInfo *info,
                                 const SolarOptions *options) {
  PassInstance *instance = calloc(1, sizeof(*instance));
  if (!instance)
    abort();
  instance->info = info;
  solarOptionsCopy(&instance->options, options);
  return instance;
}

static void *cloneInstance(void *userData) {
  PassInstance *instance = userData;
  return newInstance(instance->info, &instance->options);
}

static void runInstance(MlirOperation op, MlirExternalPass pass,
                        void *userData) {
  PassInstance *instance = userData;
  instance->info->run(op, pass, &instance->options);
}

bool solarPassAcceptsOption(const SolarPassInfo *info, const char *key) {
  for (const char *const *name = info->optionNames; name && *name; ++name)
    if (strcmp(*name, key) == 0)
      return true;
  return false;
}

MlirPass solarPassCreate(const SolarPassInfo *info,
                         const SolarOptions *options) {
  MlirExternalPassCallbacks callbacks = {
      .construct = constructInstance,
      .destruct = destructInstance,
      .initialize = NULL,
      .clone = cloneInstance,
      .run = runInstance,
  };
  /* The descriptor's address is unique and stable, so it serves as TypeID. */
  MlirTypeID typeID = mlirTypeIDCreate(info);
  return mlirCreateExternalPass(
      typeID, mlirStringRefCreateFromCString(info->argument),
      mlirStringRefCreateFromCString(info->argument),
      mlirStringRefCreateFromCString(info->description),
      mlirStringRefCreateFromCString(""), 0, NULL, callbacks,
      newInstance(info, options));
}

bool solarRunPass(MlirOperation module, const char *argument,
                  const SolarOptions *options) {
  const SolarPassInfo *info = solarPassLookup(argument);
  if (!info)
    return false;
  MlirPassManager pm = mlirPassManagerCreateOnOperation(
      mlirOperationGetContext(module),
      mlirStringRefCreateFromCString("builtin.module"));
  mlirOpPassManagerAddOwnedPass(mlirPassManagerGetAsOpPassManager(pm),
                                solarPassCreate(info, options));
  bool ok = mlirLogicalResultIsSuccess(mlirPassManagerRunOnOp(pm, module));
  mlirPassManagerDestroy(pm);
  return ok;
}
