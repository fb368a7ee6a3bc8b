/* Counts as exact JSON integers, everything else as reals, in solar's
 * JSON reports (solar/support/json_number.h). */
#include "solar/support/json_number.h"

#include <math.h>

json_t *solarJsonNumber(double value) {
  /* 2^63 is exactly representable; anything at or above it is not int64. */
  if (isfinite(value) && value == floor(value) && fabs(value) < 0x1p63)
    return json_integer((json_int_t)value);
  return json_real(value);
}

void solarJsonSetSchema(json_t *root, const char *name, int version) {
  json_object_set_new(root, "schema", json_string(name));
  json_object_set_new(root, "version", json_integer(version));
}
