/* nftw is an XSI function. */
#define _XOPEN_SOURCE 700

#include "cli_files.h"
#include "cli_interrupt.h"
#include "cli_output.h"

#include "solar/support/files.h"

#include <errno.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

bool solarWriteText(const char *path, const char *text) {
  if (!path || !strcmp(path, "-")) {
    fputs(text, stdout);
    return fflush(stdout) == 0;
  }
  SolarOutputFile out;
  if (!solarOutputOpen(path, &out))
    return false;
  size_t length = strlen(text);
  if (fwrite(text, 1, length, out.file) != length) {
    int saved = errno;
    solarOutputAbandon(&out);
    errno = saved;
    return false;
  }
  return solarOutputCommit(&out);
}

bool solarMakeDirs(const char *path) {
  char *copy = strdup(path);
  if (!copy)
    abort();
  bool ok = true;
  /* Each prefix ending before a '/', then the whole path. */
  for (char *p = copy + 1; ok && *p; ++p) {
    if (*p != '/')
      continue;
    *p = '\0';
    ok = mkdir(copy, 0777) == 0 || errno == EEXIST;
    *p = '/';
  }
  if (ok)
    ok = mkdir(copy, 0777) == 0 || errno == EEXIST;
  int savedErrno = errno;
  free(copy);
  errno = savedErrno;
  return ok;
}

static int removeEntry(const char *path, const struct stat *sb, int flag,
                       struct FTW *ftw) {
  (void)sb;
  (void)flag;
  (void)ftw;
  remove(path);
  return 0;
}

void solarRemoveTree(const char *path) {
  nftw(path, removeEntry, 16, FTW_DEPTH | FTW_PHYS);
  solarInterruptForget(path);
}

bool solarCliMakeTempDir(const char *prefix, char *buf, size_t size) {
  if (!solarMakeTempDir(prefix, buf, size))
    return false;
  solarInterruptRemoveOnSignal(buf);
  return true;
}
