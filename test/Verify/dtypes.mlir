// Every supported element type round-trips between .npy, the memref
// descriptors and the compiled code. The data are exact in each type
// (make_case.py documents them), so each comparison must be exact.
// The narrow float types are compiled for LLVM's baseline CPU model
// (SOLAR_VERIFY_CPU=generic: no F16C, AVX512-BF16 or AVX512-FP16), so the
// integer expansion of their conversions is what runs on every machine
// (verify_target.h); a host with those instructions would hide a break.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/make_case.py %t/f64 matmul --dtype f64
// RUN: %python %S/Inputs/make_case.py %t/i32 matmul --dtype i32
// RUN: %python %S/Inputs/make_case.py %t/i64 add --dtype i64
// RUN: %python %S/Inputs/make_case.py %t/i8 mul --dtype i8
// RUN: %python %S/Inputs/make_case.py %t/f16 add --dtype f16
// RUN: %python %S/Inputs/make_case.py %t/bf16 add --dtype bf16
// RUN: %python %S/Inputs/make_case.py %t/i1 greater
// RUN: solar-opt %s --pass-pipeline='builtin.module(solar-verify{manifest=%t/f64/manifest.json function=matmul_f64})' 2>&1 | FileCheck %s --check-prefix=F64
// RUN: solar-opt %s --pass-pipeline='builtin.module(solar-verify{manifest=%t/i32/manifest.json function=matmul_i32})' 2>&1 | FileCheck %s --check-prefix=I32
// RUN: solar-opt %s --pass-pipeline='builtin.module(solar-verify{manifest=%t/i64/manifest.json function=add_i64})' 2>&1 | FileCheck %s --check-prefix=I64
// RUN: solar-opt %s --pass-pipeline='builtin.module(solar-verify{manifest=%t/i8/manifest.json function=mul_i8})' 2>&1 | FileCheck %s --check-prefix=I8
// RUN: env SOLAR_VERIFY_CPU=generic solar-opt %s --pass-pipeline='builtin.module(solar-verify{manifest=%t/f16/manifest.json function=add_f16})' 2>&1 | FileCheck %s --check-prefix=F16
// RUN: env SOLAR_VERIFY_CPU=generic solar-opt %s --pass-pipeline='builtin.module(solar-verify{manifest=%t/bf16/manifest.json function=add_bf16})' 2>&1 | FileCheck %s --check-prefix=BF16
// RUN: solar-opt %s --pass-pipeline='builtin.module(solar-verify{manifest=%t/i1/manifest.json function=gt_i1})' 2>&1 | FileCheck %s --check-prefix=I1

// F64: remark: solar-verify: @matmul_f64 matches the numpy reference ({{.*}}): 1 output(s), 20 element(s), max_abs_err=0, max_rel_err=0
// F64: func.func @matmul_f64{{.*}}solar.verified = #solar.verified<{{.*}}outputs = [{atol = 7.5999999999999996E-11 : f64, atol_scale = 9.9999999999999998E-13 : f64, dtype = "f64", elements = 20 : i64{{.*}}rtol = 1.000000e-09 : f64
func.func @matmul_f64(%A: memref<4x3xf64>, %B: memref<3x5xf64>, %C: memref<4x5xf64>) {
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 5 {
      %zero_c = arith.constant 0.0 : f64
      affine.store %zero_c, %C[%i, %j] : memref<4x5xf64>
      affine.for %k = 0 to 3 {
        %a = affine.load %A[%i, %k] : memref<4x3xf64>
        %b = affine.load %B[%k, %j] : memref<3x5xf64>
        %c = affine.load %C[%i, %j] : memref<4x5xf64>
        %p = arith.mulf %a, %b : f64
        %s = arith.addf %c, %p : f64
        affine.store %s, %C[%i, %j] : memref<4x5xf64>
      }
    }
  }
  return
}

