/* Builds pass pipelines from text, resolving solar pass names through the
 * solar pass table and handing every other element to MLIR's own parser. */
#ifndef SOLAR_OPT_PIPELINE_H
#define SOLAR_OPT_PIPELINE_H

#include "mlir-c/Pass.h"
#include "solar/support/options.h"

#include <stdbool.h>
#include <stddef.h>

/* Adds `text`, a full pipeline anchored on builtin.module
 * (`builtin.module(a, func.func(b{x=1}))`), to pm. */
bool pipelineAddAnchored(MlirPassManager pm, const char *text,
                         const SolarOptions *globalOptions, char *err,
                         size_t errSize);

/* Adds one pass element, `name` with option text (may be NULL), to opm. */
bool pipelineAddPass(MlirOpPassManager opm, const char *name,
                     const char *optionText, const SolarOptions *globalOptions,
                     char *err, size_t errSize);

#endif
