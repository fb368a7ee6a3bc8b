// Affine translation of jax_tanh_matmul.py: out[m, n] = tanh(sum_k
// x[m, k] * y[k, n]) + 1, returned as a new memref.
func.func @tanh_matmul(%x: memref<6x5xf32>, %y: memref<5x3xf32>) -> memref<6x3xf32> {
  %out = memref.alloc() : memref<6x3xf32>
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  affine.for %m = 0 to 6 {
    affine.for %n = 0 to 3 {
      %acc = affine.for %k = 0 to 5 iter_args(%sum = %zero) -> f32 {
        %a = affine.load %x[%m, %k] : memref<6x5xf32>
        %b = affine.load %y[%k, %n] : memref<5x3xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %sum, %p : f32
        affine.yield %s : f32
      }
      %t = math.tanh %acc : f32
      %r = arith.addf %t, %one : f32
      affine.store %r, %out[%m, %n] : memref<6x3xf32>
    }
  }
  return %out : memref<6x3xf32>
}

// sigmoid instead of tanh: wrong almost everywhere.
func.func @sigmoid_matmul(%x: memref<6x5xf32>, %y: memref<5x3xf32>) -> memref<6x3xf32> {
  %out = memref.alloc() : memref<6x3xf32>
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  affine.for %m = 0 to 6 {
    affine.for %n = 0 to 3 {
      %acc = affine.for %k = 0 to 5 iter_args(%sum = %zero) -> f32 {
        %a = affine.load %x[%m, %k] : memref<6x5xf32>
        %b = affine.load %y[%k, %n] : memref<5x3xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %sum, %p : f32
        affine.yield %s : f32
      }
      %neg = arith.negf %acc : f32
      %e = math.exp %neg : f32
      %d = arith.addf %one, %e : f32
      %r = arith.divf %one, %d : f32
      affine.store %r, %out[%m, %n] : memref<6x3xf32>
    }
  }
  return %out : memref<6x3xf32>
}
