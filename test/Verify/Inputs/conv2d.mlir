// Affine translation of conv2d_torch.py: x [2, 2, 5, 5] (NCHW), conv.weight
// [3, 2, 3, 3] (out, in, kh, kw), conv.bias [3], out [2, 3, 5, 5]:
// out[n, o, h, w] = bias[o] + sum_{c, kh, kw} x[n, c, h + kh - 1, w + kw - 1] * W[o, c, kh, kw]
// where the input position lies inside the 5x5 image (padding 1 = zeros).
#inside = affine_set<(h, w, kh, kw) : (h + kh - 1 >= 0, 5 - h - kh >= 0, w + kw - 1 >= 0, 5 - w - kw >= 0)>

func.func @conv2d(%x: memref<2x2x5x5xf32>, %wt: memref<3x2x3x3xf32>, %bias: memref<3xf32>, %out: memref<2x3x5x5xf32>) {
  affine.for %n = 0 to 2 {
    affine.for %o = 0 to 3 {
      affine.for %h = 0 to 5 {
        affine.for %w = 0 to 5 {
          %init = affine.load %bias[%o] : memref<3xf32>
          %acc = affine.for %c = 0 to 2 iter_args(%a0 = %init) -> f32 {
            %a1 = affine.for %kh = 0 to 3 iter_args(%b0 = %a0) -> f32 {
              %a2 = affine.for %kw = 0 to 3 iter_args(%c0 = %b0) -> f32 {
                %r = affine.if #inside(%h, %w, %kh, %kw) -> f32 {
                  %xv = affine.load %x[%n, %c, %h + %kh - 1, %w + %kw - 1] : memref<2x2x5x5xf32>
                  %wv = affine.load %wt[%o, %c, %kh, %kw] : memref<3x2x3x3xf32>
                  %p = arith.mulf %xv, %wv : f32
                  %s = arith.addf %c0, %p : f32
                  affine.yield %s : f32
                } else {
                  affine.yield %c0 : f32
                }
                affine.yield %r : f32
              }
              affine.yield %a2 : f32
            }
            affine.yield %a1 : f32
          }
          affine.store %acc, %out[%n, %o, %h, %w] : memref<2x3x5x5xf32>
        }
      }
    }
  }
  return
}

// Without the padding guard: the border taps read neighbouring rows,
// channels or images (or, at the very start, the bytes before the buffer)
// instead of zeros.
func.func @conv2d_no_padding_guard(%x: memref<2x2x5x5xf32>, %wt: memref<3x2x3x3xf32>, %bias: memref<3xf32>, %out: memref<2x3x5x5xf32>) {
  %flat = memref.reinterpret_cast %x to offset: [0], sizes: [100], strides: [1] : memref<2x2x5x5xf32> to memref<100xf32>
  affine.for %n = 0 to 2 {
    affine.for %o = 0 to 3 {
      affine.for %h = 0 to 5 {
        affine.for %w = 0 to 5 {
          %init = affine.load %bias[%o] : memref<3xf32>
          %acc = affine.for %c = 0 to 2 iter_args(%a0 = %init) -> f32 {
            %a1 = affine.for %kh = 0 to 3 iter_args(%b0 = %a0) -> f32 {
              %a2 = affine.for %kw = 0 to 3 iter_args(%c0 = %b0) -> f32 {
                %xv = affine.load %flat[%n * 50 + %c * 25 + (%h + %kh - 1) * 5 + %w + %kw - 1] : memref<100xf32>
                %wv = affine.load %wt[%o, %c, %kh, %kw] : memref<3x2x3x3xf32>
                %p = arith.mulf %xv, %wv : f32
                %s = arith.addf %c0, %p : f32
                affine.yield %s : f32
              }
              affine.yield %a2 : f32
            }
            affine.yield %a1 : f32
          }
          affine.store %acc, %out[%n, %o, %h, %w] : memref<2x3x5x5xf32>
        }
      }
    }
  }
  return
}
