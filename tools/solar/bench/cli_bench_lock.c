/* The lock on a bench's output directory (cli_bench_lock.h). */
#define _XOPEN_SOURCE 700
#include "cli_bench_lock.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

int solarBenchLockOutput(const char *outDir, char *err, size_t errSize) {
  char path[4096];
  snprintf(path, sizeof(path), "%s/.lock", outDir);
  int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) {
    snprintf(err, errSize, "cannot open '%s': %s", path, strerror(errno));
    return -1;
  }
  int r;
  do
    r = flock(fd, LOCK_EX | LOCK_NB);
  while (r < 0 && errno == EINTR);
  if (r < 0) {
    char holder[32] = "";
    ssize_t n = pread(fd, holder, sizeof(holder) - 1, 0);
    holder[n > 0 ? n : 0] = '\0';
    holder[strcspn(holder, "\n")] = '\0';
    snprintf(err, errSize,
             "'%s' is in use by another solar bench (pid %s, or children of "
             "it that are still ending); wait for it or give another --out",
             outDir, holder[0] ? holder : "unknown");
    close(fd);
    return -1;
  }
  char pid[32];
  int length = snprintf(pid, sizeof(pid), "%ld\n", (long)getpid());
  if (ftruncate(fd, 0) != 0 || pwrite(fd, pid, (size_t)length, 0) != length) {
    /* The pid is for the message only; the lock itself holds. */
  }
  return fd;
}

void solarBenchUnlockOutput(int fd) {
  if (fd >= 0)
    close(fd);
}
