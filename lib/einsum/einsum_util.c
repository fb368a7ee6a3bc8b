/* Helpers on MLIR ops, values and memory that every lifting phase uses:
 * they call no other einsum file (egValueName reads only the printing state). */
#include "einsum_internal.h"
#include "mlir-c/BuiltinTypes.h"
#include "solar/support/grow.h"
#include "solar/support/text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *egStrdup(const char *text) {
  char *copy = strdup(text ? text : "");
  if (!copy)
    abort();
  return copy;
}

void egGrow(void **items, int *capacity, int count, size_t elementSize) {
  size_t grown = (size_t)*capacity;
  *items = solarGrow(*items, &grown, (size_t)count, elementSize);
  *capacity = (int)grown;
}

void egOpName(MlirOperation op, char *buf, size_t size) {
  MlirStringRef text = mlirIdentifierStr(mlirOperationGetName(op));
  snprintf(buf, size, "%.*s", (int)text.length, text.data);
}

MlirOperation egValueDefiningOp(MlirValue value) {
  if (mlirValueIsAOpResult(value))
    return mlirOpResultGetOwner(value);
  return (MlirOperation){NULL};
}

/* Copies what `print` writes into buf (truncated to size). */
static void printInto(char *buf, size_t size, SolarText *text) {
  snprintf(buf, size, "%s", text->text ? text->text : "");
  solarTextClear(text);
}

/* The scalar types met at nearly every op, spelled as MLIR prints them
 * without asking MLIR to print (about 5 K instructions a type); NULL for
 * any other type. Signless integers print as "i<width>". */
static const char *scalarTypeName(MlirType type, char *scratch, size_t size) {
  if (mlirTypeIsAF32(type))
    return "f32";
  if (mlirTypeIsAF16(type))
    return "f16";
  if (mlirTypeIsABF16(type))
    return "bf16";
  if (mlirTypeIsAF64(type))
    return "f64";
  if (mlirTypeIsAIndex(type))
    return "index";
  if (mlirTypeIsAInteger(type) && mlirIntegerTypeIsSignless(type)) {
    snprintf(scratch, size, "i%u", mlirIntegerTypeGetWidth(type));
    return scratch;
  }
  return NULL;
}

void egTypeString(MlirType type, char *buf, size_t size) {
  char scratch[16];
  const char *scalar = scalarTypeName(type, scratch, sizeof(scratch));
  if (scalar) {
    snprintf(buf, size, "%s", scalar);
    return;
  }
  SolarText text = {0};
  mlirTypePrint(type, solarTextAppendChunk, &text);
  printInto(buf, size, &text);
}

int egOpPosition(MlirOperation op) {
  MlirBlock block = mlirOperationGetBlock(op);
  int position = 0;
  for (MlirOperation it = mlirBlockGetFirstOperation(block);
       !mlirOperationIsNull(it) && !mlirOperationEqual(it, op);
       it = mlirOperationGetNextInBlock(it))
    position++;
  return position;
}

bool egIsLoad(MlirOperation op) {
  return solarOpIs(op, "affine.load") || solarOpIs(op, "memref.load");
}

bool egIsStore(MlirOperation op) {
  return solarOpIs(op, "affine.store") || solarOpIs(op, "memref.store");
}

MlirValue egAccessMemref(MlirOperation op) {
  return mlirOperationGetOperand(op, egIsStore(op) ? 1 : 0);
}

MlirValue egStoredValue(MlirOperation op) {
  return mlirOperationGetOperand(op, 0);
}

bool egIsView(MlirOperation op) {
  return solarOpIs(op, "memref.subview") ||
         solarOpIs(op, "memref.collapse_shape") ||
         solarOpIs(op, "memref.expand_shape") ||
         solarOpIs(op, "memref.reinterpret_cast") ||
         solarOpIs(op, "memref.cast");
}

MlirValue egBaseBuffer(MlirValue memref) {
  for (;;) {
    MlirOperation def = egValueDefiningOp(memref);
    if (mlirOperationIsNull(def) || !egIsView(def))
      return memref;
    memref = mlirOperationGetOperand(def, 0);
  }
}

void egValueName(EgBuilder *b, MlirValue value, char *buf, size_t size) {
  SolarText text = {0};
  mlirValuePrintAsOperand(value, b->asmState, solarTextAppendChunk, &text);
  printInto(buf, size, &text);
}
