func.func @f(%a: memref<4xf32>, %b: memref<4xf32>) attributes {solar.fusion = #solar.fusion<{groups = 3}>} {
  affine.for %i = 0 to 4 {
    %v = affine.load %a[%i] : memref<4xf32>
    affine.store %v, %b[%i] : memref<4xf32>
  }
  return
}
