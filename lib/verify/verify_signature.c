/* Matching a func.func's arguments to a reference manifest's inputs,
 * parameters and outputs (solar/verify/verify_signature.h). */
#include "solar/verify/verify_signature.h"

#include "solar/support/dtype.h"
#include "solar/verify/verify_text.h"

#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *typeToString(MlirType type) {
  SolarText s = {0};
  mlirTypePrint(type, solarTextAppendChunk, &s);
  return s.text ? s.text : strdup("");
}

/* Only row-major contiguous memrefs can be built from a C-order .npy array:
 * the identity layout, or a strided layout that spells out those strides. */
static bool hasContiguousLayout(MlirType type) {
  MlirAttribute layout = mlirMemRefTypeGetLayout(type);
  if (mlirAttributeIsNull(layout))
    return true;
  if (mlirAttributeIsAAffineMap(layout) &&
      mlirAffineMapIsIdentity(mlirAffineMapAttrGetValue(layout)))
    return true;
  int64_t rank = mlirShapedTypeGetRank(type);
  int64_t *strides = calloc((size_t)(rank ? rank : 1), sizeof(int64_t));
  int64_t offset = 0;
  bool ok = mlirLogicalResultIsSuccess(
                mlirMemRefTypeGetStridesAndOffset(type, strides, &offset)) &&
            offset == 0;
  int64_t expected = 1;
  for (int64_t d = rank - 1; ok && d >= 0; --d) {
    ok = strides[d] == expected;
    if (mlirShapedTypeIsDynamicDim(type, d))
      ok = ok && d == 0; /* only the outermost size may be unknown */
    else
      expected *= mlirShapedTypeGetDimSize(type, d);
  }
  free(strides);
  return ok;
}

static bool readSlot(MlirType type, const char *what, size_t index,
                     SolarVerifySlot *slot, char *err, size_t errSize) {
  slot->typeText = typeToString(type);
  if (mlirTypeIsAMemRef(type)) {
    slot->isMemRef = true;
    slot->dtype = solarVerifyDtypeFromMlirType(mlirShapedTypeGetElementType(type));
    slot->dims = solarShapedTypeSizes(type, &slot->rank);
    if (!mlirAttributeIsNull(mlirMemRefTypeGetMemorySpace(type))) {
      snprintf(err, errSize,
               "%s #%zu has type %s: memrefs in a memory space cannot be "
               "executed on the host",
               what, index, slot->typeText);
      return false;
    }
    if (!hasContiguousLayout(type)) {
      snprintf(err, errSize,
               "%s #%zu has type %s: only row-major contiguous layouts can be "
               "filled from .npy data",
               what, index, slot->typeText);
      return false;
    }
  } else {
    slot->isMemRef = false;
    slot->dtype = solarVerifyDtypeFromMlirType(type);
    slot->rank = 0;
    slot->dims = NULL;
  }
  if (slot->dtype == SOLAR_DTYPE_INVALID) {
    snprintf(err, errSize,
             "%s #%zu has type %s: solar-verify supports memrefs of, and "
             "scalars of, f64 f32 f16 bf16 i64 i32 i8 i1 index",
             what, index, slot->typeText);
    return false;
  }
  return true;
}

bool solarVerifySignatureRead(MlirOperation func, SolarVerifySignature *sig,
                              char *err, size_t errSize) {
  memset(sig, 0, sizeof(*sig));
  MlirAttribute typeAttr = mlirOperationGetAttributeByName(
      func, mlirStringRefCreateFromCString("function_type"));
  if (mlirAttributeIsNull(typeAttr) || !mlirAttributeIsAType(typeAttr)) {
    snprintf(err, errSize, "the function has no 'function_type'");
    return false;
  }
  MlirType type = mlirTypeAttrGetValue(typeAttr);
  size_t argCount = (size_t)mlirFunctionTypeGetNumInputs(type);
  size_t resultCount = (size_t)mlirFunctionTypeGetNumResults(type);
  sig->args = calloc(argCount ? argCount : 1, sizeof(SolarVerifySlot));
  sig->results = calloc(resultCount ? resultCount : 1, sizeof(SolarVerifySlot));
  sig->argToManifest = calloc(argCount ? argCount : 1, sizeof(size_t));
  sig->resultToManifest = calloc(resultCount ? resultCount : 1, sizeof(size_t));
  if (!sig->args || !sig->results || !sig->argToManifest ||
      !sig->resultToManifest)
    abort();
  for (size_t i = 0; i < argCount; ++i) {
    sig->argCount = i + 1;
    if (!readSlot(mlirFunctionTypeGetInput(type, (intptr_t)i), "argument", i,
                  &sig->args[i], err, errSize))
      return false;
  }
  for (size_t i = 0; i < resultCount; ++i) {
    sig->resultCount = i + 1;
    if (!readSlot(mlirFunctionTypeGetResult(type, (intptr_t)i), "result", i,
                  &sig->results[i], err, errSize))
      return false;
  }
  return true;
}

