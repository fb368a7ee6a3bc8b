// C += A*B (64x16 * 16x32, f32) and y = 2*x over 1024 f32 elements.
func.func @matmul(%A: memref<64x16xf32>, %B: memref<16x32xf32>, %C: memref<64x32xf32>) {
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 32 {
      affine.for %k = 0 to 16 {
        %a = affine.load %A[%i, %k] : memref<64x16xf32>
        %b = affine.load %B[%k, %j] : memref<16x32xf32>
        %c = affine.load %C[%i, %j] : memref<64x32xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<64x32xf32>
      }
    }
  }
  return
}

func.func @scale(%x: memref<1024xf32>, %y: memref<1024xf32>) {
  %two = arith.constant 2.0 : f32
  affine.for %i = 0 to 1024 {
    %v = affine.load %x[%i] : memref<1024xf32>
    %s = arith.mulf %v, %two : f32
    affine.store %s, %y[%i] : memref<1024xf32>
  }
  return
}
