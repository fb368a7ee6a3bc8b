// Causal scaled dot-product attention, batch 2, 4 heads, S = 256, head dim
// 64, f32: q is scaled by 1/sqrt(64), S = q k^T for j <= i, a row softmax
// over j <= i, O = (P v) / rowsum. The causal mask is the loop bound
// j <= i (as a kernel that knows it statically runs it).
#causal = affine_map<(d0) -> (d0 + 1)>
func.func @sdpa(%q: memref<2x4x256x64xf32>, %k: memref<2x4x256x64xf32>,
                %v: memref<2x4x256x64xf32>, %o: memref<2x4x256x64xf32>) {
  %qs = memref.alloc() : memref<2x4x256x64xf32>
  %s = memref.alloc() : memref<2x4x256x256xf32>
  %mx = memref.alloc() : memref<2x4x256xf32>
  %sum = memref.alloc() : memref<2x4x256xf32>
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant -3.4e38 : f32
  %scale = arith.constant 0.125 : f32
  affine.for %b = 0 to 2 {
    affine.for %h = 0 to 4 {
      affine.for %i = 0 to 256 {
        affine.for %d = 0 to 64 {
          %x = affine.load %q[%b, %h, %i, %d] : memref<2x4x256x64xf32>
          %y = arith.mulf %x, %scale : f32
          affine.store %y, %qs[%b, %h, %i, %d] : memref<2x4x256x64xf32>
        }
      }
    }
  }
  affine.for %b = 0 to 2 {
    affine.for %h = 0 to 4 {
      affine.for %i = 0 to 256 {
        affine.for %j = 0 to #causal(%i) {
          affine.store %zero, %s[%b, %h, %i, %j] : memref<2x4x256x256xf32>
          affine.for %d = 0 to 64 {
            %a = affine.load %qs[%b, %h, %i, %d] : memref<2x4x256x64xf32>
            %c = affine.load %k[%b, %h, %j, %d] : memref<2x4x256x64xf32>
            %acc = affine.load %s[%b, %h, %i, %j] : memref<2x4x256x256xf32>
            %p = arith.mulf %a, %c : f32
            %n = arith.addf %acc, %p : f32
            affine.store %n, %s[%b, %h, %i, %j] : memref<2x4x256x256xf32>
          }
        }
      }
    }
  }
  affine.for %b = 0 to 2 {
    affine.for %h = 0 to 4 {
      affine.for %i = 0 to 256 {
        affine.store %ninf, %mx[%b, %h, %i] : memref<2x4x256xf32>
        affine.store %zero, %sum[%b, %h, %i] : memref<2x4x256xf32>
        affine.for %j = 0 to #causal(%i) {
          %x = affine.load %s[%b, %h, %i, %j] : memref<2x4x256x256xf32>
          %m = affine.load %mx[%b, %h, %i] : memref<2x4x256xf32>
          %n = arith.maximumf %m, %x : f32
          affine.store %n, %mx[%b, %h, %i] : memref<2x4x256xf32>
        }
        affine.for %j = 0 to #causal(%i) {
          %x = affine.load %s[%b, %h, %i, %j] : memref<2x4x256x256xf32>
          %m = affine.load %mx[%b, %h, %i] : memref<2x4x256xf32>
          %d = arith.subf %x, %m : f32
          %e = math.exp %d : f32
          affine.store %e, %s[%b, %h, %i, %j] : memref<2x4x256x256xf32>
          %t = affine.load %sum[%b, %h, %i] : memref<2x4x256xf32>
          %u = arith.addf %t, %e : f32
          affine.store %u, %sum[%b, %h, %i] : memref<2x4x256xf32>
        }
      }
    }
  }
  affine.for %b = 0 to 2 {
    affine.for %h = 0 to 4 {
      affine.for %i = 0 to 256 {
        affine.for %c = 0 to 64 {
          affine.store %zero, %o[%b, %h, %i, %c] : memref<2x4x256x64xf32>
          affine.for %j = 0 to #causal(%i) {
            %p = affine.load %s[%b, %h, %i, %j] : memref<2x4x256x256xf32>
            %w = affine.load %v[%b, %h, %j, %c] : memref<2x4x256x64xf32>
            %acc = affine.load %o[%b, %h, %i, %c] : memref<2x4x256x64xf32>
            %m = arith.mulf %p, %w : f32
            %n = arith.addf %acc, %m : f32
            affine.store %n, %o[%b, %h, %i, %c] : memref<2x4x256x64xf32>
          }
          %r = affine.load %o[%b, %h, %i, %c] : memref<2x4x256x64xf32>
          %l = affine.load %sum[%b, %h, %i] : memref<2x4x256xf32>
          %y = arith.divf %r, %l : f32
          affine.store %y, %o[%b, %h, %i, %c] : memref<2x4x256x64xf32>
        }
      }
    }
  }
  memref.dealloc %qs : memref<2x4x256x64xf32>
  memref.dealloc %s : memref<2x4x256x256xf32>
  memref.dealloc %mx : memref<2x4x256xf32>
  memref.dealloc %sum : memref<2x4x256xf32>
  return
}
