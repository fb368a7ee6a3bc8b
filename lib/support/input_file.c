/* Opening outside inputs so that none can block, exhaust memory or hide
 * its size (solar/support/input_file.h). */
#include "solar/support/input_file.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *fileKind(mode_t mode) {
  if (S_ISFIFO(mode))
    return "a FIFO";
  if (S_ISDIR(mode))
    return "a directory";
  if (S_ISCHR(mode))
    return "a character device";
  if (S_ISBLK(mode))
    return "a block device";
  if (S_ISSOCK(mode))
    return "a socket";
  return "not a plain file";
}

FILE *solarOpenInputFile(const char *path, uint64_t maxBytes, uint64_t *size,
                         char *err, size_t errSize) {
  struct stat before;
  if (stat(path, &before) != 0) {
    snprintf(err, errSize, "cannot open: %s", strerror(errno));
    return NULL;
  }
  /* Refused before open(): opening a FIFO for reading blocks until a writer
   * appears. */
  if (!S_ISREG(before.st_mode)) {
    snprintf(err, errSize, "not a regular file (%s)", fileKind(before.st_mode));
    return NULL;
  }
  /* O_NONBLOCK: the path may have been swapped for a FIFO since stat(). */
  int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) {
    snprintf(err, errSize, "cannot open: %s", strerror(errno));
    return NULL;
  }
  struct stat opened;
  if (fstat(fd, &opened) != 0 || !S_ISREG(opened.st_mode)) {
    snprintf(err, errSize, "not a regular file (%s)", fileKind(opened.st_mode));
    close(fd);
    return NULL;
  }
  int flags = fcntl(fd, F_GETFL);
  if (flags >= 0)
    fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
  uint64_t bytes = (uint64_t)opened.st_size;
  if (bytes > maxBytes) {
    snprintf(err, errSize,
             "file is %" PRIu64 " bytes, more than the limit of %" PRIu64
             " bytes",
             bytes, maxBytes);
    close(fd);
    return NULL;
  }
  FILE *file = fdopen(fd, "rb");
  if (!file) {
    snprintf(err, errSize, "cannot open: %s", strerror(errno));
    close(fd);
    return NULL;
  }
  if (size)
    *size = bytes;
  return file;
}

char *solarReadInputFile(const char *path, uint64_t maxBytes, size_t *length,
                         char *err, size_t errSize) {
  uint64_t size = 0;
  FILE *file = solarOpenInputFile(path, maxBytes, &size, err, errSize);
  if (!file)
    return NULL;
  char *text = malloc((size_t)size + 1);
  if (!text)
    abort();
  size_t got = fread(text, 1, (size_t)size, file);
  bool failed = ferror(file) || got != size;
  int savedErrno = errno;
  fclose(file);
  if (failed) {
    free(text);
    snprintf(err, errSize, "read failed: %s",
             got != size ? "the file changed while it was read"
                         : strerror(savedErrno));
    return NULL;
  }
  text[got] = '\0';
  if (length)
    *length = got;
  return text;
}
