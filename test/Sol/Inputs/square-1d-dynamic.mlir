// y[i] = x[i]^2 for i < dim(y): x must have at least as many elements as y.
func.func @scale(%x: memref<?xf32>, %y: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %y, %c0 : memref<?xf32>
  affine.for %i = 0 to %n {
    %v = affine.load %x[%i] : memref<?xf32>
    %w = arith.mulf %v, %v : f32
    affine.store %w, %y[%i] : memref<?xf32>
  }
  return
}
