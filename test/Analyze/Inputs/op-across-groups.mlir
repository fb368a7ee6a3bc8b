// One framework op whose nodes fall in two fusion groups
// (test/Analyze/kernel-components.test). Op "a" lowers to C = A @ B (its
// zero fill and a K = 2 contraction) and, after op "b"'s D = W @ C (zero
// fill and contraction over C's rows), to E = D + 1 broadcast over a last
// axis of 512. C (1024x512 fp32, 2 MiB) is more than the 1 MiB on chip of
// test/Compare/Inputs/round.yaml, and D's contraction reads all of it for
// every row l, so C's producer and consumer do not fuse; E, an epilogue of
// D, fuses with it. The groups are {C} and {D, E}, while the eager
// framework runs op "a" (C and E) as one kernel spanning both.
func.func @across(%a: memref<1024x2xf32>, %b: memref<2x512xf32>,
                  %w: memref<2x1024xf32>, %e: memref<2x512x512xf32>) {
  %c = memref.alloc() : memref<1024x512xf32>
  %d = memref.alloc() : memref<2x512xf32>
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  affine.for %i = 0 to 1024 {
    affine.for %j = 0 to 512 {
      affine.store %zero, %c[%i, %j] : memref<1024x512xf32>
      affine.for %k = 0 to 2 {
        %x = affine.load %a[%i, %k] : memref<1024x2xf32>
        %y = affine.load %b[%k, %j] : memref<2x512xf32>
        %s = affine.load %c[%i, %j] : memref<1024x512xf32>
        %p = arith.mulf %x, %y : f32
        %q = arith.addf %s, %p : f32
        affine.store %q, %c[%i, %j] : memref<1024x512xf32>
      }
    }
  } {solar.framework_op = "a"}
  affine.for %l = 0 to 2 {
    affine.for %j = 0 to 512 {
      affine.store %zero, %d[%l, %j] : memref<2x512xf32>
      affine.for %i = 0 to 1024 {
        %x = affine.load %w[%l, %i] : memref<2x1024xf32>
        %y = affine.load %c[%i, %j] : memref<1024x512xf32>
        %s = affine.load %d[%l, %j] : memref<2x512xf32>
        %p = arith.mulf %x, %y : f32
        %q = arith.addf %s, %p : f32
        affine.store %q, %d[%l, %j] : memref<2x512xf32>
      }
    }
  } {solar.framework_op = "b"}
  affine.for %l = 0 to 2 {
    affine.for %j = 0 to 512 {
      affine.for %m = 0 to 512 {
        %v = affine.load %d[%l, %j] : memref<2x512xf32>
        %r = arith.addf %v, %one : f32
        affine.store %r, %e[%l, %j, %m] : memref<2x512x512xf32>
      }
    }
  } {solar.framework_op = "a"}
  memref.dealloc %c : memref<1024x512xf32>
  memref.dealloc %d : memref<2x512xf32>
  return
}
