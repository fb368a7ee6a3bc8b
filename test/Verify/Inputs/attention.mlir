// Affine translation of attention_torch.py: q, k, v [6, 4]:
// s[i, j] = sum_d q[i, d] * k[j, d] / sqrt(4), p = softmax over j,
// out[i, d] = sum_j p[i, j] * v[j, d]. The probabilities live in a local
// 6x6 buffer.
func.func @attention(%q: memref<6x4xf32>, %k: memref<6x4xf32>, %v: memref<6x4xf32>, %out: memref<6x4xf32>) {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %scale = arith.constant 0.5 : f32
  %p = memref.alloc() : memref<6x6xf32>
  affine.for %i = 0 to 6 {
    affine.for %j = 0 to 6 {
      %dot = affine.for %d = 0 to 4 iter_args(%acc = %zero) -> f32 {
        %qv = affine.load %q[%i, %d] : memref<6x4xf32>
        %kv = affine.load %k[%j, %d] : memref<6x4xf32>
        %m = arith.mulf %qv, %kv : f32
        %s = arith.addf %acc, %m : f32
        affine.yield %s : f32
      }
      %sc = arith.mulf %dot, %scale : f32
      affine.store %sc, %p[%i, %j] : memref<6x6xf32>
    }
    %mx = affine.for %j = 0 to 6 iter_args(%acc = %ninf) -> f32 {
      %sv = affine.load %p[%i, %j] : memref<6x6xf32>
      %n = arith.maximumf %acc, %sv : f32
      affine.yield %n : f32
    }
    %den = affine.for %j = 0 to 6 iter_args(%acc = %zero) -> f32 {
      %sv = affine.load %p[%i, %j] : memref<6x6xf32>
      %d = arith.subf %sv, %mx : f32
      %e = math.exp %d : f32
      affine.store %e, %p[%i, %j] : memref<6x6xf32>
      %n = arith.addf %acc, %e : f32
      affine.yield %n : f32
    }
    affine.for %d = 0 to 4 {
      %o = affine.for %j = 0 to 6 iter_args(%acc = %zero) -> f32 {
        %e = affine.load %p[%i, %j] : memref<6x6xf32>
        %vv = affine.load %v[%j, %d] : memref<6x4xf32>
        %m = arith.mulf %e, %vv : f32
        %s = arith.addf %acc, %m : f32
        affine.yield %s : f32
      }
      %r = arith.divf %o, %den : f32
      affine.store %r, %out[%i, %d] : memref<6x4xf32>
    }
  }
  memref.dealloc %p : memref<6x6xf32>
  return
}
