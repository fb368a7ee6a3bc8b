// RUN: solar-opt --solar-dump-einsum-graph=json %s -o /dev/null | FileCheck %s

// Lower triangle with a symbolic size n (%arg2): sum_{i=0}^{n-1} (i+1) =
// n(n+1)/2 points, as an isl quasi-polynomial in the parameter.
// CHECK:      "function": "lower_triangle",
// CHECK:      "parameters": [
// CHECK-NEXT:   {
// CHECK-NEXT:     "name": "arg2",
// CHECK-NEXT:     "source": "%arg2"
// CHECK-NEXT:   }
// CHECK-NEXT: ],
// Dynamic shapes: size unknown (-1), footprint symbolic.
// CHECK:      "name": "%arg1",
// CHECK:      "elements": -1,
// CHECK-NEXT: "bytes": -1,
// CHECK:      "footprint_elements": null,
// CHECK-NEXT: "footprint_elements_expr": "[arg2] -> { (1/2 * arg2 + 1/2 * arg2^2) : arg2 > 0 }",
// CHECK:      "domain": "[arg2] -> { S0[m, n] : 0 <= m < arg2 and 0 <= n <= m }",
// CHECK-NEXT: "points": null,
// CHECK-NEXT: "points_expr": "[arg2] -> { (1/2 * arg2 + 1/2 * arg2^2) : arg2 > 0 }",
// CHECK-NEXT: "points_exact": true,
// One mulf per point: flops = n(n+1)/2 as well; the per-point count is exact.
// CHECK:      "ops_per_point": {
// CHECK-NEXT:   "mac": 0,
// CHECK-NEXT:   "add": 0,
// CHECK-NEXT:   "mul": 1,
// CHECK:      "flops": null,
// CHECK-NEXT: "flops_expr": "[arg2] -> { (1/2 * arg2 + 1/2 * arg2^2) : arg2 > 0 }",
// CHECK:      "totals": {
// CHECK:        "flops": null,
// CHECK-NEXT:   "flops_expr": "[arg2] -> { (1/2 * arg2 + 1/2 * arg2^2) : arg2 > 0 }"

// Bounds from memref.dim become parameters too: a rows x cols box. The
// parameters take the names the source gave the memref.dim results (the
// parser keeps no SSA names: they are read from the source text), not the
// printer's %dim, %dim_0.
// CHECK:      "function": "dim_bounds",
// CHECK:      "name": "rows",
// CHECK-NEXT: "source": "%dim"
// CHECK:      "name": "cols",
// CHECK-NEXT: "source": "%dim_0"
// CHECK:      "points_expr": "[rows, cols] -> { rows * cols : rows > 0 and cols > 0 }",

func.func @lower_triangle(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %n: index) {
  %two = arith.constant 2.0 : f32
  affine.for %i = 0 to %n {
    affine.for %j = 0 to affine_map<(d0) -> (d0 + 1)>(%i) {
      %a = affine.load %A[%i, %j] : memref<?x?xf32>
      %m = arith.mulf %a, %two : f32
      affine.store %m, %B[%i, %j] : memref<?x?xf32>
    }
  }
  return
}

func.func @dim_bounds(%A: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %rows = memref.dim %A, %c0 : memref<?x?xf32>
  %cols = memref.dim %A, %c1 : memref<?x?xf32>
  affine.for %i = 0 to %rows {
    affine.for %j = 0 to %cols {
      affine.store %zero, %A[%i, %j] : memref<?x?xf32>
    }
  }
  return
}
