// Wrong results in the narrow and integer types are decoded correctly in
// the report (values, error maxima, mismatch counts). bf16 compiles for
// LLVM's baseline CPU (SOLAR_VERIFY_CPU=generic, as in dtypes.mlir).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/make_case.py %t/bf16 add --dtype bf16
// RUN: %python %S/Inputs/make_case.py %t/i32 matmul --dtype i32
// RUN: %python %S/Inputs/make_case.py %t/i1 greater
// RUN: not env SOLAR_VERIFY_CPU=generic solar-opt %s --pass-pipeline='builtin.module(solar-verify{manifest=%t/bf16/manifest.json function=sub_bf16})' 2>&1 | FileCheck %s --check-prefix=BF16
// RUN: not solar-opt %s --pass-pipeline='builtin.module(solar-verify{manifest=%t/i32/manifest.json function=matmul_i32})' 2>&1 | FileCheck %s --check-prefix=I32
// RUN: not solar-opt %s --pass-pipeline='builtin.module(solar-verify{manifest=%t/i1/manifest.json function=ge_i1})' 2>&1 | FileCheck %s --check-prefix=I1

// a - b instead of a + b, with a = [1.5 -2 3.25 0 7 -0.5 100 2] and
// b = [2 0.5 -1 4 3 8 0.25 2]: got [-0.5 -2.5 4.25 -4 4 -8.5 100 0] (99.75
// rounds to 100 in bf16, as 100.25 does), expected [3.5 -1.5 2.25 4 10 7.5
// 100 4]. 7 of 8 differ; max_abs_err = 2|b| = 16 at [5]; max_rel_err =
// 16 / 7.5 = 2.13333.
// BF16: error: solar-verify: @sub_bf16 does not match the numpy reference: output 'out' (argument #2) has 7 of 8 elements outside rtol=0.01 atol={{[^,]+}}, first at [0] (max_abs_err=16, max_rel_err=2.13333); mismatches: [0] got -0.5 expected 3.5; [1] got -2.5 expected -1.5; [2] got 4.25 expected 2.25; [3] got -4 expected 4; [4] got 4 expected 10
func.func @sub_bf16(%a: memref<8xbf16>, %b: memref<8xbf16>, %out: memref<8xbf16>) {
  affine.for %i = 0 to 8 {
    %x = affine.load %a[%i] : memref<8xbf16>
    %y = affine.load %b[%i] : memref<8xbf16>
    %s = arith.subf %x, %y : bf16
    affine.store %s, %out[%i] : memref<8xbf16>
  }
  return
}

// C += A + B instead of A * B: got C[i, n] = sum_k (i + k + 1 + n + 1)
// = 3i + 3n + 9, expected (n + 1)(3i + 6). The difference 3(in + n - 1) is
// zero only at [0, 1], so 19 of 20 differ; max_abs_err = 45 at [3, 4],
// max_rel_err = 45 / 75 = 0.6 there.
// I32: error: solar-verify: @matmul_i32 does not match the numpy reference: output 'C' (argument #2) has 19 of 20 elements outside rtol=0 atol={{[^,]+}}, first at [0, 0] (max_abs_err=45, max_rel_err=0.6); mismatches: [0, 0] got 9 expected 6; [0, 2] got 15 expected 18; [0, 3] got 18 expected 24; [0, 4] got 21 expected 30; [1, 0] got 12 expected 9
func.func @matmul_i32(%A: memref<4x3xi32>, %B: memref<3x5xi32>, %C: memref<4x5xi32>) {
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 5 {
      %zero_c = arith.constant 0 : i32
      affine.store %zero_c, %C[%i, %j] : memref<4x5xi32>
      affine.for %k = 0 to 3 {
        %a = affine.load %A[%i, %k] : memref<4x3xi32>
        %b = affine.load %B[%k, %j] : memref<3x5xi32>
        %c = affine.load %C[%i, %j] : memref<4x5xi32>
        %p = arith.addi %a, %b : i32
        %s = arith.addi %c, %p : i32
        affine.store %s, %C[%i, %j] : memref<4x5xi32>
      }
    }
  }
  return
}

// >= instead of >: a = [2 1 5 -1 0 3], b = [1 1 4 0 0 4] differ at the two
// ties, [1] and [4].
// I1: error: solar-verify: @ge_i1 does not match the numpy reference: output 'out' (argument #2) has 2 of 6 elements outside rtol=0 atol={{[^,]+}}, first at [1] (max_abs_err=1, max_rel_err=0); mismatches: [1] got 1 expected 0; [4] got 1 expected 0
func.func @ge_i1(%a: memref<6xf32>, %b: memref<6xf32>, %out: memref<6xi1>) {
  affine.for %i = 0 to 6 {
    %x = affine.load %a[%i] : memref<6xf32>
    %y = affine.load %b[%i] : memref<6xf32>
    %s = arith.cmpf oge, %x, %y : f32
    affine.store %s, %out[%i] : memref<6xi1>
  }
  return
}
