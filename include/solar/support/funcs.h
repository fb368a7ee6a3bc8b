/* Recognizing operations by name and finding the func.func operations below
 * an anchor: the one name test and the one function walk and lookup every
 * layer, pass and command uses. */
#ifndef SOLAR_SUPPORT_FUNCS_H
#define SOLAR_SUPPORT_FUNCS_H

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Whether op (possibly null) is named `name`, e.g. "affine.for". */
bool solarOpIs(MlirOperation op, const char *name);

/* Whether op is an affine.load or an affine.store. */
bool solarOpIsAffineAccess(MlirOperation op);

/* Whether one of op's results or operands has a type `typeIs` accepts
 * (mlirTypeIsATensor, ...). */
bool solarOpHasValueOf(MlirOperation op, bool (*typeIs)(MlirType));

/* The op's symbol name (sym_name) without '@'; {NULL, 0} without one. */
MlirStringRef solarSymbolName(MlirOperation op);

/* A func.func (or IREE's util.func), declaration or definition. */
bool solarIsFunc(MlirOperation op);
/* A func.func (or util.func) with a body. */
bool solarIsFuncDefinition(MlirOperation op);

/* The function's symbol name without '@', malloc'ed; "?" without one. */
char *solarFuncName(MlirOperation func);

/* The first function (declaration or definition) named `name` in a
 * pre-order walk from anchor (anchor included; function bodies are not
 * entered); null when there is none. */
MlirOperation solarFindFunc(MlirOperation anchor, MlirStringRef name);

/* The func.func definitions below op (op itself when it is one), in walk
 * order; the caller frees the array (NULL when there are none). */
MlirOperation *solarCollectFuncs(MlirOperation op, size_t *count);

/* Calls visit on every op directly inside op's regions (every block, in
 * order) until it returns false; false when it did. A walk that needs the
 * depth of what it visits (mlirOperationWalk gives none) recurses through
 * this and keeps the depth in `data`. */
bool solarForEachChildOp(MlirOperation op,
                         bool (*visit)(MlirOperation child, void *data),
                         void *data);

#ifdef __cplusplus
}
#endif

#endif