/* Checks one slot against its manifest entry; `what` is e.g. "argument #2". */
static bool checkSlot(const SolarVerifySlot *slot, const char *what,
                      const SolarManifestArg *arg, char *err, size_t errSize) {
  char shape[256];
  solarFormatShape(arg->shape, arg->rank, shape, sizeof(shape));
  char entry[512];
  snprintf(entry, sizeof(entry), "manifest %s '%s' (%s %s)",
           solarArgRoleName(arg->role), arg->name, solarVerifyDtypeName(arg->dtype),
           shape);
  if (slot->dtype != arg->dtype) {
    snprintf(err, errSize, "%s (%s) does not match %s: element type %s vs %s",
             what, slot->typeText, entry, solarVerifyDtypeName(slot->dtype),
             solarVerifyDtypeName(arg->dtype));
    return false;
  }
  if (slot->rank != arg->rank) {
    snprintf(err, errSize, "%s (%s) does not match %s: rank %lld vs %lld",
             what, slot->typeText, entry, (long long)slot->rank,
             (long long)arg->rank);
    return false;
  }
  for (int64_t d = 0; d < slot->rank; ++d) {
    if (slot->dims[d] >= 0 && slot->dims[d] != arg->shape[d]) {
      snprintf(err, errSize,
               "%s (%s) does not match %s: dimension %lld is %lld in the IR "
               "but %lld in the manifest",
               what, slot->typeText, entry, (long long)d,
               (long long)slot->dims[d], (long long)arg->shape[d]);
      return false;
    }
  }
  return true;
}

bool solarVerifySignatureBind(SolarVerifySignature *sig,
                              const SolarManifest *manifest, char *err,
                              size_t errSize) {
  size_t inputs = 0, outputs = 0;
  for (size_t i = 0; i < manifest->argCount; ++i) {
    if (manifest->args[i].role == SolarArgRoleOutput)
      outputs++;
    else if (outputs > 0) {
      snprintf(err, errSize,
               "%s: %s '%s' comes after an output; the manifest must list "
               "inputs, then parameters, then outputs",
               manifest->path, solarArgRoleName(manifest->args[i].role),
               manifest->args[i].name);
      return false;
    } else
      inputs++;
  }
  size_t destinations = sig->argCount >= inputs ? sig->argCount - inputs : 0;
  if (sig->argCount < inputs || destinations + sig->resultCount != outputs ||
      outputs == 0) {
    snprintf(err, errSize,
             "the function takes %zu argument(s) and returns %zu result(s), "
             "but the manifest has %zu input/parameter(s) and %zu output(s): "
             "expected %zu argument(s) (inputs, parameters, then destination "
             "buffers) plus result(s) adding up to %zu output(s)",
             sig->argCount, sig->resultCount, inputs, outputs, inputs,
             outputs);
    return false;
  }
  char what[64];
  for (size_t i = 0; i < sig->argCount; ++i) {
    const SolarManifestArg *arg = &manifest->args[i];
    sig->argToManifest[i] = i;
    snprintf(what, sizeof(what), "argument #%zu", i);
    if (arg->role == SolarArgRoleOutput && !sig->args[i].isMemRef) {
      snprintf(err, errSize,
               "argument #%zu (%s) receives manifest output '%s', but only a "
               "memref can be a destination buffer",
               i, sig->args[i].typeText, arg->name);
      return false;
    }
    if (!checkSlot(&sig->args[i], what, arg, err, errSize))
      return false;
  }
  for (size_t r = 0; r < sig->resultCount; ++r) {
    size_t index = sig->argCount + r;
    sig->resultToManifest[r] = index;
    snprintf(what, sizeof(what), "result #%zu", r);
    if (!checkSlot(&sig->results[r], what, &manifest->args[index], err,
                   errSize))
      return false;
  }
  return true;
}

static void destroySlots(SolarVerifySlot *slots, size_t count) {
  for (size_t i = 0; i < count; ++i) {
    free(slots[i].dims);
    free(slots[i].typeText);
  }
  free(slots);
}

void solarVerifySignatureDestroy(SolarVerifySignature *sig) {
  destroySlots(sig->args, sig->argCount);
  destroySlots(sig->results, sig->resultCount);
  free(sig->argToManifest);
  free(sig->resultToManifest);
  memset(sig, 0, sizeof(*sig));
}
