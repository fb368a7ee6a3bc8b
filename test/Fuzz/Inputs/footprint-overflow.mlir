func.func @bmm(%A: memref<4x8x16xf32>, %B: memref<4x16x32xf32>, %C: memref<4x8x32xf32>) {
  affine.for %b = 0 to 4 {
    affine.for %i = 0 to 9223372036854775807 {
      affine.for %j = 0 to 32 {
        affine.for %k = 0 to 16 {
          %x = affine.load %A[%b, %i, %k] : memref<4x8x16xf32>
          %y = affine.load %B[%b, %k, %j] : memref<4x16x32xf32>
          %c = affine.load %C[%b, %i, %j] : memref<4x8x32xf32>
          %p = arith.mulf %x, %y : f32
          %s = arith.addf %c, %p : f32
          affine.store %s, %C[%b, %i, %j] : memref<4x8x32xf32>
        }
      }
    }
  }
  return
}
