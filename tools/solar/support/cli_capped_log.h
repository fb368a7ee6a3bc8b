/* A log of bounded size: the first half of the cap is written as it comes,
 * the last half is kept in a ring and written at the end after a line that
 * says how many bytes were cut between them. A program that writes without
 * end (401 MiB in 2 s) cannot fill the disk. Uses only write and mmap, so
 * a watchdog forked from a threaded process may use it. */
#ifndef SOLAR_CLI_CAPPED_LOG_H
#define SOLAR_CLI_CAPPED_LOG_H

#include <stdbool.h>
#include <stddef.h>

typedef struct {
  int fd;
  size_t headCap, tailCap;
  size_t total;         /* bytes received */
  unsigned char *ring;  /* tailCap bytes; owned (munmap) */
  size_t ringEnd;       /* next write position in the ring */
} SolarCappedLog;

/* False when the ring cannot be mapped (then everything is written). */
bool solarCappedLogInit(SolarCappedLog *log, int fd, size_t cap);
void solarCappedLogWrite(SolarCappedLog *log, const void *data,
                         size_t length);
/* Writes the note and the tail; releases the ring. */
void solarCappedLogFinish(SolarCappedLog *log);

#endif
