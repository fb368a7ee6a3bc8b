func.func @wide(%x: memref<16xf80>, %y: memref<16xf80>) {
  affine.for %i = 0 to 16 {
    %v = affine.load %x[%i] : memref<16xf80>
    %w = arith.addf %v, %v : f80
    affine.store %w, %y[%i] : memref<16xf80>
  }
  return
}
