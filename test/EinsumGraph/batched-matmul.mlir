// RUN: solar-opt --solar-dump-einsum-graph=json %s -o /dev/null | FileCheck %s

// C[4x8x32] += A[4x8x16] * B[4x16x32].
// CHECK:      "equation": "BMK,BKN->BMN",
// CHECK-NEXT: "domain": "{ S0[b, m, n, k] : 0 <= b <= 3 and 0 <= m <= 7 and 0 <= n <= 31 and 0 <= k <= 15 }",
// 4*8*32*16 = 16384 points, one MAC each.
// CHECK-NEXT: "points": 16384,
// CHECK:      "reduction_op": "add",
// A: 4*8*16 = 512 elements; B: 4*16*32 = 2048.
// CHECK:      "map": "{ S0[b, m, n, k] -> arg0[b, m, k] : {{.*}} }",
// CHECK:      "footprint_elements": 512,
// CHECK:      "map": "{ S0[b, m, n, k] -> arg1[b, k, n] : {{.*}} }",
// CHECK:      "footprint_elements": 2048,
// CHECK:      "ops": {
// CHECK-NEXT:   "mac": 16384,
// CHECK:      "flops": 32768,

func.func @bmm(%A: memref<4x8x16xf32>, %B: memref<4x16x32xf32>, %C: memref<4x8x32xf32>) {
  affine.for %b = 0 to 4 {
    affine.for %i = 0 to 8 {
      affine.for %j = 0 to 32 {
        affine.for %k = 0 to 16 {
          %x = affine.load %A[%b, %i, %k] : memref<4x8x16xf32>
          %y = affine.load %B[%b, %k, %j] : memref<4x16x32xf32>
          %c = affine.load %C[%b, %i, %j] : memref<4x8x32xf32>
          %p = arith.mulf %x, %y : f32
          %s = arith.addf %c, %p : f32
          affine.store %s, %C[%b, %i, %j] : memref<4x8x32xf32>
        }
      }
    }
  }
  return
}
