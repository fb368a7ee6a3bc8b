/* Diagnostics in the `file:line:col: severity: message` form that mlir-opt
 * and FileCheck-based tests expect. Errors go through MLIR's diagnostic
 * engine (so pass failures and parser errors share one path); warnings and
 * remarks, which the C API cannot emit, are printed by the same formatter. */
#ifndef SOLAR_DIAGNOSTICS_H
#define SOLAR_DIAGNOSTICS_H

#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"

#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Attaches the solar diagnostic printer to `ctx`; diagnostics go to stderr.
 * Everything below keeps its state per attached context (freed with it), so
 * contexts in different threads do not interfere; for a context never
 * attached, the setters do nothing. */
void solarDiagnosticsAttach(MlirContext ctx);

/* Makes `text` (not copied: it must outlive its use) the source shown under
 * diagnostics whose location names `bufferName`. Pass NULL text to forget. */
void solarDiagnosticsSetSource(MlirContext ctx, const char *bufferName,
                               const char *text, size_t length);

/* While set, locations in the anonymous buffer "-" (the name
 * mlirModuleCreateParse gives its input) are shown under `name`; NULL stops. */
void solarDiagnosticsSetAnonymousFileName(MlirContext ctx, const char *name);

/* Capture mode: between Begin and End every diagnostic (with its source
 * line) is collected instead of printed. End returns the collected text
 * (caller frees; "" when nothing was emitted). Not nestable. */
void solarDiagnosticsCaptureBegin(MlirContext ctx);
char *solarDiagnosticsCaptureEnd(MlirContext ctx);

/* The name a value had in the source text registered with
 * solarDiagnosticsSetSource in the location's context ("batch" for `%batch = memref.dim ...` or the
 * argument `%batch: index`), which MLIR's parser does not keep. `loc` is
 * the defining op's location (opResult) or the block argument's. False
 * when the text is not registered or has no plain `%name` there. */
bool solarSourceValueName(MlirLocation loc, bool opResult, char *buf,
                          size_t size);

/* While set (NULL stops), every diagnostic of ctx, notes and solar's own
 * warnings and remarks included, goes to `sink` instead of being printed:
 * solar-opt --verify-diagnostics matches them against the input's
 * `expected-*` comments. Errors are still counted. */
typedef void (*SolarDiagnosticSink)(MlirLocation loc,
                                    MlirDiagnosticSeverity severity,
                                    const char *message, void *userData);
void solarDiagnosticsSetSink(MlirContext ctx, SolarDiagnosticSink sink,
                             void *userData);

/* Number of errors printed in ctx since it was attached. */
int solarDiagnosticsErrorCount(MlirContext ctx);

/* Formats a location as `file:line:col` (or MLIR's own form when it has no
 * file position) into buf. Returns buf. */
char *solarLocationFormat(MlirLocation loc, char *buf, size_t bufSize);

void solarEmitError(MlirLocation loc, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void solarEmitWarning(MlirLocation loc, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void solarEmitRemark(MlirLocation loc, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

#ifdef __cplusplus
}
#endif

#endif
