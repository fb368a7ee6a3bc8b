// RUN: solar-opt --solar-dump-einsum-graph=json %s -o /dev/null | FileCheck %s

// Single-head attention, sequence 8, head dim 4, as five nests over four
// intermediates: S = Q K^T (8x8), M = rowmax S, Z = rowsum exp(S - M),
// P = exp(S - M) / Z, O = P V.

// CHECK:      "role": "intermediate",
// CHECK:      "shape": [
// CHECK-NEXT:   8,
// CHECK-NEXT:   8
// CHECK:      "footprint_elements": 64,
// Node 0: S = Q K^T, 8*8*4 = 256 points, 256 MACs = 512 flops; K is read
// transposed (NK).
// CHECK:      "id": 0,
// CHECK:      "equation": "MK,NK->MN",
// CHECK-NEXT: "domain": "{ S0[m, n, k] : 0 <= m <= 7 and 0 <= n <= 7 and 0 <= k <= 3 }",
// CHECK-NEXT: "points": 256,
// CHECK:      "ops": {
// CHECK-NEXT:   "mac": 256,
// CHECK:      "flops": 512,
// Node 1: row max, 64 points, 64 maximumf.
// CHECK:      "id": 1,
// CHECK:      "equation": "MK->M",
// CHECK-NEXT: "domain": "{ S1[m, k] : 0 <= m <= 7 and 0 <= k <= 7 }",
// CHECK-NEXT: "points": 64,
// CHECK:      "reduction_op": "max",
// CHECK:      "flops": 64,
// Node 2: row sum of exp(s - m): subf + addf = 128 adds, 64 exp: 192.
// CHECK:      "id": 2,
// CHECK:      "equation": "MK,M->M",
// CHECK-NEXT: "domain": "{ S2[m, k] : 0 <= m <= 7 and 0 <= k <= 7 }",
// CHECK:      "reduction_op": "add",
// CHECK:      "ops": {
// CHECK-NEXT:   "mac": 0,
// CHECK-NEXT:   "add": 128,
// CHECK:        "transcendental": 64,
// CHECK:      "flops": 192,
// Node 3: P, 64 points: subf, exp, divf: 192 flops.
// CHECK:      "id": 3,
// CHECK:      "equation": "MN,M,M->MN",
// CHECK-NEXT: "domain": "{ S3[m, n] : 0 <= m <= 7 and 0 <= n <= 7 }",
// CHECK:      "ops": {
// CHECK-NEXT:   "mac": 0,
// CHECK-NEXT:   "add": 64,
// CHECK-NEXT:   "mul": 0,
// CHECK-NEXT:   "cmp": 0,
// CHECK-NEXT:   "select": 0,
// CHECK-NEXT:   "minmax": 0,
// CHECK-NEXT:   "div": 64,
// CHECK-NEXT:   "transcendental": 64,
// CHECK:      "flops": 192,
// Node 4: O = P V, 8*4*8 = 256 MACs = 512 flops.
// CHECK:      "id": 4,
// CHECK:      "equation": "MK,KN->MN",
// CHECK-NEXT: "domain": "{ S4[m, n, k] : 0 <= m <= 7 and 0 <= n <= 3 and 0 <= k <= 7 }",
// CHECK-NEXT: "points": 256,
// CHECK:      "flops": 512,
// Edges: S (64 elements, from the last d step k = 3) to the max, the sum
// and P; M (8) to the sum and P; Z (8) to P; P (64) to the last matmul,
// where P's column n is the reduction index k.
// CHECK:      "edges": [
// CHECK:        "producer": 0,
// CHECK-NEXT:   "consumer": 1,
// CHECK-NEXT:   "tensor": 4,
// CHECK-NEXT:   "relation": "{ S0[m, n, k = 3] -> S1[m' = m, k' = n] : 0 <= m <= 7 and 0 <= n <= 7 }",
// CHECK-NEXT:   "elements": 64,
// CHECK:        "producer": 0,
// CHECK-NEXT:   "consumer": 2,
// CHECK-NEXT:   "tensor": 4,
// CHECK:        "elements": 64,
// CHECK:        "producer": 0,
// CHECK-NEXT:   "consumer": 3,
// CHECK-NEXT:   "tensor": 4,
// CHECK:        "elements": 64,
// CHECK:        "producer": 1,
// CHECK-NEXT:   "consumer": 2,
// CHECK-NEXT:   "tensor": 5,
// CHECK-NEXT:   "relation": "{ S1[m, k = 7] -> S2[m' = m, k'] : 0 <= m <= 7 and 0 <= k' <= 7 }",
// CHECK-NEXT:   "elements": 8,
// CHECK:        "producer": 1,
// CHECK-NEXT:   "consumer": 3,
// CHECK-NEXT:   "tensor": 5,
// CHECK:        "elements": 8,
// CHECK:        "producer": 2,
// CHECK-NEXT:   "consumer": 3,
// CHECK-NEXT:   "tensor": 6,
// CHECK:        "elements": 8,
// CHECK:        "producer": 3,
// CHECK-NEXT:   "consumer": 4,
// CHECK-NEXT:   "tensor": 7,
// CHECK-NEXT:   "relation": "{ S3[m, n] -> S4[m' = m, n', k = n] : 0 <= m <= 7 and 0 <= n <= 7 and 0 <= n' <= 3 }",
// CHECK-NEXT:   "elements": 64,
// CHECK-NEXT:   "elements_exact": true
// CHECK-NEXT:   }
// CHECK-NEXT: ],
// Totals: 512 MACs, 128+64 = 192 adds, 64 max, 64 div, 128 exp:
// 2*512 + 192 + 64 + 64 + 128 = 1472 flops.
// CHECK:      "totals": {
// CHECK-NEXT:   "mac": 512,
// CHECK-NEXT:   "add": 192,
// CHECK-NEXT:   "mul": 0,
// CHECK-NEXT:   "cmp": 0,
// CHECK-NEXT:   "select": 0,
// CHECK-NEXT:   "minmax": 64,
// CHECK-NEXT:   "div": 64,
// CHECK-NEXT:   "transcendental": 128,
// CHECK:        "flops": 1472
// CHECK:      "exact": true,
// CHECK-NEXT: "warnings": 0

