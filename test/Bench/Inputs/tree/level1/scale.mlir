// An .mlir without a program beside it: analyzed SOL-only.
// y = 2 * x over 1024 fp32: 1024 muls; bytes 4096 + 4096 = 8192.
func.func @scale(%x: memref<1024xf32>, %y: memref<1024xf32>) {
  %two = arith.constant 2.0 : f32
  affine.for %i = 0 to 1024 {
    %v = affine.load %x[%i] : memref<1024xf32>
    %s = arith.mulf %v, %two : f32
    affine.store %s, %y[%i] : memref<1024xf32>
  }
  return
}
