/* `noalias` on the memref arguments of the verification copy's outlined
 * loop nests where their buffers are provably distinct
 * (verify_noalias.h). */
#include "solar/verify/verify_noalias.h"
#include "solar/support/funcs.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdint.h>
#include <stdlib.h>

const char *const solarVerifyNoAliasAttr = "solar.verify_noalias";

/* Ops whose result views the memory of their first operand. */
static const char *const viewOps[] = {
    "memref.subview",       "memref.reinterpret_cast", "memref.expand_shape",
    "memref.collapse_shape", "memref.cast",            "memref.transpose",
    "memref.view",          "memref.memory_space_cast",
    "memref.assume_alignment", NULL};

static bool isView(MlirOperation op) {
  for (const char *const *name = viewOps; *name; ++name)
    if (solarOpIs(op, *name))
      return true;
  return false;
}

MlirValue solarVerifyRootBuffer(MlirValue value, MlirBlock entry) {
  for (;;) {
    if (mlirValueIsABlockArgument(value))
      return mlirBlockEqual(mlirBlockArgumentGetOwner(value), entry)
                 ? value
                 : (MlirValue){NULL};
    MlirOperation def = mlirOpResultGetOwner(value);
    if (solarOpIs(def, "memref.alloc") || solarOpIs(def, "memref.alloca"))
      return value;
    if (!isView(def) || mlirOperationGetNumOperands(def) < 1)
      return (MlirValue){NULL};
    value = mlirOperationGetOperand(def, 0);
  }
}

static bool isPlainScalar(MlirType type) {
  return mlirTypeIsAIndex(type) || mlirTypeIsAInteger(type) ||
         mlirTypeIsAFloat(type) || mlirTypeIsAVector(type);
}

static MlirWalkResult findDealloc(MlirOperation op, void *userData) {
  if (!solarOpIs(op, "memref.dealloc"))
    return MlirWalkResultAdvance;
  *(bool *)userData = true;
  return MlirWalkResultInterrupt;
}

/* Whether the captures' memrefs view pairwise distinct known buffers and
 * nothing else pointer-like is passed. */
static bool distinctBuffers(const MlirValue *captures, size_t count,
                            MlirBlock entry) {
  MlirValue *roots = calloc(count ? count : 1, sizeof(MlirValue));
  if (!roots)
    abort();
  bool distinct = true;
  for (size_t i = 0; i < count && distinct; ++i) {
    MlirType type = mlirValueGetType(captures[i]);
    if (isPlainScalar(type))
      continue;
    if (!mlirTypeIsAMemRef(type)) {
      distinct = false;
      break;
    }
    roots[i] = solarVerifyRootBuffer(captures[i], entry);
    distinct = !mlirValueIsNull(roots[i]);
    for (size_t j = 0; j < i && distinct; ++j)
      distinct = mlirValueIsNull(roots[j]) ||
                 !mlirValueEqual(roots[i], roots[j]);
  }
  free(roots);
  return distinct;
}

size_t solarVerifyMarkNoAlias(MlirOperation callee, MlirOperation nest,
                              const MlirValue *captures, size_t count,
                              MlirBlock entry) {
  bool frees = false;
  mlirOperationWalk(nest, findDealloc, &frees, MlirWalkPreOrder);
  if (frees || !distinctBuffers(captures, count, entry))
    return 0;
  int32_t *positions = calloc(count ? count : 1, sizeof(int32_t));
  if (!positions)
    abort();
  size_t marked = 0;
  int32_t lowered = 0; /* position in the LLVM function's arguments */
  for (size_t i = 0; i < count; ++i) {
    MlirType type = mlirValueGetType(captures[i]);
    if (!mlirTypeIsAMemRef(type)) {
      ++lowered;
      continue;
    }
    /* A ranked memref becomes allocated pointer, aligned pointer, offset,
     * then rank sizes and rank strides. */
    positions[marked++] = lowered + 1;
    lowered += 3 + 2 * (int32_t)mlirShapedTypeGetRank(type);
  }
  if (marked) {
    MlirContext ctx = mlirOperationGetContext(callee);
    mlirOperationSetDiscardableAttributeByName(
        callee, mlirStringRefCreateFromCString(solarVerifyNoAliasAttr),
        mlirDenseI32ArrayGet(ctx, (intptr_t)marked, positions));
  }
  free(positions);
  return marked;
}

static void applyTo(MlirOperation func, MlirAttribute positions) {
  MlirContext ctx = mlirOperationGetContext(func);
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  intptr_t args = mlirBlockIsNull(body) ? 0 : mlirBlockGetNumArguments(body);
  MlirAttribute *dicts = calloc(args ? (size_t)args : 1, sizeof(MlirAttribute));
  if (!dicts)
    abort();
  MlirAttribute empty = mlirDictionaryAttrGet(ctx, 0, NULL);
  MlirNamedAttribute noalias = mlirNamedAttributeGet(
      mlirIdentifierGet(ctx, mlirStringRefCreateFromCString("llvm.noalias")),
      mlirUnitAttrGet(ctx));
  MlirAttribute marked = mlirDictionaryAttrGet(ctx, 1, &noalias);
  for (intptr_t a = 0; a < args; ++a)
    dicts[a] = empty;
  bool inRange = true;
  for (intptr_t k = 0; k < mlirDenseArrayGetNumElements(positions); ++k) {
    int32_t position = mlirDenseI32ArrayGetElement(positions, k);
    inRange = inRange && position >= 0 && position < args;
    if (inRange)
      dicts[position] = marked;
  }
  /* A position past the lowered arguments means the lowering's calling
   * convention is not the one counted: then nothing is claimed. */
  if (inRange && args > 0)
    mlirOperationSetAttributeByName(
        func, mlirStringRefCreateFromCString("arg_attrs"),
        mlirArrayAttrGet(ctx, args, dicts));
  free(dicts);
}

void solarVerifyApplyNoAlias(MlirModule module) {
  MlirStringRef name = mlirStringRefCreateFromCString(solarVerifyNoAliasAttr);
  MlirBlock body = mlirModuleGetBody(module);
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    MlirAttribute positions =
        mlirOperationGetDiscardableAttributeByName(op, name);
    if (mlirAttributeIsNull(positions))
      continue;
    if (solarOpIs(op, "llvm.func") && mlirAttributeIsADenseI32Array(positions))
      applyTo(op, positions);
    mlirOperationRemoveDiscardableAttributeByName(op, name);
  }
}
