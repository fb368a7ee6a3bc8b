/* solar-bind-shapes: gives the dynamic memref arguments of each function the
 * static shapes named in option `shapes` ("arg0=4096x4096 arg2=4096"), so a
 * shape-generic function verified at a shrunk size can be analyzed at full
 * size. Follow it with --canonicalize so memref.dim and the affine bounds
 * that used it fold to constants before the einsum graph is lifted. */
#include "solar/support/diagnostics.h"
#include "solar/passes/passes.h"
#include "solar/support/funcs.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { kMaxRank = 16 };

/* Parses "4096x128" into dims; false on anything else. */
static bool parseShape(const char *text, int64_t *dims, intptr_t *rank) {
  *rank = 0;
  const char *p = text;
  while (*p) {
    if (!isdigit((unsigned char)*p) || *rank == kMaxRank)
      return false;
    char *end = NULL;
    long long value = strtoll(p, &end, 10);
    if (value <= 0)
      return false;
    dims[(*rank)++] = value;
    p = end;
    if (*p == 'x')
      p++;
    else if (*p)
      return false;
  }
  return *rank > 0;
}

static bool bindArgument(MlirOperation func, MlirValue arg, intptr_t index,
                         const char *shapeText) {
  MlirLocation loc = mlirOperationGetLocation(func);
  MlirType type = mlirValueGetType(arg);
  if (!mlirTypeIsAMemRef(type)) {
    solarEmitError(loc, "shape given for argument %ld, which is not a memref",
                   (long)index);
    return false;
  }
  int64_t dims[kMaxRank];
  intptr_t rank = 0;
  if (!parseShape(shapeText, dims, &rank)) {
    solarEmitError(loc, "shape '%s' for argument %ld is not of the form "
                        "4096x128 with positive sizes",
                   shapeText, (long)index);
    return false;
  }
  if (rank != mlirShapedTypeGetRank(type)) {
    solarEmitError(loc, "shape '%s' has rank %ld but argument %ld has rank %ld",
                   shapeText, (long)rank, (long)index,
                   (long)mlirShapedTypeGetRank(type));
    return false;
  }
  for (intptr_t d = 0; d < rank; ++d) {
    int64_t size = mlirShapedTypeGetDimSize(type, d);
    if (!mlirShapedTypeIsDynamicSize(size) && size != dims[d]) {
      solarEmitError(loc, "shape '%s' contradicts the static size %lld of "
                          "dimension %ld of argument %ld",
                     shapeText, (long long)size, (long)d, (long)index);
      return false;
    }
  }
  if (!mlirAffineMapIsIdentity(mlirMemRefTypeGetAffineMap(type))) {
    solarEmitError(loc, "argument %ld has a non-identity layout; only "
                        "identity layouts can be given static shapes",
                   (long)index);
    return false;
  }
  MlirType bound = mlirMemRefTypeContiguousGet(
      mlirShapedTypeGetElementType(type), rank, dims,
      mlirMemRefTypeGetMemorySpace(type));
  mlirValueSetType(arg, bound);
  return true;
}

/* Rebuilds function_type from the (possibly retyped) block arguments. */
static void refreshFunctionType(MlirOperation func, MlirBlock entry) {
  MlirAttribute typeAttr = mlirOperationGetAttributeByName(
      func, mlirStringRefCreateFromCString("function_type"));
  MlirType fnType = mlirTypeAttrGetValue(typeAttr);
  intptr_t nInputs = mlirBlockGetNumArguments(entry);
  intptr_t nResults = mlirFunctionTypeGetNumResults(fnType);
  MlirType *inputs = malloc((size_t)(nInputs ? nInputs : 1) * sizeof(MlirType));
  MlirType *results =
      malloc((size_t)(nResults ? nResults : 1) * sizeof(MlirType));
  for (intptr_t i = 0; i < nInputs; ++i)
    inputs[i] = mlirValueGetType(mlirBlockGetArgument(entry, i));
  for (intptr_t i = 0; i < nResults; ++i)
    results[i] = mlirFunctionTypeGetResult(fnType, i);
  MlirType updated = mlirFunctionTypeGet(mlirOperationGetContext(func), nInputs,
                                         inputs, nResults, results);
  mlirOperationSetAttributeByName(
      func, mlirStringRefCreateFromCString("function_type"),
      mlirTypeAttrGet(updated));
  free(inputs);
  free(results);
}

typedef struct {
  SolarOptions shapes;
  bool ok;
} BindState;

static MlirWalkResult bindFunc(MlirOperation op, void *userData) {
  BindState *state = userData;
  if (!solarIsFuncDefinition(op))
    return MlirWalkResultAdvance;
  MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  intptr_t nArgs = mlirBlockGetNumArguments(entry);
  for (size_t k = 0; k < state->shapes.count; ++k) {
    const char *key = state->shapes.keys[k];
    if (*key == '%')
      key++;
    char *end = NULL;
    long index = strncmp(key, "arg", 3) == 0 ? strtol(key + 3, &end, 10) : -1;
    if (!end || *end || index < 0 || index >= nArgs) {
      solarEmitError(mlirOperationGetLocation(op),
                     "'%s' names no argument of this function (use argN, "
                     "N from 0 to %ld)",
                     state->shapes.keys[k], (long)nArgs - 1);
      state->ok = false;
      continue;
    }
    state->ok &= bindArgument(op, mlirBlockGetArgument(entry, index), index,
                              state->shapes.values[k]);
  }
  refreshFunctionType(op, entry);
  return MlirWalkResultSkip;
}

static void runBindShapes(MlirOperation op, MlirExternalPass pass,
                          const SolarOptions *options) {
  BindState state = {.ok = true};
  solarOptionsInit(&state.shapes);
  char err[256];
  const char *text = solarOptionsGet(options, "shapes");
  if (!text || !*text) {
    solarEmitError(mlirOperationGetLocation(op),
                   "solar-bind-shapes needs shapes, e.g. "
                   "--solar-bind-shapes='arg0=4096x4096 arg1=4096'");
    state.ok = false;
  } else if (!solarOptionsParse(&state.shapes, text, err, sizeof(err))) {
    solarEmitError(mlirOperationGetLocation(op), "%s", err);
    state.ok = false;
  } else {
    mlirOperationWalk(op, bindFunc, &state, MlirWalkPreOrder);
  }
  solarOptionsDestroy(&state.shapes);
  if (!state.ok)
    mlirExternalPassSignalFailure(pass);
}

static const char *const bindOptions[] = {"shapes", NULL};

const SolarPassInfo solarBindShapesPass = {
    .argument = "solar-bind-shapes",
    .description = "Give dynamic memref arguments static shapes "
                   "(shapes='arg0=4096x4096 ...'), to analyze shape-generic "
                   "IR at full size",
    .valueOption = "shapes",
    .optionNames = bindOptions,
    .run = runBindShapes,
};
