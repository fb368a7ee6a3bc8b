/* Opening files that come from outside (reference data, manifests, hardware
 * files) so that no input can block, exhaust memory or hide its size: only
 * regular files are opened (a FIFO or a device would block a read forever or
 * never end), and the size is known and bounded before anything is
 * allocated for it. */
#ifndef SOLAR_SUPPORT_INPUT_FILE_H
#define SOLAR_SUPPORT_INPUT_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Opens `path` for binary reading when it is a regular file of at most
 * maxBytes bytes; its size in *size. Otherwise NULL with a message (without
 * the path) in err: "cannot open: ...", "not a regular file (a FIFO)",
 * "file is N bytes, more than the limit of M bytes". */
FILE *solarOpenInputFile(const char *path, uint64_t maxBytes, uint64_t *size,
                         char *err, size_t errSize);

/* The whole of such a file plus a terminating NUL (caller frees), its length
 * in *length. NULL with a message in err. */
char *solarReadInputFile(const char *path, uint64_t maxBytes, size_t *length,
                         char *err, size_t errSize);

#ifdef __cplusplus
}
#endif

#endif
