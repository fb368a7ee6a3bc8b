/* Strided memref descriptors in the layout of MLIR's LLVM lowering
 * (solar/verify/verify_memref_desc.h). */
#include "solar/verify/verify_memref_desc.h"

#include <stdlib.h>
#include <string.h>

/* Field slots, in units of 8 bytes. */
enum { kAllocatedSlot = 0, kAlignedSlot = 1, kOffsetSlot = 2, kSizesSlot = 3 };

size_t solarMemRefDescSize(int64_t rank) {
  return (size_t)(kSizesSlot + 2 * rank) * sizeof(int64_t);
}

static void storeSlot(void *desc, int64_t slot, const void *value) {
  memcpy((char *)desc + slot * 8, value, 8);
}

static int64_t loadInt(const void *desc, int64_t slot) {
  int64_t value;
  memcpy(&value, (const char *)desc + slot * 8, sizeof(value));
  return value;
}

static void *loadPointer(const void *desc, int64_t slot) {
  void *value;
  _Static_assert(sizeof(void *) == 8, "memref descriptors assume 64-bit pointers");
  memcpy(&value, (const char *)desc + slot * 8, sizeof(value));
  return value;
}

void solarMemRefDescInitContiguous(void *desc, int64_t rank, void *data,
                                   const int64_t *sizes) {
  int64_t zero = 0;
  storeSlot(desc, kAllocatedSlot, &data);
  storeSlot(desc, kAlignedSlot, &data);
  storeSlot(desc, kOffsetSlot, &zero);
  int64_t stride = 1;
  for (int64_t d = rank - 1; d >= 0; --d) {
    storeSlot(desc, kSizesSlot + d, &sizes[d]);
    storeSlot(desc, kSizesSlot + rank + d, &stride);
    stride *= sizes[d];
  }
}

void *solarMemRefDescAllocated(const void *desc) {
  return loadPointer(desc, kAllocatedSlot);
}

void *solarMemRefDescAligned(const void *desc) {
  return loadPointer(desc, kAlignedSlot);
}

int64_t solarMemRefDescOffset(const void *desc) {
  return loadInt(desc, kOffsetSlot);
}

int64_t solarMemRefDescSizeAt(const void *desc, int64_t rank, int64_t dim) {
  (void)rank;
  return loadInt(desc, kSizesSlot + dim);
}

int64_t solarMemRefDescStrideAt(const void *desc, int64_t rank, int64_t dim) {
  return loadInt(desc, kSizesSlot + rank + dim);
}

void solarMemRefDescGather(const void *desc, int64_t rank, size_t elemSize,
                           void *dst) {
  const char *base = (const char *)solarMemRefDescAligned(desc) +
                     solarMemRefDescOffset(desc) * (int64_t)elemSize;
  size_t count = 1;
  for (int64_t d = 0; d < rank; ++d)
    count *= (size_t)solarMemRefDescSizeAt(desc, rank, d);
  if (count == 0)
    return;
  size_t dims = rank > 0 ? (size_t)rank : 1;
  int64_t *index = calloc(dims, sizeof(int64_t));
  if (!index)
    abort();
  char *out = dst;
  for (size_t n = 0; n < count; ++n) {
    int64_t linear = 0;
    for (int64_t d = 0; d < rank; ++d)
      linear += index[d] * solarMemRefDescStrideAt(desc, rank, d);
    memcpy(out + n * elemSize, base + linear * (int64_t)elemSize, elemSize);
    /* Odometer increment, last dimension fastest (row-major). */
    for (int64_t d = rank - 1; d >= 0; --d) {
      if (++index[d] < solarMemRefDescSizeAt(desc, rank, d))
        break;
      index[d] = 0;
    }
  }
  free(index);
}
