// Executing the IR: math ops go through LLVM intrinsics or libm, and code
// that crashes or cannot be lowered is reported instead of taking the
// analyzer down.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/make_case.py %t/act activations
// RUN: %python %S/Inputs/make_case.py %t/div intdiv
// RUN: %python %S/Inputs/make_case.py %t/shift shift
// RUN: %python %S/Inputs/make_case.py %t/mm matmul
// RUN: %python %S/Inputs/make_case.py %t/stride2 stride2
// RUN: solar-opt %s --pass-pipeline='builtin.module(solar-verify{manifest=%t/stride2/manifest.json function=strided_copy})' 2>&1 | FileCheck %s --check-prefix=COPY
// RUN: solar-opt %s --pass-pipeline='builtin.module(solar-verify{manifest=%t/act/manifest.json function=activations})' 2>&1 | FileCheck %s --check-prefix=ACT
// RUN: not solar-opt %s --pass-pipeline='builtin.module(solar-verify{manifest=%t/div/manifest.json function=intdiv})' 2>&1 | FileCheck %s --check-prefix=FPE
// RUN: not solar-opt %s --pass-pipeline='builtin.module(solar-verify{manifest=%t/shift/manifest.json function=far_away})' 2>&1 | FileCheck %s --check-prefix=SEGV
// RUN: not solar-opt %s --pass-pipeline='builtin.module(solar-verify{manifest=%t/mm/manifest.json function=linalg_matmul})' 2>&1 | FileCheck %s --check-prefix=LINALG

// relu (arith.maximumf), exp and tanh of 8 points: 3 outputs, 24 elements.
// ACT: remark: solar-verify: @activations matches the numpy reference ({{.*}}): 3 output(s), 24 element(s)
func.func @activations(%x: memref<8xf32>, %relu: memref<8xf32>, %exp: memref<8xf32>, %tanh: memref<8xf32>) {
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 8 {
    %v = affine.load %x[%i] : memref<8xf32>
    %r = arith.maximumf %v, %zero : f32
    affine.store %r, %relu[%i] : memref<8xf32>
    %e = math.exp %v : f32
    affine.store %e, %exp[%i] : memref<8xf32>
    %t = math.tanh %v : f32
    affine.store %t, %tanh[%i] : memref<8xf32>
  }
  return
}

// memref.copy from a strided view lowers to a call of memrefCopy, which
// the JIT finds in libmlir_c_runner_utils.
// COPY: remark: solar-verify: @strided_copy matches the numpy reference ({{.*}}): 1 output(s), 4 element(s), max_abs_err=0, max_rel_err=0
func.func @strided_copy(%x: memref<8xf32>, %out: memref<4xf32>) {
  %v = memref.subview %x[0] [4] [2] : memref<8xf32> to memref<4xf32, strided<[2]>>
  memref.copy %v, %out : memref<4xf32, strided<[2]>> to memref<4xf32>
  return
}

// b[1] = 0: the integer division traps.
// FPE: error: solar-verify: @intdiv: the compiled function crashed with SIGFPE (integer division by zero or overflow); the translation reads or writes outside its buffers, or divides by zero
func.func @intdiv(%a: memref<3xi32>, %b: memref<3xi32>, %out: memref<3xi32>) {
  affine.for %i = 0 to 3 {
    %x = affine.load %a[%i] : memref<3xi32>
    %y = affine.load %b[%i] : memref<3xi32>
    %q = arith.divsi %x, %y : i32
    affine.store %q, %out[%i] : memref<3xi32>
  }
  return
}

// x[i + 2^29 k]: far outside every buffer and its fences, and outside the
// memref, so the bounds check before the load stops the run at it.
// SEGV: out-of-bounds access
// SEGV-NEXT: Location: loc("{{.*}}execution.mlir":[[# @LINE + 4]]:10)
// SEGV: error: solar-verify: @far_away: the compiled function stopped at a failed runtime check (SIGABRT): an access outside its memref
func.func @far_away(%x: memref<8xf32>, %k: index, %out: memref<6xf32>) {
  affine.for %i = 0 to 6 {
    %v = affine.load %x[%i + symbol(%k) * 536870912] : memref<8xf32>
    affine.store %v, %out[%i] : memref<6xf32>
  }
  return
}

// LINALG: execution.mlir:[[# @LINE + 1]]:1: error: solar-verify: @linalg_matmul: cannot execute 'linalg.matmul' (at {{.*}}execution.mlir:[[# @LINE + 2]]:3): the lowering handles the affine, scf, arith, math, memref, index, cf and func dialects
func.func @linalg_matmul(%A: memref<4x3xf32>, %B: memref<3x5xf32>, %C: memref<4x5xf32>) {
  linalg.matmul ins(%A, %B : memref<4x3xf32>, memref<3x5xf32>) outs(%C : memref<4x5xf32>)
  return
}
