// Affine translation of flax_dense.py. Flax variables follow the inputs in
// sorted-path order: params/Dense_0/bias [3], then params/Dense_0/kernel
// [8, 3] (Flax stores the kernel as in x out).
func.func @dense_relu(%x: memref<?x8xf32>, %bias: memref<3xf32>, %kernel: memref<8x3xf32>, %out: memref<?x3xf32>) {
  %c0 = arith.constant 0 : index
  %batch = memref.dim %x, %c0 : memref<?x8xf32>
  %zero = arith.constant 0.0 : f32
  affine.for %b = 0 to %batch {
    affine.for %f = 0 to 3 {
      %init = affine.load %bias[%f] : memref<3xf32>
      %acc = affine.for %i = 0 to 8 iter_args(%sum = %init) -> f32 {
        %xv = affine.load %x[%b, %i] : memref<?x8xf32>
        %kv = affine.load %kernel[%i, %f] : memref<8x3xf32>
        %p = arith.mulf %xv, %kv : f32
        %s = arith.addf %sum, %p : f32
        affine.yield %s : f32
      }
      %r = arith.maximumf %acc, %zero : f32
      affine.store %r, %out[%b, %f] : memref<?x3xf32>
    }
  }
  return
}
