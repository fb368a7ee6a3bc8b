// The verification copy checks an accumulator's f64 shadow once per
// reduction band instead of on every term (lib/verify/verify_band.c), only
// where nothing else in the band touches the accumulated buffer, through
// any view. Reference: C[i, n] = (n + 1) * (3 * (i + 1) + 3) for a 4x3 by
// 3x5 matmul (make_case.py matmul: A[i, k] = i + k + 1, B[k, n] = n + 1).
// RUN: rm -rf %t && %python %S/Inputs/make_case.py %t matmul
// RUN: not solar-opt %s --split-input-file --solar-verify=%t/manifest.json 2>&1 | FileCheck %s

// The k loop is a band (constant bounds, k not in C's indices, no other
// access of C in it): exact, as with the check on every term.
// CHECK: reduction-band.mlir:[[# @LINE + 1]]:1: remark: solar-verify: @matmul matches the numpy reference ({{.*}}): 1 output(s), 20 element(s), max_abs_err=0, max_rel_err=0
func.func @matmul(%A: memref<4x3xf32>, %B: memref<3x5xf32>, %C: memref<4x5xf32>) {
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 5 {
      affine.store %zero, %C[%i, %j] : memref<4x5xf32>
      affine.for %k = 0 to 3 {
        %a = affine.load %A[%i, %k] : memref<4x3xf32>
        %b = affine.load %B[%k, %j] : memref<3x5xf32>
        %c = affine.load %C[%i, %j] : memref<4x5xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<4x5xf32>
      }
    }
  }
  return
}

// -----

// Wrong: C[i, j] is zeroed through a view of C on every k, so only the
// last term survives: C[i, n] = A[i, 2] * B[2, n] = (i + 3) * (n + 1),
// 3 for 6 at [0, 0], never equal to the reference (largest errors at
// i = 3: 30 for 75 at n = 4, 45 off, and 9 / 15 = 0.6 relative). The zeroing store is
// another access of C's buffer in the k loop, so the loop is no band and
// the run still sees it (a band ignoring it would chain all three terms
// and pass).
// CHECK: reduction-band.mlir:[[# @LINE + 1]]:1: error: solar-verify: @matmul does not match the numpy reference: output 'C' (argument #2) has 20 of 20 elements outside rtol=0.0001 atol={{[^,]+}}, first at [0, 0] (max_abs_err=45, max_rel_err=0.6); mismatches: [0, 0] got 3 expected 6
func.func @matmul(%A: memref<4x3xf32>, %B: memref<3x5xf32>, %C: memref<4x5xf32>) {
  %zero = arith.constant 0.0 : f32
  %v = memref.subview %C[0, 0] [4, 5] [1, 1] : memref<4x5xf32> to memref<4x5xf32, strided<[5, 1]>>
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 5 {
      affine.for %k = 0 to 3 {
        affine.store %zero, %v[%i, %j] : memref<4x5xf32, strided<[5, 1]>>
        %a = affine.load %A[%i, %k] : memref<4x3xf32>
        %b = affine.load %B[%k, %j] : memref<3x5xf32>
        %c = affine.load %C[%i, %j] : memref<4x5xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<4x5xf32>
      }
    }
  }
  return
}
