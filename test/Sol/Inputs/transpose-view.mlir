// A transpose t = x^T (a pure layout node) read by two groups that capacity
// keeps apart: u = t @ w, z = rowsum(u), y = t * z.
func.func @view(%x: memref<16x32xf32>, %w: memref<16x8xf32>, %y: memref<32x16xf32>) {
  %t = memref.alloc() : memref<32x16xf32>
  %u = memref.alloc() : memref<32x8xf32>
  %z = memref.alloc() : memref<32xf32>
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 32 {
      %v = affine.load %x[%i, %j] : memref<16x32xf32>
      affine.store %v, %t[%j, %i] : memref<32x16xf32>
    }
  }
  affine.for %j = 0 to 32 {
    affine.for %k = 0 to 8 {
      affine.store %zero, %u[%j, %k] : memref<32x8xf32>
      affine.for %i = 0 to 16 {
        %a = affine.load %t[%j, %i] : memref<32x16xf32>
        %b = affine.load %w[%i, %k] : memref<16x8xf32>
        %c = affine.load %u[%j, %k] : memref<32x8xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %u[%j, %k] : memref<32x8xf32>
      }
    }
  }
  affine.for %j = 0 to 32 {
    affine.store %zero, %z[%j] : memref<32xf32>
    affine.for %k = 0 to 8 {
      %a = affine.load %u[%j, %k] : memref<32x8xf32>
      %c = affine.load %z[%j] : memref<32xf32>
      %s = arith.addf %c, %a : f32
      affine.store %s, %z[%j] : memref<32xf32>
    }
  }
  affine.for %j = 0 to 32 {
    affine.for %i = 0 to 16 {
      %a = affine.load %t[%j, %i] : memref<32x16xf32>
      %c = affine.load %z[%j] : memref<32xf32>
      %p = arith.mulf %a, %c : f32
      affine.store %p, %y[%j, %i] : memref<32x16xf32>
    }
  }
  memref.dealloc %t : memref<32x16xf32>
  memref.dealloc %u : memref<32x8xf32>
  memref.dealloc %z : memref<32xf32>
  return
}
