// RUN: solar-opt --solar-dump-einsum-graph=json %s -o /dev/null | FileCheck %s

// Row softmax of X[4x10]: max-reduce into M, sum of exp(x - max) into S,
// then exp(x - max) / sum. Five nodes (two fills, two reductions, output).

// CHECK:      "name": "%alloc",
// CHECK:      "role": "intermediate",
// CHECK:      "name": "%alloc_{{[0-9]+}}",
// CHECK:      "role": "intermediate",

// Node 0: M[i] = -inf, 4 points.
// CHECK:      "id": 0,
// CHECK:      "equation": "->M",
// CHECK-NEXT: "domain": "{ S0[m] : 0 <= m <= 3 }",
// CHECK-NEXT: "points": 4,
// Node 1: max-reduce, 4*10 = 40 points, one maximumf each.
// CHECK:      "id": 1,
// CHECK:      "equation": "MK->M",
// CHECK:      "points": 40,
// CHECK:      "reduction_op": "max",
// CHECK:      "ops": {
// CHECK-NEXT:   "mac": 0,
// CHECK-NEXT:   "add": 0,
// CHECK-NEXT:   "mul": 0,
// CHECK-NEXT:   "cmp": 0,
// CHECK-NEXT:   "select": 0,
// CHECK-NEXT:   "minmax": 40,
// CHECK:      "flops": 40,
// Node 2: S[i] = 0.
// CHECK:      "id": 2,
// CHECK:      "points": 4,
// Node 3: sum of exp(x - m): subf + the reduction addf = 2 adds and one exp
// per point: 80 adds, 40 transcendental; flops 120.
// CHECK:      "id": 3,
// CHECK:      "equation": "MK,M->M",
// CHECK:      "points": 40,
// CHECK:      "reduction_op": "add",
// CHECK:      "ops_per_point": {
// CHECK-NEXT:   "mac": 0,
// CHECK-NEXT:   "add": 2,
// CHECK:        "transcendental": 1,
// CHECK:      "ops": {
// CHECK-NEXT:   "mac": 0,
// CHECK-NEXT:   "add": 80,
// CHECK-NEXT:   "mul": 0,
// CHECK-NEXT:   "cmp": 0,
// CHECK-NEXT:   "select": 0,
// CHECK-NEXT:   "minmax": 0,
// CHECK-NEXT:   "div": 0,
// CHECK-NEXT:   "transcendental": 40,
// CHECK:      "flops": 120,
// Node 4: exp(x - m) / s: divisions are counted apart from exp.
// CHECK:      "id": 4,
// CHECK:      "equation": "MN,M,M->MN",
// CHECK:      "points": 40,
// CHECK:      "reduction_op": "none",
// CHECK:      "ops": {
// CHECK-NEXT:   "mac": 0,
// CHECK-NEXT:   "add": 40,
// CHECK-NEXT:   "mul": 0,
// CHECK-NEXT:   "cmp": 0,
// CHECK-NEXT:   "select": 0,
// CHECK-NEXT:   "minmax": 0,
// CHECK-NEXT:   "div": 40,
// CHECK-NEXT:   "transcendental": 40,
// CHECK:      "flops": 120,

// Edges, 4 elements each: M flows 0->1, then from the last max step
// (k = 9) to both consumers; S flows 2->3 and from k = 9 to the output.
// CHECK:      "edges": [
// CHECK:        "producer": 0,
// CHECK-NEXT:   "consumer": 1,
// CHECK:        "elements": 4,
// CHECK:        "producer": 1,
// CHECK-NEXT:   "consumer": 3,
// CHECK-NEXT:   "tensor": 2,
// CHECK-NEXT:   "relation": "{ S1[m, k = 9] -> S3[m' = m, k'] : 0 <= m <= 3 and 0 <= k' <= 9 }",
// CHECK-NEXT:   "elements": 4,
// CHECK:        "producer": 1,
// CHECK-NEXT:   "consumer": 4,
// CHECK:        "elements": 4,
// CHECK:        "producer": 2,
// CHECK-NEXT:   "consumer": 3,
// CHECK-NEXT:   "tensor": 3,
// CHECK:        "producer": 3,
// CHECK-NEXT:   "consumer": 4,
// CHECK-NEXT:   "tensor": 3,
// CHECK:        "elements": 4,
// Totals: 120 adds, 40 max, 40 div, 80 exp: flops = 120+40+40+80 = 280.
// CHECK:      "totals": {
// CHECK-NEXT:   "mac": 0,
// CHECK-NEXT:   "add": 120,
// CHECK-NEXT:   "mul": 0,
// CHECK-NEXT:   "cmp": 0,
// CHECK-NEXT:   "select": 0,
// CHECK-NEXT:   "minmax": 40,
// CHECK-NEXT:   "div": 40,
// CHECK-NEXT:   "transcendental": 80,
// CHECK:        "flops": 280

func.func @softmax(%X: memref<4x10xf32>, %Y: memref<4x10xf32>) {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %M = memref.alloc() : memref<4xf32>
  %S = memref.alloc() : memref<4xf32>
  affine.for %i = 0 to 4 {
    affine.store %ninf, %M[%i] : memref<4xf32>
    affine.for %j = 0 to 10 {
      %x = affine.load %X[%i, %j] : memref<4x10xf32>
      %m = affine.load %M[%i] : memref<4xf32>
      %n = arith.maximumf %m, %x : f32
      affine.store %n, %M[%i] : memref<4xf32>
    }
    affine.store %zero, %S[%i] : memref<4xf32>
    affine.for %j = 0 to 10 {
      %x = affine.load %X[%i, %j] : memref<4x10xf32>
      %m = affine.load %M[%i] : memref<4xf32>
      %d = arith.subf %x, %m : f32
      %e = math.exp %d : f32
      %s = affine.load %S[%i] : memref<4xf32>
      %t = arith.addf %s, %e : f32
      affine.store %t, %S[%i] : memref<4xf32>
    }
    affine.for %j = 0 to 10 {
      %x = affine.load %X[%i, %j] : memref<4x10xf32>
      %m = affine.load %M[%i] : memref<4xf32>
      %d = arith.subf %x, %m : f32
      %e = math.exp %d : f32
      %s = affine.load %S[%i] : memref<4xf32>
      %y = arith.divf %e, %s : f32
      affine.store %y, %Y[%i, %j] : memref<4x10xf32>
    }
  }
  return
}
