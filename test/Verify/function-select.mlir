// Which function runs: the `function` option, else the manifest's
// 'function', else the only public definition. The copy that runs keeps just
// that function, its callees and the globals, so other content of the
// module (einsum-graph ops, functions that cannot be lowered) does not
// matter. The computed outputs can be written out with output-dir.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/make_case.py %t/plain matmul
// RUN: %python %S/Inputs/make_case.py %t/named matmul --function via_helper
// RUN: not solar-opt %s --solar-verify=%t/plain/manifest.json 2>&1 | FileCheck %s --check-prefix=AMBIGUOUS
// AMBIGUOUS: error: solar-verify: the module has 2 public functions (@via_helper, @scaled_by_global); choose one with solar-verify{function=NAME} or the manifest's 'function'
// RUN: solar-opt %s --solar-verify=%t/named/manifest.json 2>&1 | FileCheck %s --check-prefix=NAMED
// NAMED: remark: solar-verify: @via_helper matches the numpy reference
// NAMED: func.func @via_helper({{.*}}solar.verified = #solar.verified<{{.*}}ok = true
// The option wins over the manifest (scaled_by_global doubles C: wrong).
// RUN: not solar-opt %s --pass-pipeline='builtin.module(solar-verify{manifest=%t/named/manifest.json function=scaled_by_global})' 2>&1 | FileCheck %s --check-prefix=OPTION
// OPTION: error: solar-verify: @scaled_by_global does not match the numpy reference: output 'C' (argument #2) has 20 of 20 elements outside rtol=0.0001 atol={{[^,]+}}, first at [0, 0] (max_abs_err=75, max_rel_err=1); mismatches: [0, 0] got 12 expected 6
// RUN: not solar-opt %s --pass-pipeline='builtin.module(solar-verify{manifest=%t/plain/manifest.json function=nosuch})' 2>&1 | FileCheck %s --check-prefix=NOSUCH
// NOSUCH: error: solar-verify: no function @nosuch in the module
// RUN: not solar-opt %s --pass-pipeline='builtin.module(solar-verify{manifest=%t/plain/manifest.json function=mac})' 2>&1 | FileCheck %s --check-prefix=PRIVATE
// PRIVATE: error: solar-verify: @mac is private or has no body; only public function definitions can be executed
// output-dir receives what the function computed, as .npy (here the
// doubled C: 2 * 6 = 12 at [0, 0], 2 * 75 = 150 at [3, 4]).
// RUN: mkdir -p %t/out
// RUN: not solar-opt %s --pass-pipeline='builtin.module(solar-verify{manifest=%t/named/manifest.json function=scaled_by_global output-dir=%t/out})' 2>/dev/null
// RUN: %python -c "import numpy as np; c = np.load('%t/out/C.npy'); print(c.dtype, c.shape, c[0, 0], c[3, 4])" | FileCheck %s --check-prefix=DUMP
// DUMP: float32 (4, 5) 12.0 150.0

"solar.einsum"() {equation = "MK,KN->MN", fields = {id = 0 : i64}} : () -> ()

memref.global "private" constant @two : memref<f32> = dense<2.0>

func.func private @mac(%a: f32, %b: f32, %c: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  %s = arith.addf %c, %p : f32
  return %s : f32
}

func.func @via_helper(%A: memref<4x3xf32>, %B: memref<3x5xf32>, %C: memref<4x5xf32>) {
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 5 {
      %zero_c = arith.constant 0.0 : f32
      affine.store %zero_c, %C[%i, %j] : memref<4x5xf32>
      affine.for %k = 0 to 3 {
        %a = affine.load %A[%i, %k] : memref<4x3xf32>
        %b = affine.load %B[%k, %j] : memref<3x5xf32>
        %c = affine.load %C[%i, %j] : memref<4x5xf32>
        %s = func.call @mac(%a, %b, %c) : (f32, f32, f32) -> f32
        affine.store %s, %C[%i, %j] : memref<4x5xf32>
      }
    }
  }
  return
}

func.func @scaled_by_global(%A: memref<4x3xf32>, %B: memref<3x5xf32>, %C: memref<4x5xf32>) {
  %g = memref.get_global @two : memref<f32>
  %two = affine.load %g[] : memref<f32>
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 5 {
      %zero_c = arith.constant 0.0 : f32
      affine.store %zero_c, %C[%i, %j] : memref<4x5xf32>
      affine.for %k = 0 to 3 {
        %a = affine.load %A[%i, %k] : memref<4x3xf32>
        %b = affine.load %B[%k, %j] : memref<3x5xf32>
        %c = affine.load %C[%i, %j] : memref<4x5xf32>
        %a2 = arith.mulf %a, %two : f32
        %s = func.call @mac(%a2, %b, %c) : (f32, f32, f32) -> f32
        affine.store %s, %C[%i, %j] : memref<4x5xf32>
      }
    }
  }
  return
}
