/* Whole-file reads and path joining, shared by the library and the tools. */
#ifndef SOLAR_FILES_H
#define SOLAR_FILES_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The bytes of `path` ("-": standard input) plus a terminating NUL; the
 * caller frees. Its length in *length when length is non-NULL. NULL with
 * errno set when it cannot be read. */
char *solarReadFile(const char *path, size_t *length);

/* dir/name, malloc'ed (caller frees); name alone when dir is empty, no
 * doubled slash when dir ends in one. */
char *solarPathJoin(const char *dir, const char *name);

/* Creates a fresh directory $TMPDIR/<prefix>-XXXXXX (/tmp when TMPDIR is
 * unset or empty) and writes its path into buf. False with errno set; buf
 * then holds the template, for the message. */
bool solarMakeTempDir(const char *prefix, char *buf, size_t size);

/* Whether `path` ends in `suffix` (case-sensitive: ".py", ".mlir"). */
bool solarPathHasSuffix(const char *path, const char *suffix);

#ifdef __cplusplus
}
#endif

#endif
