/* Reading and printing physical quantities on the command line: latencies
 * ("2ms"), rates ("500Hz"), and SI-prefixed output ("32.768 ns",
 * "1.5 TB/s"). */
#ifndef SOLAR_CLI_QUANTITY_H
#define SOLAR_CLI_QUANTITY_H

#include <stdbool.h>
#include <stddef.h>

/* A number followed by a time unit (s, ms, us, µs, ns), optionally
 * separated by spaces: "2ms", "0.5 s", "1e-3s". False when malformed; the
 * sign is not checked here. */
bool solarQuantityParseSeconds(const char *text, double *seconds);

/* A number followed by a frequency unit (Hz, kHz, MHz, GHz, or /s): "500Hz".
 * False when malformed. */
bool solarQuantityParseHertz(const char *text, double *hertz);

/* value with an SI prefix chosen so the mantissa is in [1, 1000), 6
 * significant digits, and `unit` appended: (3.2768e-8, "s") -> "32.768 ns",
 * (1e12, "B/s") -> "1 TB/s", 0 -> "0 s". Micro is written "u". */
char *solarQuantityFormat(double value, const char *unit, char *buf,
                          size_t size);

/* solarQuantityFormat with `digits` significant digits: (6.69085e13,
 * "flop/s", 3) -> "66.9 Tflop/s". */
char *solarQuantityFormatDigits(double value, const char *unit, int digits,
                                char *buf, size_t size);

/* Bytes with binary prefixes: 1048576 -> "1 MiB", 1536 -> "1.5 KiB". */
char *solarQuantityFormatBytes(double bytes, char *buf, size_t size);

#endif
