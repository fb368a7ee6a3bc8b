// RUN: solar-opt --solar-dump-einsum-graph=json %s -o /dev/null | FileCheck %s

// 3x3 conv, padding 2 (explicit padded buffer Xp[4x12x12]: zero fill, then
// copy X into its interior), dilation 2, groups 2 (4 channels in and out,
// 2 per group). Output 8x8: 12 - (2*(3-1)+1) + 1 = 8.

// Xp: 4*12*12 = 576 elements, all written by the fill and all read (the
// dilated window p + 2r covers rows 0..11).
// CHECK:      "name": "%alloc",
// CHECK-NEXT: "isl_name": "alloc",
// CHECK-NEXT: "role": "intermediate",
// CHECK:      "footprint_elements": 576,
// CHECK-NEXT: "footprint_bytes": 2304,
// CHECK-NEXT: "footprint_exact": true,
// CHECK-NEXT: "read_elements": 576,
// CHECK-NEXT: "write_elements": 576
// Node 0: the zero fill, 576 points, no flops.
// CHECK:      "id": 0,
// CHECK:      "equation": "->BMN",
// CHECK-NEXT: "domain": "{ S0[b, m, n] : 0 <= b <= 3 and 0 <= m <= 11 and 0 <= n <= 11 }",
// CHECK-NEXT: "points": 576,
// CHECK:      "flops": 0,
// Node 1: the copy into the interior, 4*8*8 = 256 points.
// CHECK:      "id": 1,
// CHECK:      "equation": "BMN->B(M+2)(N+2)",
// CHECK-NEXT: "domain": "{ S1[b, m, n] : 0 <= b <= 3 and 0 <= m <= 7 and 0 <= n <= 7 }",
// CHECK-NEXT: "points": 256,
// CHECK:      "map": "{ S1[b, m, n] -> alloc[b, 2 + m, 2 + n] : 0 <= b <= 3 and 0 <= m <= 7 and 0 <= n <= 7 }",
// CHECK:      "flops": 0,
// Node 2: groups(2) * out/group(2) * 8 * 8 * in/group(2) * 3 * 3 = 4608
// points, one MAC each: 9216 flops. The group index g (label B) picks the
// channel block of input (2B+C), weight and output (2B+O); dilation shows
// as (P+2R).
// CHECK:      "id": 2,
// CHECK:      "equation": "(2B+C)(P+2R)(Q+2S),(2B+O)CRS->(2B+O)PQ",
// CHECK-NEXT: "domain": "{ S2[b, o, p, q, c, r, s] : 0 <= b <= 1 and 0 <= o <= 1 and 0 <= p <= 7 and 0 <= q <= 7 and 0 <= c <= 1 and 0 <= r <= 2 and 0 <= s <= 2 }",
// CHECK-NEXT: "points": 4608,
// CHECK-NEXT: "points_exact": true,
// CHECK:      "reduction_dims": [
// CHECK-NEXT:   "C",
// CHECK-NEXT:   "R",
// CHECK-NEXT:   "S"
// CHECK-NEXT: ],
// CHECK-NEXT: "reduction_op": "add",
// Output 4*8*8 = 256, padded input 576, weights 4*2*3*3 = 72.
// CHECK:      "map": "{ S2[b, o, p, q, c, r, s] -> arg2[2b + o, p, q] :
// CHECK-NEXT: "exact": true,
// CHECK-NEXT: "footprint_elements": 256,
// CHECK:      "map": "{ S2[b, o, p, q, c, r, s] -> alloc[2b + c, p + 2r, q + 2s] :
// CHECK-NEXT: "exact": true,
// CHECK-NEXT: "footprint_elements": 576,
// CHECK:      "map": "{ S2[b, o, p, q, c, r, s] -> arg1[2b + o, c, r, s] :
// CHECK-NEXT: "exact": true,
// CHECK-NEXT: "footprint_elements": 72,
// CHECK:      "ops": {
// CHECK-NEXT:   "mac": 4608,
// CHECK:      "flops": 9216,
// Edges into the conv: the fill's zeros survive only on the border,
// 576 - 256 = 320 elements; the copy provides the 256 interior ones.
// CHECK:      "edges": [
// CHECK:        "producer": 0,
// CHECK-NEXT:   "consumer": 2,
// CHECK-NEXT:   "tensor": 3,
// CHECK:        "elements": 320,
// CHECK-NEXT:   "elements_exact": true
// CHECK:        "producer": 1,
// CHECK-NEXT:   "consumer": 2,
// CHECK-NEXT:   "tensor": 3,
// CHECK:        "elements": 256,
// CHECK-NEXT:   "elements_exact": true
// CHECK:      "totals": {
// CHECK-NEXT:   "mac": 4608,
// CHECK:        "flops": 9216
// CHECK:      "exact": true,
// CHECK-NEXT: "warnings": 0

func.func @conv_pad_dil_groups(%X: memref<4x8x8xf32>, %W: memref<4x2x3x3xf32>, %Y: memref<4x8x8xf32>) {
  %zero = arith.constant 0.0 : f32
  %Xp = memref.alloc() : memref<4x12x12xf32>
  affine.for %c = 0 to 4 {
    affine.for %h = 0 to 12 {
      affine.for %w = 0 to 12 {
        affine.store %zero, %Xp[%c, %h, %w] : memref<4x12x12xf32>
      }
    }
  }
  affine.for %c = 0 to 4 {
    affine.for %h = 0 to 8 {
      affine.for %w = 0 to 8 {
        %x = affine.load %X[%c, %h, %w] : memref<4x8x8xf32>
        affine.store %x, %Xp[%c, %h + 2, %w + 2] : memref<4x12x12xf32>
      }
    }
  }
  affine.for %g = 0 to 2 {
    affine.for %o = 0 to 2 {
      affine.for %p = 0 to 8 {
        affine.for %q = 0 to 8 {
          %r = affine.for %ic = 0 to 2 iter_args(%a0 = %zero) -> f32 {
            %r1 = affine.for %kh = 0 to 3 iter_args(%a1 = %a0) -> f32 {
              %r2 = affine.for %kw = 0 to 3 iter_args(%a2 = %a1) -> f32 {
                %x = affine.load %Xp[%g * 2 + %ic, %p + %kh * 2, %q + %kw * 2] : memref<4x12x12xf32>
                %w = affine.load %W[%g * 2 + %o, %ic, %kh, %kw] : memref<4x2x3x3xf32>
                %m = arith.mulf %x, %w : f32
                %s = arith.addf %a2, %m : f32
                affine.yield %s : f32
              }
              affine.yield %r2 : f32
            }
            affine.yield %r1 : f32
          }
          affine.store %r, %Y[%g * 2 + %o, %p, %q] : memref<4x8x8xf32>
        }
      }
    }
  }
  return
}
