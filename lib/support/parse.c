/* mlirModuleCreateParse gives the implicit-module behaviour but names the
 * buffer "-", while mlirOperationCreateParse names the buffer but insists on
 * one top-level op. We take the former and rename the buffer afterwards. */
#include "solar/support/parse.h"
#include "solar/support/diagnostics.h"

#include <string.h>

typedef struct {
  MlirContext ctx;
  MlirIdentifier name;
} Renamer;

static MlirLocation renameLocation(const Renamer *renamer, MlirLocation loc) {
  if (!mlirLocationIsAFileLineColRange(loc))
    return loc;
  MlirStringRef file =
      mlirIdentifierStr(mlirLocationFileLineColRangeGetFilename(loc));
  if (file.length != 1 || file.data[0] != '-')
    return loc;
  return mlirLocationFileLineColRangeGet(
      renamer->ctx, mlirIdentifierStr(renamer->name),
      (unsigned)mlirLocationFileLineColRangeGetStartLine(loc),
      (unsigned)mlirLocationFileLineColRangeGetStartColumn(loc),
      (unsigned)mlirLocationFileLineColRangeGetEndLine(loc),
      (unsigned)mlirLocationFileLineColRangeGetEndColumn(loc));
}

static MlirWalkResult renameOperation(MlirOperation op, void *userData) {
  const Renamer *renamer = userData;
  mlirOperationSetLocation(op,
                           renameLocation(renamer, mlirOperationGetLocation(op)));
  intptr_t regions = mlirOperationGetNumRegions(op);
  for (intptr_t r = 0; r < regions; ++r) {
    MlirRegion region = mlirOperationGetRegion(op, r);
    for (MlirBlock block = mlirRegionGetFirstBlock(region);
         !mlirBlockIsNull(block); block = mlirBlockGetNextInRegion(block)) {
      intptr_t args = mlirBlockGetNumArguments(block);
      for (intptr_t a = 0; a < args; ++a) {
        MlirValue arg = mlirBlockGetArgument(block, a);
        mlirBlockArgumentSetLocation(
            arg, renameLocation(renamer, mlirValueGetLocation(arg)));
      }
    }
  }
  return MlirWalkResultAdvance;
}

MlirModule solarParseModule(MlirContext ctx, const char *text, size_t length,
                            const char *bufferName) {
  solarDiagnosticsSetSource(ctx, bufferName, text, length);
  /* Parser errors carry the anonymous buffer name; show them under ours. */
  solarDiagnosticsSetSource(ctx, "-", text, length);
  solarDiagnosticsSetAnonymousFileName(ctx, bufferName);
  MlirModule module =
      mlirModuleCreateParse(ctx, (MlirStringRef){text, length});
  solarDiagnosticsSetAnonymousFileName(ctx, NULL);
  solarDiagnosticsSetSource(ctx, "-", NULL, 0);
  if (mlirModuleIsNull(module))
    return module;
  Renamer renamer = {ctx, mlirIdentifierGet(ctx, mlirStringRefCreateFromCString(
                                                     bufferName))};
  MlirOperation moduleOp = mlirModuleGetOperation(module);
  mlirOperationWalk(moduleOp, renameOperation, &renamer, MlirWalkPreOrder);
  /* An implicit module sits at line 0; diagnostics about the whole module
   * read better at its first operation. */
  MlirLocation moduleLoc = mlirOperationGetLocation(moduleOp);
  MlirOperation first = mlirBlockGetFirstOperation(mlirModuleGetBody(module));
  if (mlirLocationIsAFileLineColRange(moduleLoc) &&
      mlirLocationFileLineColRangeGetStartLine(moduleLoc) == 0 &&
      !mlirOperationIsNull(first))
    mlirOperationSetLocation(moduleOp, mlirOperationGetLocation(first));
  return module;
}
