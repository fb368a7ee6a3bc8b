/* MAP_ANONYMOUS is not in POSIX 2008 (the project's feature level). */
#define _DEFAULT_SOURCE

#include "solar/verify/verify_buffer.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static const unsigned char kSlackByte = 0xFF;

bool solarGuardedBufferCreate(SolarGuardedBuffer *buffer, size_t bytes,
                              const void *init) {
  memset(buffer, 0, sizeof(*buffer));
  size_t page = (size_t)sysconf(_SC_PAGESIZE);
  size_t dataPages = (bytes + page - 1) / page;
  if (dataPages == 0)
    dataPages = 1;
  if (dataPages > SIZE_MAX / page - 2)
    return false;
  size_t total = (dataPages + 2) * page;
  void *block = mmap(NULL, total, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (block == MAP_FAILED)
    return false;
  buffer->block = block;
  buffer->blockSize = total;
  buffer->pageSize = page;
  buffer->bytes = bytes;
  unsigned char *dataEnd = buffer->block + (dataPages + 1) * page;
  buffer->data = dataEnd - bytes;
  memset(buffer->block + page, kSlackByte, dataPages * page - bytes);
  if (init)
    memcpy(buffer->data, init, bytes);
  else
    memset(buffer->data, 0, bytes);
  if (mprotect(buffer->block, page, PROT_NONE) != 0 ||
      mprotect(dataEnd, page, PROT_NONE) != 0) {
    solarGuardedBufferDestroy(buffer);
    return false;
  }
  return true;
}

bool solarGuardedBufferIntact(const SolarGuardedBuffer *buffer,
                              long long *offset) {
  const unsigned char *slack = buffer->block + buffer->pageSize;
  const unsigned char *data = buffer->data;
  for (const unsigned char *p = slack; p < data; ++p)
    if (*p != kSlackByte) {
      *offset = (long long)(p - data);
      return false;
    }
  return true;
}

bool solarGuardedBufferContains(const SolarGuardedBuffer *buffer,
                                const void *address, long long *offset) {
  uintptr_t a = (uintptr_t)address;
  uintptr_t begin = (uintptr_t)buffer->block;
  uintptr_t dataBegin = (uintptr_t)buffer->data;
  uintptr_t dataEnd = dataBegin + buffer->bytes;
  if (a < begin || a >= begin + buffer->blockSize ||
      (a >= dataBegin && a < dataEnd))
    return false;
  *offset = a >= dataBegin ? (long long)(a - dataBegin)
                           : -(long long)(dataBegin - a);
  return true;
}

void solarGuardedBufferDestroy(SolarGuardedBuffer *buffer) {
  if (buffer->block)
    munmap(buffer->block, buffer->blockSize);
  memset(buffer, 0, sizeof(*buffer));
}
