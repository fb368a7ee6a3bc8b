// RUN: solar-opt --solar-dump-einsum-graph=json %s -o /dev/null | FileCheck %s

// The demand walk of the necessary-work analysis below a padded
// convolution's contribution (lib/einsum/einsum_necessary.c): the demanded
// points are cut to the domain less the skippable points, so the skippable
// set itself is not taken away from them again, and the whole domain is cut
// without isl's emptiness test when the unskipped domain counts non-empty.
// Every other fact below the contribution is still taken away, and an
// empty unskipped domain still leaves the contribution's reads unreached.
// The image of what a read demands is made only for a tensor that is not
// already needed whole.

// y[o] += (P[o+r] + Q[o+r]) * w[r], o < 8, r < 3: P is x padded by one
// each side (P[0] = P[9] = 0), Q is z padded by two on the left (Q[0] =
// Q[1] = 0). The contribution is 0 where both sums' terms are: index 0
// only, the point (0, 0): 24 - 1 = 23 necessary points. Below it P's zero
// {0, 9} and Q's zero {0, 1} are no subset of the skippable point, so P is
// not read at index 9 ((7, 2)) nor Q at index 1 ((0, 1), (1, 0)): where a
// load is known 0 it reads nothing. The copies overwrite P[1..8] and
// Q[2..9], so nothing the zero fills write is read: both have 0 necessary
// points; the copies are needed whole (no necessary set). Taking no fact
// away below the contribution would read P[9] and Q[1]: 1 necessary point
// each. w is an argument, needed whole: its reads' image is not made; P's
// and Q's are (1..8, 2..9): without them the copies would be unnecessary.
// CHECK-LABEL: "function": "sum_of_padded",
// CHECK:      "domain": "{ S0[m] : 0 <= m <= 9 }",
// CHECK:      "necessary_domain": "{ S0[m] : false }",
// CHECK-NEXT: "necessary_points": 0,
// CHECK:      "domain": "{ S1[m] : 0 <= m <= 7 }",
// CHECK:      "flops": 0,
// CHECK-NEXT: "dtype": "f32",
// CHECK:      "domain": "{ S2[m] : 0 <= m <= 9 }",
// CHECK:      "necessary_domain": "{ S2[m] : false }",
// CHECK-NEXT: "necessary_points": 0,
// CHECK:      "domain": "{ S3[m] : 0 <= m <= 7 }",
// CHECK:      "flops": 0,
// CHECK-NEXT: "dtype": "f32",
// CHECK:      "equation": "(M+K),(M+K),K->M",
// CHECK:      "necessary_domain": "{ S4[m, k] : 0 <= m <= 7 and k >= 0 and -m < k <= 2 }",
// CHECK-NEXT: "necessary_points": 23,
func.func @sum_of_padded(%x: memref<8xf32>, %z: memref<8xf32>, %w: memref<3xf32>, %y: memref<8xf32>) {
  %zero = arith.constant 0.0 : f32
  %p = memref.alloc() : memref<10xf32>
  affine.for %i = 0 to 10 {
    affine.store %zero, %p[%i] : memref<10xf32>
  }
  affine.for %i = 0 to 8 {
    %v = affine.load %x[%i] : memref<8xf32>
    affine.store %v, %p[%i + 1] : memref<10xf32>
  }
  %q = memref.alloc() : memref<10xf32>
  affine.for %i = 0 to 10 {
    affine.store %zero, %q[%i] : memref<10xf32>
  }
  affine.for %i = 0 to 8 {
    %v = affine.load %z[%i] : memref<8xf32>
    affine.store %v, %q[%i + 2] : memref<10xf32>
  }
  affine.for %o = 0 to 8 {
    affine.for %r = 0 to 3 {
      %a = affine.load %p[%o + %r] : memref<10xf32>
      %c = affine.load %q[%o + %r] : memref<10xf32>
      %d = arith.addf %a, %c : f32
      %b = affine.load %w[%r] : memref<3xf32>
      %m = arith.mulf %d, %b : f32
      %s = affine.load %y[%o] : memref<8xf32>
      %t = arith.addf %s, %m : f32
      affine.store %t, %y[%o] : memref<8xf32>
    }
  }
  return
}

// y[0] += P[r] * w[r], r < 2, where P is x padded by two on the left: every
// point reads padding, so all are skippable and the unskipped domain is
// empty (a set of no piece: isl's intersection, not the shortcut, which
// also wants a positive count). The walk then finds nothing new at the
// contribution and leaves its loads unreached, read whole: P[0..1], which
// only the zero fill writes, so the fill's points 0 and 1 are necessary
// and the copy (P[2..3]) has none. Taking the cut as non-empty would read
// nothing of P: 0 necessary points for the fill.
// CHECK-LABEL: "function": "all_padding",
// CHECK:      "domain": "{ S0[m] : 0 <= m <= 3 }",
// CHECK:      "necessary_domain": "{ S0[m] : 0 <= m <= 1 }",
// CHECK-NEXT: "necessary_points": 2,
// CHECK:      "domain": "{ S1[m] : 0 <= m <= 1 }",
// CHECK:      "necessary_domain": "{ S1[m] : false }",
// CHECK-NEXT: "necessary_points": 0,
// CHECK:      "domain": "{ S2[m = 0, k] : 0 <= k <= 1 }",
// CHECK:      "necessary_domain": "{ S2[m, k] : false }",
// CHECK-NEXT: "necessary_points": 0,
func.func @all_padding(%x: memref<2xf32>, %w: memref<2xf32>, %y: memref<1xf32>) {
  %zero = arith.constant 0.0 : f32
  %p = memref.alloc() : memref<4xf32>
  affine.for %i = 0 to 4 {
    affine.store %zero, %p[%i] : memref<4xf32>
  }
  affine.for %i = 0 to 2 {
    %v = affine.load %x[%i] : memref<2xf32>
    affine.store %v, %p[%i + 2] : memref<4xf32>
  }
  affine.for %o = 0 to 1 {
    affine.for %r = 0 to 2 {
      %a = affine.load %p[%o + %r] : memref<4xf32>
      %b = affine.load %w[%r] : memref<2xf32>
      %m = arith.mulf %a, %b : f32
      %s = affine.load %y[%o] : memref<1xf32>
      %t = arith.addf %s, %m : f32
      affine.store %t, %y[%o] : memref<1xf32>
    }
  }
  return
}
