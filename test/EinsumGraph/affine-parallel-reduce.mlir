// RUN: solar-opt --solar-dump-einsum-graph=json %s -o /dev/null | FileCheck %s

// Row sums of squares with an affine.parallel reduction: the mulf feeding
// the implicit "addf" combine is one MAC per point (8*16 = 128).
// CHECK:      "function": "sum_squares",
// CHECK:      "equation": "MK->M",
// CHECK-NEXT: "domain": "{ S0[m, k] : 0 <= m <= 7 and 0 <= k <= 15 }",
// CHECK-NEXT: "points": 128,
// CHECK:      "label": "K",
// CHECK-NEXT: "reduction": true,
// CHECK-NEXT: "op": "affine.parallel",
// CHECK:      "reduction_op": "add",
// CHECK:      "ops_per_point": {
// CHECK-NEXT:   "mac": 1,
// CHECK:      "flops": 256,

// A 2-d "maximumf" reduction over a 4x6 window of each 8-row block:
// 2 * 4 * 6 = 48 points, one max each.
// CHECK:      "function": "block_max",
// CHECK:      "equation": "(4M+R)S->M",
// CHECK:      "points": 48,
// CHECK:      "reduction_op": "max",
// CHECK:      "ops_per_point": {
// CHECK-NEXT:   "mac": 0,
// CHECK-NEXT:   "add": 0,
// CHECK-NEXT:   "mul": 0,
// CHECK-NEXT:   "cmp": 0,
// CHECK-NEXT:   "select": 0,
// CHECK-NEXT:   "minmax": 1,
// CHECK:      "flops": 48,

func.func @sum_squares(%A: memref<8x16xf32>, %out: memref<8xf32>) {
  affine.parallel (%i) = (0) to (8) {
    %r = affine.parallel (%j) = (0) to (16) reduce ("addf") -> f32 {
      %a = affine.load %A[%i, %j] : memref<8x16xf32>
      %sq = arith.mulf %a, %a : f32
      affine.yield %sq : f32
    }
    affine.store %r, %out[%i] : memref<8xf32>
  }
  return
}

func.func @block_max(%A: memref<8x6xf32>, %out: memref<2xf32>) {
  affine.parallel (%b) = (0) to (2) {
    %r = affine.parallel (%i, %j) = (0, 0) to (4, 6) reduce ("maximumf") -> f32 {
      %a = affine.load %A[%b * 4 + %i, %j] : memref<8x6xf32>
      affine.yield %a : f32
    }
    affine.store %r, %out[%b] : memref<2xf32>
  }
  return
}
