// RUN: solar-opt --solar-dump-einsum-graph=json %s -o /dev/null | FileCheck %s

// Y = relu(X[8x16] * W[16x4] + b[4]) through an intermediate T[8x4]:
// fill T, accumulate the matmul into T, then bias + relu into Y.

// T is an alloc: intermediate, 8*4 = 32 elements of 4 bytes.
// CHECK:      "name": "%alloc",
// CHECK:      "role": "intermediate",
// CHECK:      "bytes": 128,
// CHECK:      "footprint_elements": 32,

// Node 0: the fill, 8*4 = 32 points, no ops.
// CHECK:      "id": 0,
// CHECK:      "equation": "->MN",
// CHECK:      "points": 32,
// CHECK:      "flops": 0,
// Node 1: 8*4*16 = 512 points, 512 MACs = 1024 flops.
// CHECK:      "id": 1,
// CHECK:      "equation": "MK,KN->MN",
// CHECK:      "points": 512,
// CHECK:      "reduction_op": "add",
// CHECK:      "flops": 1024,
// Node 2: 32 points, one addf (bias) + one maximumf (relu) each:
// 32 adds + 32 minmax = 64 flops.
// CHECK:      "id": 2,
// CHECK:      "equation": "MN,N->MN",
// CHECK:      "points": 32,
// CHECK:      "reduction_op": "none",
// CHECK:      "ops_per_point": {
// CHECK-NEXT:   "mac": 0,
// CHECK-NEXT:   "add": 1,
// CHECK-NEXT:   "mul": 0,
// CHECK-NEXT:   "cmp": 0,
// CHECK-NEXT:   "select": 0,
// CHECK-NEXT:   "minmax": 1,
// CHECK:      "flops": 64,

// Edges by exact dataflow over T: the fill feeds the first k iteration,
// the last k iteration (k = 15) feeds bias+relu; 32 elements each.
// CHECK:      "edges": [
// CHECK:        "producer": 0,
// CHECK-NEXT:   "consumer": 1,
// CHECK-NEXT:   "tensor": 4,
// CHECK-NEXT:   "relation": "{ S0[m, n] -> S1[m' = m, n' = n, k = 0] : 0 <= m <= 7 and 0 <= n <= 3 }",
// CHECK-NEXT:   "elements": 32,
// CHECK-NEXT:   "elements_exact": true
// CHECK:        "producer": 1,
// CHECK-NEXT:   "consumer": 2,
// CHECK-NEXT:   "tensor": 4,
// CHECK-NEXT:   "relation": "{ S1[m, n, k = 15] -> S2[m' = m, n' = n] : 0 <= m <= 7 and 0 <= n <= 3 }",
// CHECK-NEXT:   "elements": 32,
// Totals: 512 MACs, 32 adds, 32 max; flops = 1024 + 32 + 32 = 1088.
// CHECK:      "totals": {
// CHECK-NEXT:   "mac": 512,
// CHECK-NEXT:   "add": 32,
// CHECK:        "minmax": 32,
// CHECK:        "flops": 1088

func.func @mlp(%X: memref<8x16xf32>, %W: memref<16x4xf32>, %b: memref<4xf32>, %Y: memref<8x4xf32>) {
  %zero = arith.constant 0.0 : f32
  %T = memref.alloc() : memref<8x4xf32>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 4 {
      affine.store %zero, %T[%i, %j] : memref<8x4xf32>
    }
  }
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 4 {
      affine.for %k = 0 to 16 {
        %x = affine.load %X[%i, %k] : memref<8x16xf32>
        %w = affine.load %W[%k, %j] : memref<16x4xf32>
        %t = affine.load %T[%i, %j] : memref<8x4xf32>
        %p = arith.mulf %x, %w : f32
        %s = arith.addf %t, %p : f32
        affine.store %s, %T[%i, %j] : memref<8x4xf32>
      }
    }
  }
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 4 {
      %t = affine.load %T[%i, %j] : memref<8x4xf32>
      %bias = affine.load %b[%j] : memref<4xf32>
      %s = arith.addf %t, %bias : f32
      %r = arith.maximumf %s, %zero : f32
      affine.store %r, %Y[%i, %j] : memref<8x4xf32>
    }
  }
  memref.dealloc %T : memref<8x4xf32>
  return
}
