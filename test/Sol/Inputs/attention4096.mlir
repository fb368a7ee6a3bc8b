// Single-head attention, N=4096 tokens, head dim 64, f32 storage:
// S = Q K^T, P = softmax(S) by rows, O = P V.
func.func @attention(%q: memref<4096x64xf32>, %k: memref<4096x64xf32>, %v: memref<4096x64xf32>, %o: memref<4096x64xf32>) {
  %s = memref.alloc() : memref<4096x4096xf32>
  %mx = memref.alloc() : memref<4096xf32>
  %sum = memref.alloc() : memref<4096xf32>
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant -3.4e38 : f32
  affine.for %i = 0 to 4096 {
    affine.for %j = 0 to 4096 {
      affine.store %zero, %s[%i, %j] : memref<4096x4096xf32>
      affine.for %c = 0 to 64 {
        %a = affine.load %q[%i, %c] : memref<4096x64xf32>
        %b = affine.load %k[%j, %c] : memref<4096x64xf32>
        %acc = affine.load %s[%i, %j] : memref<4096x4096xf32>
        %p = arith.mulf %a, %b : f32
        %n = arith.addf %acc, %p : f32
        affine.store %n, %s[%i, %j] : memref<4096x4096xf32>
      }
    }
  }
  affine.for %i = 0 to 4096 {
    affine.store %ninf, %mx[%i] : memref<4096xf32>
    affine.store %zero, %sum[%i] : memref<4096xf32>
    affine.for %j = 0 to 4096 {
      %x = affine.load %s[%i, %j] : memref<4096x4096xf32>
      %m = affine.load %mx[%i] : memref<4096xf32>
      %n = arith.maximumf %m, %x : f32
      affine.store %n, %mx[%i] : memref<4096xf32>
    }
    affine.for %j = 0 to 4096 {
      %x = affine.load %s[%i, %j] : memref<4096x4096xf32>
      %m = affine.load %mx[%i] : memref<4096xf32>
      %d = arith.subf %x, %m : f32
      %e = math.exp %d : f32
      affine.store %e, %s[%i, %j] : memref<4096x4096xf32>
      %t = affine.load %sum[%i] : memref<4096xf32>
      %u = arith.addf %t, %e : f32
      affine.store %u, %sum[%i] : memref<4096xf32>
    }
    affine.for %j = 0 to 4096 {
      %e = affine.load %s[%i, %j] : memref<4096x4096xf32>
      %l = affine.load %sum[%i] : memref<4096xf32>
      %w = arith.divf %e, %l : f32
      affine.store %w, %s[%i, %j] : memref<4096x4096xf32>
    }
  }
  affine.for %i = 0 to 4096 {
    affine.for %c = 0 to 64 {
      affine.store %zero, %o[%i, %c] : memref<4096x64xf32>
      affine.for %j = 0 to 4096 {
        %w = affine.load %s[%i, %j] : memref<4096x4096xf32>
        %vv = affine.load %v[%j, %c] : memref<4096x64xf32>
        %acc = affine.load %o[%i, %c] : memref<4096x64xf32>
        %p = arith.mulf %w, %vv : f32
        %n = arith.addf %acc, %p : f32
        affine.store %n, %o[%i, %c] : memref<4096x64xf32>
      }
    }
  }
  memref.dealloc %s : memref<4096x4096xf32>
  memref.dealloc %mx : memref<4096xf32>
  memref.dealloc %sum : memref<4096xf32>
  return
}
