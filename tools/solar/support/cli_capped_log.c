/* Head-and-tail logs (cli_capped_log.h). */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */

#include "cli_capped_log.h"

#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static void writeAll(int fd, const unsigned char *data, size_t length) {
  while (length) {
    ssize_t n = write(fd, data, length);
    if (n <= 0)
      return;
    data += n;
    length -= (size_t)n;
  }
}

bool solarCappedLogInit(SolarCappedLog *log, int fd, size_t cap) {
  memset(log, 0, sizeof(*log));
  log->fd = fd;
  log->headCap = cap - cap / 2;
  log->tailCap = cap / 2;
  void *ring = log->tailCap ? mmap(NULL, log->tailCap, PROT_READ | PROT_WRITE,
                                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
                            : MAP_FAILED;
  if (ring == MAP_FAILED) {
    log->headCap = (size_t)-1;
    log->tailCap = 0;
    return false;
  }
  log->ring = ring;
  return true;
}

void solarCappedLogWrite(SolarCappedLog *log, const void *data,
                         size_t length) {
  const unsigned char *bytes = data;
  if (log->total < log->headCap) {
    size_t head = log->headCap - log->total;
    if (head > length)
      head = length;
    writeAll(log->fd, bytes, head);
    log->total += head;
    bytes += head;
    length -= head;
  }
  log->total += length;
  if (!log->tailCap)
    return;
  /* Only the last tailCap bytes of this chunk can survive. */
  if (length > log->tailCap) {
    bytes += length - log->tailCap;
    length = log->tailCap;
  }
  while (length) {
    size_t room = log->tailCap - log->ringEnd;
    size_t n = length < room ? length : room;
    memcpy(log->ring + log->ringEnd, bytes, n);
    log->ringEnd = (log->ringEnd + n) % log->tailCap;
    bytes += n;
    length -= n;
  }
}

void solarCappedLogFinish(SolarCappedLog *log) {
  if (!log->ring)
    return;
  size_t afterHead = log->total > log->headCap ? log->total - log->headCap : 0;
  if (afterHead > log->tailCap) {
    char note[256];
    int n = snprintf(note, sizeof(note),
                     "\n[solar: %zu bytes of output cut here (the log keeps "
                     "the first %zu and the last %zu bytes of %zu)]\n",
                     afterHead - log->tailCap, log->headCap, log->tailCap,
                     log->total);
    writeAll(log->fd, (const unsigned char *)note, (size_t)n);
    /* The ring is full: its oldest byte is at ringEnd. */
    writeAll(log->fd, log->ring + log->ringEnd, log->tailCap - log->ringEnd);
    writeAll(log->fd, log->ring, log->ringEnd);
  } else {
    /* Everything after the head fits: it starts at the ring's start. */
    writeAll(log->fd, log->ring, afterHead);
  }
  munmap(log->ring, log->tailCap);
  log->ring = NULL;
}