func.func @attention(%Q: memref<8x4xf32>, %K: memref<8x4xf32>, %V: memref<8x4xf32>, %O: memref<8x4xf32>) {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %S = memref.alloc() : memref<8x8xf32>
  %M = memref.alloc() : memref<8xf32>
  %Z = memref.alloc() : memref<8xf32>
  %P = memref.alloc() : memref<8x8xf32>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %r = affine.for %d = 0 to 4 iter_args(%acc = %zero) -> f32 {
        %q = affine.load %Q[%i, %d] : memref<8x4xf32>
        %k = affine.load %K[%j, %d] : memref<8x4xf32>
        %p = arith.mulf %q, %k : f32
        %s = arith.addf %acc, %p : f32
        affine.yield %s : f32
      }
      affine.store %r, %S[%i, %j] : memref<8x8xf32>
    }
  }
  affine.for %i = 0 to 8 {
    %m = affine.for %j = 0 to 8 iter_args(%acc = %ninf) -> f32 {
      %s = affine.load %S[%i, %j] : memref<8x8xf32>
      %n = arith.maximumf %acc, %s : f32
      affine.yield %n : f32
    }
    affine.store %m, %M[%i] : memref<8xf32>
  }
  affine.for %i = 0 to 8 {
    %z = affine.for %j = 0 to 8 iter_args(%acc = %zero) -> f32 {
      %s = affine.load %S[%i, %j] : memref<8x8xf32>
      %m = affine.load %M[%i] : memref<8xf32>
      %d = arith.subf %s, %m : f32
      %e = math.exp %d : f32
      %t = arith.addf %acc, %e : f32
      affine.yield %t : f32
    }
    affine.store %z, %Z[%i] : memref<8xf32>
  }
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %s = affine.load %S[%i, %j] : memref<8x8xf32>
      %m = affine.load %M[%i] : memref<8xf32>
      %z = affine.load %Z[%i] : memref<8xf32>
      %d = arith.subf %s, %m : f32
      %e = math.exp %d : f32
      %p = arith.divf %e, %z : f32
      affine.store %p, %P[%i, %j] : memref<8x8xf32>
    }
  }
  affine.for %i = 0 to 8 {
    affine.for %e = 0 to 4 {
      %r = affine.for %j = 0 to 8 iter_args(%acc = %zero) -> f32 {
        %p = affine.load %P[%i, %j] : memref<8x8xf32>
        %v = affine.load %V[%j, %e] : memref<8x4xf32>
        %m = arith.mulf %p, %v : f32
        %s = arith.addf %acc, %m : f32
        affine.yield %s : f32
      }
      affine.store %r, %O[%i, %e] : memref<8x4xf32>
    }
  }
  return
}
