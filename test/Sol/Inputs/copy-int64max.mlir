func.func @copy(%x: memref<9223372036854775807xi8>, %y: memref<9223372036854775807xi8>) {
  affine.for %i = 0 to 9223372036854775807 {
    %v = affine.load %x[%i] : memref<9223372036854775807xi8>
    %w = arith.muli %v, %v : i8
    affine.store %w, %y[%i] : memref<9223372036854775807xi8>
  }
  return
}
