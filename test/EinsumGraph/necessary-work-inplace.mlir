// RUN: solar-opt --solar-dump-einsum-graph=json %s -o /dev/null | FileCheck %s

// Forms torch-mlir gives transposed convolutions that the necessary-work
// analysis must see through (issue 26).

// A stride-2 transposed convolution with a 1-tap kernel and one input
// channel: bufferization builds the zero-inserted input in the output
// argument %y (fill with 0, copy to %p, x[i] into %p[2i]), and the
// "reduction" over one channel and one tap is an elementwise in-place
// update y[o] = y[o] + p[o] * w. Where p[o] is a known 0 (odd o) the point
// stores back what it read: skippable. y[0..6]: even o = 0, 2, 4, 6 are
// necessary, 4 of 7 points (8 of 14 flops: mul + add each). The copy of
// %y into %p is needed nowhere: its odd elements are known zeros (read as
// constants), its even ones overwritten by x.
// CHECK-LABEL: "function": "in_place_update",
// CHECK:      "equation": "M->M",
// CHECK:      "necessary_points": 0,
// CHECK:      "equation": "M,M,->M",
// CHECK:      "flops": 14,
// CHECK-NEXT: "necessary_domain": "{ S3[m] : (m) mod 2 = 0 and 0 <= m <= 6 }",
// CHECK-NEXT: "necessary_points": 4,
// CHECK-NEXT: "flops_necessary": 8,
func.func @in_place_update(%x: memref<4xf32>, %w: memref<f32>, %y: memref<7xf32>) {
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 7 {
    affine.store %zero, %y[%i] : memref<7xf32>
  }
  %p = memref.alloc() : memref<7xf32>
  affine.for %i = 0 to 7 {
    %v = affine.load %y[%i] : memref<7xf32>
    affine.store %v, %p[%i] : memref<7xf32>
  }
  affine.for %i = 0 to 4 {
    %v = affine.load %x[%i] : memref<4xf32>
    affine.store %v, %p[2 * %i] : memref<7xf32>
  }
  affine.for %o = 0 to 7 {
    %a = affine.load %p[%o] : memref<7xf32>
    %b = affine.load %w[] : memref<f32>
    %c = affine.load %y[%o] : memref<7xf32>
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %c, %m : f32
    affine.store %s, %y[%o] : memref<7xf32>
  }
  memref.dealloc %p : memref<7xf32>
  return
}

// Arguments may alias: the zeros of %y are forgotten once the function
// writes another argument (%z), so the same update reading %y's zeros
// through %p after that write keeps all its points.
// CHECK-LABEL: "function": "argument_then_other_argument",
// CHECK-NOT:  "necessary_points"
// CHECK-LABEL: "function": "grouped_weight_index",
func.func @argument_then_other_argument(%x: memref<4xf32>, %w: memref<f32>, %y: memref<7xf32>, %z: memref<7xf32>) {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  affine.for %i = 0 to 7 {
    affine.store %zero, %y[%i] : memref<7xf32>
  }
  affine.for %i = 0 to 7 {
    affine.store %one, %z[%i] : memref<7xf32>
  }
  %p = memref.alloc() : memref<7xf32>
  affine.for %i = 0 to 7 {
    %v = affine.load %y[%i] : memref<7xf32>
    affine.store %v, %p[%i] : memref<7xf32>
  }
  affine.for %o = 0 to 7 {
    %a = affine.load %p[%o] : memref<7xf32>
    %b = affine.load %w[] : memref<f32>
    %c = affine.load %z[%o] : memref<7xf32>
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %c, %m : f32
    affine.store %s, %z[%o] : memref<7xf32>
  }
  memref.dealloc %p : memref<7xf32>
  return
}

// A grouped convolution's weight indexed through affine.linearize_index
// (what fold-memref-alias-ops leaves for an expand_shape view): read as
// the affine 2g + c, so the access is exact and nothing is opaque; the
// zero-padded input keeps its 22 of 24 taps per (g, c) as in
// necessary-work.mlir's pad_conv1d: 2 groups * 2 channels * 22 = 88.
// CHECK:      "equation": "B(N+K),(2B+M)K->BMN",
// CHECK:      "necessary_points": 88,
func.func @grouped_weight_index(%x: memref<2x8xf32>, %w: memref<4x3xf32>, %y: memref<2x2x8xf32>) {
  %zero = arith.constant 0.0 : f32
  %p = memref.alloc() : memref<2x10xf32>
  affine.for %g = 0 to 2 {
    affine.for %i = 0 to 10 {
      affine.store %zero, %p[%g, %i] : memref<2x10xf32>
    }
  }
  affine.for %g = 0 to 2 {
    affine.for %i = 0 to 8 {
      %v = affine.load %x[%g, %i] : memref<2x8xf32>
      affine.store %v, %p[%g, %i + 1] : memref<2x10xf32>
    }
  }
  affine.for %g = 0 to 2 {
    affine.for %c = 0 to 2 {
      affine.for %o = 0 to 8 {
        affine.for %r = 0 to 3 {
          %a = affine.load %p[%g, %o + %r] : memref<2x10xf32>
          %k = affine.linearize_index disjoint [%g, %c] by (2, 2) : index
          %b = memref.load %w[%k, %r] : memref<4x3xf32>
          %c0 = affine.load %y[%g, %c, %o] : memref<2x2x8xf32>
          %m = arith.mulf %a, %b : f32
          %s = arith.addf %c0, %m : f32
          affine.store %s, %y[%g, %c, %o] : memref<2x2x8xf32>
        }
      }
    }
  }
  memref.dealloc %p : memref<2x10xf32>
  return
}
