// Executed IR is untrusted (docs/reliability.md, "Executed code"): every
// JIT run happens in a child process under CPU-time, wall-time, stack and
// address-space limits, and each way the child can end is a verification
// failure naming the cause, never a crash, a hang or a silent exit of
// solar-opt. Calls of external functions other than libm and the lowering's
// memory helpers are refused before anything runs.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/make_case.py %t/scale scale
// RUN: not solar-opt %s --pass-pipeline='builtin.module(solar-verify{manifest=%t/scale/manifest.json function=big_alloca})' 2>&1 | FileCheck %s --check-prefix=ALLOCA
// RUN: not solar-opt %s --pass-pipeline='builtin.module(solar-verify{manifest=%t/scale/manifest.json function=endless timeout=1})' 2>&1 | FileCheck %s --check-prefix=ENDLESS
// RUN: not solar-opt %s --pass-pipeline='builtin.module(solar-verify{manifest=%t/scale/manifest.json function=recurse})' 2>&1 | FileCheck %s --check-prefix=RECURSE
// RUN: not solar-opt %s --pass-pipeline='builtin.module(solar-verify{manifest=%t/scale/manifest.json function=calls_exit})' 2>&1 | FileCheck %s --check-prefix=EXIT
// RUN: not solar-opt %s --pass-pipeline='builtin.module(solar-verify{manifest=%t/scale/manifest.json function=llvm_exit})' 2>&1 | FileCheck %s --check-prefix=LLVMEXIT
// RUN: not solar-opt %s --pass-pipeline='builtin.module(solar-verify{manifest=%t/scale/manifest.json function=exit_in_helper})' 2>&1 | FileCheck %s --check-prefix=HELPER
// RUN: not solar-opt %s --pass-pipeline='builtin.module(solar-verify{manifest=%t/scale/manifest.json function=endless timeout=0})' 2>&1 | FileCheck %s --check-prefix=BADTIME
// RUN: not solar-opt %s --pass-pipeline='builtin.module(solar-verify{manifest=%t/scale/manifest.json function=endless timeout=nan})' 2>&1 | FileCheck %s --check-prefix=BADTIME
// RUN: not solar-opt %s --pass-pipeline='builtin.module(solar-verify{manifest=%t/scale/manifest.json function=endless memory=12XB})' 2>&1 | FileCheck %s --check-prefix=BADMEM
// A correct function still verifies in the child: its outputs come back.
// RUN: solar-opt %s --pass-pipeline='builtin.module(solar-verify{manifest=%t/scale/manifest.json function=scale})' 2>&1 | FileCheck %s --check-prefix=OK
// RUN: solar-opt %s --pass-pipeline='builtin.module(solar-verify{manifest=%t/scale/manifest.json function=asserts})' 2>&1 | FileCheck %s --check-prefix=ASSERT
// RUN: not solar-opt %s --pass-pipeline='builtin.module(solar-verify{manifest=%t/scale/manifest.json function=asserts_false})' 2>&1 | FileCheck %s --check-prefix=ASSERTFALSE

// OK: remark: solar-verify: @scale matches the numpy reference ({{.*}}): 1 output(s), 6 element(s), max_abs_err=0, max_rel_err=0
func.func @scale(%x: memref<6xf32>, %alpha: f32, %out: memref<6xf32>) {
  affine.for %i = 0 to 6 {
    %v = affine.load %x[%i] : memref<6xf32>
    %p = arith.mulf %alpha, %v : f32
    affine.store %p, %out[%i] : memref<6xf32>
  }
  return
}

// 2^28 floats = 1 GiB on a 64 MiB stack: the crash handler runs on its own
// stack, so the overflow is named (it used to kill solar-opt with SIGSEGV).
// ALLOCA: error: solar-verify: @big_alloca: the compiled function overflowed its stack ({{[0-9.]+}} MiB deep at the fault; the limit is 64 MiB): endless or too deep recursion, or a memref.alloca too large for the stack (use memref.alloc)
func.func @big_alloca(%x: memref<6xf32>, %alpha: f32, %out: memref<6xf32>) {
  %big = memref.alloca() : memref<268435456xf32>
  affine.for %i = 0 to 268435456 {
    affine.store %alpha, %big[%i] : memref<268435456xf32>
  }
  affine.for %i = 0 to 6 {
    %v = affine.load %x[%i] : memref<6xf32>
    %w = affine.load %big[%i * 44739242] : memref<268435456xf32>
    %p = arith.mulf %w, %v : f32
    affine.store %p, %out[%i] : memref<6xf32>
  }
  return
}

// 2^63 - 1 trips: stopped by the 1 CPU-second limit (CPU time, so machine
// load cannot trip it early).
// ENDLESS: error: solar-verify: @endless: the compiled function ran past the CPU-time limit of 1 s and was stopped
func.func @endless(%x: memref<6xf32>, %alpha: f32, %out: memref<6xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 9223372036854775807 : index
  %one = arith.constant 1.0 : f32
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %out[%c0] : memref<6xf32>
    %s = arith.addf %v, %one : f32
    memref.store %s, %out[%c0] : memref<6xf32>
  }
  return
}

