#include "input.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *inputReadAll(const char *path, size_t *length) {
  FILE *file = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
  if (!file)
    return NULL;
  size_t capacity = 1 << 16, used = 0;
  char *buf = malloc(capacity);
  for (;;) {
    if (used + 1 >= capacity) {
      capacity *= 2;
      buf = realloc(buf, capacity);
    }
    size_t n = fread(buf + used, 1, capacity - 1 - used, file);
    used += n;
    if (n == 0)
      break;
  }
  bool failed = ferror(file);
  if (file != stdin)
    fclose(file);
  if (failed) {
    free(buf);
    return NULL;
  }
  buf[used] = '\0';
  *length = used;
  return buf;
}

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
      if (*count == capacity)
        splits = realloc(splits, (capacity *= 2) * sizeof(InputSplit));
      splits[(*count)++] = makeSplit(chunkStart, p, chunkFirstLine);
      chunkStart = nl ? nl + 1 : end;
      chunkFirstLine = line + 1;
    }
    p = nl ? nl + 1 : end;
  }
  if (*count == capacity)
    splits = realloc(splits, (capacity + 1) * sizeof(InputSplit));
  splits[(*count)++] = makeSplit(chunkStart, end, chunkFirstLine);
  return splits;
}
