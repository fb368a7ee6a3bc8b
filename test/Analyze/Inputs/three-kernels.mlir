// Three framework ops on 256 fp32 elements (1 KiB each) (test/Analyze/launch-gap.test):
// op "a" (t = 2x) feeds op "b" (y = t + 1); op "c" (z = 3w) is independent.
// Eager runs three kernels a, b, c; fusion makes groups {a, b} and {c}.
func.func @three(%x: memref<256xf32>, %w: memref<256xf32>,
                 %y: memref<256xf32>, %z: memref<256xf32>) {
  %t = memref.alloc() : memref<256xf32>
  %c1 = arith.constant 1.0 : f32
  %c2 = arith.constant 2.0 : f32
  %c3 = arith.constant 3.0 : f32
  affine.for %i = 0 to 256 {
    %v = affine.load %x[%i] : memref<256xf32>
    %r = arith.mulf %v, %c2 : f32
    affine.store %r, %t[%i] : memref<256xf32>
  } {solar.framework_op = "a"}
  affine.for %i = 0 to 256 {
    %v = affine.load %t[%i] : memref<256xf32>
    %r = arith.addf %v, %c1 : f32
    affine.store %r, %y[%i] : memref<256xf32>
  } {solar.framework_op = "b"}
  affine.for %i = 0 to 256 {
    %v = affine.load %w[%i] : memref<256xf32>
    %r = arith.mulf %v, %c3 : f32
    affine.store %r, %z[%i] : memref<256xf32>
  } {solar.framework_op = "c"}
  memref.dealloc %t : memref<256xf32>
  return
}
