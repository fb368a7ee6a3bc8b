// Affine translation of conv2d.py: out[n, o, y, x] = bias[o] +
//   sum_{c, ky, kx} in[n, c, y + ky, x + kx] * weight[o, c, ky, kx]
// (4 x 16 x 32 x 32 input, 32 filters of 16 x 3 x 3, output 4 x 32 x 30 x 30).
// MACs: 4 * 32 * 30 * 30 * 16 * 9 = 16588800.
// Arguments: the input x, the parameters conv.weight, conv.bias, then the
// output buffer.
func.func @conv2d(%in: memref<4x16x32x32xf32>, %wt: memref<32x16x3x3xf32>, %bias: memref<32xf32>, %out: memref<4x32x30x30xf32>) {
  affine.for %n = 0 to 4 {
    affine.for %o = 0 to 32 {
      affine.for %y = 0 to 30 {
        affine.for %x = 0 to 30 {
          %b = affine.load %bias[%o] : memref<32xf32>
          %acc = affine.for %c = 0 to 16 iter_args(%s0 = %b) -> f32 {
            %r1 = affine.for %ky = 0 to 3 iter_args(%s1 = %s0) -> f32 {
              %r2 = affine.for %kx = 0 to 3 iter_args(%s2 = %s1) -> f32 {
                %a = affine.load %in[%n, %c, %y + %ky, %x + %kx] : memref<4x16x32x32xf32>
                %w = affine.load %wt[%o, %c, %ky, %kx] : memref<32x16x3x3xf32>
                %p = arith.mulf %a, %w : f32
                %s = arith.addf %s2, %p : f32
                affine.yield %s : f32
              }
              affine.yield %r2 : f32
            }
            affine.yield %r1 : f32
          }
          affine.store %acc, %out[%n, %o, %y, %x] : memref<4x32x30x30xf32>
        }
      }
    }
  }
  return
}
