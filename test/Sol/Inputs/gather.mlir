func.func @gather(%idx: memref<64xindex>, %table: memref<1000x16xf32>, %out: memref<64x16xf32>) {
  affine.for %i = 0 to 64 {
    %r = affine.load %idx[%i] : memref<64xindex>
    affine.for %j = 0 to 16 {
      %v = memref.load %table[%r, %j] : memref<1000x16xf32>
      affine.store %v, %out[%i, %j] : memref<64x16xf32>
    }
  }
  return
}
