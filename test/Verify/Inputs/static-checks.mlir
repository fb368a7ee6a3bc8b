// Two static subviews (as a concatenation's copies are) and a load at a
// run-time index, for test/Verify/checks-unit.test.
func.func @f(%a: memref<8xf32>, %b: memref<8xf32>, %out: memref<16xf32>, %n: index) {
  %lo = memref.subview %out[0] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1]>>
  memref.copy %a, %lo : memref<8xf32> to memref<8xf32, strided<[1]>>
  %hi = memref.subview %out[8] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1], offset: 8>>
  memref.copy %b, %hi : memref<8xf32> to memref<8xf32, strided<[1], offset: 8>>
  %v = memref.load %a[%n] : memref<8xf32>
  memref.store %v, %out[%n] : memref<16xf32>
  return
}
