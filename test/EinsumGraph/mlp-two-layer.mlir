// RUN: solar-opt --solar-dump-einsum-graph=json %s -o /dev/null | FileCheck %s

// Two-layer MLP: H[4x16] = relu(X[4x8] W1[8x16]), Y[4x2] = H W2[16x2],
// the ReLU applied after the iter_args reduction, H an intermediate.

// H: 4*16 = 64 elements written by layer 1, read by layer 2.
// CHECK:      "name": "%alloc",
// CHECK-NEXT: "isl_name": "alloc",
// CHECK-NEXT: "role": "intermediate",
// CHECK:      "footprint_elements": 64,
// CHECK-NEXT: "footprint_bytes": 256,
// CHECK-NEXT: "footprint_exact": true,
// CHECK-NEXT: "read_elements": 64,
// CHECK-NEXT: "write_elements": 64
// Layer 1: 4*16*8 = 512 points, 512 MACs; the maximumf runs once per
// output (64), on the enclosing domain: 2*512 + 64 = 1088 flops.
// CHECK:      "id": 0,
// CHECK:      "equation": "MK,KN->MN",
// CHECK-NEXT: "domain": "{ S0[m, n, k] : 0 <= m <= 3 and 0 <= n <= 15 and 0 <= k <= 7 }",
// CHECK-NEXT: "points": 512,
// CHECK:      "ops_per_point": {
// CHECK-NEXT:   "mac": 1,
// CHECK-NEXT:   "add": 0,
// CHECK-NEXT:   "mul": 0,
// CHECK-NEXT:   "cmp": 0,
// CHECK-NEXT:   "select": 0,
// CHECK-NEXT:   "minmax": 0,
// CHECK:      "ops": {
// CHECK-NEXT:   "mac": 512,
// CHECK-NEXT:   "add": 0,
// CHECK-NEXT:   "mul": 0,
// CHECK-NEXT:   "cmp": 0,
// CHECK-NEXT:   "select": 0,
// CHECK-NEXT:   "minmax": 64,
// CHECK:      "flops": 1088,
// Layer 2: 4*2*16 = 128 MACs = 256 flops.
// CHECK:      "id": 1,
// CHECK:      "equation": "MK,KN->MN",
// CHECK-NEXT: "domain": "{ S1[m, n, k] : 0 <= m <= 3 and 0 <= n <= 1 and 0 <= k <= 15 }",
// CHECK-NEXT: "points": 128,
// CHECK:      "map": "{ S1[m, n, k] -> alloc[m, k] : 0 <= m <= 3 and 0 <= n <= 1 and 0 <= k <= 15 }",
// CHECK-NEXT: "exact": true,
// CHECK-NEXT: "footprint_elements": 64,
// CHECK:      "flops": 256,
// One edge: all 64 elements of H, from the last k step of layer 1, where
// H's column n becomes layer 2's reduction index k.
// CHECK:      "edges": [
// CHECK-NEXT:   {
// CHECK-NEXT:   "producer": 0,
// CHECK-NEXT:   "consumer": 1,
// CHECK-NEXT:   "tensor": 4,
// CHECK-NEXT:   "relation": "{ S0[m, n, k = 7] -> S1[m' = m, n', k' = n] : 0 <= m <= 3 and 0 <= n <= 15 and 0 <= n' <= 1 }",
// CHECK-NEXT:   "elements": 64,
// CHECK-NEXT:   "elements_exact": true
// CHECK-NEXT:   }
// CHECK-NEXT: ],
// Totals: 640 MACs, 64 max: 1280 + 64 = 1344 flops.
// CHECK:      "totals": {
// CHECK-NEXT:   "mac": 640,
// CHECK:        "minmax": 64,
// CHECK:        "flops": 1344
// CHECK:      "exact": true,
// CHECK-NEXT: "warnings": 0

func.func @mlp(%X: memref<4x8xf32>, %W1: memref<8x16xf32>, %W2: memref<16x2xf32>, %Y: memref<4x2xf32>) {
  %zero = arith.constant 0.0 : f32
  %H = memref.alloc() : memref<4x16xf32>
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 16 {
      %r = affine.for %k = 0 to 8 iter_args(%acc = %zero) -> f32 {
        %x = affine.load %X[%i, %k] : memref<4x8xf32>
        %w = affine.load %W1[%k, %j] : memref<8x16xf32>
        %p = arith.mulf %x, %w : f32
        %s = arith.addf %acc, %p : f32
        affine.yield %s : f32
      }
      %h = arith.maximumf %r, %zero : f32
      affine.store %h, %H[%i, %j] : memref<4x16xf32>
    }
  }
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 2 {
      %r = affine.for %k = 0 to 16 iter_args(%acc = %zero) -> f32 {
        %h = affine.load %H[%i, %k] : memref<4x16xf32>
        %w = affine.load %W2[%k, %j] : memref<16x2xf32>
        %p = arith.mulf %h, %w : f32
        %s = arith.addf %acc, %p : f32
        affine.yield %s : f32
      }
      affine.store %r, %Y[%i, %j] : memref<4x2xf32>
    }
  }
  return
}
