// NaN matches NaN at the same position and an infinity only the same
// infinity. Reference: a / b with a = [0, 1, -1, 2, 3], b = [0, 0, 0, 4, 2]
// = [nan, inf, -inf, 0.5, 1.5]. The error maxima cover finite pairs only.
// RUN: rm -rf %t && %python %S/Inputs/make_case.py %t divide
// RUN: solar-opt %s --pass-pipeline='builtin.module(solar-verify{manifest=%t/manifest.json function=divide})' 2>&1 | FileCheck %s --check-prefix=OK
// RUN: not solar-opt %s --pass-pipeline='builtin.module(solar-verify{manifest=%t/manifest.json function=negated})' 2>&1 | FileCheck %s --check-prefix=SIGN
// RUN: not solar-opt %s --pass-pipeline='builtin.module(solar-verify{manifest=%t/manifest.json function=nan_everywhere})' 2>&1 | FileCheck %s --check-prefix=NAN
// RUN: not solar-opt %s --pass-pipeline='builtin.module(solar-verify{manifest=%t/manifest.json function=finite_instead})' 2>&1 | FileCheck %s --check-prefix=FINITE

// OK: remark: solar-verify: @divide matches the numpy reference ({{.*}}): 1 output(s), 5 element(s), max_abs_err=0, max_rel_err=0
func.func @divide(%a: memref<5xf32>, %b: memref<5xf32>) -> memref<5xf32> {
  %out = memref.alloc() : memref<5xf32>
  affine.for %i = 0 to 5 {
    %x = affine.load %a[%i] : memref<5xf32>
    %y = affine.load %b[%i] : memref<5xf32>
    %q = arith.divf %x, %y : f32
    affine.store %q, %out[%i] : memref<5xf32>
  }
  return %out : memref<5xf32>
}

// -a / b = [nan, -inf, inf, -0.5, -1.5]: the NaN still matches, both
// infinities have the wrong sign, and the finite pairs differ by 1 and 3.
// SIGN: error: solar-verify: @negated does not match the numpy reference: output 'out' (result #0) has 4 of 5 elements outside rtol=0.0001 atol={{[^,]+}}, first at [1] (max_abs_err=3, max_rel_err=2); mismatches: [1] got -inf expected inf; [2] got inf expected -inf; [3] got -0.5 expected 0.5; [4] got -1.5 expected 1.5
func.func @negated(%a: memref<5xf32>, %b: memref<5xf32>) -> memref<5xf32> {
  %out = memref.alloc() : memref<5xf32>
  affine.for %i = 0 to 5 {
    %x = affine.load %a[%i] : memref<5xf32>
    %y = affine.load %b[%i] : memref<5xf32>
    %n = arith.negf %x : f32
    %q = arith.divf %n, %y : f32
    affine.store %q, %out[%i] : memref<5xf32>
  }
  return %out : memref<5xf32>
}

// 0 * inf = NaN everywhere: only position 0 (NaN in both) matches; no pair
// is finite on both sides, so the maxima stay 0.
// NAN: error: solar-verify: @nan_everywhere does not match the numpy reference: output 'out' (result #0) has 4 of 5 elements outside rtol=0.0001 atol={{[^,]+}}, first at [1] (max_abs_err=0, max_rel_err=0); mismatches: [1] got nan expected inf; [2] got nan expected -inf; [3] got nan expected 0.5; [4] got nan expected 1.5
func.func @nan_everywhere(%a: memref<5xf32>, %b: memref<5xf32>) -> memref<5xf32> {
  %out = memref.alloc() : memref<5xf32>
  %zero = arith.constant 0.0 : f32
  %inf = arith.constant 0x7F800000 : f32
  %nan = arith.mulf %zero, %inf : f32
  affine.for %i = 0 to 5 {
    affine.store %nan, %out[%i] : memref<5xf32>
  }
  return %out : memref<5xf32>
}

// a / (b + 1) = [0, 1, -1, 0.4, 1]: finite where the reference is NaN or
// infinite (mismatches, outside the maxima); 0.4 vs 0.5 and 1 vs 1.5 give
// max_abs_err = 0.5 and max_rel_err = 0.5 / 1.5 = 0.333333.
// FINITE: error: solar-verify: @finite_instead does not match the numpy reference: output 'out' (result #0) has 5 of 5 elements outside rtol=0.0001 atol={{[^,]+}}, first at [0] (max_abs_err=0.5, max_rel_err=0.333333); mismatches: [0] got 0 expected nan; [1] got 1 expected inf; [2] got -1 expected -inf; [3] got 0.400000006 expected 0.5; [4] got 1 expected 1.5
func.func @finite_instead(%a: memref<5xf32>, %b: memref<5xf32>) -> memref<5xf32> {
  %out = memref.alloc() : memref<5xf32>
  %one = arith.constant 1.0 : f32
  affine.for %i = 0 to 5 {
    %x = affine.load %a[%i] : memref<5xf32>
    %y = affine.load %b[%i] : memref<5xf32>
    %y1 = arith.addf %y, %one : f32
    %q = arith.divf %x, %y1 : f32
    affine.store %q, %out[%i] : memref<5xf32>
  }
  return %out : memref<5xf32>
}
