/* Strided memref descriptors in the layout that MLIR's LLVM lowering uses
 * and that `_mlir_ciface_` wrappers take by pointer:
 *
 *   struct { T *allocated; T *aligned; int64_t offset;
 *            int64_t sizes[rank]; int64_t strides[rank]; }
 *
 * Every field is 8 bytes wide, so the struct has no padding. Descriptors are
 * handled as raw storage because returned ones sit inside a result struct
 * that this code does not declare. */
#ifndef SOLAR_VERIFY_MEMREF_DESC_H
#define SOLAR_VERIFY_MEMREF_DESC_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Bytes of a rank-`rank` descriptor (alignment is 8). */
size_t solarMemRefDescSize(int64_t rank);

/* Fills a descriptor for a row-major contiguous buffer starting at `data`
 * (allocated == aligned == data, offset 0). */
void solarMemRefDescInitContiguous(void *desc, int64_t rank, void *data,
                                   const int64_t *sizes);

void *solarMemRefDescAllocated(const void *desc);
void *solarMemRefDescAligned(const void *desc);
int64_t solarMemRefDescOffset(const void *desc);
int64_t solarMemRefDescSizeAt(const void *desc, int64_t rank, int64_t dim);
int64_t solarMemRefDescStrideAt(const void *desc, int64_t rank, int64_t dim);

/* Copies the elements the descriptor views (any strides) into `dst` in
 * row-major order. */
void solarMemRefDescGather(const void *desc, int64_t rank, size_t elemSize,
                           void *dst);

#ifdef __cplusplus
}
#endif

#endif
