// 3x3 convolution, stride 1, no padding: x 8x64x58x58 (NCHW), w 128x64x3x3,
// y 8x128x56x56.
func.func @conv(%x: memref<8x64x58x58xf32>, %w: memref<128x64x3x3xf32>, %y: memref<8x128x56x56xf32>) {
  %zero = arith.constant 0.0 : f32
  affine.for %b = 0 to 8 {
    affine.for %o = 0 to 128 {
      affine.for %p = 0 to 56 {
        affine.for %q = 0 to 56 {
          affine.store %zero, %y[%b, %o, %p, %q] : memref<8x128x56x56xf32>
          affine.for %c = 0 to 64 {
            affine.for %r = 0 to 3 {
              affine.for %s = 0 to 3 {
                %xv = affine.load %x[%b, %c, %p + %r, %q + %s] : memref<8x64x58x58xf32>
                %wv = affine.load %w[%o, %c, %r, %s] : memref<128x64x3x3xf32>
                %acc = affine.load %y[%b, %o, %p, %q] : memref<8x128x56x56xf32>
                %m = arith.mulf %xv, %wv : f32
                %n = arith.addf %acc, %m : f32
                affine.store %n, %y[%b, %o, %p, %q] : memref<8x128x56x56xf32>
              }
            }
          }
        }
      }
    }
  }
  return
}
