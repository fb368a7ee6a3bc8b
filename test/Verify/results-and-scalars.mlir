// Results returned by the function (memrefs it allocates, several at once,
// scalars), destination buffers mixed with results, scalar and 0-d
// arguments. Outputs map in manifest order: the first D go to destination
// arguments, the rest to results.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/make_case.py %t/rowsum rowsum
// RUN: %python %S/Inputs/make_case.py %t/sum0d sum0d
// RUN: %python %S/Inputs/make_case.py %t/scale scale
// RUN: %python %S/Inputs/make_case.py %t/shift shift
// RUN: solar-opt %s --pass-pipeline='builtin.module(solar-verify{manifest=%t/rowsum/manifest.json function=two_results})' 2>&1 | FileCheck %s --check-prefix=TWO
// RUN: solar-opt %s --pass-pipeline='builtin.module(solar-verify{manifest=%t/rowsum/manifest.json function=dest_and_result})' 2>&1 | FileCheck %s --check-prefix=MIXED
// RUN: solar-opt %s --pass-pipeline='builtin.module(solar-verify{manifest=%t/sum0d/manifest.json function=scalar_result})' 2>&1 | FileCheck %s --check-prefix=SCALAR
// RUN: solar-opt %s --pass-pipeline='builtin.module(solar-verify{manifest=%t/sum0d/manifest.json function=zero_d_result})' 2>&1 | FileCheck %s --check-prefix=ZEROD
// RUN: solar-opt %s --pass-pipeline='builtin.module(solar-verify{manifest=%t/sum0d/manifest.json function=zero_d_dest})' 2>&1 | FileCheck %s --check-prefix=ZERODDEST
// RUN: solar-opt %s --pass-pipeline='builtin.module(solar-verify{manifest=%t/scale/manifest.json function=scalar_arg})' 2>&1 | FileCheck %s --check-prefix=SCALARARG
// RUN: solar-opt %s --pass-pipeline='builtin.module(solar-verify{manifest=%t/scale/manifest.json function=zero_d_arg})' 2>&1 | FileCheck %s --check-prefix=ZERODARG
// RUN: solar-opt %s --pass-pipeline='builtin.module(solar-verify{manifest=%t/shift/manifest.json function=index_arg})' 2>&1 | FileCheck %s --check-prefix=INDEX
// A wrong scalar result: 2 * sum = 20 instead of 10.
// RUN: not solar-opt %s --pass-pipeline='builtin.module(solar-verify{manifest=%t/sum0d/manifest.json function=scalar_result_wrong})' 2>&1 | FileCheck %s --check-prefix=SCALARWRONG

// s = [6, 46, 86] (3 elements) and y = x + 1 (12 elements), both returned.
// TWO: remark: solar-verify: @two_results matches the numpy reference ({{.*}}): 2 output(s), 15 element(s), max_abs_err=0, max_rel_err=0
// TWO: outputs = [{{{.*}}name = "s"{{.*}}}, {{{.*}}name = "y"
func.func @two_results(%x: memref<3x4xf32>) -> (memref<3xf32>, memref<3x4xf32>) {
  %s = memref.alloc() : memref<3xf32>
  %y = memref.alloc() : memref<3x4xf32>
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  affine.for %i = 0 to 3 {
    affine.store %zero, %s[%i] : memref<3xf32>
    affine.for %j = 0 to 4 {
      %v = affine.load %x[%i, %j] : memref<3x4xf32>
      %acc = affine.load %s[%i] : memref<3xf32>
      %sum = arith.addf %acc, %v : f32
      affine.store %sum, %s[%i] : memref<3xf32>
      %w = arith.addf %v, %one : f32
      affine.store %w, %y[%i, %j] : memref<3x4xf32>
    }
  }
  return %s, %y : memref<3xf32>, memref<3x4xf32>
}

// MIXED: remark: solar-verify: @dest_and_result matches the numpy reference ({{.*}}): 2 output(s), 15 element(s), max_abs_err=0, max_rel_err=0
func.func @dest_and_result(%x: memref<3x4xf32>, %s: memref<3xf32>) -> memref<3x4xf32> {
  %y = memref.alloc() : memref<3x4xf32>
  %one = arith.constant 1.0 : f32
  affine.for %i = 0 to 3 {
    %zero_s = arith.constant 0.0 : f32
    affine.store %zero_s, %s[%i] : memref<3xf32>
    affine.for %j = 0 to 4 {
      %v = affine.load %x[%i, %j] : memref<3x4xf32>
      %acc = affine.load %s[%i] : memref<3xf32>
      %sum = arith.addf %acc, %v : f32
      affine.store %sum, %s[%i] : memref<3xf32>
      %w = arith.addf %v, %one : f32
      affine.store %w, %y[%i, %j] : memref<3x4xf32>
    }
  }
  return %y : memref<3x4xf32>
}

