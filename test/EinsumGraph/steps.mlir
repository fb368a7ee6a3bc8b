// RUN: solar-opt --solar-dump-einsum-graph=json %s -o /dev/null | FileCheck %s

// Steps > 1: i = 1, 4, ..., 97 is 33 iterations (iv = lb + 3e).
// CHECK:      "function": "step3",
// CHECK:      "domain": "{ S0[m] : (-1 + m) mod 3 = 0 and 0 < m <= 99 }",
// CHECK-NEXT: "points": 33,
// CHECK:      "footprint_elements": 33,
// CHECK:      "flops": 33,

// Nested strides, the inner one starting at the outer iv: i = 0, 2, .., 18
// (10 values) and j = i, i + 4, .. < 20: ceil((20 - i) / 4) values, which
// sums to 5+5+4+4+3+3+2+2+1+1 = 30.
// CHECK:      "function": "strided_triangle",
// CHECK:      "points": 30,
// CHECK-NEXT: "points_exact": true,

// A symbolic step count: i = 0, 2, .. < n has n - floor(n/2) = ceil(n/2)
// points.
// CHECK:      "function": "step2_symbolic",
// CHECK:      "points_expr": "[arg1] -> { (arg1 - floor((arg1)/2)) : arg1 > 0 }",

func.func @step3(%A: memref<100xf32>, %B: memref<100xf32>) {
  affine.for %i = 1 to 100 step 3 {
    %a = affine.load %A[%i] : memref<100xf32>
    %b = arith.mulf %a, %a : f32
    affine.store %b, %B[%i] : memref<100xf32>
  }
  return
}

func.func @strided_triangle(%A: memref<20x20xf32>) {
  %one = arith.constant 1.0 : f32
  affine.for %i = 0 to 20 step 2 {
    affine.for %j = affine_map<(d0) -> (d0)>(%i) to 20 step 4 {
      affine.store %one, %A[%i, %j] : memref<20x20xf32>
    }
  }
  return
}

func.func @step2_symbolic(%A: memref<?xf32>, %n: index) {
  %one = arith.constant 1.0 : f32
  affine.for %i = 0 to %n step 2 {
    affine.store %one, %A[%i] : memref<?xf32>
  }
  return
}
