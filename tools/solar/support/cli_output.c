/* Safe output files (cli_output.h). */
#define _GNU_SOURCE /* mkstemp, fchmod */

#include "cli_output.h"

#include "cli_interrupt.h"

#include <errno.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static bool named(const char *path) { return path && *path && strcmp(path, "-"); }

/* Whether a and b name one file: compared by device and inode, so links
 * and other spellings of the path count. */
static bool sameFile(const char *a, const char *b) {
  struct stat sa, sb;
  return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev &&
         sa.st_ino == sb.st_ino;
}

bool solarCliCheckOutputs(const char *command, const SolarCliPath *outputs,
                          size_t outputCount, const SolarCliPath *inputs,
                          size_t inputCount) {
  for (size_t o = 0; o < outputCount; ++o) {
    if (!named(outputs[o].path))
      continue;
    for (size_t i = 0; i < inputCount; ++i)
      if (named(inputs[i].path) && sameFile(outputs[o].path, inputs[i].path)) {
        fprintf(stderr,
                "solar %s: error: %s '%s' is %s ('%s'): writing it would "
                "destroy an input; choose another file\n",
                command, outputs[o].what, outputs[o].path, inputs[i].what,
                inputs[i].path);
        return false;
      }
    for (size_t p = 0; p < o; ++p) {
      bool same = named(outputs[p].path) &&
                  (!strcmp(outputs[o].path, outputs[p].path) ||
                   sameFile(outputs[o].path, outputs[p].path));
      if (same) {
        fprintf(stderr,
                "solar %s: error: %s and %s are the same file '%s'; choose "
                "two files\n",
                command, outputs[p].what, outputs[o].what, outputs[o].path);
        return false;
      }
    }
  }
  return true;
}

bool solarOutputOpen(const char *path, SolarOutputFile *out) {
  memset(out, 0, sizeof(*out));
  if (strlen(path) >= sizeof(out->path)) {
    errno = ENAMETOOLONG;
    return false;
  }
  snprintf(out->path, sizeof(out->path), "%s", path);
  const char *slash = strrchr(path, '/');
  int dirLength = slash ? (int)(slash - path + 1) : 0;
  snprintf(out->temporary, sizeof(out->temporary), "%.*s.%s.tmp-XXXXXX",
           dirLength, path, slash ? slash + 1 : path);
  int fd = mkstemp(out->temporary);
  if (fd < 0)
    return false;
  /* mkstemp makes it private; an output gets the usual mode. */
  mode_t mask = umask(0);
  umask(mask);
  fchmod(fd, 0666 & ~mask);
  solarInterruptRemoveOnSignal(out->temporary);
  out->file = fdopen(fd, "wb");
  if (!out->file) {
    int saved = errno;
    close(fd);
    unlink(out->temporary);
    solarInterruptForget(out->temporary);
    errno = saved;
    return false;
  }
  return true;
}

bool solarOutputCommit(SolarOutputFile *out) {
  bool ok = !ferror(out->file);
  int saved = ok ? 0 : EIO;
  if (fclose(out->file) != 0 && ok) {
    ok = false;
    saved = errno;
  }
  out->file = NULL;
  if (ok && rename(out->temporary, out->path) != 0) {
    ok = false;
    saved = errno;
  }
  if (!ok)
    unlink(out->temporary);
  solarInterruptForget(out->temporary);
  errno = saved;
  return ok;
}

void solarOutputAbandon(SolarOutputFile *out) {
  if (out->file)
    fclose(out->file);
  out->file = NULL;
  unlink(out->temporary);
  solarInterruptForget(out->temporary);
}

bool solarOutputWriteJson(const char *path, const json_t *root,
                          size_t flags) {
  SolarOutputFile out;
  if (!solarOutputOpen(path, &out))
    return false;
  if (json_dumpf(root, out.file, flags) != 0) {
    solarOutputAbandon(&out);
    return false;
  }
  return solarOutputCommit(&out);
}
