/* Argument buffers fenced by inaccessible pages. The JIT-compiled function
 * runs unchecked native code; a translation with a wrong loop bound reads
 * or writes past its buffers. Each buffer ends exactly where a PROT_NONE
 * page begins, so the first access past the end faults (and the fault
 * address names the buffer); the slack between the leading PROT_NONE page
 * and the data start is filled with 0xFF bytes (NaN in every float type, -1
 * in every integer type) and checked for writes after the call. */
#ifndef SOLAR_VERIFY_BUFFER_H
#define SOLAR_VERIFY_BUFFER_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
  unsigned char *block; /* owned mapping: guard page, data pages, guard page */
  size_t blockSize;
  size_t pageSize;
  size_t bytes; /* data bytes */
  void *data;   /* ends at the trailing guard page */
} SolarGuardedBuffer;

/* `init` (bytes long) is copied in; NULL means zero-filled. False (and
 * *buffer empty) when the mapping cannot be made: out of memory or over the
 * address-space limit. */
bool solarGuardedBufferCreate(SolarGuardedBuffer *buffer, size_t bytes,
                              const void *init);
/* False when the function wrote into the slack before the data; *offset is
 * then the (negative) byte offset of the first changed byte. */
bool solarGuardedBufferIntact(const SolarGuardedBuffer *buffer,
                              long long *offset);
/* True when `address` lies in one of the buffer's guard pages or slack;
 * *offset is its byte offset relative to the data start. */
bool solarGuardedBufferContains(const SolarGuardedBuffer *buffer,
                                const void *address, long long *offset);
void solarGuardedBufferDestroy(SolarGuardedBuffer *buffer);

#ifdef __cplusplus
}
#endif

#endif
