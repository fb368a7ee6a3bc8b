// Wrong translations fail with the output, the first wrong index and the
// values. Reference: C[i, n] = (n + 1) * (3 * (i + 1) + 3) for a 4x3 by 3x5
// matmul (make_case.py matmul); row 3 is 15, 30, 45, 60, 75.
// RUN: rm -rf %t && %python %S/Inputs/make_case.py %t matmul
// RUN: not solar-opt %s --split-input-file --solar-verify=%t/manifest.json 2>&1 | FileCheck %s

// Off by one (i < 3): row 3 of C is never written and keeps the
// destination poison (NaN: destination buffers are not zeroed), so its 5
// elements mismatch as "got nan"; rows 0-2 are exact and NaN pairs stay out
// of the error maxima, so both maxima are 0.
// CHECK: wrong-bound.mlir:[[# @LINE + 1]]:1: error: solar-verify: @matmul does not match the numpy reference: output 'C' (argument #2) has 5 of 20 elements outside rtol=0.0001 atol={{[^,]+}}, first at [3, 0] (max_abs_err=0, max_rel_err=0); mismatches: [3, 0] got nan expected 15; [3, 1] got nan expected 30; [3, 2] got nan expected 45; [3, 3] got nan expected 60; [3, 4] got nan expected 75
func.func @matmul(%A: memref<4x3xf32>, %B: memref<3x5xf32>, %C: memref<4x5xf32>) {
  affine.for %i = 0 to 3 {
    affine.for %j = 0 to 5 {
      %zero_c = arith.constant 0.0 : f32
      affine.store %zero_c, %C[%i, %j] : memref<4x5xf32>
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

// Off by one the other way (i < 5): the first access outside C is the
// initializing store to C[4, 0]; the bounds check before it
// stops the run and names it.
// CHECK: out-of-bounds access
// CHECK-NEXT: Location: loc("{{.*}}wrong-bound.mlir":[[# @LINE + 6]]:7)
// CHECK: wrong-bound.mlir:[[# @LINE + 1]]:1: error: solar-verify: @matmul: the compiled function stopped at a failed runtime check (SIGABRT): an access outside its memref or a failed cf.assert, at the location printed above (a loop bound or index is out of range)
func.func @matmul(%A: memref<4x3xf32>, %B: memref<3x5xf32>, %C: memref<4x5xf32>) {
  affine.for %i = 0 to 5 {
    affine.for %j = 0 to 5 {
      %zero_c = arith.constant 0.0 : f32
      affine.store %zero_c, %C[%i, %j] : memref<4x5xf32>
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
// CHECK: wrong-bound.mlir:[[# @LINE + 1]]:1: error: solar-verify: @matmul does not match the numpy reference: output 'C' (argument #2) has 20 of 20 elements outside rtol=0.0001 atol={{[^,]+}}, first at [0, 0] {{.*}}; mismatches: [0, 0] got 14 expected 6; [0, 1] got 17 expected 12;
func.func @matmul(%A: memref<4x3xf32>, %B: memref<3x5xf32>, %C: memref<4x5xf32>) {
  %Bt = memref.reinterpret_cast %B to offset: [0], sizes: [5, 3], strides: [3, 1] : memref<3x5xf32> to memref<5x3xf32>
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 5 {
      %zero_c = arith.constant 0.0 : f32
      affine.store %zero_c, %C[%i, %j] : memref<4x5xf32>
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

// -----

// Missing reduction init: C += A * B without C = 0 first. A framework
// returns a fresh tensor, so this translation is wrong; destination buffers
// start as poison (0xFF bytes, NaN in f32), never zero, so every element is
// NaN + products = NaN and all 20 mismatch. (With zeroed destinations this
// bug would verify.)
// CHECK: wrong-bound.mlir:[[# @LINE + 1]]:1: error: solar-verify: @matmul does not match the numpy reference: output 'C' (argument #2) has 20 of 20 elements outside rtol=0.0001 atol={{[^,]+}}, first at [0, 0] (max_abs_err=0, max_rel_err=0); mismatches: [0, 0] got nan expected 6; [0, 1] got nan expected 12; [0, 2] got nan expected 18; [0, 3] got nan expected 24; [0, 4] got nan expected 30
func.func @matmul(%A: memref<4x3xf32>, %B: memref<3x5xf32>, %C: memref<4x5xf32>) {
  affine.for %i = 0 to 4 {
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