// total = 1 + 2 + 3 + 4 = 10, returned as an f64.
// SCALAR: remark: solar-verify: @scalar_result matches the numpy reference ({{.*}}): 1 output(s), 1 element(s), max_abs_err=0, max_rel_err=0
func.func @scalar_result(%x: memref<4xf64>) -> f64 {
  %zero = arith.constant 0.0 : f64
  %sum = affine.for %i = 0 to 4 iter_args(%acc = %zero) -> f64 {
    %v = affine.load %x[%i] : memref<4xf64>
    %next = arith.addf %acc, %v : f64
    affine.yield %next : f64
  }
  return %sum : f64
}

// SCALARWRONG: error: solar-verify: @scalar_result_wrong does not match the numpy reference: output 'total' (result #0) has 1 of 1 elements outside rtol=1e-09 atol={{[^,]+}}, first at [] (max_abs_err=10, max_rel_err=1); mismatches: [] got 20 expected 10
func.func @scalar_result_wrong(%x: memref<4xf64>) -> f64 {
  %zero = arith.constant 0.0 : f64
  %sum = affine.for %i = 0 to 4 iter_args(%acc = %zero) -> f64 {
    %v = affine.load %x[%i] : memref<4xf64>
    %twice = arith.addf %v, %v : f64
    %next = arith.addf %acc, %twice : f64
    affine.yield %next : f64
  }
  return %sum : f64
}

// ZEROD: remark: solar-verify: @zero_d_result matches the numpy reference ({{.*}}): 1 output(s), 1 element(s), max_abs_err=0, max_rel_err=0
func.func @zero_d_result(%x: memref<4xf64>) -> memref<f64> {
  %t = memref.alloc() : memref<f64>
  %zero = arith.constant 0.0 : f64
  affine.store %zero, %t[] : memref<f64>
  affine.for %i = 0 to 4 {
    %v = affine.load %x[%i] : memref<4xf64>
    %acc = affine.load %t[] : memref<f64>
    %next = arith.addf %acc, %v : f64
    affine.store %next, %t[] : memref<f64>
  }
  return %t : memref<f64>
}

// ZERODDEST: remark: solar-verify: @zero_d_dest matches the numpy reference ({{.*}}): 1 output(s), 1 element(s), max_abs_err=0, max_rel_err=0
func.func @zero_d_dest(%x: memref<4xf64>, %t: memref<f64>) {
  %zero_t = arith.constant 0.0 : f64
  affine.store %zero_t, %t[] : memref<f64>
  affine.for %i = 0 to 4 {
    %v = affine.load %x[%i] : memref<4xf64>
    %acc = affine.load %t[] : memref<f64>
    %next = arith.addf %acc, %v : f64
    affine.store %next, %t[] : memref<f64>
  }
  return
}

// out = 2.5 * [0 .. 5] with alpha passed by value.
// SCALARARG: remark: solar-verify: @scalar_arg matches the numpy reference ({{.*}}): 1 output(s), 6 element(s), max_abs_err=0, max_rel_err=0
func.func @scalar_arg(%x: memref<6xf32>, %alpha: f32, %out: memref<6xf32>) {
  affine.for %i = 0 to 6 {
    %v = affine.load %x[%i] : memref<6xf32>
    %p = arith.mulf %alpha, %v : f32
    affine.store %p, %out[%i] : memref<6xf32>
  }
  return
}

// ZERODARG: remark: solar-verify: @zero_d_arg matches the numpy reference ({{.*}}): 1 output(s), 6 element(s), max_abs_err=0, max_rel_err=0
func.func @zero_d_arg(%x: memref<6xf32>, %alpha: memref<f32>, %out: memref<6xf32>) {
  %a = affine.load %alpha[] : memref<f32>
  affine.for %i = 0 to 6 {
    %v = affine.load %x[%i] : memref<6xf32>
    %p = arith.mulf %a, %v : f32
    affine.store %p, %out[%i] : memref<6xf32>
  }
  return
}

// out[i] = x[i + k], k = 2 arrives as an `index` (the manifest's 0-d i64).
// INDEX: remark: solar-verify: @index_arg matches the numpy reference ({{.*}}): 1 output(s), 6 element(s), max_abs_err=0, max_rel_err=0
func.func @index_arg(%x: memref<8xf32>, %k: index, %out: memref<6xf32>) {
  affine.for %i = 0 to 6 {
    %v = affine.load %x[%i + symbol(%k)] : memref<8xf32>
    affine.store %v, %out[%i] : memref<6xf32>
  }
  return
}
