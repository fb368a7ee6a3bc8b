// An access outside its memref in executed IR (docs/reliability.md,
// "Executed code"): fuzz campaign 7 found a store at row %i - 1, which from
// i = 0 writes 40 bytes before the matmul's scratch buffer and ended the
// child with a corrupted heap (under AddressSanitizer, an
// alloc-dealloc-mismatch at the free). The lowering now asserts the bounds
// of every memref access before it happens, so the run ends at the first
// bad access, named by its source line, and the verification fails.
// RUN: rm -rf %t && %python %S/Inputs/make_case.py %t matmul
// The message of the failed check goes to stderr (never into the IR on
// stdout), then the error naming the abort:
// RUN: not solar-opt %s --solar-verify=%t/manifest.json 2>&1 >/dev/null | FileCheck %s
// The in-bounds form of the same function still verifies (no false alarm):
// RUN: sed -e 's/%%i - 1, %%j\] : memref<4x5xf32>/%%i, %%j] : memref<4x5xf32>/' %s > %t.fixed.mlir
// RUN: solar-opt %t.fixed.mlir --solar-verify=%t/manifest.json 2>&1 >/dev/null | FileCheck %s --check-prefix=FIXED

// CHECK: out-of-bounds access
// CHECK-NEXT: Location: loc("{{.*}}out-of-bounds.mlir":[[# @LINE + 15]]:7)
// CHECK: error: solar-verify: @matmul: the compiled function stopped at a failed runtime check (SIGABRT): an access outside its memref
// FIXED: remark: solar-verify: @matmul matches the numpy reference
func.func @matmul(%A: memref<4x3xf32>, %B: memref<3x5xf32>, %C: memref<4x5xf32>) {
  %scratch = memref.alloc() : memref<4x5xf32>
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
      affine.store %s, %scratch[%i - 1, %j] : memref<4x5xf32>
        affine.store %s, %C[%i, %j] : memref<4x5xf32>
      }
    }
  }
  memref.dealloc %scratch : memref<4x5xf32>
  return
}
