// A 3x3 convolution (4 -> 8 channels, 8x8 output, input pre-padded to
// 10x10) followed by a LayerNorm over the channels of each pixel and a GELU
// (erf form), f32.
func.func @conv_ln_gelu(%x: memref<4x10x10xf32>, %w: memref<8x4x3x3xf32>,
                        %y: memref<8x8x8xf32>) {
  %c = memref.alloc() : memref<8x8x8xf32>
  %mean = memref.alloc() : memref<8x8xf32>
  %var = memref.alloc() : memref<8x8xf32>
  %zero = arith.constant 0.0 : f32
  %eighth = arith.constant 0.125 : f32
  %eps = arith.constant 1.0e-5 : f32
  %half = arith.constant 0.5 : f32
  %one = arith.constant 1.0 : f32
  %rsqrt2 = arith.constant 0.70710678 : f32
  // conv: c[o, h, w] = sum_{i, r, s} x[i, h + r, w + s] * w[o, i, r, s]
  affine.for %o = 0 to 8 {
    affine.for %h = 0 to 8 {
      affine.for %v = 0 to 8 {
        affine.store %zero, %c[%o, %h, %v] : memref<8x8x8xf32>
        affine.for %i = 0 to 4 {
          affine.for %r = 0 to 3 {
            affine.for %s = 0 to 3 {
              %a = affine.load %x[%i, %h + %r, %v + %s] : memref<4x10x10xf32>
              %b = affine.load %w[%o, %i, %r, %s] : memref<8x4x3x3xf32>
              %acc = affine.load %c[%o, %h, %v] : memref<8x8x8xf32>
              %p = arith.mulf %a, %b : f32
              %n = arith.addf %acc, %p : f32
              affine.store %n, %c[%o, %h, %v] : memref<8x8x8xf32>
            }
          }
        }
      }
    }
  }
  // LayerNorm over o: mean, biased variance, normalize; then GELU.
  affine.for %h = 0 to 8 {
    affine.for %v = 0 to 8 {
      affine.store %zero, %mean[%h, %v] : memref<8x8xf32>
      affine.for %o = 0 to 8 {
        %t = affine.load %c[%o, %h, %v] : memref<8x8x8xf32>
        %m = affine.load %mean[%h, %v] : memref<8x8xf32>
        %n = arith.addf %m, %t : f32
        affine.store %n, %mean[%h, %v] : memref<8x8xf32>
      }
      %sm = affine.load %mean[%h, %v] : memref<8x8xf32>
      %mu = arith.mulf %sm, %eighth : f32
      affine.store %mu, %mean[%h, %v] : memref<8x8xf32>
      affine.store %zero, %var[%h, %v] : memref<8x8xf32>
      affine.for %o = 0 to 8 {
        %t = affine.load %c[%o, %h, %v] : memref<8x8x8xf32>
        %m = affine.load %mean[%h, %v] : memref<8x8xf32>
        %d = arith.subf %t, %m : f32
        %acc = affine.load %var[%h, %v] : memref<8x8xf32>
        %sq = arith.mulf %d, %d : f32
        %n = arith.addf %acc, %sq : f32
        affine.store %n, %var[%h, %v] : memref<8x8xf32>
      }
      affine.for %o = 0 to 8 {
        %t = affine.load %c[%o, %h, %v] : memref<8x8x8xf32>
        %m = affine.load %mean[%h, %v] : memref<8x8xf32>
        %sv = affine.load %var[%h, %v] : memref<8x8xf32>
        %vv = arith.mulf %sv, %eighth : f32
        %ve = arith.addf %vv, %eps : f32
        %rs = math.rsqrt %ve : f32
        %d = arith.subf %t, %m : f32
        %nrm = arith.mulf %d, %rs : f32
        %z = arith.mulf %nrm, %rsqrt2 : f32
        %e = math.erf %z : f32
        %e1 = arith.addf %e, %one : f32
        %hx = arith.mulf %nrm, %half : f32
        %g = arith.mulf %hx, %e1 : f32
        affine.store %g, %y[%o, %h, %v] : memref<8x8x8xf32>
      }
    }
  }
  memref.dealloc %c : memref<8x8x8xf32>
  memref.dealloc %mean : memref<8x8xf32>
  memref.dealloc %var : memref<8x8xf32>
  return
}
