/* Running the SOL pipeline in-process for CLI commands: one parsed model,
 * then one solar-sol run per hardware file on a clone of the module, read
 * back into plain structs. Shared by compare and provision (and usable by
 * analyze). */
#ifndef SOLAR_CLI_SOL_RUN_H
#define SOLAR_CLI_SOL_RUN_H

#include "solar/arch/arch.h"
#include "solar/einsum/einsum_graph.h"

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

/* The fields of one function's #solar.sol (with detail). */
typedef struct {
  int64_t group;
  double flops, bytesFused, bytesCache, timeFused, timeCache;
} SolarCliGroupSol;

enum { SOLAR_CLI_UNFUSED, SOLAR_CLI_FUSED, SOLAR_CLI_CACHE, SOLAR_CLI_IDEAL,
       SOLAR_CLI_FIDELITY_COUNT };

/* "unfused" / "fused" / "cache" / "ideal". */
const char *solarCliFidelityName(int fidelity);

typedef struct {
  char *function;  /* owned; symbol name without '@' */
  char dtype[16];
  char fp32Math[64];      /* the fp32 math policy in force (solar.sol) */
  char bound[16];  /* cache-aware bound: compute | dram | cache */
  double flops, computeSeconds;
  double bytes[SOLAR_CLI_FIDELITY_COUNT];
  double seconds[SOLAR_CLI_FIDELITY_COUNT];
  double ridgeFlopPerByte;
  double intensityFused, intensityCache;
  double ops[SOLAR_OP_CLASS_COUNT];
  SolarCliGroupSol *groups; /* owned */
  size_t groupCount;
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

#endif
