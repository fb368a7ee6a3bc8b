// y = (x @ w) @ v: the intermediate t feeds a contraction, so a fused group
// holding both matmuls needs t on chip (one 32-float row at a time).
func.func @chain(%x: memref<8x16xf32>, %w: memref<16x32xf32>, %v: memref<32x4xf32>, %y: memref<8x4xf32>) {
  %t = memref.alloc() : memref<8x32xf32>
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 32 {
      affine.store %zero, %t[%i, %j] : memref<8x32xf32>
      affine.for %k = 0 to 16 {
        %a = affine.load %x[%i, %k] : memref<8x16xf32>
        %b = affine.load %w[%k, %j] : memref<16x32xf32>
        %c = affine.load %t[%i, %j] : memref<8x32xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %t[%i, %j] : memref<8x32xf32>
      }
    }
  }
  affine.for %i = 0 to 8 {
    affine.for %n = 0 to 4 {
      affine.store %zero, %y[%i, %n] : memref<8x4xf32>
      affine.for %k = 0 to 32 {
        %a = affine.load %t[%i, %k] : memref<8x32xf32>
        %b = affine.load %v[%k, %n] : memref<32x4xf32>
        %c = affine.load %y[%i, %n] : memref<8x4xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %y[%i, %n] : memref<8x4xf32>
      }
    }
  }
  memref.dealloc %t : memref<8x32xf32>
  return
}
