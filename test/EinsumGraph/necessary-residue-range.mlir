// RUN: solar-opt --solar-dump-einsum-graph=json %s -o /dev/null | FileCheck %s
// RUN: solar-opt --solar-einsum-graph %s | FileCheck %s --check-prefix=ATTR
// RUN: solar-opt %s --solar-sol=H100_SXM | FileCheck %s --check-prefix=SOL

// Necessary points whose set has a range of residues (a div in inequalities
// only) of period 100, more than the isl path splits (count_set.c,
// kMaxPeriod 64): that path fills the holes and over-approximates, which
// would claim more necessary work than an implementation skipping exactly
// the skippable points does (the bound too high). The count must be exact
// (einsum_factor_count.c) or else a lower bound (count_lower.c).

// P[0..299] = 0, then x[i] (i < 294) stored at P[100 (i div 98) + i mod 98
// + 2]: rows of 100 whose first two elements stay zero. y += P[k] * w[k]:
// the product is zero where k mod 100 < 2, so the necessary points are
// k in [0, 299] with k mod 100 in [2, 99]: 3 periods of 98 = 294 of 300
// MACs, 588 flops. (The isl path's hull: k in [2, 299], 298, 596 flops.)
// CHECK-LABEL: "function": "residue_pad",
// CHECK:      "equation": "K,K->(0)",
// CHECK:      "necessary_domain": "{ S2[k] : 0 <= k <= 299 and 100*floor((1 - k)/100) < -k }",
// CHECK-NEXT: "necessary_points": 294,
// CHECK-NEXT: "flops_necessary": 588,
// SOL-LABEL: func.func @residue_pad(
// SOL: flops = 588 : i64, flops_lowered = 600 : i64
// SOL-SAME: mac = 294 : i64
func.func @residue_pad(%x: memref<294xf32>, %w: memref<300xf32>, %y: memref<1xf32>) {
  %zero = arith.constant 0.0 : f32
  %p = memref.alloc() : memref<300xf32>
  affine.for %i = 0 to 300 {
    affine.store %zero, %p[%i] : memref<300xf32>
  }
  affine.for %i = 0 to 294 {
    %v = affine.load %x[%i] : memref<294xf32>
    affine.store %v, %p[(%i floordiv 98) * 100 + %i mod 98 + 2] : memref<300xf32>
  }
  affine.for %k = 0 to 300 {
    %a = affine.load %p[%k] : memref<300xf32>
    %b = affine.load %w[%k] : memref<300xf32>
    %c = affine.load %y[0] : memref<1xf32>
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %c, %m : f32
    affine.store %s, %y[0] : memref<1xf32>
  }
  memref.dealloc %p : memref<300xf32>
  return
}

// The same, 4 rows of 167773 periods: k reaches 16777299, beyond the
// coordinates the exact count takes (2^24), and the isl path is inexact
// again. True count 4 * 167773 * 98 = 65767016 (the second store's points);
// the isl path's hull 4 * 16777298 = 67109192. Neither is known, so the
// count is the lower bound of the largest one-dimensional projection: m in
// [0, 3] (4; k's projection has the same residue range, not counted
// exactly, so left out): 4 points, 8 flops, marked inexact.
// CHECK-LABEL: "function": "residue_pad_wide",
// CHECK:      "equation": "MK,MK->M",
// CHECK:      "necessary_points": 4,
// CHECK-NEXT: "necessary_points_exact": false,
// CHECK-NEXT: "flops_necessary": 8,
// ATTR-LABEL: func.func @residue_pad_wide(
// ATTR: necessary_points = 4 : i64, necessary_points_exact = false,
// SOL-LABEL: func.func @residue_pad_wide(
// SOL: flops = 8 : i64, flops_lowered = 134218400 : i64
func.func @residue_pad_wide(%x: memref<4x16441754xf32>, %w: memref<4x16777300xf32>, %y: memref<4xf32>) {
  %zero = arith.constant 0.0 : f32
  %p = memref.alloc() : memref<4x16777300xf32>
  affine.for %j = 0 to 4 {
    affine.for %i = 0 to 16777300 {
      affine.store %zero, %p[%j, %i] : memref<4x16777300xf32>
    }
  }
  affine.for %j = 0 to 4 {
    affine.for %i = 0 to 16441754 {
      %v = affine.load %x[%j, %i] : memref<4x16441754xf32>
      affine.store %v, %p[%j, (%i floordiv 98) * 100 + %i mod 98 + 2] : memref<4x16777300xf32>
    }
  }
  affine.for %j = 0 to 4 {
    affine.for %k = 0 to 16777300 {
      %a = affine.load %p[%j, %k] : memref<4x16777300xf32>
      %b = affine.load %w[%j, %k] : memref<4x16777300xf32>
      %c = affine.load %y[%j] : memref<4xf32>
      %m = arith.mulf %a, %b : f32
      %s = arith.addf %c, %m : f32
      affine.store %s, %y[%j] : memref<4xf32>
    }
  }
  memref.dealloc %p : memref<4x16777300xf32>
  return
}
