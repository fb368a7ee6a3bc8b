/* Whole-file reads, path joining and temporary directories
 * (solar/support/files.h). */
#include "solar/support/files.h"
#include "solar/support/text.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *solarReadFile(const char *path, size_t *length) {
  bool fromStdin = strcmp(path, "-") == 0;
  FILE *f = fromStdin ? stdin : fopen(path, "rb");
  if (!f)
    return NULL;
  SolarText text = {0};
  size_t n;
  char chunk[8192];
  while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0)
    solarTextAppend(&text, chunk, n);
  bool failed = ferror(f);
  int savedErrno = errno;
  if (!fromStdin)
    fclose(f);
  if (failed) {
    solarTextClear(&text);
    errno = savedErrno;
    return NULL;
  }
  if (!text.text)
    solarTextAppend(&text, "", 0);
  if (length)
    *length = text.length;
  return text.text;
}

char *solarPathJoin(const char *dir, const char *name) {
  size_t dirLength = strlen(dir);
  const char *separator =
      dirLength == 0 || dir[dirLength - 1] == '/' ? "" : "/";
  size_t size = dirLength + strlen(name) + 2;
  char *path = malloc(size);
  if (!path)
    abort();
  snprintf(path, size, "%s%s%s", dir, separator, name);
  return path;
}

bool solarPathHasSuffix(const char *path, const char *suffix) {
  size_t n = strlen(path), m = strlen(suffix);
  return n >= m && strcmp(path + n - m, suffix) == 0;
}

bool solarMakeTempDir(const char *prefix, char *buf, size_t size) {
  const char *base = getenv("TMPDIR");
  int n = snprintf(buf, size, "%s/%s-XXXXXX", base && *base ? base : "/tmp",
                   prefix);
  if (n < 0 || (size_t)n >= size) {
    errno = ENAMETOOLONG;
    return false;
  }
  return mkdtemp(buf) != NULL;
}
