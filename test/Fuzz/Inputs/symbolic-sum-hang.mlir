func.func @lower_triangle(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %n: index) {
  %two = arith.constant 2.0 : f32
  affine.for %i = 0 to %n step 3 {
    affine.for %j = 0 to affine_map<(d0) -> (d0 + 1)>(%i) step 64 {
      %a = affine.load %A[%i, %j] : memref<?x?xf32>
      %m = arith.mulf %a, %two : f32
      affine.store %m, %B[%i, %j] : memref<?x?xf32>
    }
  }
  return
}

func.func @dim_bounds(%A: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %rows = memref.dim %A, %c0 : memref<?x?xf32>
  %cols = memref.dim %A, %c1 : memref<?x?xf32>
  affine.for %i = 0 to %rows {
    affine.for %j = 0 to %cols {
      affine.store %zero, %A[%i, %j] : memref<?x?xf32>
    }
  }
  return
}
