// A parametric footprint on which isl's own set operations (making the
// union of the two reads of %t disjoint and coalescing its count, with
// min(n, 12) bounds crossed with `mod`s and a symbol offset) ran for
// minutes before the count had an isl operation budget. Over the budget,
// the count falls back to the bounding box: %t's footprint is marked
// inexact (an over-approximation), and analysis stays fast. The iteration
// domains keep their exact counts: 6*12 = 72 points in the first nest,
// 12 - 3 = 9 in the second, 8 min(n, 12) for n > 0 in the third.
// RUN: solar-opt %s --solar-einsum-graph --solar-dump-einsum-graph=json -o /dev/null | FileCheck %s
// CHECK: "name": "%alloc"
// CHECK: "footprint_exact": false
// CHECK: "points": 72,
// CHECK-NEXT: "points_exact": true
// CHECK: "points": 9,
// CHECK-NEXT: "points_exact": true
// CHECK: "points_expr": "[arg1] -> { 96 : arg1 >= 12; 8 * arg1 : 0 < arg1 <= 11 }"
func.func @f56(%x: memref<12x12xf32>, %n: index, %m: index, %o: memref<40x40xf32>, %o2: memref<40x40xf32>) {
  %t = memref.alloc() : memref<40x40xf32>
  %c0 = arith.constant 0 : index
  affine.for %i = 0 to 12 {
    affine.for %j = 0 to 12 {
      affine.if affine_set<(d0) : (d0 - 6 >= 0)>(%j) {
        %v = affine.load %x[%i mod 12, %j mod 12] : memref<12x12xf32>
        affine.store %v, %t[%i, %j + 3] : memref<40x40xf32>
      }
    }
  }
  affine.for %a = 0 to 12 {
    affine.if affine_set<(d0) : (d0 - 3 >= 0)>(%a) {
      %r0 = affine.load %t[2 * %a, (%a + 4) mod 12] : memref<40x40xf32>
      affine.store %r0, %o[%a, %a] : memref<40x40xf32>
    }
  }
  affine.for %a = 0 to min affine_map<()[s0] -> (s0, 12)>()[%n] {
    affine.for %b = 0 to 8 {
      %r0 = affine.load %t[%a + %b, %b] : memref<40x40xf32>
      %r1 = affine.load %t[%b + symbol(%m), %a + symbol(%m)] : memref<40x40xf32>
      %s = arith.addf %r0, %r1 : f32
      affine.store %s, %o2[%a, %b] : memref<40x40xf32>
    }
  }
  return
}
