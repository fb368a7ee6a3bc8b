// Views read only in part (test/Sol/partial-view.mlir derives the figures).
// No solar.framework_op: the fused, cache-aware and ideal fidelities alone.

// y[j] = sum over i < 8 of x.t()[i, j], x 64 x 256: t = x^T is 256 x 64,
// the slice keeps its first 8 rows; only x[j, i], i < 8, are ever used.
func.func @transpose_slice_sum(%x: memref<64x256xf32>, %y: memref<64xf32>) {
  %t = memref.alloc() : memref<256x64xf32>
  %s = memref.alloc() : memref<8x64xf32>
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 256 {
      %v = affine.load %x[%i, %j] : memref<64x256xf32>
      affine.store %v, %t[%j, %i] : memref<256x64xf32>
    }
  }
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 64 {
      %v = affine.load %t[%i, %j] : memref<256x64xf32>
      affine.store %v, %s[%i, %j] : memref<8x64xf32>
    }
  }
  affine.for %j = 0 to 64 {
    affine.store %zero, %y[%j] : memref<64xf32>
    affine.for %i = 0 to 8 {
      %a = affine.load %s[%i, %j] : memref<8x64xf32>
      %b = affine.load %y[%j] : memref<64xf32>
      %c = arith.addf %b, %a : f32
      affine.store %c, %y[%j] : memref<64xf32>
    }
  }
  memref.dealloc %s : memref<8x64xf32>
  memref.dealloc %t : memref<256x64xf32>
  return
}

// Two overlapping slices of one transpose: y sums rows 0..7 of x.t(),
// z rows 4..11; x's columns 0..11 are used, each element once.
func.func @two_slices(%x: memref<64x256xf32>, %y: memref<64xf32>,
                      %z: memref<64xf32>) {
  %t = memref.alloc() : memref<256x64xf32>
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 256 {
      %v = affine.load %x[%i, %j] : memref<64x256xf32>
      affine.store %v, %t[%j, %i] : memref<256x64xf32>
    }
  }
  affine.for %j = 0 to 64 {
    affine.store %zero, %y[%j] : memref<64xf32>
    affine.for %i = 0 to 8 {
      %a = affine.load %t[%i, %j] : memref<256x64xf32>
      %b = affine.load %y[%j] : memref<64xf32>
      %c = arith.addf %b, %a : f32
      affine.store %c, %y[%j] : memref<64xf32>
    }
  }
  affine.for %j = 0 to 64 {
    affine.store %zero, %z[%j] : memref<64xf32>
    affine.for %i = 4 to 12 {
      %a = affine.load %t[%i, %j] : memref<256x64xf32>
      %b = affine.load %z[%j] : memref<64xf32>
      %c = arith.addf %b, %a : f32
      affine.store %c, %z[%j] : memref<64xf32>
    }
  }
  memref.dealloc %t : memref<256x64xf32>
  return
}
