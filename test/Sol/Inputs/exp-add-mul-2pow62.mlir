func.func @big(%x: memref<2147483648x2147483648xf32>, %y: memref<2147483648x2147483648xf32>) {
  affine.for %i = 0 to 2147483648 {
    affine.for %j = 0 to 2147483648 {
      %v = affine.load %x[%i, %j] : memref<2147483648x2147483648xf32>
      %e = math.exp %v : f32
      %f = arith.addf %e, %v : f32
      %g = arith.mulf %f, %v : f32
      affine.store %g, %y[%i, %j] : memref<2147483648x2147483648xf32>
    }
  }
  return
}
