/* The tuple-name scanner of isl texts (solar/support/isl_text.h). */
#include "solar/support/isl_text.h"

#include <ctype.h>
#include <string.h>
#include <strings.h>

/* isl reads these identifiers as keywords (isl_stream.c, any case). */
static bool islKeyword(const char *name, size_t length) {
  static const char *const keywords[] = {
      "exists",   "and",   "or",     "implies", "not",  "infty",
      "infinity", "NaN",   "min",    "max",     "rat",  "true",
      "false",    "ceild", "floord", "mod",     "ceil", "floor"};
  for (size_t k = 0; k < sizeof(keywords) / sizeof(keywords[0]); ++k)
    if (strlen(keywords[k]) == length &&
        strncasecmp(keywords[k], name, length) == 0)
      return true;
  return false;
}

/* Length of the tuple name at text[at] (an identifier right before '['),
 * or 0. */
static uint32_t tupleName(const char *text, size_t at) {
  size_t end = at;
  if (!(isalpha((unsigned char)text[at]) || text[at] == '_'))
    return 0;
  while (isalnum((unsigned char)text[end]) || text[end] == '_')
    ++end;
  if (text[end] != '[' || islKeyword(text + at, end - at))
    return 0;
  return (uint32_t)(end - at);
}

static size_t skipSpaces(const char *text, size_t at) {
  while (text[at] == ' ')
    ++at;
  return at;
}

/* Past the bracketed tuple starting at text[at] == '[', or 0. */
static size_t skipTuple(const char *text, size_t at) {
  int depth = 0;
  for (size_t k = at; text[k]; ++k) {
    if (text[k] == '[')
      ++depth;
    else if (text[k] == ']' && --depth == 0)
      return k + 1;
  }
  return 0;
}

SolarTupleNames solarIslTupleNames(const char *text, bool isMap) {
  SolarTupleNames names = {0, 0, 0, 0};
  const char *brace = strchr(text, '{');
  if (!brace || strchr(brace, ';'))
    return names;
  size_t inAt = skipSpaces(text, (size_t)(brace - text) + 1);
  uint32_t inLength = tupleName(text, inAt);
  if (!inLength)
    return names;
  if (isMap) {
    size_t after = skipTuple(text, inAt + inLength);
    if (!after)
      return names;
    after = skipSpaces(text, after);
    if (strncmp(text + after, "->", 2) != 0)
      return names;
    size_t outAt = skipSpaces(text, after + 2);
    uint32_t outLength = tupleName(text, outAt);
    if (!outLength)
      return names;
    names.outAt = (uint32_t)outAt;
    names.outLength = outLength;
  }
  names.inAt = (uint32_t)inAt;
  names.inLength = inLength;
  return names;
}
