/* Helpers on MLIR ops, values and memory that every lifting phase uses:
 * they call no other einsum file (egValueName reads only the printing state). */
#include "einsum_internal.h"
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

bool egOpIs(MlirOperation op, const char *name) {
  if (mlirOperationIsNull(op))
    return false;
  MlirStringRef text = mlirIdentifierStr(mlirOperationGetName(op));
  size_t length = strlen(name);
  return text.length == length && strncmp(text.data, name, length) == 0;
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

void egTypeString(MlirType type, char *buf, size_t size) {
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
  return egOpIs(op, "affine.load") || egOpIs(op, "memref.load");
}

bool egIsStore(MlirOperation op) {
  return egOpIs(op, "affine.store") || egOpIs(op, "memref.store");
}

MlirValue egAccessMemref(MlirOperation op) {
  return mlirOperationGetOperand(op, egIsStore(op) ? 1 : 0);
}

MlirValue egStoredValue(MlirOperation op) {
  return mlirOperationGetOperand(op, 0);
}

bool egIsView(MlirOperation op) {
  return egOpIs(op, "memref.subview") || egOpIs(op, "memref.collapse_shape") ||
         egOpIs(op, "memref.expand_shape") ||
         egOpIs(op, "memref.reinterpret_cast") || egOpIs(op, "memref.cast");
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
