// RUN: solar-opt --solar-dump-einsum-graph=json %s -o /dev/null | FileCheck %s

// The same triangle with n = 8: 8*9/2 = 36 points, exactly.
// CHECK:      "function": "triangle8",
// CHECK:      "domain": "{ S0[m, n] : 0 <= m <= 7 and 0 <= n <= m }",
// CHECK-NEXT: "points": 36,
// CHECK-NEXT: "points_exact": true,
// 36 of the 64 elements of B are written.
// CHECK:      "footprint_elements": 36,
// CHECK:      "flops": 36,

// A tetrahedron k <= j <= i < 8: sum_{i<8} (i+1)(i+2)/2 = 120 points; the
// row sum over k writes B[i, j]: 36 elements.
// CHECK:      "function": "tetrahedron8",
// CHECK:      "name": "%arg1",
// CHECK:      "write_elements": 36
// CHECK:      "equation": "MNK->MN",
// CHECK-NEXT: "domain": "{ S0[m, n, k] : 0 <= m <= 7 and 0 <= n <= m and 0 <= k <= n }",
// CHECK-NEXT: "points": 120,
// CHECK:      "reduction_op": "add",
// CHECK:      "flops": 120,

func.func @triangle8(%A: memref<8x8xf32>, %B: memref<8x8xf32>) {
  %two = arith.constant 2.0 : f32
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to affine_map<(d0) -> (d0 + 1)>(%i) {
      %a = affine.load %A[%i, %j] : memref<8x8xf32>
      %m = arith.mulf %a, %two : f32
      affine.store %m, %B[%i, %j] : memref<8x8xf32>
    }
  }
  return
}

func.func @tetrahedron8(%A: memref<8x8x8xf32>, %B: memref<8x8xf32>) {
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to affine_map<(d0) -> (d0 + 1)>(%i) {
      affine.for %k = 0 to affine_map<(d0) -> (d0 + 1)>(%j) {
        %a = affine.load %A[%i, %j, %k] : memref<8x8x8xf32>
        %b = affine.load %B[%i, %j] : memref<8x8xf32>
        %s = arith.addf %b, %a : f32
        affine.store %s, %B[%i, %j] : memref<8x8xf32>
      }
    }
  }
  return
}
