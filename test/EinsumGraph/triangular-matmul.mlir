// RUN: solar-opt --solar-dump-einsum-graph=json %s -o /dev/null | FileCheck %s

// C[8x4] = L * B with L lower-triangular: k runs 0..i (k <= i).
// Points: 4 columns * sum_{i=0}^{7} (i+1) = 4 * 36 = 144, exactly.

// L: only the 8*9/2 = 36 lower-triangle elements are touched (of 64).
// CHECK:      "name": "%arg0",
// CHECK:      "elements": 64,
// CHECK:      "footprint_elements": 36,
// CHECK-NEXT: "footprint_bytes": 144,
// CHECK-NEXT: "footprint_exact": true,
// B: row k is read when k <= i for some i <= 7: all 8*4 = 32.
// CHECK:      "name": "%arg1",
// CHECK:      "footprint_elements": 32,
// CHECK:      "name": "%arg2",
// CHECK-NEXT: "isl_name": "arg2",
// CHECK-NEXT: "role": "output",
// CHECK:      "equation": "MK,KN->MN",
// CHECK-NEXT: "domain": "{ S0[m, n, k] : 0 <= m <= 7 and 0 <= n <= 3 and 0 <= k <= m }",
// CHECK-NEXT: "points": 144,
// CHECK-NEXT: "points_exact": true,
// CHECK:      "reduction_op": "add",
// CHECK:      "map": "{ S0[m, n, k] -> arg0[m, k] : 0 <= m <= 7 and 0 <= n <= 3 and 0 <= k <= m }",
// CHECK-NEXT: "exact": true,
// CHECK-NEXT: "footprint_elements": 36,
// CHECK-NEXT: "footprint_exact": true
// 144 MACs = 288 flops (half of the dense 8*4*8 = 256 MACs plus the diagonal:
// (256 + 32) / 2 = 144).
// CHECK:      "ops": {
// CHECK-NEXT:   "mac": 144,
// CHECK:      "flops": 288,
// CHECK:      "totals": {
// CHECK-NEXT:   "mac": 144,
// CHECK:        "flops": 288
// CHECK:      "exact": true,

func.func @trmm(%L: memref<8x8xf32>, %B: memref<8x4xf32>, %C: memref<8x4xf32>) {
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 4 {
      %r = affine.for %k = 0 to affine_map<(d0) -> (d0 + 1)>(%i) iter_args(%acc = %zero) -> f32 {
        %l = affine.load %L[%i, %k] : memref<8x8xf32>
        %b = affine.load %B[%k, %j] : memref<8x4xf32>
        %p = arith.mulf %l, %b : f32
        %s = arith.addf %acc, %p : f32
        affine.yield %s : f32
      }
      affine.store %r, %C[%i, %j] : memref<8x4xf32>
    }
  }
  return
}
