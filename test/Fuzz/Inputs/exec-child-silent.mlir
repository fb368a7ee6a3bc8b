func.func @large_alloc(%x: memref<6xf32>, %alpha: f32, %out: memref<6xf32>) {
  %big = memref.alloc() : memref<100663296xf32>
  affine.for %i = 0 to 100663296 {
    affine.store %alpha, %big[%i] : memref<100663296xf32>
  }
  affine.for %i = 0 to 6 {
    %v = affine.load %x[%i] : memref<6xf32>
    %w = affine.load %big[%i * 16777216] : memref<100663296xf32>
    %p = arith.mulf %w, %v : f32
    affine.store %p, %out[%i] : memref<6xf32>
  }
  memref.dealloc %big : memref<100663296xf32>
  return
}