// Integers compare exactly (rtol = atol = 0).
// I32: remark: solar-verify: @matmul_i32 matches the numpy reference ({{.*}}): 1 output(s), 20 element(s), max_abs_err=0, max_rel_err=0
// I32: outputs = [{atol = 0.000000e+00 : f64, atol_scale = 0.000000e+00 : f64, dtype = "i32", elements = 20 : i64{{.*}}rtol = 0.000000e+00 : f64
func.func @matmul_i32(%A: memref<4x3xi32>, %B: memref<3x5xi32>, %C: memref<4x5xi32>) {
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 5 {
      %zero_c = arith.constant 0 : i32
      affine.store %zero_c, %C[%i, %j] : memref<4x5xi32>
      affine.for %k = 0 to 3 {
        %a = affine.load %A[%i, %k] : memref<4x3xi32>
        %b = affine.load %B[%k, %j] : memref<3x5xi32>
        %c = affine.load %C[%i, %j] : memref<4x5xi32>
        %p = arith.muli %a, %b : i32
        %s = arith.addi %c, %p : i32
        affine.store %s, %C[%i, %j] : memref<4x5xi32>
      }
    }
  }
  return
}

// I64: remark: solar-verify: @add_i64 matches the numpy reference ({{.*}}): 1 output(s), 8 element(s), max_abs_err=0, max_rel_err=0
func.func @add_i64(%a: memref<8xi64>, %b: memref<8xi64>, %out: memref<8xi64>) {
  affine.for %i = 0 to 8 {
    %x = affine.load %a[%i] : memref<8xi64>
    %y = affine.load %b[%i] : memref<8xi64>
    %s = arith.addi %x, %y : i64
    affine.store %s, %out[%i] : memref<8xi64>
  }
  return
}

// i8 products wrap like numpy's int8 (100 * 3 = 300 = 44 mod 256).
// I8: remark: solar-verify: @mul_i8 matches the numpy reference ({{.*}}): 1 output(s), 8 element(s), max_abs_err=0, max_rel_err=0
func.func @mul_i8(%a: memref<8xi8>, %b: memref<8xi8>, %out: memref<8xi8>) {
  affine.for %i = 0 to 8 {
    %x = affine.load %a[%i] : memref<8xi8>
    %y = affine.load %b[%i] : memref<8xi8>
    %s = arith.muli %x, %y : i8
    affine.store %s, %out[%i] : memref<8xi8>
  }
  return
}

// F16: remark: solar-verify: @add_f16 matches the numpy reference ({{.*}}): 1 output(s), 8 element(s), max_abs_err=0, max_rel_err=0
// F16: outputs = [{atol = {{[^,]+}}, atol_scale = 1.000000e-03 : f64, dtype = "f16"{{.*}}rtol = 1.000000e-02 : f64
func.func @add_f16(%a: memref<8xf16>, %b: memref<8xf16>, %out: memref<8xf16>) {
  affine.for %i = 0 to 8 {
    %x = affine.load %a[%i] : memref<8xf16>
    %y = affine.load %b[%i] : memref<8xf16>
    %s = arith.addf %x, %y : f16
    affine.store %s, %out[%i] : memref<8xf16>
  }
  return
}

// bf16 rounds 100 + 0.25 to 100 in both the reference and the IR.
// BF16: remark: solar-verify: @add_bf16 matches the numpy reference ({{.*}}): 1 output(s), 8 element(s), max_abs_err=0, max_rel_err=0
// BF16: outputs = [{atol = {{[^,]+}}, atol_scale = 1.000000e-03 : f64, dtype = "bf16"
func.func @add_bf16(%a: memref<8xbf16>, %b: memref<8xbf16>, %out: memref<8xbf16>) {
  affine.for %i = 0 to 8 {
    %x = affine.load %a[%i] : memref<8xbf16>
    %y = affine.load %b[%i] : memref<8xbf16>
    %s = arith.addf %x, %y : bf16
    affine.store %s, %out[%i] : memref<8xbf16>
  }
  return
}

// I1: remark: solar-verify: @gt_i1 matches the numpy reference ({{.*}}): 1 output(s), 6 element(s), max_abs_err=0, max_rel_err=0
// I1: outputs = [{atol = 0.000000e+00 : f64, atol_scale = 0.000000e+00 : f64, dtype = "i1"
func.func @gt_i1(%a: memref<6xf32>, %b: memref<6xf32>, %out: memref<6xi1>) {
  affine.for %i = 0 to 6 {
    %x = affine.load %a[%i] : memref<6xf32>
    %y = affine.load %b[%i] : memref<6xf32>
    %s = arith.cmpf ogt, %x, %y : f32
    affine.store %s, %out[%i] : memref<6xi1>
  }
  return
}
