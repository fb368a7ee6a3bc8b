/* Numbers in solar's JSON reports: counts (FLOPs, bytes, op counts) are
 * whole numbers and print as JSON integers, exactly, never as 18874368.0
 * or rounded to a few digits; everything else is a real. */
#ifndef SOLAR_SUPPORT_JSON_NUMBER_H
#define SOLAR_SUPPORT_JSON_NUMBER_H

#include <jansson.h>

#ifdef __cplusplus
extern "C" {
#endif

/* json_integer for a whole value that fits in int64 (every count solar
 * computes: doubles hold whole numbers exactly up to 2^53), else
 * json_real. New reference. */
json_t *solarJsonNumber(double value);

/* The dump flag every report uses for reals (times, ratios): 15
 * significant digits, all a double holds in decimal without printing
 * binary noise such as 1.2288000000000001e-8. Counts are integers. */
#define SOLAR_JSON_REAL_FLAGS JSON_REAL_PRECISION(15)

/* Name and version every JSON report carries ("schema", "version"). */
void solarJsonSetSchema(json_t *root, const char *name, int version);

#ifdef __cplusplus
}
#endif

#endif
