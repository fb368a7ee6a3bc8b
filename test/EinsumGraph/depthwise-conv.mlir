// RUN: solar-opt --solar-dump-einsum-graph=json %s -o /dev/null | FileCheck %s

// Depthwise 3x3 conv, stride 1: I[2x4x10x10] * W[4x3x3] -> O[2x4x8x8].
// The channel indexes input, weight and output: it is not a reduction.
// CHECK:      "equation": "BO(P+R)(Q+S),ORS->BOPQ",
// 2*4*8*8*3*3 = 4608 points.
// CHECK:      "points": 4608,
// CHECK:      "reduction_dims": [
// CHECK-NEXT:   "R",
// CHECK-NEXT:   "S"
// CHECK-NEXT: ],
// Input rows p + r for p < 8, r < 3 cover 0..9: all 2*4*10*10 = 800.
// CHECK:      "map": "{ S0[b, o, p, q, r, s] -> arg0[b, o, p + r, q + s] : {{.*}} }",
// CHECK:      "footprint_elements": 800,
// CHECK:      "map": "{ S0[b, o, p, q, r, s] -> arg1[o, r, s] : {{.*}} }",
// CHECK:      "footprint_elements": 36,
// CHECK:      "flops": 9216,

func.func @depthwise(%I: memref<2x4x10x10xf32>, %W: memref<4x3x3xf32>, %O: memref<2x4x8x8xf32>) {
  affine.for %n = 0 to 2 {
    affine.for %c = 0 to 4 {
      affine.for %p = 0 to 8 {
        affine.for %q = 0 to 8 {
          affine.for %r = 0 to 3 {
            affine.for %s = 0 to 3 {
              %x = affine.load %I[%n, %c, %p + %r, %q + %s] : memref<2x4x10x10xf32>
              %w = affine.load %W[%c, %r, %s] : memref<4x3x3xf32>
              %acc = affine.load %O[%n, %c, %p, %q] : memref<2x4x8x8xf32>
              %m = arith.mulf %x, %w : f32
              %a = arith.addf %acc, %m : f32
              affine.store %a, %O[%n, %c, %p, %q] : memref<2x4x8x8xf32>
            }
          }
        }
      }
    }
  }
  return
}
