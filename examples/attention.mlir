// Affine translation of attention.py (SEQ 256, D 64):
//   S[i, j] = (sum_d q[i, d] * k[j, d]) * 0.125          (1/sqrt(64))
//   m[i] = max_j S; l[i] = sum_j exp(S - m); P = exp(S - m) / l
//   out[i, d] = sum_j P[i, j] * v[j, d]
// MACs: 2 * 256 * 256 * 64 = 8388608.
// Arguments: the inputs q, k, v, then the output buffer.
func.func @attention(%q: memref<256x64xf32>, %k: memref<256x64xf32>, %v: memref<256x64xf32>, %out: memref<256x64xf32>) {
  %S = memref.alloc() : memref<256x256xf32>
  %P = memref.alloc() : memref<256x256xf32>
  %m = memref.alloc() : memref<256xf32>
  %l = memref.alloc() : memref<256xf32>
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %scale = arith.constant 0.125 : f32
  affine.for %i = 0 to 256 {
    affine.for %j = 0 to 256 {
      %acc = affine.for %d = 0 to 64 iter_args(%s = %zero) -> f32 {
        %a = affine.load %q[%i, %d] : memref<256x64xf32>
        %b = affine.load %k[%j, %d] : memref<256x64xf32>
        %p = arith.mulf %a, %b : f32
        %t = arith.addf %s, %p : f32
        affine.yield %t : f32
      }
      %sc = arith.mulf %acc, %scale : f32
      affine.store %sc, %S[%i, %j] : memref<256x256xf32>
    }
  }
  affine.for %i = 0 to 256 {
    %mx = affine.for %j = 0 to 256 iter_args(%a = %ninf) -> f32 {
      %x = affine.load %S[%i, %j] : memref<256x256xf32>
      %n = arith.maximumf %a, %x : f32
      affine.yield %n : f32
    }
    affine.store %mx, %m[%i] : memref<256xf32>
  }
  affine.for %i = 0 to 256 {
    %sum = affine.for %j = 0 to 256 iter_args(%a = %zero) -> f32 {
      %x = affine.load %S[%i, %j] : memref<256x256xf32>
      %mi = affine.load %m[%i] : memref<256xf32>
      %d = arith.subf %x, %mi : f32
      %e = math.exp %d : f32
      %n = arith.addf %a, %e : f32
      affine.yield %n : f32
    }
    affine.store %sum, %l[%i] : memref<256xf32>
  }
  affine.for %i = 0 to 256 {
    affine.for %j = 0 to 256 {
      %x = affine.load %S[%i, %j] : memref<256x256xf32>
      %mi = affine.load %m[%i] : memref<256xf32>
      %li = affine.load %l[%i] : memref<256xf32>
      %d = arith.subf %x, %mi : f32
      %e = math.exp %d : f32
      %p = arith.divf %e, %li : f32
      affine.store %p, %P[%i, %j] : memref<256x256xf32>
    }
  }
  affine.for %i = 0 to 256 {
    affine.for %d = 0 to 64 {
      %acc = affine.for %j = 0 to 256 iter_args(%s = %zero) -> f32 {
        %a = affine.load %P[%i, %j] : memref<256x256xf32>
        %b = affine.load %v[%j, %d] : memref<256x64xf32>
        %p = arith.mulf %a, %b : f32
        %t = arith.addf %s, %p : f32
        affine.yield %t : f32
      }
      affine.store %acc, %out[%i, %d] : memref<256x64xf32>
    }
  }
  memref.dealloc %S : memref<256x256xf32>
  memref.dealloc %P : memref<256x256xf32>
  memref.dealloc %m : memref<256xf32>
  memref.dealloc %l : memref<256xf32>
  return
}
