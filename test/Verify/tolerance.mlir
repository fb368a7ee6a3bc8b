// Tolerances default by dtype and can be overridden globally
// (--solar-rtol/--solar-atol) or per pass (rtol=/atol=), the pass option
// winning. Reference: x + 0.001 for x = [1, 2, 3, 4]; the IR adds 0.002, so
// every element is off by 0.001 (within f32 rounding).
// RUN: rm -rf %t && %python %S/Inputs/make_case.py %t nearly
// Default f32: the absolute part is 1e-5 + 1e-5 x max|expected| =
// 1e-5 + 1e-5 x 4.001 = 5.001e-5, and 0.001 > 5.001e-5 + 1e-4 * 4.001
// everywhere; max_rel_err is about 0.001 / 1.001 (the f32 values are not
// exactly x + 0.001). A given atol replaces both parts (scale 0).
// RUN: not solar-opt %s --solar-verify=%t/manifest.json 2>&1 | FileCheck %s --check-prefix=DEFAULT
// DEFAULT: error: solar-verify: @add_more does not match the numpy reference: output 'out' (argument #1) has 4 of 4 elements outside rtol=0.0001 atol=5.001e-05 (1e-05 + 1e-05 x max|expected| 4.001), first at [0] (max_abs_err=0.001{{[0-9]*}}, max_rel_err=0.000998{{[0-9]*}});
// RUN: solar-opt %s --solar-verify=%t/manifest.json --solar-atol=2e-3 2>&1 | FileCheck %s --check-prefix=ATOL
// ATOL: remark: solar-verify: @add_more matches the numpy reference
// ATOL: outputs = [{atol = 2.000000e-03 : f64, atol_scale = 0.000000e+00 : f64, {{.*}}rtol = 1.000000e-04 : f64
// rtol = 1e-3 allows 5.001e-5 + 1e-3 * 1.001 = 0.00105 at x = 1: enough.
// RUN: solar-opt %s --solar-verify=%t/manifest.json --solar-rtol=1e-3 2>&1 | FileCheck %s --check-prefix=RTOL
// RTOL: remark: solar-verify: @add_more matches
// RUN: not solar-opt %s --solar-atol=2e-3 --pass-pipeline='builtin.module(solar-verify{manifest=%t/manifest.json atol=1e-6})' 2>&1 | FileCheck %s --check-prefix=PASSWINS
// PASSWINS: error: solar-verify: @add_more does not match the numpy reference: output 'out' (argument #1) has 4 of 4 elements outside rtol=0.0001 atol=1e-06,
// RUN: not solar-opt %s --solar-verify=%t/manifest.json --solar-rtol=tight 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: error: solar-verify: option 'rtol' must be a non-negative number, got 'tight'
// RUN: not solar-opt %s --solar-verify=%t/manifest.json --solar-atol=-1 2>&1 | FileCheck %s --check-prefix=NEG
// NEG: error: solar-verify: option 'atol' must be a non-negative number, got '-1'
func.func @add_more(%x: memref<4xf32>, %out: memref<4xf32>) {
  %d = arith.constant 0.002 : f32
  affine.for %i = 0 to 4 {
    %v = affine.load %x[%i] : memref<4xf32>
    %s = arith.addf %v, %d : f32
    affine.store %s, %out[%i] : memref<4xf32>
  }
  return
}
