// Affine translation of layernorm.py (4096 x 2048 fp32, eps 1e-5):
//   mean[i] = sum_j x / 2048; rstd[i] = 1 / sqrt(sum_j (x - mean)^2 / 2048 + eps)
//   out[i, j] = (x[i, j] - mean[i]) * rstd[i] * weight[j] + bias[j].
// Arguments: the input x, the parameters ln.weight, ln.bias
// (named_parameters order), then the output buffer.
func.func @layernorm(%x: memref<4096x2048xf32>, %w: memref<2048xf32>, %b: memref<2048xf32>, %out: memref<4096x2048xf32>) {
  %mean = memref.alloc() : memref<4096xf32>
  %rstd = memref.alloc() : memref<4096xf32>
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %inv = arith.constant 4.8828125E-4 : f32
  %eps = arith.constant 1.0E-5 : f32
  affine.for %i = 0 to 4096 {
    %sum = affine.for %j = 0 to 2048 iter_args(%acc = %zero) -> f32 {
      %v = affine.load %x[%i, %j] : memref<4096x2048xf32>
      %n = arith.addf %acc, %v : f32
      affine.yield %n : f32
    }
    %mu = arith.mulf %sum, %inv : f32
    affine.store %mu, %mean[%i] : memref<4096xf32>
  }
  affine.for %i = 0 to 4096 {
    %sq = affine.for %j = 0 to 2048 iter_args(%acc = %zero) -> f32 {
      %v = affine.load %x[%i, %j] : memref<4096x2048xf32>
      %mu = affine.load %mean[%i] : memref<4096xf32>
      %d = arith.subf %v, %mu : f32
      %d2 = arith.mulf %d, %d : f32
      %n = arith.addf %acc, %d2 : f32
      affine.yield %n : f32
    }
    %var = arith.mulf %sq, %inv : f32
    %ve = arith.addf %var, %eps : f32
    %sd = math.sqrt %ve : f32
    %r = arith.divf %one, %sd : f32
    affine.store %r, %rstd[%i] : memref<4096xf32>
  }
  affine.for %i = 0 to 4096 {
    affine.for %j = 0 to 2048 {
      %v = affine.load %x[%i, %j] : memref<4096x2048xf32>
      %mu = affine.load %mean[%i] : memref<4096xf32>
      %r = affine.load %rstd[%i] : memref<4096xf32>
      %wj = affine.load %w[%j] : memref<2048xf32>
      %bj = affine.load %b[%j] : memref<2048xf32>
      %d = arith.subf %v, %mu : f32
      %n = arith.mulf %d, %r : f32
      %s = arith.mulf %n, %wj : f32
      %y = arith.addf %s, %bj : f32
      affine.store %y, %out[%i, %j] : memref<4096x2048xf32>
    }
  }
  memref.dealloc %mean : memref<4096xf32>
  memref.dealloc %rstd : memref<4096xf32>
  return
}
