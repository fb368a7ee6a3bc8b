/* Cutting solar-opt's input into `// -----` splits (reading it is
 * solarReadFile, include/solar/support/files.h). */
#ifndef SOLAR_OPT_INPUT_H
#define SOLAR_OPT_INPUT_H

#include <stdbool.h>
#include <stddef.h>

typedef struct {
  char *text;  /* owned; padded with newlines so line numbers match the file */
  size_t length;
} InputSplit;

/* Cuts text at lines that are exactly `// -----`. Caller frees each split's
 * text and the array. */
InputSplit *inputSplit(const char *text, size_t length, bool split,
                       size_t *count);

#endif
