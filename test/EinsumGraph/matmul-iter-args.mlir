// RUN: solar-opt --solar-dump-einsum-graph=json %s -o /dev/null | FileCheck %s

// The same 64x32x16 matmul written with an iter_args reduction: the node's
// domain is the reduction body, so it is 3-d like the load/store form.
// C is only written (the accumulator starts at 0.0): role output.

// CHECK:      "name": "%arg2",
// CHECK:      "role": "output",
// CHECK:      "read_elements": 0,
// CHECK-NEXT: "write_elements": 2048
// CHECK:      "equation": "MK,KN->MN",
// CHECK-NEXT: "domain": "{ S0[m, n, k] : 0 <= m <= 63 and 0 <= n <= 31 and 0 <= k <= 15 }",
// 64*32*16 = 32768
// CHECK-NEXT: "points": 32768,
// CHECK:      "reduction_dims": [
// CHECK-NEXT:   "K"
// CHECK-NEXT: ],
// CHECK-NEXT: "reduction_op": "add",
// mulf feeding the addf of the accumulator: one MAC per point.
// CHECK:      "ops_per_point": {
// CHECK-NEXT:   "mac": 1,
// CHECK-NEXT:   "add": 0,
// CHECK-NEXT:   "mul": 0,
// CHECK:      "flops": 65536,

func.func @iter_args_matmul(%A: memref<64x16xf32>, %B: memref<16x32xf32>, %C: memref<64x32xf32>) {
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 32 {
      %r = affine.for %k = 0 to 16 iter_args(%acc = %zero) -> f32 {
        %a = affine.load %A[%i, %k] : memref<64x16xf32>
        %b = affine.load %B[%k, %j] : memref<16x32xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %acc, %p : f32
        affine.yield %s : f32
      }
      affine.store %r, %C[%i, %j] : memref<64x32xf32>
    }
  }
  return
}
