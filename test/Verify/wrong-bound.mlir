// Wrong translations fail with the output, the first wrong index and the
// values. Reference: C[i, n] = (n + 1) * (3 * (i + 1) + 3) for a 4x3 by 3x5
// matmul (make_case.py matmul); row 3 is 15, 30, 45, 60, 75.
// RUN: rm -rf %t && %python %S/Inputs/make_case.py %t matmul
// RUN: not solar-opt %s --split-input-file --solar-verify=%t/manifest.json 2>&1 | FileCheck %s

// Off by one (i < 3): row 3 of C stays 0, so its 5 elements mismatch; the
// largest error is C[3, 4] = 75, the relative error of a zero result is 1.
// CHECK: wrong-bound.mlir:[[# @LINE + 1]]:1: error: solar-verify: @matmul does not match the numpy reference: output 'C' (argument #2) has 5 of 20 elements outside rtol=0.0001 atol=1e-05, first at [3, 0] (max_abs_err=75, max_rel_err=1); mismatches: [3, 0] got 0 expected 15; [3, 1] got 0 expected 30; [3, 2] got 0 expected 45; [3, 3] got 0 expected 60; [3, 4] got 0 expected 75
func.func @matmul(%A: memref<4x3xf32>, %B: memref<3x5xf32>, %C: memref<4x5xf32>) {
  affine.for %i = 0 to 3 {
    affine.for %j = 0 to 5 {
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

// Off by one the other way (i < 5): the first access past the end is
// A[4, 0], byte 0 after A's 4*3*4 = 48 bytes; the fence page faults.
// CHECK: wrong-bound.mlir:[[# @LINE + 1]]:1: error: solar-verify: @matmul: the compiled function accessed argument #0 ('A') out of bounds: byte 0 past the end of its 48 bytes (a loop bound or index is too large)
func.func @matmul(%A: memref<4x3xf32>, %B: memref<3x5xf32>, %C: memref<4x5xf32>) {
  affine.for %i = 0 to 5 {
    affine.for %j = 0 to 5 {
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

// Transposed operand (B read as if it were 5x3): the offsets stay in range
// but the values are wrong. Bt[j, k] = Bflat[3j + k] with
// Bflat = [1 2 3 4 5 1 2 3 4 5 1 2 3 4 5] and A[0, :] = [1 2 3]:
// C[0, 0] = 1*1 + 2*2 + 3*3 = 14 (expected 6),
// C[0, 1] = 1*4 + 2*5 + 3*1 = 17 (expected 12).
// CHECK: wrong-bound.mlir:[[# @LINE + 1]]:1: error: solar-verify: @matmul does not match the numpy reference: output 'C' (argument #2) has 20 of 20 elements outside rtol=0.0001 atol=1e-05, first at [0, 0] {{.*}}; mismatches: [0, 0] got 14 expected 6; [0, 1] got 17 expected 12;
func.func @matmul(%A: memref<4x3xf32>, %B: memref<3x5xf32>, %C: memref<4x5xf32>) {
  %Bt = memref.reinterpret_cast %B to offset: [0], sizes: [5, 3], strides: [3, 1] : memref<3x5xf32> to memref<5x3xf32>
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 5 {
      affine.for %k = 0 to 3 {
        %a = affine.load %A[%i, %k] : memref<4x3xf32>
        %b = affine.load %Bt[%j, %k] : memref<5x3xf32>
        %c = affine.load %C[%i, %j] : memref<4x5xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<4x5xf32>
      }
    }
  }
  return
}
