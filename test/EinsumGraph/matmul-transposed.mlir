// RUN: solar-opt --solar-dump-einsum-graph=json %s -o /dev/null | FileCheck %s

// C[8x4] += A^T B with A stored 16x8 (A[k, i]), then C += A B^T with B
// stored 4x16 (B[j, k]). The equation labels show which operand is
// transposed; the counts are the same: 8*4*16 = 512 MACs = 1024 flops.

// CHECK:      "function": "atb",
// A^T: 16*8 = 128 elements, B 16*4 = 64, C 8*4 = 32 read (inout) and written.
// CHECK:      "name": "%arg0",
// CHECK:      "shape": [
// CHECK-NEXT:   16,
// CHECK-NEXT:   8
// CHECK:      "footprint_elements": 128,
// CHECK:      "name": "%arg2",
// CHECK-NEXT: "isl_name": "arg2",
// CHECK-NEXT: "role": "inout",
// CHECK:      "footprint_elements": 32,
// CHECK:      "equation": "KM,KN->MN",
// CHECK-NEXT: "domain": "{ S0[m, n, k] : 0 <= m <= 7 and 0 <= n <= 3 and 0 <= k <= 15 }",
// CHECK-NEXT: "points": 512,
// CHECK:      "reduction_op": "add",
// CHECK:      "role": "accumulator",
// The transposed read: element (k, m) of A.
// CHECK:      "map": "{ S0[m, n, k] -> arg0[k, m] : 0 <= m <= 7 and 0 <= n <= 3 and 0 <= k <= 15 }",
// CHECK-NEXT: "exact": true,
// CHECK-NEXT: "footprint_elements": 128,
// CHECK:      "map": "{ S0[m, n, k] -> arg1[k, n] : 0 <= m <= 7 and 0 <= n <= 3 and 0 <= k <= 15 }",
// CHECK-NEXT: "exact": true,
// CHECK-NEXT: "footprint_elements": 64,
// CHECK:      "ops": {
// CHECK-NEXT:   "mac": 512,
// CHECK-NEXT:   "add": 0,
// CHECK-NEXT:   "mul": 0,
// CHECK:      "flops": 1024,
// CHECK:      "totals": {
// CHECK-NEXT:   "mac": 512,
// CHECK:        "flops": 1024

// CHECK:      "function": "abt",
// CHECK:      "name": "%arg1",
// CHECK:      "shape": [
// CHECK-NEXT:   4,
// CHECK-NEXT:   16
// CHECK:      "footprint_elements": 64,
// CHECK:      "equation": "MK,NK->MN",
// CHECK-NEXT: "domain": "{ S0[m, n, k] : 0 <= m <= 7 and 0 <= n <= 3 and 0 <= k <= 15 }",
// CHECK-NEXT: "points": 512,
// CHECK:      "map": "{ S0[m, n, k] -> arg0[m, k] : 0 <= m <= 7 and 0 <= n <= 3 and 0 <= k <= 15 }",
// CHECK-NEXT: "exact": true,
// CHECK-NEXT: "footprint_elements": 128,
// The transposed read: element (n, k) of B.
// CHECK:      "map": "{ S0[m, n, k] -> arg1[n, k] : 0 <= m <= 7 and 0 <= n <= 3 and 0 <= k <= 15 }",
// CHECK-NEXT: "exact": true,
// CHECK-NEXT: "footprint_elements": 64,
// CHECK:      "ops": {
// CHECK-NEXT:   "mac": 512,
// CHECK:      "flops": 1024,
// CHECK:      "totals": {
// CHECK-NEXT:   "mac": 512,
// CHECK:        "flops": 1024

func.func @atb(%A: memref<16x8xf32>, %B: memref<16x4xf32>, %C: memref<8x4xf32>) {
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 4 {
      affine.for %k = 0 to 16 {
        %a = affine.load %A[%k, %i] : memref<16x8xf32>
        %b = affine.load %B[%k, %j] : memref<16x4xf32>
        %c = affine.load %C[%i, %j] : memref<8x4xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<8x4xf32>
      }
    }
  }
  return
}
func.func @abt(%A: memref<8x16xf32>, %B: memref<4x16xf32>, %C: memref<8x4xf32>) {
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 4 {
      affine.for %k = 0 to 16 {
        %a = affine.load %A[%i, %k] : memref<8x16xf32>
        %b = affine.load %B[%j, %k] : memref<4x16xf32>
        %c = affine.load %C[%i, %j] : memref<8x4xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<8x4xf32>
      }
    }
  }
  return
}
