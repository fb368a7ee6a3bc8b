/* The seal of a `solar analyze` report (cli_report_seal.h). The digest is
 * taken over the report's compact text with sorted keys and the reals as
 * every report writes them (SOLAR_JSON_REAL_FLAGS: 15 significant digits,
 * which read back and print again to the same text), so the file, once
 * read, gives the same digest it was sealed with. */
#include "cli_report_seal.h"

#include "solar/support/hash.h"
#include "solar/support/json_number.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The digest of `report` without its "digest" key, as 16 hex digits. */
static bool digestOf(json_t *report, char out[17]) {
  json_t *copy = json_copy(report);
  if (!copy)
    return false;
  json_object_del(copy, "digest");
  char *text =
      json_dumps(copy, JSON_COMPACT | JSON_SORT_KEYS | SOLAR_JSON_REAL_FLAGS);
  json_decref(copy);
  if (!text)
    return false;
  snprintf(out, 17, "%016" PRIx64, solarHashString(text));
  free(text);
  return true;
}

void solarReportSeal(json_t *report) {
  json_object_set_new(report, "solar_version", json_string(SOLAR_VERSION));
  char digest[17];
  if (digestOf(report, digest))
    json_object_set_new(report, "digest", json_string(digest));
}

bool solarReportSealValid(json_t *report, char *why, size_t whySize) {
  const char *version =
      json_string_value(json_object_get(report, "solar_version"));
  if (!version || strcmp(version, SOLAR_VERSION)) {
    snprintf(why, whySize, "written by solar %.32s, this is %s",
             version ? version : "(no version)", SOLAR_VERSION);
    return false;
  }
  const char *stored = json_string_value(json_object_get(report, "digest"));
  char digest[17];
  if (!stored || !digestOf(report, digest) || strcmp(stored, digest)) {
    snprintf(why, whySize, "its digest does not match its content (edited?)");
    return false;
  }
  return true;
}
