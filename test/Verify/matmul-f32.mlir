// A correct affine matmul matches a numpy reference exactly: the inputs are
// small integers (A[i, k] = i + k + 1, B[k, n] = n + 1), so every f32 sum is
// exact and both error maxima are 0. C[i, n] = (n + 1) (3 i + 6) peaks at
// C[3, 4] = 75, so the effective f32 atol is 1e-5 + 1e-5 x 75 = 7.6e-4.
// RUN: rm -rf %t && %python %S/Inputs/make_case.py %t matmul
// RUN: solar-opt %s --solar-verify=%t/manifest.json 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=REMARK < %t.err
// The same through a pipeline with per-pass options:
// RUN: solar-opt %s --pass-pipeline='builtin.module(solar-verify{manifest=%t/manifest.json})' 2>&1 | FileCheck %s --check-prefix=REMARK

// REMARK: matmul-f32.mlir:[[# @LINE + 7]]:1: remark: solar-verify: @matmul matches the numpy reference ({{.*}}manifest.json): 1 output(s), 20 element(s), max_abs_err=0, max_rel_err=0

// The IR itself is unchanged except for the attached result:
// CHECK-LABEL: func.func @matmul(%arg0: memref<4x3xf32>, %arg1: memref<3x5xf32>, %arg2: memref<4x5xf32>)
// CHECK-SAME: solar.verified = #solar.verified<{framework = "numpy", framework_version = "{{[0-9.]+}}", manifest = "{{.*}}manifest.json", max_abs_err = 0.000000e+00 : f64, max_rel_err = 0.000000e+00 : f64, mismatches = 0 : i64, ok = true, outputs = [{atol = 7.600000e-04 : f64, atol_scale = 1.000000e-05 : f64, dtype = "f32", elements = 20 : i64, max_abs_err = 0.000000e+00 : f64, max_rel_err = 0.000000e+00 : f64, mismatches = 0 : i64, name = "C", ok = true, rtol = 1.000000e-04 : f64, shape_ok = true}]}>
// CHECK: affine.for %arg3 = 0 to 4
// CHECK: affine.store {{.*}} : memref<4x5xf32>
func.func @matmul(%A: memref<4x3xf32>, %B: memref<3x5xf32>, %C: memref<4x5xf32>) {
  affine.for %i = 0 to 4 {
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
