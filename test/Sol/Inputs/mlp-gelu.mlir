// h = tanh-GELU-like(x W1), y = h W2: a transcendental between two
// contractions, but no reduction of its result: two matmuls, not attention.
func.func @mlp_gelu(%x: memref<64x32xf32>, %w1: memref<32x128xf32>, %w2: memref<128x32xf32>, %y: memref<64x32xf32>) {
  %zero = arith.constant 0.0 : f32
  %h = memref.alloc() : memref<64x128xf32>
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 128 {
      affine.store %zero, %h[%i, %j] : memref<64x128xf32>
      affine.for %k = 0 to 32 {
        %a = affine.load %x[%i, %k] : memref<64x32xf32>
        %b = affine.load %w1[%k, %j] : memref<32x128xf32>
        %c = affine.load %h[%i, %j] : memref<64x128xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %h[%i, %j] : memref<64x128xf32>
      }
    }
  }
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 128 {
      %v = affine.load %h[%i, %j] : memref<64x128xf32>
      %t = math.tanh %v : f32
      affine.store %t, %h[%i, %j] : memref<64x128xf32>
    }
  }
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 32 {
      affine.store %zero, %y[%i, %j] : memref<64x32xf32>
      affine.for %k = 0 to 128 {
        %a = affine.load %h[%i, %k] : memref<64x128xf32>
        %b = affine.load %w2[%k, %j] : memref<128x32xf32>
        %c = affine.load %y[%i, %j] : memref<64x32xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %y[%i, %j] : memref<64x32xf32>
      }
    }
  }
  return
}
