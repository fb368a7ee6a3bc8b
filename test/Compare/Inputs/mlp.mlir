func.func @mlp(%x: memref<64x128xf32>, %w: memref<128x256xf32>, %b: memref<256xf32>, %y: memref<64x256xf32>) {
  %t = memref.alloc() : memref<64x256xf32>
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 256 {
      affine.store %zero, %t[%i, %j] : memref<64x256xf32>
      affine.for %k = 0 to 128 {
        %a = affine.load %x[%i, %k] : memref<64x128xf32>
        %bb = affine.load %w[%k, %j] : memref<128x256xf32>
        %c = affine.load %t[%i, %j] : memref<64x256xf32>
        %p = arith.mulf %a, %bb : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %t[%i, %j] : memref<64x256xf32>
      }
    }
  }
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 256 {
      %v = affine.load %t[%i, %j] : memref<64x256xf32>
      %bias = affine.load %b[%j] : memref<256xf32>
      %s = arith.addf %v, %bias : f32
      %r = arith.maximumf %s, %zero : f32
      affine.store %r, %y[%i, %j] : memref<64x256xf32>
    }
  }
  memref.dealloc %t : memref<64x256xf32>
  return
}
