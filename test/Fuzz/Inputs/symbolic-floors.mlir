// A triangle with steps 3 and 8 on a symbolic size: its counts have 8
// distinct floors (lcm(3, 8) = 24, 8 residue classes), within the limit.
func.func @triangle_step8(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %n: index) {
  %two = arith.constant 2.0 : f32
  affine.for %i = 0 to %n step 3 {
    affine.for %j = 0 to affine_map<(d0) -> (d0 + 1)>(%i) step 8 {
      %a = affine.load %A[%i, %j] : memref<?x?xf32>
      %m = arith.mulf %a, %two : f32
      affine.store %m, %B[%i, %j] : memref<?x?xf32>
    }
  }
  return
}

// -----

// Two triangles with 16 floors each, none shared (outer steps 3 and 5):
// %A's footprint is the union of both, and its count would sum them.
func.func @two_triangles(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %n: index) {
  %two = arith.constant 2.0 : f32
  affine.for %i = 0 to %n step 3 {
    affine.for %j = 0 to affine_map<(d0) -> (d0 + 1)>(%i) step 16 {
      %a = affine.load %A[%i, %j] : memref<?x?xf32>
      %m = arith.mulf %a, %two : f32
      affine.store %m, %B[%i, %j] : memref<?x?xf32>
    }
  }
  affine.for %i = 0 to %n step 5 {
    affine.for %j = 0 to affine_map<(d0) -> (d0 + 1)>(%i) step 16 {
      %a = affine.load %B[%i, %j] : memref<?x?xf32>
      %m = arith.mulf %a, %two : f32
      affine.store %m, %A[%i, %j] : memref<?x?xf32>
    }
  }
  return
}
