// RUN: solar-opt --solar-dump-einsum-graph=json %s -o /dev/null | FileCheck %s

// Necessary work of an output argument overwritten slice by slice, as a
// sequence's output is written step by step (docs/sol-model.md, "Necessary
// work"): the argument is needed whole after the function, and each later
// nest overwrites one row, so of S0's 4x8 points only row 0's are needed:
// the last three nests write rows 3, 2 and 1 (8 points each), which
// leaves rows {0} of the 4 needed from S0: 8 points and 8 of its 32
// multiplications. The walk takes each row out of the argument's box
// (einsum_necessary.c, wholeTensor), so the needed set stays one piece
// per row left instead of growing by the moot pieces beyond the box.
// CHECK-LABEL: "function": "slices",
// CHECK:      "equation": "MN->MN",
// CHECK:      "points": 32,
// CHECK:      "flops": 32,
// CHECK-NEXT: "necessary_domain": "{ S0[m = 0, n] : 0 <= n <= 7 }",
// CHECK-NEXT: "necessary_points": 8,
// CHECK-NEXT: "flops_necessary": 8,
// CHECK:      "equation": "->(3)M",
// CHECK:      "points": 8,
// CHECK-NOT:  "necessary_points"
// CHECK:      "equation": "->(2)M",
// CHECK-NOT:  "necessary_points"
// CHECK:      "equation": "->(1)M",
// CHECK-NOT:  "necessary_points"
// CHECK:      "edges"
func.func @slices(%x: memref<4x8xf32>, %out: memref<4x8xf32>) {
  %two = arith.constant 2.0 : f32
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 8 {
      %v = affine.load %x[%i, %j] : memref<4x8xf32>
      %m = arith.mulf %v, %two : f32
      affine.store %m, %out[%i, %j] : memref<4x8xf32>
    }
  }
  affine.for %j = 0 to 8 {
    affine.store %zero, %out[3, %j] : memref<4x8xf32>
  }
  affine.for %j = 0 to 8 {
    affine.store %zero, %out[2, %j] : memref<4x8xf32>
  }
  affine.for %j = 0 to 8 {
    affine.store %zero, %out[1, %j] : memref<4x8xf32>
  }
  return
}
