// The scaled absolute part of the f32 default: reference out = x with
// x = [100, 0, -100, 0]; the IR adds 5e-4 (f32: 0.000500000024; 100 + 5e-4
// rounds to 100.00050354, f32 spacing at 100 being 7.6e-6).
// A = 1e-5 + 1e-5 x max|expected| = 1e-5 + 1e-5 x 100 = 1.01e-3, so the
// errors of ~5e-4 at the zeros pass; at +-100 rtol alone allows 1e-2.
// RUN: rm -rf %t && %python %S/Inputs/make_case.py %t cancel
// RUN: solar-opt %s --solar-verify=%t/manifest.json 2>&1 | FileCheck %s
// CHECK: remark: solar-verify: @add_bit matches the numpy reference
// CHECK: outputs = [{atol = 1.010000e-03 : f64, atol_scale = 1.000000e-05 : f64, dtype = "f32"
//
// A given atol replaces both parts: with atol 1e-5 the two zeros fail
// (5e-4 > 1e-5 + 1e-4 x 0); the +-100 entries still pass (5e-4 <= 1e-2).
// RUN: not solar-opt %s --solar-verify=%t/manifest.json --solar-atol=1e-5 2>&1 | FileCheck %s --check-prefix=LITERAL
// LITERAL: error: solar-verify: @add_bit does not match the numpy reference: output 'out' (argument #1) has 2 of 4 elements outside rtol=0.0001 atol=1e-05, first at [1] (max_abs_err=0.00050354, max_rel_err=5.0354e-06); mismatches: [1] got 0.000500000024 expected 0; [3] got 0.000500000024 expected 0
func.func @add_bit(%x: memref<4xf32>, %out: memref<4xf32>) {
  %d = arith.constant 0.0005 : f32
  affine.for %i = 0 to 4 {
    %v = affine.load %x[%i] : memref<4xf32>
    %s = arith.addf %v, %d : f32
    affine.store %s, %out[%i] : memref<4xf32>
  }
  return
}
