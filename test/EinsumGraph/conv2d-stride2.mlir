// RUN: solar-opt --solar-dump-einsum-graph=json %s -o /dev/null | FileCheck %s

// NCHW conv2d, stride 2, 3x3 window: I[2x3x32x32] * W[8x3x3x3] -> O[2x8x15x15]
// (15 = (32 - 3) / 2 + 1 output rows).

// The input is 2*3*32*32 = 6144 elements, but only rows/columns 2p + r with
// p < 15, r < 3, i.e. 0..30, are touched: 2*3*31*31 = 5766 (exact).
// CHECK:      "name": "%arg0",
// CHECK:      "elements": 6144,
// CHECK-NEXT: "bytes": 24576,
// CHECK:      "footprint_elements": 5766,
// CHECK-NEXT: "footprint_bytes": 23064,
// CHECK-NEXT: "footprint_exact": true,

// Sliding window with stride: (2P+R), (2Q+S); C, R, S are reductions.
// CHECK:      "equation": "BC(2P+R)(2Q+S),OCRS->BOPQ",
// CHECK-NEXT: "domain": "{ S0[b, o, p, q, c, r, s] : 0 <= b <= 1 and 0 <= o <= 7 and 0 <= p <= 14 and 0 <= q <= 14 and 0 <= c <= 2 and 0 <= r <= 2 and 0 <= s <= 2 }",
// 2*8*15*15*3*3*3 = 97200 points.
// CHECK-NEXT: "points": 97200,
// CHECK-NEXT: "points_exact": true,
// CHECK:      "reduction_dims": [
// CHECK-NEXT:   "C",
// CHECK-NEXT:   "R",
// CHECK-NEXT:   "S"
// CHECK-NEXT: ],
// CHECK-NEXT: "reduction_op": "add",
// CHECK:      "map": "{ S0[b, o, p, q, c, r, s] -> arg0[b, c, 2p + r, 2q + s] : {{.*}} }",
// CHECK:      "footprint_elements": 5766,
// Weights: 8*3*3*3 = 216.
// CHECK:      "map": "{ S0[b, o, p, q, c, r, s] -> arg1[o, c, r, s] : {{.*}} }",
// CHECK:      "footprint_elements": 216,
// 97200 MACs = 194400 flops.
// CHECK:      "ops": {
// CHECK-NEXT:   "mac": 97200,
// CHECK:      "flops": 194400,

func.func @conv(%I: memref<2x3x32x32xf32>, %W: memref<8x3x3x3xf32>, %O: memref<2x8x15x15xf32>) {
  affine.for %n = 0 to 2 {
    affine.for %o = 0 to 8 {
      affine.for %p = 0 to 15 {
        affine.for %q = 0 to 15 {
          affine.for %c = 0 to 3 {
            affine.for %r = 0 to 3 {
              affine.for %s = 0 to 3 {
                %x = affine.load %I[%n, %c, %p * 2 + %r, %q * 2 + %s] : memref<2x3x32x32xf32>
                %w = affine.load %W[%o, %c, %r, %s] : memref<8x3x3x3xf32>
                %acc = affine.load %O[%n, %o, %p, %q] : memref<2x8x15x15xf32>
                %m = arith.mulf %x, %w : f32
                %a = arith.addf %acc, %m : f32
                affine.store %a, %O[%n, %o, %p, %q] : memref<2x8x15x15xf32>
              }
            }
          }
        }
      }
    }
  }
  return
}
