/* Finding the MLIR in an LLM reply. Models wrap code in Markdown fences,
 * usually tagged (```mlir), sometimes not, often with prose around it; the
 * contract asks for one ```mlir block, and an untagged block is accepted
 * when it evidently holds a function. */
#include "llm.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

typedef struct {
  const char *start; /* first character of the line */
  size_t length;     /* without the newline */
} Line;

static bool nextLine(const char **cursor, Line *line) {
  if (!**cursor)
    return false;
  const char *start = *cursor;
  const char *newline = strchr(start, '\n');
  size_t length = newline ? (size_t)(newline - start) : strlen(start);
  line->start = start;
  line->length = length > 0 && start[length - 1] == '\r' ? length - 1 : length;
  *cursor = newline ? newline + 1 : start + length;
  return true;
}

/* A fence line: up to three spaces of indent, then ``` (or more). Sets
 * *info to the tag after the backticks (trimmed). */
static bool isFence(const Line *line, size_t *ticks, const char **info,
                    size_t *infoLength) {
  size_t i = 0;
  while (i < line->length && i < 3 && line->start[i] == ' ')
    i++;
  size_t first = i;
  while (i < line->length && line->start[i] == '`')
    i++;
  *ticks = i - first;
  if (*ticks < 3)
    return false;
  while (i < line->length && isspace((unsigned char)line->start[i]))
    i++;
  size_t end = line->length;
  while (end > i && isspace((unsigned char)line->start[end - 1]))
    end--;
  *info = line->start + i;
  *infoLength = end - i;
  return true;
}

static bool infoIsMlir(const char *info, size_t length) {
  /* The tag's first word: "mlir" or "mlir title=..." */
  size_t word = 0;
  while (word < length && !isspace((unsigned char)info[word]))
    word++;
  return word == 4 && strncasecmp(info, "mlir", 4) == 0;
}

static bool containsFunc(const char *text, size_t length) {
  static const char needle[] = "func.func";
  size_t n = sizeof(needle) - 1;
  for (size_t i = 0; i + n <= length; ++i)
    if (memcmp(text + i, needle, n) == 0)
      return true;
  return false;
}

static char *copyRange(const char *start, size_t length) {
  char *copy = malloc(length + 1);
  if (!copy)
    abort();
  memcpy(copy, start, length);
  copy[length] = '\0';
  return copy;
}

char *solarLlmExtractMlir(const char *reply, char *err, size_t errSize) {
  const char *cursor = reply ? reply : "";
  const char *funcBlock = NULL;
  size_t funcBlockLength = 0;
  Line line;
  while (nextLine(&cursor, &line)) {
    size_t ticks, infoLength;
    const char *info;
    if (!isFence(&line, &ticks, &info, &infoLength))
      continue;
    bool tagged = infoIsMlir(info, infoLength);
    const char *body = cursor, *bodyEnd = NULL;
    Line inner;
    while (nextLine(&cursor, &inner)) {
      size_t closeTicks, closeInfoLength;
      const char *closeInfo;
      if (isFence(&inner, &closeTicks, &closeInfo, &closeInfoLength) &&
          closeTicks >= ticks && closeInfoLength == 0) {
        bodyEnd = inner.start;
        break;
      }
    }
    if (!bodyEnd) {
      snprintf(err, errSize,
               "the reply opens a ``` code block that is never closed (cut "
               "off?)");
      return NULL;
    }
    size_t length = (size_t)(bodyEnd - body);
    if (tagged)
      return copyRange(body, length);
    if (!funcBlock && containsFunc(body, length)) {
      funcBlock = body;
      funcBlockLength = length;
    }
  }
  if (funcBlock)
    return copyRange(funcBlock, funcBlockLength);
  snprintf(err, errSize,
           "the reply has no ```mlir code block (and no fenced block "
           "containing func.func)");
  return NULL;
}
