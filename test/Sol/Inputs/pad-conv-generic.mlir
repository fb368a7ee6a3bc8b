// A shape-generic 1-d convolution with zero padding 1: P[0..len+1] = 0,
// P[1+i] = x[i], then y[o] += P[o + r] * w[r] for o < len, r < 3 (len = the
// length of x, named where it is read).
func.func @pad_conv1d(%x: memref<?xf32>, %w: memref<3xf32>, %y: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %len = memref.dim %x, %c0 : memref<?xf32>
  %padded = affine.apply affine_map<()[s0] -> (s0 + 2)>()[%len]
  %p = memref.alloc(%padded) : memref<?xf32>
  affine.for %i = 0 to affine_map<()[s0] -> (s0 + 2)>()[%len] {
    affine.store %zero, %p[%i] : memref<?xf32>
  }
  affine.for %i = 0 to %len {
    %v = affine.load %x[%i] : memref<?xf32>
    affine.store %v, %p[%i + 1] : memref<?xf32>
  }
  affine.for %o = 0 to %len {
    affine.for %r = 0 to 3 {
      %a = affine.load %p[%o + %r] : memref<?xf32>
      %b = affine.load %w[%r] : memref<3xf32>
      %c = affine.load %y[%o] : memref<?xf32>
      %m = arith.mulf %a, %b : f32
      %s = arith.addf %c, %m : f32
      affine.store %s, %y[%o] : memref<?xf32>
    }
  }
  memref.dealloc %p : memref<?xf32>
  return
}
