// Two loop nests in one function (test/Verify/outline-unit.test): the
// first fills %t with a constant, the second adds %x to %t into %y at an
// offset %n from outside. The func.return stays in @f.
func.func @f(%x: memref<8xf32>, %y: memref<4xf32>, %n: index) {
  %c1 = arith.constant 1.0 : f32
  %t = memref.alloc() : memref<4xf32>
  affine.for %i = 0 to 4 {
    affine.store %c1, %t[%i] : memref<4xf32>
  }
  affine.for %i = 0 to 4 {
    %a = affine.load %t[%i] : memref<4xf32>
    %b = affine.load %x[%i + symbol(%n)] : memref<8xf32>
    %s = arith.addf %a, %b : f32
    affine.store %s, %y[%i] : memref<4xf32>
  }
  memref.dealloc %t : memref<4xf32>
  return
}
