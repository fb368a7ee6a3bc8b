/* The seal of a `solar analyze` report: the solar version that wrote it
 * and a digest of its content, so that `solar bench --resume` can tell a
 * report it may reuse from one that was cut short, edited by hand or
 * written by another solar (docs/bench.md, "Resume"). The digest is
 * FNV-1a, not a signature: it catches edits and damage, not a forger. */
#ifndef SOLAR_CLI_REPORT_SEAL_H
#define SOLAR_CLI_REPORT_SEAL_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

/* Sets "solar_version" and then "digest" (over everything else). */
void solarReportSeal(json_t *report);

/* Whether `report` carries this solar's version and a digest that matches
 * its content; else false with the reason in `why`. */
bool solarReportSealValid(json_t *report, char *why, size_t whySize);

#endif
