// RUN: solar-opt --solar-einsum-graph %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: solar-opt --solar-dump-einsum-graph=json %s -o /dev/null 2>/dev/null | FileCheck %s

// Non-affine code is kept, with a warning naming the construct and a
// conservative count; nothing is dropped.

// Gather: the index comes from memory. The read of A is over-approximated
// by the whole tensor (100 elements, inexact); the index load itself is
// an exact "address" read of I (10 elements); the call is one "other" op.
// The call is reported while walking the function, the access while
// building its node.
// WARN: nonaffine-warning.mlir:[[# @LINE + 45]]:10: warning: call to @ext is not analyzed: its memory accesses and operations are unknown
// WARN: nonaffine-warning.mlir:[[# @LINE + 43]]:10: warning: non-affine access in 'memref.load' (index depends on a value loaded from memory ('affine.load' at {{.*}}nonaffine-warning.mlir:[[# @LINE + 42]]:12)); its footprint is over-approximated by the whole tensor
// CHECK:      "function": "gather",
// CHECK:      "name": "%arg1",
// CHECK:      "role": "input",
// CHECK:      "footprint_elements": 10,
// CHECK:      "equation": "?->M",
// CHECK:      "points": 10,
// CHECK:      "role": "operand",
// CHECK-NEXT: "map": "{ S0[m] -> arg0[o0] : 0 <= m <= 9 and 0 <= o0 <= 99 }",
// CHECK-NEXT: "exact": false,
// CHECK-NEXT: "footprint_elements": 100,
// CHECK-NEXT: "footprint_exact": false
// CHECK:      "role": "address",
// CHECK-NEXT: "map": "{ S0[m] -> arg1[m] : 0 <= m <= 9 }",
// CHECK-NEXT: "exact": true,
// CHECK-NEXT: "footprint_elements": 10,
// CHECK:      "other": 1
// CHECK:      "exact": false
// CHECK:      "warnings": 2

// A data-dependent trip count (scf.while) becomes a symbolic parameter, and
// the store indexed by the loop-carried value covers the whole tensor.
// WARN: nonaffine-warning.mlir:[[# @LINE + 32]]:8: warning: trip count of 'scf.while' is data-dependent; it is modelled by a new symbolic parameter
// CHECK:      "function": "while_loop",
// CHECK:      "name": "trips",
// CHECK-NEXT: "source": "trip count of scf.while at {{.*}}nonaffine-warning.mlir:[[# @LINE + 29]]:8"
// CHECK:      "points_expr": "[trips] -> { trips : trips > 0 }",
// CHECK-NEXT: "points_exact": false,
// CHECK:      "warnings": 2

// A loaded loop bound becomes a parameter too.
// WARN: nonaffine-warning.mlir:[[# @LINE + 42]]:5: warning: upper bound of 'scf.for' is not affine (index depends on a value loaded from memory ('affine.load' at {{.*}}:[[# @LINE + 41]]:11)); it is modelled by a new symbolic parameter
// CHECK:      "function": "loaded_bound",
// Ten outer iterations of `bound` inner ones; the bound load is an address read.
// CHECK:      "points_expr": "[bound] -> { 10 * bound : bound > 0 }",
// CHECK:      "role": "address",
// CHECK-NEXT: "map": "[bound] -> { S0[k, m] -> arg1[k] : 0 <= k <= 9 and 0 <= m < bound }",

func.func private @ext(f32) -> f32

func.func @gather(%A: memref<100xf32>, %I: memref<10xindex>, %B: memref<10xf32>) {
  affine.for %i = 0 to 10 {
    %idx = affine.load %I[%i] : memref<10xindex>
    %a = memref.load %A[%idx] : memref<100xf32>
    %c = func.call @ext(%a) : (f32) -> f32
    affine.store %c, %B[%i] : memref<10xf32>
  }
  return
}

func.func @while_loop(%A: memref<100xf32>, %n: memref<index>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  %r = scf.while (%i = %c0) : (index) -> index {
    %v = memref.load %n[] : memref<index>
    %cond = arith.cmpi slt, %i, %v : index
    scf.condition(%cond) %i : index
  } do {
  ^bb0(%i: index):
    memref.store %f, %A[%i] : memref<100xf32>
    %next = arith.addi %i, %c1 : index
    scf.yield %next : index
  }
  return
}

func.func @loaded_bound(%A: memref<100xf32>, %N: memref<10xindex>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  affine.for %i = 0 to 10 {
    %ub = affine.load %N[%i] : memref<10xindex>
    scf.for %j = %c0 to %ub step %c1 {
      memref.store %f, %A[%j] : memref<100xf32>
    }
  }
  return
}
