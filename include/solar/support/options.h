/* Pass options: an ordered list of key=value strings.
 *
 * Options reach a pass from two places: global driver flags such as
 * `--solar-arch=H100_SXM`, and per-pass pipeline options such as
 * `solar-sol{arch=B200}`. Later entries win, so a pipeline option overrides a
 * global flag. */
#ifndef SOLAR_OPTIONS_H
#define SOLAR_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct SolarOptions {
  size_t count;
  size_t capacity;
  char **keys;   /* owned */
  char **values; /* owned; "" for a bare flag */
} SolarOptions;

void solarOptionsInit(SolarOptions *opts);
void solarOptionsDestroy(SolarOptions *opts);
void solarOptionsSet(SolarOptions *opts, const char *key, const char *value);
void solarOptionsCopy(SolarOptions *dst, const SolarOptions *src);
void solarOptionsAppend(SolarOptions *dst, const SolarOptions *src);

/* Last value for key, or NULL when absent. */
const char *solarOptionsGet(const SolarOptions *opts, const char *key);
/* Absent -> fallback; "" / "true" / "1" -> true; "false" / "0" -> false. */
bool solarOptionsGetBool(const SolarOptions *opts, const char *key,
                         bool fallback);

/* Parses `k1=v1 k2=v2 flag` (MLIR pass-option syntax: space separated,
 * values may be quoted with '' or "" or braced with {}). Returns false and
 * writes a message to err on malformed text. */
bool solarOptionsParse(SolarOptions *opts, const char *text, char *err,
                       size_t errSize);

#ifdef __cplusplus
}
#endif

#endif
