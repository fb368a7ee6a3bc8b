// RUN: solar-opt --solar-dump-einsum-graph=json %s -o /dev/null | FileCheck %s

// Then-region: 4 <= i <= 11 (8 points); else-region: the complement in
// 0..15, a union (8 points). Both exact.
// CHECK:      "function": "clamp",
// B is written by both nodes: all 16 elements, never read: output.
// CHECK:      "name": "%arg1",
// CHECK:      "role": "output",
// CHECK:      "write_elements": 16
// CHECK:      "id": 0,
// CHECK:      "domain": "{ S0[m] : 4 <= m <= 11 }",
// CHECK-NEXT: "points": 8,
// CHECK:      "flops": 8,
// CHECK:      "id": 1,
// CHECK:      "domain": "{ S1[m] : 0 <= m <= 15 and (m <= 3 or m >= 12) }",
// CHECK-NEXT: "points": 8,
// CHECK-NEXT: "points_exact": true,

// A symbolic condition under a square nest: j < i <= n - 1 and i + j even.
// For n = 6 that is pairs (i, j) with j < i, i + j even:
// i=2: j=0; i=3: j=1; i=4: j=0,2; i=5: j=1,3 -> 6. In general a
// quasi-polynomial in n: (n^2 - n)/2 - n*floor(n/2) + floor(n/2)^2, which
// gives 6 at n = 6 and 2 at n = 4.
// CHECK:      "function": "strict_lower_even",
// CHECK:      "points_expr": "[arg1] -> { ((-1/2 * arg1 + 1/2 * arg1^2) + -arg1 * floor((arg1)/2) + floor((arg1)/2)^2) : arg1 >= 3 }",
// CHECK-NEXT: "points_exact": true,

// The same with n fixed to 6 by the bounds: 6 points.
// CHECK:      "function": "strict_lower_even6",
// CHECK:      "points": 6,
// CHECK-NEXT: "points_exact": true,

func.func @clamp(%A: memref<16xf32>, %B: memref<16xf32>) {
  %two = arith.constant 2.0 : f32
  affine.for %i = 0 to 16 {
    affine.if affine_set<(d0) : (d0 - 4 >= 0, 11 - d0 >= 0)>(%i) {
      %a = affine.load %A[%i] : memref<16xf32>
      %m = arith.mulf %a, %two : f32
      affine.store %m, %B[%i] : memref<16xf32>
    } else {
      affine.store %two, %B[%i] : memref<16xf32>
    }
  }
  return
}

func.func @strict_lower_even(%A: memref<?x?xf32>, %n: index) {
  %one = arith.constant 1.0 : f32
  affine.for %i = 0 to %n {
    affine.for %j = 0 to %n {
      affine.if affine_set<(d0, d1) : (d0 - d1 - 1 >= 0, (d0 + d1) mod 2 == 0)>(%i, %j) {
        affine.store %one, %A[%i, %j] : memref<?x?xf32>
      }
    }
  }
  return
}

func.func @strict_lower_even6(%A: memref<6x6xf32>) {
  %one = arith.constant 1.0 : f32
  affine.for %i = 0 to 6 {
    affine.for %j = 0 to 6 {
      affine.if affine_set<(d0, d1) : (d0 - d1 - 1 >= 0, (d0 + d1) mod 2 == 0)>(%i, %j) {
        affine.store %one, %A[%i, %j] : memref<6x6xf32>
      }
    }
  }
  return
}
