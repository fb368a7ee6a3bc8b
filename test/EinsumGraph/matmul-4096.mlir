// RUN: solar-opt --solar-dump-einsum-graph=json %s -o /dev/null | FileCheck %s

// A 4096^3 matmul is analyzed symbolically: no point is enumerated, the
// counts are exact (bench/einsum_scaling.sh times it against 4^3).
// 4096^3 = 68719476736 points and MACs; flops = 2 * 4096^3.
// CHECK:      "footprint_elements": 16777216,
// CHECK-NEXT: "footprint_bytes": 67108864,
// CHECK:      "equation": "MK,KN->MN",
// CHECK:      "points": 68719476736,
// CHECK-NEXT: "points_exact": true,
// Each operand: 4096^2 = 16777216 elements.
// CHECK:      "footprint_elements": 16777216,
// CHECK:      "ops": {
// CHECK-NEXT:   "mac": 68719476736,
// CHECK:      "flops": 137438953472,

func.func @matmul4096(%A: memref<4096x4096xf32>, %B: memref<4096x4096xf32>, %C: memref<4096x4096xf32>) {
  affine.for %i = 0 to 4096 {
    affine.for %j = 0 to 4096 {
      affine.for %k = 0 to 4096 {
        %a = affine.load %A[%i, %k] : memref<4096x4096xf32>
        %b = affine.load %B[%k, %j] : memref<4096x4096xf32>
        %c = affine.load %C[%i, %j] : memref<4096x4096xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<4096x4096xf32>
      }
    }
  }
  return
}
