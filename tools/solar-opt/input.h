/* Reading solar-opt's input and cutting it into `// -----` splits. */
#ifndef SOLAR_OPT_INPUT_H
#define SOLAR_OPT_INPUT_H

#include <stdbool.h>
#include <stddef.h>

/* Reads a whole file ("-" for stdin) into a NUL-terminated heap buffer. */
char *inputReadAll(const char *path, size_t *length);

typedef struct {
  char *text;  /* owned; padded with newlines so line numbers match the file */
  size_t length;
} InputSplit;

/* Cuts text at lines that are exactly `// -----`. Caller frees each split's
 * text and the array. */
InputSplit *inputSplit(const char *text, size_t length, bool split,
                       size_t *count);

#endif