// RECURSE: error: solar-verify: @recurse: the compiled function overflowed its stack ({{[0-9.]+}} MiB deep at the fault; the limit is 64 MiB)
func.func @recurse(%x: memref<6xf32>, %alpha: f32, %out: memref<6xf32>) {
  func.call @recurse(%x, %alpha, %out) : (memref<6xf32>, f32, memref<6xf32>) -> ()
  %c0 = arith.constant 0 : index
  memref.store %alpha, %out[%c0] : memref<6xf32>
  return
}

// exit(0) used to end solar-opt with status 0 and no word: the JIT
// resolves any symbol of the process. Refused at the call.
// EXIT: sandbox.mlir:[[@LINE+5]]:3: error: solar-verify: @calls_exit: refused before running: the call of external function 'exit' (at {{.*}}sandbox.mlir:[[@LINE+5]]:3); executed IR may call only libm functions
// EXIT-NOT: matches
func.func private @exit(i32)
func.func @calls_exit(%x: memref<6xf32>, %alpha: f32, %out: memref<6xf32>) {
  %z = arith.constant 0 : i32
  func.call @exit(%z) : (i32) -> ()
  return
}

// The LLVM dialect's own declaration and call, directly and from a helper
// (found on the lowered copy; the message names the call's position).
// LLVMEXIT: sandbox.mlir:[[@LINE+5]]:3: error: solar-verify: @llvm_exit: refused before running: the call of external function '_exit'
// HELPER: error: solar-verify: @exit_in_helper: refused before running: the call of external function '_exit' (at {{.*}}sandbox.mlir:[[@LINE+8]]:3)
llvm.func @_exit(i32)
func.func @llvm_exit(%x: memref<6xf32>, %alpha: f32, %out: memref<6xf32>) {
  %z = llvm.mlir.constant(0 : i32) : i32
  llvm.call @_exit(%z) : (i32) -> ()
  return
}
func.func private @helper(%z: i32) {
  llvm.call @_exit(%z) : (i32) -> ()
  return
}
func.func @exit_in_helper(%x: memref<6xf32>, %alpha: f32, %out: memref<6xf32>) {
  %z = arith.constant 0 : i32
  func.call @helper(%z) : (i32) -> ()
  return
}

// BADTIME: error: solar-verify: option 'timeout' must be CPU seconds in (0, 1e6], got
// BADMEM: error: solar-verify: option 'memory' must be a size such as 512MiB or 4GiB, got '12XB'

// The same limits as global solar-opt flags.
// RUN: not solar-opt %s --solar-verify-timeout=1 --pass-pipeline='builtin.module(solar-verify{manifest=%t/scale/manifest.json function=endless})' 2>&1 | FileCheck %s --check-prefix=GLOBAL
// GLOBAL: error: solar-verify: @endless: the compiled function ran past the CPU-time limit of 1 s

// cf.assert lowers to a call of solar_verify_failed_check when it fails
// (lib/verify/verify_assert.c; before, to puts and abort by
// convert-cf-to-llvm), which torch-mlir's own asserts need (KernelBench
// level 1 95_CrossEntropyLoss was refused as "the call of external function
// 'puts'"): all three are allowed. A
// holding assert verifies; a failing one ends the child with SIGABRT,
// reported as a failure.
// ASSERT: remark: solar-verify: @asserts matches the numpy reference
func.func @asserts(%x: memref<6xf32>, %alpha: f32, %out: memref<6xf32>) {
  %c0 = arith.constant 0 : index
  %v0 = memref.load %x[%c0] : memref<6xf32>
  %low = arith.constant -1.0e30 : f32
  %ok = arith.cmpf ogt, %v0, %low : f32
  cf.assert %ok, "x[0] is above -1e30"
  affine.for %i = 0 to 6 {
    %v = affine.load %x[%i] : memref<6xf32>
    %p = arith.mulf %alpha, %v : f32
    affine.store %p, %out[%i] : memref<6xf32>
  }
  return
}

// The assert's own message reaches stderr first (the child's stdout is
// unbuffered and redirected there), then the error naming the abort:
// ASSERTFALSE: never holds
// ASSERTFALSE-NEXT: error: solar-verify: @asserts_false: the compiled function stopped at a failed runtime check (SIGABRT): an access outside its memref or a failed cf.assert
func.func @asserts_false(%x: memref<6xf32>, %alpha: f32, %out: memref<6xf32>) {
  %no = arith.constant false
  cf.assert %no, "never holds"
  affine.for %i = 0 to 6 {
    %v = affine.load %x[%i] : memref<6xf32>
    %p = arith.mulf %alpha, %v : f32
    affine.store %p, %out[%i] : memref<6xf32>
  }
  return
}
