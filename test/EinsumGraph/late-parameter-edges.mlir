// RUN: solar-opt --solar-dump-einsum-graph=json %s -o /dev/null | FileCheck %s

// Edges when a parameter first appears after some nodes already have their
// domains: the first nest's domain has no parameters, the second one's
// index brings in %k (isl parameter arg1). The schedules must still be
// built on all parameters, otherwise the dataflow is lost and the graph has
// no edges at all (a bug this test pins down).

// t[i] = x[i] for i in 0..7, then out[i] = t[i + k] for i in 0..5.
// S1[m'] reads t[m' + k], written by S0[m' + k] when 0 <= m' + k <= 7:
// S0[m] -> S1[m - k] for k <= m <= k + 5 and 0 <= m <= 7. The elements that
// flow are [0, 7] /\ [k, k + 5]: 6 for 0 <= k <= 2 (isl writes k = 2 as
// 8 - k = 6), 8 - k for 2 <= k <= 7, 6 + k for -5 <= k < 0, none otherwise.
// CHECK:      "function": "late_parameter",
// CHECK:      "name": "%alloc",
// CHECK-NEXT: "isl_name": "alloc",
// CHECK-NEXT: "role": "intermediate",
// CHECK:      "edges": [
// CHECK-NEXT:   {
// CHECK-NEXT:   "producer": 0,
// CHECK-NEXT:   "consumer": 1,
// CHECK-NEXT:   "tensor": 2,
// CHECK-NEXT:   "relation": "[arg1] -> { S0[m] -> S1[m' = -arg1 + m] : m >= arg1 and 0 <= m <= 7 and m <= 5 + arg1 }",
// CHECK-NEXT:   "elements": null,
// CHECK-NEXT:   "elements_expr": "[arg1] -> { 6 : 0 <= arg1 <= 1; (6 + arg1) : -5 <= arg1 < 0; (8 - arg1) : 2 <= arg1 <= 7 }",
// CHECK-NEXT:   "elements_exact": true
// CHECK-NEXT:   }
// CHECK-NEXT: ],
func.func @late_parameter(%x: memref<8xf32>, %k: index, %out: memref<6xf32>) {
  %t = memref.alloc() : memref<8xf32>
  affine.for %i = 0 to 8 {
    %v = affine.load %x[%i] : memref<8xf32>
    affine.store %v, %t[%i] : memref<8xf32>
  }
  affine.for %i = 0 to 6 {
    %v = affine.load %t[%i + symbol(%k)] : memref<8xf32>
    affine.store %v, %out[%i] : memref<6xf32>
  }
  return
}

// The same, then t[i + 1] = t[i] for i in 0..5 (a second writer of t).
// S1 reads before S2 writes, so its edge is unchanged. S2 reads t[0..5]:
// t[0] was last written by S0[0]; t[j], j >= 1, by S2[j - 1] itself (no
// edge to itself). So S0[0] -> S2[0], one element.
// CHECK:      "function": "late_parameter_general",
// CHECK:      "edges": [
// CHECK-NEXT:   {
// CHECK-NEXT:   "producer": 0,
// CHECK-NEXT:   "consumer": 1,
// CHECK-NEXT:   "tensor": 2,
// CHECK-NEXT:   "relation": "[arg1] -> { S0[m] -> S1[m' = -arg1 + m] : m >= arg1 and 0 <= m <= 7 and m <= 5 + arg1 }",
// CHECK-NEXT:   "elements": null,
// CHECK-NEXT:   "elements_expr": "[arg1] -> { 6 : 0 <= arg1 <= 1; (6 + arg1) : -5 <= arg1 < 0; (8 - arg1) : 2 <= arg1 <= 7 }",
// CHECK-NEXT:   "elements_exact": true
// CHECK-NEXT:   },
// CHECK-NEXT:   {
// CHECK-NEXT:   "producer": 0,
// CHECK-NEXT:   "consumer": 2,
// CHECK-NEXT:   "tensor": 2,
// CHECK-NEXT:   "relation": "[arg1] -> { S0[m = 0] -> S2[m' = 0] }",
// CHECK-NEXT:   "elements": 1,
// CHECK-NEXT:   "elements_exact": true
// CHECK-NEXT:   }
// CHECK-NEXT: ],
func.func @late_parameter_general(%x: memref<8xf32>, %k: index, %out: memref<6xf32>) {
  %t = memref.alloc() : memref<8xf32>
  affine.for %i = 0 to 8 {
    %v = affine.load %x[%i] : memref<8xf32>
    affine.store %v, %t[%i] : memref<8xf32>
  }
  affine.for %i = 0 to 6 {
    %v = affine.load %t[%i + symbol(%k)] : memref<8xf32>
    affine.store %v, %out[%i] : memref<6xf32>
  }
  affine.for %i = 0 to 6 {
    %v = affine.load %t[%i] : memref<8xf32>
    affine.store %v, %t[%i + 1] : memref<8xf32>
  }
  return
}
