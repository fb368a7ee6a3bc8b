// RUN: solar-opt --solar-dump-einsum-graph=json %s -o /dev/null | FileCheck %s

// y[8] = A[8x16] * x[16], the reduction through iter_args.

// Tensors: A 8*16 = 128 elements, x 16, y 8 (written only: output).
// CHECK:      "name": "%arg0",
// CHECK-NEXT: "isl_name": "arg0",
// CHECK-NEXT: "role": "input",
// CHECK:      "footprint_elements": 128,
// CHECK-NEXT: "footprint_bytes": 512,
// CHECK:      "name": "%arg1",
// CHECK-NEXT: "isl_name": "arg1",
// CHECK-NEXT: "role": "input",
// CHECK:      "footprint_elements": 16,
// CHECK-NEXT: "footprint_bytes": 64,
// CHECK:      "name": "%arg2",
// CHECK-NEXT: "isl_name": "arg2",
// CHECK-NEXT: "role": "output",
// CHECK:      "footprint_elements": 8,
// CHECK-NEXT: "footprint_bytes": 32,
// CHECK-NEXT: "footprint_exact": true,
// CHECK-NEXT: "read_elements": 0,
// CHECK-NEXT: "write_elements": 8
// One node over i x k: 8*16 = 128 points, k is the reduction.
// CHECK:      "equation": "MK,K->M",
// CHECK-NEXT: "domain": "{ S0[m, k] : 0 <= m <= 7 and 0 <= k <= 15 }",
// CHECK-NEXT: "points": 128,
// CHECK-NEXT: "points_exact": true,
// CHECK:      "reduction_dims": [
// CHECK-NEXT:   "K"
// CHECK-NEXT: ],
// CHECK-NEXT: "reduction_op": "add",
// CHECK:      "map": "{ S0[m, k] -> arg2[m] : 0 <= m <= 7 and 0 <= k <= 15 }",
// CHECK-NEXT: "exact": true,
// CHECK-NEXT: "footprint_elements": 8,
// CHECK:      "map": "{ S0[m, k] -> arg0[m, k] : 0 <= m <= 7 and 0 <= k <= 15 }",
// CHECK-NEXT: "exact": true,
// CHECK-NEXT: "footprint_elements": 128,
// x[k] is reused by every row: footprint 16, not 128.
// CHECK:      "map": "{ S0[m, k] -> arg1[k] : 0 <= m <= 7 and 0 <= k <= 15 }",
// CHECK-NEXT: "exact": true,
// CHECK-NEXT: "footprint_elements": 16,
// 128 MACs (mulf whose only use is the accumulator addf) = 256 flops.
// CHECK:      "ops": {
// CHECK-NEXT:   "mac": 128,
// CHECK-NEXT:   "add": 0,
// CHECK-NEXT:   "mul": 0,
// CHECK:      "flops": 256,
// CHECK:      "edges": [],
// CHECK:      "totals": {
// CHECK-NEXT:   "mac": 128,
// CHECK:        "flops": 256
// CHECK:      "exact": true,
// CHECK-NEXT: "warnings": 0

func.func @matvec(%A: memref<8x16xf32>, %x: memref<16xf32>, %y: memref<8xf32>) {
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 8 {
    %r = affine.for %k = 0 to 16 iter_args(%acc = %zero) -> f32 {
      %a = affine.load %A[%i, %k] : memref<8x16xf32>
      %v = affine.load %x[%k] : memref<16xf32>
      %p = arith.mulf %a, %v : f32
      %s = arith.addf %acc, %p : f32
      affine.yield %s : f32
    }
    affine.store %r, %y[%i] : memref<8xf32>
  }
  return
}
