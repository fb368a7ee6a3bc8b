// Affine translation of softmax_torch.py / softmax_jax.py (4 x 7, rows):
// out[i, j] = exp(x[i, j] - m_i) / sum_j exp(x[i, j] - m_i), m_i = max_j x[i, j]
// (the max is subtracted for range, as the frameworks do).
func.func @softmax(%x: memref<4x7xf32>, %out: memref<4x7xf32>) {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 4 {
    %m = affine.for %j = 0 to 7 iter_args(%mi = %ninf) -> f32 {
      %v = affine.load %x[%i, %j] : memref<4x7xf32>
      %n = arith.maximumf %mi, %v : f32
      affine.yield %n : f32
    }
    %s = affine.for %j = 0 to 7 iter_args(%si = %zero) -> f32 {
      %v = affine.load %x[%i, %j] : memref<4x7xf32>
      %d = arith.subf %v, %m : f32
      %e = math.exp %d : f32
      affine.store %e, %out[%i, %j] : memref<4x7xf32>
      %n = arith.addf %si, %e : f32
      affine.yield %n : f32
    }
    affine.for %j = 0 to 7 {
      %e = affine.load %out[%i, %j] : memref<4x7xf32>
      %r = arith.divf %e, %s : f32
      affine.store %r, %out[%i, %j] : memref<4x7xf32>
    }
  }
  return
}

// Normalized over the columns instead of the rows (the reduction runs
// over the wrong index): each column sums to 1, the rows do not.
func.func @softmax_wrong_axis(%x: memref<4x7xf32>, %out: memref<4x7xf32>) {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  affine.for %j = 0 to 7 {
    %m = affine.for %i = 0 to 4 iter_args(%mi = %ninf) -> f32 {
      %v = affine.load %x[%i, %j] : memref<4x7xf32>
      %n = arith.maximumf %mi, %v : f32
      affine.yield %n : f32
    }
    %s = affine.for %i = 0 to 4 iter_args(%si = %zero) -> f32 {
      %v = affine.load %x[%i, %j] : memref<4x7xf32>
      %d = arith.subf %v, %m : f32
      %e = math.exp %d : f32
      affine.store %e, %out[%i, %j] : memref<4x7xf32>
      %n = arith.addf %si, %e : f32
      affine.yield %n : f32
    }
    affine.for %i = 0 to 4 {
      %e = affine.load %out[%i, %j] : memref<4x7xf32>
      %r = arith.divf %e, %s : f32
      affine.store %r, %out[%i, %j] : memref<4x7xf32>
    }
  }
  return
}
