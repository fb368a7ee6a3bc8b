// RUN: solar-opt --solar-dump-einsum-graph=json %s -o /dev/null | FileCheck %s

// An access relation built from indices that are one affine function
// without floors, on a box domain of the node's own scope, skips isl's
// equality detection (egBuildAccess): { S[i] -> T[f(i)] : i in box } has
// no implicit equality (its affine hull is the graph of f over the box's).
// The relations must print as they did with the detection.

// B[i, j] = A[i, j + 1], 0 <= i < 4, 0 <= j < 5: the shortcut (and the
// image taken as the relation's range); the
// footprint is the 4 x 5 box shifted by one column, 20 elements.
// CHECK:      "function": "shifted",
// CHECK:      "map": "{ S0[m, n] -> arg1[m, n] : 0 <= m <= 3 and 0 <= n <= 4 }",
// CHECK:      "footprint_elements": 20,
// CHECK:      "map": "{ S0[m, n] -> arg0[m, 1 + n] : 0 <= m <= 3 and 0 <= n <= 4 }",
// CHECK-NEXT: "exact": true,
// CHECK-NEXT: "footprint_elements": 20,

// A[i mod 8], 0 <= i < 8: the floor is an existential variable that only
// the equality detection removes (o0 = m); without it the relation would
// print as "arg0[o0] : (-m + o0) mod 8 = 0 and ...". Not a shortcut.
// CHECK:      "function": "wrapped",
// CHECK:      "map": "{ S0[m] -> arg0[m] : 0 <= m <= 7 }",
// CHECK-NEXT: "exact": true,
// CHECK-NEXT: "footprint_elements": 8,

// A conditional i <= j <= k <= i leaves the diagonal i = j = k: not a
// box, so the relation keeps the detection; 4 points, 4 elements each.
// CHECK:      "function": "diagonal",
// CHECK:      "map": "{ S0[b, m = b, n = b] -> arg1[b, b, b] : 0 <= b <= 3 }",
// CHECK-NEXT: "exact": true,
// CHECK-NEXT: "footprint_elements": 4,
// CHECK:      "map": "{ S0[b, m = b, n = b] -> arg0[b, b, b] : 0 <= b <= 3 }",
// CHECK-NEXT: "exact": true,
// CHECK-NEXT: "footprint_elements": 4,

func.func @shifted(%a: memref<4x6xf32>, %b: memref<4x5xf32>) {
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 5 {
      %v = affine.load %a[%i, %j + 1] : memref<4x6xf32>
      affine.store %v, %b[%i, %j] : memref<4x5xf32>
    }
  }
  return
}
func.func @wrapped(%a: memref<8xf32>, %b: memref<8xf32>) {
  affine.for %i = 0 to 8 {
    %v = affine.load %a[%i mod 8] : memref<8xf32>
    affine.store %v, %b[%i] : memref<8xf32>
  }
  return
}
func.func @diagonal(%a: memref<4x4x4xf32>, %b: memref<4x4x4xf32>) {
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 4 {
      affine.for %k = 0 to 4 {
        affine.if affine_set<(d0, d1, d2) : (d1 - d0 >= 0, d2 - d1 >= 0, d0 - d2 >= 0)>(%i, %j, %k) {
          %v = affine.load %a[%i, %j, %k] : memref<4x4x4xf32>
          affine.store %v, %b[%k, %j, %i] : memref<4x4x4xf32>
        }
      }
    }
  }
  return
}
