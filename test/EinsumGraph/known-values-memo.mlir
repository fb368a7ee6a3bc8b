// RUN: solar-opt --solar-dump-einsum-graph=json %s -o /dev/null | FileCheck %s

// The forward known values by shape (lib/einsum/einsum_known_memo.c) and the
// zero-factor hypothesis' shortcuts (einsum_known_skippable.c,
// einsum_known_zero.c: uniteIn, reuseNodeLoad).
//
// Two 1-d convolutions of one shape, each over its own zero-padded buffer:
// P[0..9] = 0, P[1+i] = x[i] (i < 8), y[o] = 0, y[o] += P[o + r] * w[r]
// (o < 8, r < 3). The second padding's "box less interior" (P2 = 0 at 0 and
// 9) is built from the boxes' bounds (einsum_known_box.c, as for the first;
// test/EinsumGraph/known-box-unit.test), and its pull-back through the
// second convolution's read comes from the memo of the first's, under the
// second's names (S7, P2). Nonzero taps:
// 1 <= o + r <= 8: o = 0 has r = 1, 2; o = 1..6 all 3; o = 7 has r = 0, 1:
// 2 + 18 + 2 = 22 of 24 points, in each convolution.
//
// zero_skips: P's read is a factor (P's elements known 0 make the product
// 0), and so is w's: under "w is 0" the product is 0 at every point, the
// union of "P is 0" (the padding taps, P's fact as the node itself knew it)
// and "w is 0" (the whole domain). w is an argument, read by a node that
// writes an allocation (y), so it is trusted. A wrong reuse of P's own fact
// under P's hypothesis, or a union that kept the padding taps alone, would
// make one of them false.
// CHECK-LABEL: "function": "two_padded_convs",
// CHECK:      "map": "{ S3[m, k] -> alloc[m + k]
// CHECK:      "zero_skips": true
// CHECK:      "map": "{ S3[m, k] -> arg1[k]
// CHECK:      "zero_skips": true
// CHECK:      "necessary_domain": "{ S3[m, k] : 0 <= m <= 7 and k >= 0 and -m < k <= 8 - m and k <= 2 }",
// CHECK-NEXT: "necessary_points": 22,
// CHECK-NEXT: "flops_necessary": 44,
// CHECK:      "map": "{ S7[m, k] -> alloc_1[m + k]
// CHECK:      "zero_skips": true
// CHECK:      "map": "{ S7[m, k] -> arg1[k]
// CHECK:      "zero_skips": true
// CHECK:      "necessary_domain": "{ S7[m, k] : 0 <= m <= 7 and k >= 0 and -m < k <= 8 - m and k <= 2 }",
// CHECK-NEXT: "necessary_points": 22,
// CHECK-NEXT: "flops_necessary": 44,
func.func @two_padded_convs(%x: memref<8xf32>, %w: memref<3xf32>) -> (memref<8xf32>, memref<8xf32>) {
  %zero = arith.constant 0.0 : f32
  %p = memref.alloc() : memref<10xf32>
  affine.for %i = 0 to 10 {
    affine.store %zero, %p[%i] : memref<10xf32>
  }
  affine.for %i = 0 to 8 {
    %v = affine.load %x[%i] : memref<8xf32>
    affine.store %v, %p[%i + 1] : memref<10xf32>
  }
  %y = memref.alloc() : memref<8xf32>
  affine.for %o = 0 to 8 {
    affine.store %zero, %y[%o] : memref<8xf32>
  }
  affine.for %o = 0 to 8 {
    affine.for %r = 0 to 3 {
      %a = affine.load %p[%o + %r] : memref<10xf32>
      %b = affine.load %w[%r] : memref<3xf32>
      %c = affine.load %y[%o] : memref<8xf32>
      %m = arith.mulf %a, %b : f32
      %s = arith.addf %c, %m : f32
      affine.store %s, %y[%o] : memref<8xf32>
    }
  }
  %q = memref.alloc() : memref<10xf32>
  affine.for %i = 0 to 10 {
    affine.store %zero, %q[%i] : memref<10xf32>
  }
  affine.for %i = 0 to 8 {
    %v = affine.load %x[%i] : memref<8xf32>
    affine.store %v, %q[%i + 1] : memref<10xf32>
  }
  %z = memref.alloc() : memref<8xf32>
  affine.for %o = 0 to 8 {
    affine.store %zero, %z[%o] : memref<8xf32>
  }
  affine.for %o = 0 to 8 {
    affine.for %r = 0 to 3 {
      %a = affine.load %q[%o + %r] : memref<10xf32>
      %b = affine.load %w[%r] : memref<3xf32>
      %c = affine.load %z[%o] : memref<8xf32>
      %m = arith.mulf %a, %b : f32
      %s = arith.addf %c, %m : f32
      affine.store %s, %z[%o] : memref<8xf32>
    }
  }
  memref.dealloc %p : memref<10xf32>
  memref.dealloc %q : memref<10xf32>
  return %y, %z : memref<8xf32>, memref<8xf32>
}
