/* Running the SOL pipeline in-process for CLI commands: one parsed model,
 * then one solar-sol run per hardware file on a clone of the module, read
 * back into plain structs. Shared by compare and provision (and usable by
 * analyze). */
#ifndef SOLAR_CLI_SOL_RUN_H
#define SOLAR_CLI_SOL_RUN_H

#include "solar/arch/arch.h"
#include "solar/sol/sol.h"

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stddef.h>

/* One model, parsed once. The text stays alive because diagnostics show
 * source lines from it. */
typedef struct {
  const char *path;    /* borrowed from argv */
  char *text;          /* owned */
  MlirContext ctx;     /* owned */
  MlirModule module;   /* owned */
  size_t funcCount;    /* func.func definitions */
} SolarCliModel;

/* Reads, parses and lifts every function's einsum graph once (so lifting
 * warnings print once, not once per hardware file). Prints
 * "solar <command>: error: ..." or the parser's diagnostics and returns
 * false on failure; a model without function definitions is a failure. */
bool solarCliModelOpen(const char *command, const char *path, bool strict,
                       SolarCliModel *model);
void solarCliModelClose(SolarCliModel *model);

/* One function's #solar.sol (with detail), as solarSolFromAttribute reads
 * it. */
typedef struct {
  char *function;  /* owned; symbol name without '@' */
  SolarSol sol;    /* owned */
} SolarCliFuncSol;

typedef struct {
  SolarCliFuncSol *funcs; /* owned; in module order */
  size_t count;
} SolarCliSol;

/* Runs solar-sol{arch=archPath detail dtype capacity} on a clone of the
 * model (dtype / capacity may be NULL) and reads the result. The pass
 * prints its own diagnostics; false when it failed. */
/* fp32Math: the solar-sol `fp32-math` option, NULL or "" for its default
 * (ieee, with the TF32 figure beside). */
bool solarCliRunSol(const SolarCliModel *model, const char *archPath,
                    const char *dtype, const char *capacity,
                    const char *fp32Math, SolarCliSol *out);
void solarCliSolDestroy(SolarCliSol *sol);
/* The function named `name` (without '@'), or NULL. */
const SolarCliFuncSol *solarCliFindFunc(const SolarCliSol *sol,
                                        const char *name);

/* ---- choosing hardware files ------------------------------------------- */

typedef struct {
  char *request;      /* owned; as the user wrote it (or the file stem) */
  SolarArch arch;     /* loaded when ok */
  bool ok;
} SolarCliArch;

typedef struct {
  SolarCliArch *items; /* owned */
  size_t count;
  size_t failed;
} SolarCliArchSet;

/* `spec` is "all" (every file of solarArchListAll) or a comma-separated
 * list of names and paths. Each is loaded; one that fails is reported on
 * stderr as "solar <command>: error: arch 'X' (FILE:LINE): message" and
 * marked not ok, the others stay usable. */
void solarCliArchSetLoad(const char *command, const char *spec,
                         SolarCliArchSet *out);
void solarCliArchSetDestroy(SolarCliArchSet *set);

/* One hardware file, as one item of solarCliArchSetLoad (errors reported
 * as "solar COMMAND: error: arch 'REQUEST': ..."); false when it failed.
 * Destroy the item either way. */
bool solarCliArchLoad(const char *command, const char *request,
                      SolarCliArch *item);
void solarCliArchDestroy(SolarCliArch *item);

/* False, after "solar COMMAND: error: 'PATH' has no function definitions
 * to analyze", when funcCount is 0: every command refuses an empty model
 * rather than report nothing. */
bool solarCliHasFunctions(const char *command, const char *path,
                          size_t funcCount);

#endif
