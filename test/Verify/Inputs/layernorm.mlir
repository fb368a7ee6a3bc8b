// Affine translation of layernorm_torch.py: x [4, 8], ln.weight [8],
// ln.bias [8]: mean_i = sum_j x[i, j] / 8, var_i = sum_j (x[i, j] - mean_i)^2 / 8
// (biased, as torch), out[i, j] = (x[i, j] - mean_i) / sqrt(var_i + 1e-5) * w[j] + b[j].
func.func @layernorm(%x: memref<4x8xf32>, %w: memref<8xf32>, %b: memref<8xf32>, %out: memref<4x8xf32>) {
  %zero = arith.constant 0.0 : f32
  %n = arith.constant 8.0 : f32
  %eps = arith.constant 1.0e-5 : f32
  affine.for %i = 0 to 4 {
    %sum = affine.for %j = 0 to 8 iter_args(%s = %zero) -> f32 {
      %v = affine.load %x[%i, %j] : memref<4x8xf32>
      %t = arith.addf %s, %v : f32
      affine.yield %t : f32
    }
    %mean = arith.divf %sum, %n : f32
    %sq = affine.for %j = 0 to 8 iter_args(%s = %zero) -> f32 {
      %v = affine.load %x[%i, %j] : memref<4x8xf32>
      %d = arith.subf %v, %mean : f32
      %d2 = arith.mulf %d, %d : f32
      %t = arith.addf %s, %d2 : f32
      affine.yield %t : f32
    }
    %var = arith.divf %sq, %n : f32
    %ve = arith.addf %var, %eps : f32
    %std = math.sqrt %ve : f32
    affine.for %j = 0 to 8 {
      %v = affine.load %x[%i, %j] : memref<4x8xf32>
      %d = arith.subf %v, %mean : f32
      %nrm = arith.divf %d, %std : f32
      %wv = affine.load %w[%j] : memref<8xf32>
      %bv = affine.load %b[%j] : memref<8xf32>
      %y0 = arith.mulf %nrm, %wv : f32
      %y = arith.addf %y0, %bv : f32
      affine.store %y, %out[%i, %j] : memref<4x8xf32>
    }
  }
  return
}
