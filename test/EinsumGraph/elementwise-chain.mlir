// RUN: solar-opt --solar-dump-einsum-graph=json %s -o /dev/null | FileCheck %s

// out = exp((a + b) * c) over 32x8 as three nests through two
// intermediates: t0 = a + b, t1 = t0 * c, out = exp(t1).

// Every tensor has 32*8 = 256 elements; the intermediates are both read
// and written in full.
// CHECK:      "name": "%arg3",
// CHECK-NEXT: "isl_name": "arg3",
// CHECK-NEXT: "role": "output",
// CHECK:      "name": "%alloc",
// CHECK-NEXT: "isl_name": "alloc",
// CHECK-NEXT: "role": "intermediate",
// CHECK:      "footprint_elements": 256,
// CHECK-NEXT: "footprint_bytes": 1024,
// CHECK-NEXT: "footprint_exact": true,
// CHECK-NEXT: "read_elements": 256,
// CHECK-NEXT: "write_elements": 256
// CHECK:      "name": "%alloc_0",
// CHECK-NEXT: "isl_name": "alloc_0",
// CHECK-NEXT: "role": "intermediate",
// CHECK:      "read_elements": 256,
// CHECK-NEXT: "write_elements": 256
// Node 0: 256 points, one addf each.
// CHECK:      "id": 0,
// CHECK:      "equation": "MN,MN->MN",
// CHECK-NEXT: "domain": "{ S0[m, n] : 0 <= m <= 31 and 0 <= n <= 7 }",
// CHECK-NEXT: "points": 256,
// CHECK:      "reduction_op": "none",
// CHECK:      "ops": {
// CHECK-NEXT:   "mac": 0,
// CHECK-NEXT:   "add": 256,
// CHECK-NEXT:   "mul": 0,
// CHECK:      "flops": 256,
// Node 1: one mulf per point (not a MAC: nothing accumulates it).
// CHECK:      "id": 1,
// CHECK:      "equation": "MN,MN->MN",
// CHECK-NEXT: "domain": "{ S1[m, n] : 0 <= m <= 31 and 0 <= n <= 7 }",
// CHECK:      "ops": {
// CHECK-NEXT:   "mac": 0,
// CHECK-NEXT:   "add": 0,
// CHECK-NEXT:   "mul": 256,
// CHECK:      "flops": 256,
// Node 2: one exp per point.
// CHECK:      "id": 2,
// CHECK:      "equation": "MN->MN",
// CHECK:      "ops": {
// CHECK-NEXT:   "mac": 0,
// CHECK-NEXT:   "add": 0,
// CHECK-NEXT:   "mul": 0,
// CHECK-NEXT:   "cmp": 0,
// CHECK-NEXT:   "select": 0,
// CHECK-NEXT:   "minmax": 0,
// CHECK-NEXT:   "div": 0,
// CHECK-NEXT:   "transcendental": 256,
// CHECK:      "flops": 256,
// Edges: each point's value flows to the same point of the next nest,
// 256 elements per intermediate; no edge from an input argument.
// CHECK:      "edges": [
// CHECK-NEXT:   {
// CHECK-NEXT:   "producer": 0,
// CHECK-NEXT:   "consumer": 1,
// CHECK-NEXT:   "tensor": 4,
// CHECK-NEXT:   "relation": "{ S0[m, n] -> S1[m' = m, n' = n] : 0 <= m <= 31 and 0 <= n <= 7 }",
// CHECK-NEXT:   "elements": 256,
// CHECK-NEXT:   "elements_exact": true
// CHECK:        "producer": 1,
// CHECK-NEXT:   "consumer": 2,
// CHECK-NEXT:   "tensor": 5,
// CHECK-NEXT:   "relation": "{ S1[m, n] -> S2[m' = m, n' = n] : 0 <= m <= 31 and 0 <= n <= 7 }",
// CHECK-NEXT:   "elements": 256,
// CHECK-NEXT:   "elements_exact": true
// CHECK-NEXT:   }
// CHECK-NEXT: ],
// Totals: 256 add + 256 mul + 256 exp = 768 flops.
// CHECK:      "totals": {
// CHECK-NEXT:   "mac": 0,
// CHECK-NEXT:   "add": 256,
// CHECK-NEXT:   "mul": 256,
// CHECK-NEXT:   "cmp": 0,
// CHECK-NEXT:   "select": 0,
// CHECK-NEXT:   "minmax": 0,
// CHECK-NEXT:   "div": 0,
// CHECK-NEXT:   "transcendental": 256,
// CHECK:        "flops": 768

func.func @chain(%a: memref<32x8xf32>, %b: memref<32x8xf32>, %c: memref<32x8xf32>, %out: memref<32x8xf32>) {
  %t0 = memref.alloc() : memref<32x8xf32>
  %t1 = memref.alloc() : memref<32x8xf32>
  affine.for %i = 0 to 32 {
    affine.for %j = 0 to 8 {
      %x = affine.load %a[%i, %j] : memref<32x8xf32>
      %y = affine.load %b[%i, %j] : memref<32x8xf32>
      %s = arith.addf %x, %y : f32
      affine.store %s, %t0[%i, %j] : memref<32x8xf32>
    }
  }
  affine.for %i = 0 to 32 {
    affine.for %j = 0 to 8 {
      %x = affine.load %t0[%i, %j] : memref<32x8xf32>
      %y = affine.load %c[%i, %j] : memref<32x8xf32>
      %p = arith.mulf %x, %y : f32
      affine.store %p, %t1[%i, %j] : memref<32x8xf32>
    }
  }
  affine.for %i = 0 to 32 {
    affine.for %j = 0 to 8 {
      %x = affine.load %t1[%i, %j] : memref<32x8xf32>
      %e = math.exp %x : f32
      affine.store %e, %out[%i, %j] : memref<32x8xf32>
    }
  }
  return
}
