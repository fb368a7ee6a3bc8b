/* The libFuzzer entry points every fuzz target of tools/fuzz defines (the
 * --solar-sol chain, executed IR, hardware files, flags), and the hook
 * they call on nonsense output (a libFuzzer build aborts there, so the input
 * is saved as a crash; the standalone driver counts it). */
#ifndef SOLAR_FUZZ_SOL_CHAIN_H
#define SOLAR_FUZZ_SOL_CHAIN_H

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Frees what LLVMFuzzerInitialize set up (the standalone driver calls it
 * at the end; libFuzzer never returns). */
void solarFuzzShutdown(void);

/* Reports that @funcName's solar.sol breaks `rule`; does not return. */
_Noreturn void solarFuzzNonsense(const char *funcName, const char *rule,
                                 const char *sol);

/* Set by each LLVMFuzzerTestOneInput call: whether the input got through
 * the whole chain and its solar.sol attributes were checked (rather than
 * being rejected with a diagnostic). */
extern int solarFuzzReachedSol;

/* What the standalone driver's summary calls an input that set
 * solarFuzzReachedSol ("reached SOL", "ran", "loaded", "accepted"). */
extern const char solarFuzzReachedWhat[];

/* Exit status of a run that found nonsense (standalone driver). */
enum { kSolarFuzzNonsenseExit = 86 };

#endif
