/* solar-opt --verify-diagnostics: the input's `// expected-error {{...}}`
 * comments (also -warning, -note, -remark; `@+N`, `@-N`, `@above`,
 * `@below`, `@unknown`; `-re` with `{{regex}}` parts), matched against the
 * diagnostics actually emitted, as mlir-opt's SourceMgrDiagnosticVerifier
 * does. */
#ifndef SOLAR_OPT_VERIFY_DIAGNOSTICS_H
#define SOLAR_OPT_VERIFY_DIAGNOSTICS_H

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stddef.h>

typedef struct DiagVerifier DiagVerifier;

/* Reads the expectations of `text` (not kept), whose diagnostics name
 * `bufferName`. Malformed expectations are reported at once and make
 * diagVerifierFinish fail. */
DiagVerifier *diagVerifierCreate(const char *bufferName, const char *text,
                                 size_t length);
/* From now on ctx's diagnostics are matched instead of printed. */
void diagVerifierAttach(DiagVerifier *verifier, MlirContext ctx);
/* Reports every expectation no diagnostic matched (unexpected diagnostics
 * were reported as they came); true when there was nothing to report. */
bool diagVerifierFinish(DiagVerifier *verifier);
void diagVerifierDestroy(DiagVerifier *verifier);

#endif
