/* Cutting solar-opt's input into `// -----` splits, keeping line numbers
 * (input.h). */
#include "input.h"
#include "solar/support/grow.h"
#include "solar/support/files.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char kSplitMarker[] = "// -----";

/* True when the line starting at p (ending at end or '\n') is the marker,
 * allowing trailing spaces. */
static bool isMarkerLine(const char *p, const char *lineEnd) {
  size_t markerLength = sizeof(kSplitMarker) - 1;
  if ((size_t)(lineEnd - p) < markerLength ||
      strncmp(p, kSplitMarker, markerLength) != 0)
    return false;
  for (const char *q = p + markerLength; q < lineEnd; ++q)
    if (*q != ' ' && *q != '\t' && *q != '\r')
      return false;
  return true;
}

static InputSplit makeSplit(const char *begin, const char *end,
                            int precedingLines) {
  InputSplit split;
  size_t bodyLength = (size_t)(end - begin);
  split.length = (size_t)precedingLines + bodyLength;
  split.text = malloc(split.length + 1);
  memset(split.text, '\n', (size_t)precedingLines);
  memcpy(split.text + precedingLines, begin, bodyLength);
  split.text[split.length] = '\0';
  return split;
}

InputSplit *inputSplit(const char *text, size_t length, bool split,
                       size_t *count) {
  size_t capacity = 4;
  InputSplit *splits = malloc(capacity * sizeof(InputSplit));
  *count = 0;
  const char *end = text + length;
  const char *chunkStart = text;
  int chunkFirstLine = 0, line = 0;
  for (const char *p = text; split && p < end; ++line) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    const char *lineEnd = nl ? nl : end;
    if (isMarkerLine(p, lineEnd)) {
      splits = solarGrow(splits, &capacity, *count, sizeof(InputSplit));
      splits[(*count)++] = makeSplit(chunkStart, p, chunkFirstLine);
      chunkStart = nl ? nl + 1 : end;
      chunkFirstLine = line + 1;
    }
    p = nl ? nl + 1 : end;
  }
  splits = solarGrow(splits, &capacity, *count, sizeof(InputSplit));
  splits[(*count)++] = makeSplit(chunkStart, end, chunkFirstLine);
  return splits;
}
