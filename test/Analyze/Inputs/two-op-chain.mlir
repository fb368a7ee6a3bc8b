// Two framework ops on 524288 fp32 elements (2 MiB each, more than the
// 1 MiB L2 of test/Compare/Inputs/round.yaml holds) (test/Analyze/kernel-savings.test):
// op "a" lowers to two nests (t = 2x, y = t + 1), op "b" to one (z = 3y).
// The eager framework runs two kernels; the three nests fuse into one group.
func.func @chain(%x: memref<524288xf32>, %z: memref<524288xf32>) {
  %t = memref.alloc() : memref<524288xf32>
  %y = memref.alloc() : memref<524288xf32>
  %c1 = arith.constant 1.0 : f32
  %c2 = arith.constant 2.0 : f32
  %c3 = arith.constant 3.0 : f32
  affine.for %i = 0 to 524288 {
    %v = affine.load %x[%i] : memref<524288xf32>
    %w = arith.mulf %v, %c2 : f32
    affine.store %w, %t[%i] : memref<524288xf32>
  } {solar.framework_op = "a"}
  affine.for %i = 0 to 524288 {
    %v = affine.load %t[%i] : memref<524288xf32>
    %w = arith.addf %v, %c1 : f32
    affine.store %w, %y[%i] : memref<524288xf32>
  } {solar.framework_op = "a"}
  affine.for %i = 0 to 524288 {
    %v = affine.load %y[%i] : memref<524288xf32>
    %w = arith.mulf %v, %c3 : f32
    affine.store %w, %z[%i] : memref<524288xf32>
  } {solar.framework_op = "b"}
  memref.dealloc %t : memref<524288xf32>
  memref.dealloc %y : memref<524288xf32>
  return
}
