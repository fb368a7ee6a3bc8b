/* Reading the tuple names out of isl's printed sets and maps, without isl:
 * the one scanner behind the memos that share work between texts equal up
 * to their tuple names (the graph index's parse memo in lib/einsum, the
 * fusion shape memo in lib/fusion). */
#ifndef SOLAR_SUPPORT_ISL_TEXT_H
#define SOLAR_SUPPORT_ISL_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Where a text's tuple names sit: offsets and lengths into the text.
 * inLength 0: the text is not of the plain form (and every field is 0). */
typedef struct {
  uint32_t inAt, inLength, outAt, outLength;
} SolarTupleNames;

/* The tuple names of "{ A[...] }" (isMap false) or "{ A[...] -> B[...] ...
 * }" (isMap true), after optional parameters ("[n] -> { ... }"), with one
 * space after the brace and around the arrow as isl prints them; a text
 * with ';' (a union) has no plain form.
 *
 * A name is accepted when isl reads it as a tuple name: an identifier
 * (letter or '_', then letters, digits, '_') right before '[' that is not
 * one of isl's keywords (isl_stream.c reads "min", "floor", "true", ... in
 * any case as operators). This is the rule both memos need: each replaces
 * an accepted name by another and expects isl to read the text the same
 * way, which holds for exactly the names isl takes as plain identifiers.
 * (The graph index once took only names with a digit or '_', a stricter
 * way of keeping clear of the all-letter keywords; every name it took is
 * accepted here, and the names it now takes too parse to the same object
 * either way.) */
SolarTupleNames solarIslTupleNames(const char *text, bool isMap);

#ifdef __cplusplus
}
#endif

#endif
