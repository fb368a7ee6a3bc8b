// Affine translation of softmax.py (4096 x 2048 fp32, last dimension):
//   m[i] = max_j x[i, j]; s[i] = sum_j exp(x[i, j] - m[i]);
//   out[i, j] = exp(x[i, j] - m[i]) / s[i].
// The exponentials are recomputed in the last loop instead of stored, so
// the three nodes read x three times and write only the output.
// Arguments: the input x, then the output buffer.
func.func @softmax(%x: memref<4096x2048xf32>, %out: memref<4096x2048xf32>) {
  %m = memref.alloc() : memref<4096xf32>
  %s = memref.alloc() : memref<4096xf32>
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 4096 {
    %mx = affine.for %j = 0 to 2048 iter_args(%acc = %ninf) -> f32 {
      %v = affine.load %x[%i, %j] : memref<4096x2048xf32>
      %n = arith.maximumf %acc, %v : f32
      affine.yield %n : f32
    }
    affine.store %mx, %m[%i] : memref<4096xf32>
  }
  affine.for %i = 0 to 4096 {
    %sum = affine.for %j = 0 to 2048 iter_args(%acc = %zero) -> f32 {
      %v = affine.load %x[%i, %j] : memref<4096x2048xf32>
      %mi = affine.load %m[%i] : memref<4096xf32>
      %d = arith.subf %v, %mi : f32
      %e = math.exp %d : f32
      %n = arith.addf %acc, %e : f32
      affine.yield %n : f32
    }
    affine.store %sum, %s[%i] : memref<4096xf32>
  }
  affine.for %i = 0 to 4096 {
    affine.for %j = 0 to 2048 {
      %v = affine.load %x[%i, %j] : memref<4096x2048xf32>
      %mi = affine.load %m[%i] : memref<4096xf32>
      %si = affine.load %s[%i] : memref<4096xf32>
      %d = arith.subf %v, %mi : f32
      %e = math.exp %d : f32
      %r = arith.divf %e, %si : f32
      affine.store %r, %out[%i, %j] : memref<4096x2048xf32>
    }
  }
  memref.dealloc %m : memref<4096xf32>
  memref.dealloc %s : memref<4096xf32>
  return
}
