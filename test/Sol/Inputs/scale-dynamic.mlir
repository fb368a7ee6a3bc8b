func.func @scale(%x: memref<?x?xf32>, %y: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.dim %x, %c0 : memref<?x?xf32>
  %n = memref.dim %x, %c1 : memref<?x?xf32>
  affine.for %i = 0 to %m {
    affine.for %j = 0 to %n {
      %v = affine.load %x[%i, %j] : memref<?x?xf32>
      %w = arith.mulf %v, %v : f32
      affine.store %w, %y[%i, %j] : memref<?x?xf32>
    }
  }
  return
}
